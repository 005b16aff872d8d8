import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumExact, toMoney } from '../../schemas/money';
import { createHarness, type Harness } from '../test/harness';
import { almatyOctober, calculateOctober, items } from './testing';

/**
 * The cashbox's read endpoints (docs/areas/cashbox-store.md, CASH-04, CASH-22..24, CASH-34..39):
 * what each collection answers for a stored version, with the fields the report reads and the
 * filters its drill-down links put in the address. The month is the fixture's Almaty October
 * (as in cashbox.test.ts): Acme paid 400.00 USD on 15 October, its project keeps 10 % for
 * technical expenses; annaSector (user `member`) holds the attributable income, borisFirm (user
 * `billing`) the firm's.
 */

let h: Harness;
let almaty: number;
let period: number;
let octPayment: number;

type Row = Record<string, unknown>;
/** GET a collection's list as `user`, failing unless 200; the rows. */
const list = async (user: string, name: string, query: string): Promise<Row[]> => {
  const { status, body } = await h.json(user, 'GET', `/core/api/${name}?${query}`);
  expect(status, `${name}?${query}`).toBe(200);
  return items(body, name);
};
const id = (v: unknown) => (v as { id: number } | null)?.id;

beforeAll(async () => {
  h = await createHarness();
  ({ almaty, octPayment } = await almatyOctober(h));
  // the project keeps 10 % of what it collects for technical expenses (CASH-24, CASH-37)
  await h.db.query(
    `UPDATE projects SET technical_expenses_percent = 0.1 WHERE id = (SELECT project_id FROM invoices WHERE id = $1)`,
    [h.fx.billing.acmeInvoice],
  );
  period = await calculateOctober(h.db, almaty);
});

afterAll(async () => {
  await h?.close();
});

describe('the cashbox reads', () => {
  it('CASH-04 employee balances are read with GET /cashboxEmployeeBalances and no parameter beyond ids; a member reads only their own', async () => {
    const all = await list('admin', 'cashboxEmployeeBalances', '');
    const ofPeriod = all.filter((r) => id(r.cashboxPeriod) === period);
    expect(ofPeriod.length).toBeGreaterThan(0);
    const anna = ofPeriod.find((r) => r.recipientEmployeeId === h.fx.employees.anna)!;
    expect(anna).toBeDefined();
    for (const key of ['balanceAmount', 'balanceAmountUsd', 'profits', 'comment']) expect(anna).toHaveProperty(key);
    // by id: the one row
    const one = await h.json('admin', 'GET', `/core/api/cashboxEmployeeBalances/${anna.id as number}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: anna.id, recipientEmployeeId: h.fx.employees.anna });
    const byIds = await list('admin', 'cashboxEmployeeBalances', `id.in=${anna.id as number}`);
    expect(byIds.map((r) => r.id)).toEqual([anna.id]);
    // CASH-12: the member (anna) reads her own balance and no one else's
    const mine = await list('member', 'cashboxEmployeeBalances', '');
    expect(mine.map((r) => r.id)).toContain(anna.id);
    expect(mine.filter((r) => r.recipientEmployeeId !== h.fx.employees.anna)).toEqual([]);
  });

  it('CASH-22 a position profit has recipientPosition with first and last names, efficiency, profit, transferType {code}, get and put', async () => {
    const rows = await list('admin', 'cashboxPositionProfits', `cashboxPeriod.id=${period}&size=1000&projection=full`);
    expect(rows.length).toBeGreaterThan(0);
    const boris = rows.find((r) => id(r.recipientPosition) === h.fx.positions.borisFirm)!;
    expect(boris).toBeDefined();
    const holder = (boris.recipientPosition as { employee: Row }).employee;
    expect(holder).toMatchObject({ gfirstName: 'Boris', glastName: 'Baker' });
    for (const key of ['efficiencyAmountLocal', 'profitAmountLocal', 'transferType', 'get', 'put'])
      expect(boris).toHaveProperty(key);
    expect(toMoney(boris.profitAmountLocal as string).isNaN()).toBe(false);
    // transferType is a dictionary entry read by its code when set
    const withTransfer = rows.filter((r) => r.transferType !== null);
    for (const r of withTransfer) expect(r.transferType).toHaveProperty('code');
  });

  it('CASH-23 CASH-34 budget distributions are read with GET /cashboxBudgetDistributions: amount, budget {cash, responsiblePosition, coverBudgetOffice}, closedByFund', async () => {
    const rows = await list(
      'admin',
      'cashboxBudgetDistributions',
      `cashboxPeriod.id=${period}&size=1000&projection=full`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(id(r.cashboxPeriod)).toBe(period);
      expect(typeof r.closedByFund).toBe('boolean');
      expect(toMoney(r.amount as string).gt(0)).toBe(true);
      expect(Object.keys(r.budget as Row)).toEqual(
        expect.arrayContaining(['cash', 'responsiblePosition', 'coverBudgetOffice']),
      );
    }
    // the drill of a group's GB: the period's distributions charged to one department or position
    const first = rows[0]!;
    const byPosition = await list(
      'admin',
      'cashboxBudgetDistributions',
      `cashboxPeriod.id=${period}&position.id=${id(first.position)}&size=1000`,
    );
    expect(byPosition.length).toBeGreaterThan(0);
    expect(byPosition.every((r) => id(r.position) === id(first.position))).toBe(true);
    // another period's distributions are not this one's
    expect(await list('admin', 'cashboxBudgetDistributions', `cashboxPeriod.id=${period + 100000}`)).toEqual([]);
  });

  it('CASH-24 CASH-38 a fund income has amount and locateOfficeId; its payment is the one collected', async () => {
    const rows = (await h.json('admin', 'GET', `/core/api/cashboxFundIncomes/all?cashboxPeriodId=${period}`))
      .body as unknown as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(typeof r.locateOfficeId).toBe('number');
      expect(toMoney(r.amount as string).gt(0)).toBe(true);
      expect(id(r.payment)).toBe(octPayment);
    }
  });

  it('CASH-24 CASH-37 technical expenses are read with GET /cashboxTechnicalExpenses: the project keeps 10 % of the payment, with amount', async () => {
    const rows = await list('admin', 'cashboxTechnicalExpenses', `cashboxPeriod.id=${period}&size=1000`);
    expect(rows.length).toBe(1);
    expect(id(rows[0]!.payment)).toBe(octPayment);
    // 400.00 USD at 0.002 USD per KZT is 200,000.00 KZT; 10 % of it
    expect(toMoney(rows[0]!.amount as string).toFixed(2)).toBe('20000.00');
    // office-level rows belong to no employee: a member reads none (CASH-12)
    expect(await list('member', 'cashboxTechnicalExpenses', `cashboxPeriod.id=${period}`)).toEqual([]);
  });

  it("CASH-35 position expenses are read with GET /cashboxPositionExpenses by period, position and category: they sum to the profit row's line", async () => {
    const rows = await list('admin', 'cashboxPositionExpenses', `cashboxPeriod.id=${period}&size=1000&projection=full`);
    expect(rows.length).toBeGreaterThan(0);
    const profits = await list('admin', 'cashboxPositionProfits', `cashboxPeriod.id=${period}&size=1000`);
    const lineOf: Record<number, string> = {
      2: 'personalBudgetAmount',
      3: 'paidExpenseAmount',
      4: 'nonCashNotPrepaidExpenseAmount',
      5: 'cashBudgetAmount',
      6: 'cashPrepaidExpenseAmount',
    };
    const seen = new Set(rows.map((r) => `${id(r.position)}:${(r.category as { code: number }).code}`));
    for (const key of seen) {
      const [position, code] = key.split(':').map(Number) as [number, number];
      // the side panel's link: the position's expenses of one category in the period
      const drilled = await list(
        'admin',
        'cashboxPositionExpenses',
        `cashboxPeriod.id=${period}&position.id=${position}&category.code=${code}&size=1000`,
      );
      expect(drilled.length).toBeGreaterThan(0);
      const profit = profits.find((p) => id(p.recipientPosition) === position)!;
      expect(sumExact(drilled.map((r) => r.amount as string)).toFixed(2), key).toBe(
        toMoney(profit[lineOf[code]!] as string).toFixed(2),
      );
    }
  });

  it('CASH-39 group budget transfers are read with GET /cashboxGroupBudgetTransfers by period, with amount and where it went', async () => {
    const rows = await list(
      'admin',
      'cashboxGroupBudgetTransfers',
      `cashboxPeriod.id=${period}&size=1000&projection=full`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(id(r.cashboxPeriod)).toBe(period);
      expect(toMoney(r.amount as string).isNaN()).toBe(false);
      expect(r.toPosition !== null || r.toOffice !== null).toBe(true);
    }
  });
});
