import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumExact } from '../../schemas/money';
import { createTestUser, insertRow } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { grantSeeded } from '../test/seededRoles';
import { calculateCashbox } from './calculation/calculate';
import { loadCashboxInputs } from './loader';
import { almatyOctober, calculateOctober as calculateOctoberOf, items, OCT } from './testing';

/**
 * The cashbox store, reads and access (docs/areas/cashbox-store.md) over the fixture: Almaty (KZT)
 * calculates October 2026, when Acme paid 400.00 USD of its invoice (Almaty's USD transit
 * account) on 15 October and the fixture's 250.00 USD on 1 November; the invoice's quota gives
 * annaSector (employee anna, user `member`) all attributable income; boris (user `billing`) holds
 * borisFirm. KZT is worth 0.002 USD from 10 October 2026 and 0.0025 USD from 20 October.
 */

let h: Harness;
let almaty: number;
let latePayment: number;
let octPayment: number;

const calculateOctober = () => calculateOctoberOf(h.db, almaty);

/** Every person's cashbox collection and the field naming its employee. */
const PERSONAL = [
  'cashboxPositionProfits',
  'cashboxPositionIncomes',
  'cashboxPositionExpenses',
  'cashboxBudgetDistributions',
  'cashboxFundIncomes',
  'cashboxTechnicalExpenses',
  'cashboxFundBalances',
  'cashboxGroupBudgetTransfers',
  'cashboxEmployeeBalances',
  'cashboxSources',
];

let v1: number;
let v2: number;

beforeAll(async () => {
  h = await createHarness();
  ({ almaty, octPayment } = await almatyOctober(h));
  latePayment = h.fx.billing.acmePayment;
  await createTestUser(h.db, { username: 'top', password: 'top', roles: [{ name: 'GLOBAL_TOP' }] });
  await grantSeeded(h.db, 'GLOBAL_TOP');
  v1 = await calculateOctober();
});

afterAll(async () => {
  await h?.close();
});

describe('the loader', () => {
  it('CASH-40 reads the payments dated in the period only, converted at the payment date rate (a payment dated in the next month is not in this one)', async () => {
    const inputs = await loadCashboxInputs(h.db, { officeId: almaty, ...OCT });
    expect(inputs.currencyCode).toBe('KZT');
    expect(inputs.payments.map((p) => p.id)).toEqual([octPayment]);
    expect(inputs.payments.map((p) => p.id)).not.toContain(latePayment);
    // 400 USD at the rate of 15 October (0.002 USD per KZT)
    expect(inputs.payments[0]!.amount).toBe('200000.00');
    // the invoice (dated 5 November) at its own date's rate (0.0025)
    const invoice = inputs.invoices.find((i) => i.id === h.fx.billing.acmeInvoice)!;
    expect(invoice.totalAmount).toBe('400000.00');
    expect(invoice.quotas.map((q) => q.positionId)).toEqual([h.fx.positions.annaSector]);
    const november = await loadCashboxInputs(h.db, { officeId: almaty, dateGte: '2026-11-01', dateLte: '2026-11-30' });
    expect(november.payments.map((p) => p.id)).toEqual([latePayment]);
  });

  it('CASH-40 a partial payment counts pro rata: the 400 paid of a 1,000 invoice is what is shared, to the cent', async () => {
    const inputs = await loadCashboxInputs(h.db, { officeId: almaty, ...OCT });
    const result = calculateCashbox(inputs);
    const net = sumExact(result.netIncomes.map((n) => n.amount));
    const parts = sumExact([
      ...result.technicalExpenses.map((t) => t.amount),
      ...result.fundIncomes.map((f) => f.amount),
      ...result.transfers.map((t) => t.amount),
      ...result.positionIncomes.map((p) => p.amount),
      ...result.unattributedIncomes.map((u) => u.amount),
    ]);
    expect(net.toFixed(2)).toBe('200000.00');
    expect(parts.toFixed(2)).toBe(net.toFixed(2));
  });
});

describe('versions, reads and access', () => {
  it('CASH-20 a stored version has office, traffic type, currency {code}, version {code}, its dates and status open', async () => {
    const { status, body } = await h.json('admin', 'GET', `/core/api/cashboxPeriods/${v1}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      reportDateGte: '2026-10-01',
      reportDateLte: '2026-10-31',
      status: 'OPEN',
      calculatedBy: 'admin',
    });
    expect((body.currency as { code: string }).code).toBe('KZT');
    expect((body.version as { code: number }).code).toBe(1);
  });

  it('CASH-27 recalculating makes version 2; version 1 stays readable with its rows', async () => {
    v2 = await calculateOctober();
    const { body } = await h.json(
      'admin',
      'GET',
      `/core/api/cashboxPeriods?office.id=${almaty}&reportDateGte=2026-10-01&size=1000`,
    );
    const versions = items(body, 'cashboxPeriods')
      .filter((p) => p.version)
      .map((p) => (p.version as { code: number }).code);
    expect(versions.sort()).toEqual([1, 2]);
    for (const id of [v1, v2]) {
      const rows = await h.json('admin', 'GET', `/core/api/cashboxPositionIncomes?cashboxPeriod.id=${id}&size=1000`);
      expect(items(rows.body, 'cashboxPositionIncomes').length).toBeGreaterThan(0);
    }
  });

  it('CASH-30 position profits are read with size 1000 by group profit, with the seven detail lines and the % shown', async () => {
    const groups = await h.json('admin', 'GET', `/core/api/cashboxGroupProfits?cashboxPeriod.id=${v1}&size=1000`);
    const group = items(groups.body, 'cashboxGroupProfits')[0]!;
    expect(group).toHaveProperty('membersAmountSum');
    const { status, body } = await h.json(
      'admin',
      'GET',
      `/core/api/cashboxPositionProfits?cashboxGroupProfit.id=${group.id as number}&size=1000`,
    );
    expect(status).toBe(200);
    const rows = items(body, 'cashboxPositionProfits');
    expect(rows.length).toBeGreaterThan(0);
    for (const key of [
      'efficiencyAmountLocal',
      'sumAmountLocal',
      'profitAmountLocal',
      'percentShown',
      'incomeAmount',
      'personalBudgetAmount',
      'paidExpenseAmount',
      'nonCashNotPrepaidExpenseAmount',
      'cashBudgetAmount',
      'cashPrepaidExpenseAmount',
      'transferAmount',
    ])
      expect(rows[0]).toHaveProperty(key);
  });

  it('CASH-12 a member sees only their own rows on every cashbox collection, a billing manager every row', async () => {
    const anna = h.fx.employees.anna;
    let own = 0;
    for (const name of PERSONAL) {
      const member = await h.json('member', 'GET', `/core/api/${name}?size=1000`);
      expect(member.status, name).toBe(200);
      const rows = items(member.body, name);
      expect(
        rows.filter((r) => r.recipientEmployeeId !== anna),
        name,
      ).toEqual([]);
      own += rows.length;
      const all = await h.json('billing', 'GET', `/core/api/${name}?size=1000`);
      expect(items(all.body, name).length, name).toBeGreaterThanOrEqual(rows.length);
    }
    expect(own).toBeGreaterThan(0);
    // office-level rows (fund incomes, technical expenses) exist but are none of the member's
    const funds = await h.json('billing', 'GET', `/core/api/cashboxFundIncomes?size=1000`);
    expect(items(funds.body, 'cashboxFundIncomes').length).toBeGreaterThan(0);
    const mine = await h.json('member', 'GET', `/core/api/cashboxFundIncomes?size=1000`);
    expect(items(mine.body, 'cashboxFundIncomes')).toEqual([]);
  });

  it('CASH-12 a member reads the groups they hold a profit in, and another employee none', async () => {
    const member = await h.json('member', 'GET', `/core/api/cashboxGroupProfits/all?cashboxPeriodId=${v1}`);
    expect(member.status).toBe(200);
    expect((member.body as unknown as unknown[]).length).toBeGreaterThan(0);
    await createTestUser(h.db, {
      username: 'carlcash',
      password: 'carlcash',
      employeeId: h.fx.employees.carl,
      roles: [{ name: 'MEMBER' }],
    });
    const carl = await h.json('carlcash', 'GET', `/core/api/cashboxGroupProfits?size=1000`);
    expect(items(carl.body, 'cashboxGroupProfits')).toEqual([]);
    const incomes = await h.json('carlcash', 'GET', `/core/api/cashboxPositionIncomes/all`);
    expect(incomes.body).toEqual([]);
  });

  it('CASH-13 "by me" gives anyone only their own rows, on the list and on /all', async () => {
    const boris = h.fx.employees.boris;
    const list = await h.json('billing', 'GET', `/core/api/cashboxPositionIncomes?byMe=true&size=1000`);
    expect(list.status).toBe(200);
    expect(items(list.body, 'cashboxPositionIncomes').filter((r) => r.recipientEmployeeId !== boris)).toEqual([]);
    const all = await h.json('billing', 'GET', `/core/api/cashboxPositionIncomes/all?byMe=true`);
    expect(
      (all.body as unknown as Array<Record<string, unknown>>).filter((r) => r.recipientEmployeeId !== boris),
    ).toEqual([]);
    const everyone = await h.json('billing', 'GET', `/core/api/cashboxPositionIncomes/all`);
    expect((everyone.body as unknown as unknown[]).length).toBeGreaterThan(0);
  });

  it('CASH-31 CASH-32 CASH-33 position incomes by group profit, by employee and all', async () => {
    const all = (await h.json('admin', 'GET', `/core/api/cashboxPositionIncomes/all?cashboxPeriodId=${v1}`))
      .body as unknown as Array<Record<string, unknown>>;
    expect(all.length).toBeGreaterThan(0);
    const anna = h.fx.employees.anna;
    const byEmployee = (
      await h.json('admin', 'GET', `/core/api/cashboxPositionIncomes/all/byEmployee?employeeId=${anna}`)
    ).body as unknown as Array<Record<string, unknown>>;
    expect(byEmployee.length).toBeGreaterThan(0);
    expect(byEmployee.every((r) => r.recipientEmployeeId === anna)).toBe(true);
    const group = all.find((r) => r.cashboxGroupProfit)!.cashboxGroupProfit as { id: number };
    const byGroup = (
      await h.json(
        'admin',
        'GET',
        `/core/api/cashboxPositionIncomes/all/byGroupProfit?cashboxGroupProfitId=${group.id}`,
      )
    ).body as unknown as Array<Record<string, unknown>>;
    expect(byGroup.length).toBeGreaterThan(0);
    expect(byGroup.every((r) => (r.cashboxGroupProfit as { id: number }).id === group.id)).toBe(true);
    const missing = await h.request('admin', 'GET', `/core/api/cashboxPositionIncomes/all/byGroupProfit`);
    expect(missing.statusCode).toBe(400);
  });

  it('CASH-03 CASH-05 employee balances of the latest version by office, month and employee; the comment is saved', async () => {
    const anna = h.fx.employees.anna;
    const { status, body } = await h.json(
      'admin',
      'GET',
      `/core/api/cashboxEmployeeBalances/all?officeId=${almaty}&date=2026-10&employeeId=${anna}`,
    );
    expect(status).toBe(200);
    const rows = body as unknown as Array<Record<string, unknown>>;
    expect(rows.length).toBe(1);
    expect(rows[0]).toMatchObject({ recipientEmployeeId: anna });
    expect(rows[0]).toHaveProperty('balanceAmountUsd');
    expect((rows[0]!.cashboxPeriod as { id: number }).id).toBe(v2);
    const bad = await h.request('admin', 'GET', `/core/api/cashboxEmployeeBalances/all?date=October`);
    expect(bad.statusCode).toBe(400);
    const saved = await h.json('admin', 'PATCH', `/core/api/cashboxEmployeeBalances/${rows[0]!.id as number}/update`, {
      comment: 'Paid out in November',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.comment).toBe('Paid out in November');
    const refused = await h.request(
      'member',
      'PATCH',
      `/core/api/cashboxEmployeeBalances/${rows[0]!.id as number}/update`,
      {
        comment: 'mine',
      },
    );
    expect(refused.statusCode).toBe(403);
  });

  it('CASH-25 every line with sources: its sources sum to its amount exactly', async () => {
    const bad = await h.db.query(
      `SELECT s.line_entity, s.line_id FROM cashbox_sources s
         LEFT JOIN cashbox_position_incomes i ON s.line_entity = 'cashboxPositionIncomes' AND i.id = s.line_id
         LEFT JOIN cashbox_fund_incomes f ON s.line_entity = 'cashboxFundIncomes' AND f.id = s.line_id
         LEFT JOIN cashbox_technical_expenses t ON s.line_entity = 'cashboxTechnicalExpenses' AND t.id = s.line_id
        WHERE s.cashbox_period_id = $1 AND s.line_entity IN ('cashboxPositionIncomes', 'cashboxFundIncomes', 'cashboxTechnicalExpenses')
        GROUP BY s.line_entity, s.line_id HAVING sum(s.amount) <> max(COALESCE(i.amount, f.amount, t.amount))`,
      [v1],
    );
    expect(bad).toEqual([]);
    const [count] = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM cashbox_sources WHERE cashbox_period_id = $1',
      [v1],
    );
    expect(count!.n).toBeGreaterThan(0);
  });
});

describe('close and diff', () => {
  it('CASH-12 only a top manager closes a version; closing twice is a 409 naming the state', async () => {
    const member = await h.request('member', 'POST', `/core/api/cashboxPeriods/${v1}/close`);
    expect(member.statusCode).toBe(403);
    const billing = await h.request('billing', 'POST', `/core/api/cashboxPeriods/${v1}/close`);
    expect(billing.statusCode).toBe(403);
    const { status, body } = await h.json('top', 'POST', `/core/api/cashboxPeriods/${v1}/close`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'CLOSED', closedBy: 'top' });
    const again = await h.json('top', 'POST', `/core/api/cashboxPeriods/${v1}/close`);
    expect(again.status).toBe(409);
    expect(String(again.body.message)).toMatch(/is Closed/);
  });

  it('CASH-27 recalculating after a late payment makes a new open version whose diff names the changed figures and the payment', async () => {
    // a payment dated in October arrives late
    const late = await insertRow(h.db, 'paymentHistories', {
      paymentDate: '2026-10-30',
      amount: '100.00',
      invoice: h.fx.billing.acmeInvoice,
    });
    const v3 = await calculateOctober();
    const period = await h.json('admin', 'GET', `/core/api/cashboxPeriods/${v3}`);
    expect(period.body).toMatchObject({ status: 'OPEN' });
    expect((period.body.version as { code: number }).code).toBe(3);
    const { status, body } = await h.json('admin', 'GET', `/core/api/cashboxPeriods/${v3}/diff`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ periodId: v3, version: 3, previousPeriodId: v2, previousVersion: 2 });
    const positions = body.positions as Array<{
      positionId: number;
      figures: Record<string, unknown>;
      sources: Array<{ entity: string; id: number; previous: string | null; current: string | null }>;
    }>;
    const anna = positions.find((p) => p.positionId === h.fx.positions.annaSector)!;
    expect(anna.figures).toHaveProperty('incomeAmount');
    expect(anna.sources).toContainEqual(
      expect.objectContaining({ entity: 'paymentHistories', id: late, previous: null }),
    );
    const same = await h.json('admin', 'GET', `/core/api/cashboxPeriods/${v2}/diff`);
    expect(same.body.positions).toEqual([]);
    const member = await h.request('member', 'GET', `/core/api/cashboxPeriods/${v3}/diff`);
    expect(member.statusCode).toBe(403);
  });
});

describe('POST /cashbox/calculate', () => {
  it('CASH-40 refuses anyone but admins, top and billing managers (403) and a request without an office (400)', async () => {
    const member = await h.request('member', 'POST', '/core/api/cashbox/calculate', { officeId: almaty });
    expect(member.statusCode).toBe(403);
    const anonymous = await h.request(null, 'POST', '/core/api/cashbox/calculate', { officeId: almaty });
    expect(anonymous.statusCode).toBe(401);
    const noOffice = await h.json('admin', 'POST', '/core/api/cashbox/calculate', { dateGte: '2026-10-01' });
    expect(noOffice.status).toBe(400);
    expect(noOffice.body.errors).toEqual([expect.objectContaining({ property: 'officeId' })]);
    const badDate = await h.json('admin', 'POST', '/core/api/cashbox/calculate', { officeId: almaty, dateGte: 'soon' });
    expect(badDate.status).toBe(400);
  });

  it('CASH-40 CASH-15 CASH-16 starts a job on the normalised month whose progress ends in a new version', async () => {
    const { status, body, headers } = await h.json('top', 'POST', '/core/api/cashbox/calculate', {
      officeId: almaty,
      dateGte: '2026-10-17',
      dateLte: '2026-10-03',
    });
    expect(status).toBe(202);
    expect(body).toMatchObject({ dateGte: '2026-10-01', dateLte: '2026-10-31', officeId: almaty });
    const href = (body.job as { href: string }).href;
    expect(headers.location).toBe(href);
    let job: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) {
      job = (await h.json('top', 'GET', href)).body;
      if (job.status === 'succeeded' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job.error ?? null).toBeNull();
    expect(job).toMatchObject({ status: 'succeeded', progress: 100 });
    const result = job.result as { periodId: number; version: number };
    expect(result.version).toBe(4);
    const period = await h.json('top', 'GET', `/core/api/cashboxPeriods/${result.periodId}`);
    expect(period.body).toMatchObject({ reportDateGte: '2026-10-01', calculatedBy: 'top', status: 'OPEN' });
  });
});
