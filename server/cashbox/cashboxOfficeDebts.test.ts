import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumExact, toMoney } from '../../schemas/money';
import { createTestUser, insertRow } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { calculateCashbox } from './calculation/calculate';
import { loadCashboxInputs } from './loader';
import { almatyOctober, calculateOctober, items, OCT } from './testing';

/**
 * The debts the calculation produced, as the debts page reads them (NAV-89, OFF-46, CASH-12): the
 * fixture's Almaty October with a Transfer row of 10 % to London in its inbound distribution, so
 * Acme's 400.00 USD payment of 15 October makes Almaty owe London. Users: admin, `cashviewer`
 * (view on `cashbox`, no role that sees every cashbox row), member (no `cashbox`). Almaty's October
 * budget has boris's half closed by a fund, for the budget card's payers.
 */
let h: Harness;
let almaty: number;
let period: number;
let budgetId: number;

type Debt = {
  id: number;
  cashboxPeriod: { id: number };
  debtCurrencyCode: string;
  creditorOffices: Array<{ id: number; office: { id: number }; amount: number }>;
  details: Array<{ detailSide: string; creditorOffice: { id: number } | null; amount: number }>;
};

beforeAll(async () => {
  h = await createHarness();
  ({ almaty } = await almatyOctober(h));
  await createTestUser(h.db, {
    username: 'cashviewer',
    roles: [{ name: 'CASHVIEWER', privileges: [{ module: 'cashbox', view: true }] }],
  });
  const [distribution] = await h.db.query<{ id: number }>(
    'SELECT id FROM office_income_distributions WHERE office_id = $1 ORDER BY id LIMIT 1',
    [almaty],
  );
  await insertRow(h.db, 'officeIncomeDistributionPercents', {
    officeIncomeDistribution: Number(distribution!.id),
    incomeDistributionType: h.fx.dict('INCOME_DISTRIBUTION_TYPE', 3),
    fundTransferOffice: h.fx.offices.london,
    percent: 0.1,
    transferable: true,
  });
  // the fixture's Almaty October budget: boris's position's half is closed by a fund
  const [budget] = await h.db.query<{ id: number }>("SELECT id FROM budgets WHERE description = 'Energy forum stand'");
  budgetId = Number(budget!.id);
  await h.db.query('UPDATE budget_payers SET closed_by_fund = true WHERE budget_id = $1 AND payer_position_id = $2', [
    budgetId,
    h.fx.positions.borisFirm,
  ]);
  period = await calculateOctober(h.db, almaty);
});
afterAll(async () => h?.close());

const debtsOf = (user: string) =>
  h.json<Debt[]>(
    user,
    'GET',
    `/core/api/cashboxOfficeDebts/all?gte=${OCT.dateGte}&lte=${OCT.dateLte}&officeId=${almaty}&cashboxPeriodId=${period}`,
  );

describe('the office debts of a calculated month', () => {
  it('NAV-89 OFF-46 the debts of the version equal the transfers of the calculation per creditor office', async () => {
    const r = await debtsOf('admin');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // one debt, of exactly the version asked for (the fixture's uncalculated October debt is left out)
    expect(r.body.map((d) => d.cashboxPeriod.id)).toEqual([period]);
    const [debt] = r.body;
    expect(debt!.debtCurrencyCode).toBe('KZT');
    // the same inputs calculated again: the transfers to each other office
    const inputs = await loadCashboxInputs(h.db, { officeId: almaty, ...OCT });
    const result = calculateCashbox({ ...inputs, version: 1 });
    const expected = new Map<number, string>();
    for (const t of result.transfers)
      expected.set(t.officeId, sumExact([expected.get(t.officeId) ?? '0', t.amount]).toFixed(2));
    expect(expected.get(h.fx.offices.london)).toBeDefined();
    expect(Number(expected.get(h.fx.offices.london))).toBeGreaterThan(0);
    const owed = new Map(debt!.creditorOffices.map((c) => [c.office.id, toMoney(c.amount).toFixed(2)]));
    expect(owed).toEqual(expected);
    // each creditor amount opens its records: its sources sum to it
    for (const c of debt!.creditorOffices) {
      const sources = await h.json(
        'admin',
        'GET',
        `/core/api/cashboxSources?lineEntity=cashboxOfficeDebtCreditors&lineId=${c.id}&size=1000`,
      );
      const rows = items(sources.body, 'cashboxSources');
      expect(rows.length).toBeGreaterThan(0);
      expect(sumExact(rows.map((s) => s.amount as string)).toFixed(2)).toBe(toMoney(c.amount).toFixed(2));
    }
    // and the debtor-side details are those transfers, payment by payment
    const details = debt!.details.filter((d) => d.detailSide === 'DEBTOR');
    expect(sumExact(details.map((d) => String(d.amount))).toFixed(2)).toBe(expected.get(h.fx.offices.london));
  });

  it('CASH-12 a member gets no debts (403 without the cashbox module, nothing with it but without a role that sees every row)', async () => {
    expect((await debtsOf('member')).status).toBe(403);
    const viewer = await debtsOf('cashviewer');
    expect(viewer.status, JSON.stringify(viewer.body)).toBe(200);
    expect(viewer.body).toEqual([]);
    const creditors = await h.json('cashviewer', 'GET', '/core/api/cashboxOfficeDebtCreditors?size=1000');
    expect(creditors.status).toBe(200);
    expect(items(creditors.body, 'cashboxOfficeDebtCreditors')).toEqual([]);
    const details = await h.json('cashviewer', 'GET', '/core/api/cashboxOfficeDebtDetails?size=1000');
    expect(items(details.body, 'cashboxOfficeDebtDetails')).toEqual([]);
    // a top manager reads them
    await createTestUser(h.db, {
      username: 'topviewer',
      roles: [{ name: 'GLOBAL_TOP', privileges: [{ module: 'cashbox', view: true }] }],
    });
    expect((await debtsOf('topviewer')).body.map((d) => d.cashboxPeriod.id)).toEqual([period]);
  });

  it('BUD-18 the budget card reads per payer what the counting version closed by fund, from the stored rows; a closed version counts over a newer open one', async () => {
    type Answer = {
      period: { id: number; version: number; status: string; currencyCode: string } | null;
      payers: Array<{ budgetPayerId: number; closedByFund: boolean; amount: string }>;
    };
    const read = (user: string) =>
      h.json<Answer>(user, 'GET', `/core/api/cashboxBudgetDistributions/${budgetId}/closedByFund`);
    const stored = async (periodId: number) =>
      (
        await h.db.query<{ payer: number; closed: boolean; amount: string }>(
          `SELECT budget_payer_id::int AS payer, closed_by_fund AS closed, sum(amount)::text AS amount
             FROM cashbox_budget_distributions WHERE cashbox_period_id = $1 AND budget_id = $2
            GROUP BY budget_payer_id, closed_by_fund ORDER BY budget_payer_id`,
          [periodId, budgetId],
        )
      ).map((r) => ({ budgetPayerId: r.payer, closedByFund: r.closed, amount: toMoney(r.amount).toFixed() }));
    const first = await read('admin');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.period).toMatchObject({ id: period, version: 1, status: 'OPEN', currencyCode: 'KZT' });
    const rows = await stored(period);
    expect(rows.map((r) => r.closedByFund)).toEqual([false, true]);
    expect(first.body.payers).toEqual(rows);
    // version 1 closed, version 2 calculated (open): version 1 still counts
    expect((await h.request('admin', 'POST', `/core/api/cashboxPeriods/${period}/close`)).statusCode).toBe(200);
    const second = await calculateOctober(h.db, almaty);
    expect(second).not.toBe(period);
    expect((await read('admin')).body.period).toMatchObject({ id: period, version: 1, status: 'CLOSED' });
    // CASH-12: a reader of the budget without a role that sees every cashbox row gets none of the parts
    await createTestUser(h.db, {
      username: 'budgetreader',
      employeeId: h.fx.employees.anna,
      roles: [{ name: 'BUDGETREADER', privileges: [{ module: 'budget', view: true }] }],
    });
    const mine = await read('budgetreader');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.payers).toEqual([]);
    // the budget is read under the budgets' access first: the member has no budget module (403),
    // an unknown budget is a 404
    expect((await read('member')).status).toBe(403);
    expect((await h.json('admin', 'GET', '/core/api/cashboxBudgetDistributions/999999/closedByFund')).status).toBe(404);
  });
});
