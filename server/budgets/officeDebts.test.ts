import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, insertRow } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * Inter-office debts through the HTTP API (OFF-43..48): Almaty owes London for July 2026 (one
 * creditor, unpaid, with a budget) and London owes Almaty for September (paid). Users: `cashier`
 * (the cashbox operator CASHBOX: full `cashbox`, `budget`), `cashreader` (a top manager, view
 * `cashbox`), member (no `cashbox`); debts are read only by roles that see every cashbox row (CASH-12).
 */
let h: Harness;
type Debt = {
  id: number;
  cashboxPeriod: { id: number; reportDateGte: string; reportDateLte: string; currency: { code: string } };
  debtCurrencyCode: string;
  debtorAccount: { id: number } | null;
  paymentStatus: number | null;
  budget: { id: number } | null;
  creditorOffices: Array<{ id: number; office: { id: number }; amount: number; paymentStatus: { code: number } }>;
  details: Array<{ detailSide: string; amount: number; description: string }>;
};
let ids: { october: number; september: number; octoberCreditor: number; budget: number; rejected: number };
let debtorAccount: number;

beforeAll(async () => {
  h = await createHarness();
  const full = { view: true, create: true, update: true, delete: true };
  await createTestUser(h.db, {
    username: 'cashier',
    employeeId: h.fx.employees.anna,
    roles: [{ name: 'CASHBOX', privileges: ['cashbox', 'budget'].map((module) => ({ module, ...full })) }],
  });
  await createTestUser(h.db, {
    username: 'cashreader',
    roles: [{ name: 'GLOBAL_TOP', privileges: [{ module: 'cashbox', view: true }] }],
  });
  const { dict } = h.fx;
  const { almaty, london } = h.fx.offices;
  const budgetRow = (description: string) => ({
    date: '2026-07-20',
    budgetType: dict('BUDGET_TYPE', 1),
    amount: '500.00',
    currency: h.fx.currencies.kzt,
    coverBudgetOffice: almaty,
    cash: false,
    closed: false,
    description,
  });
  const budget = await insertRow(h.db, 'budgets', budgetRow('Shared seminar'));
  // a budget of the same debt whose chain was rejected: the debts page leaves it out (OFF-48)
  const rejected = await insertRow(h.db, 'budgets', budgetRow('Rejected seminar'));
  const chain = await insertRow(h.db, 'verificationChains', {
    description: 'Rejected seminar',
    decision: dict('VERIFICATION_DECISION', 3),
    ownerType: 'BUDGET',
    ownerId: rejected,
  });
  await h.db.query('UPDATE budgets SET verification_chain_id = $1 WHERE id = $2', [chain, rejected]);
  const period = (office: number, gte: string, lte: string) =>
    insertRow(h.db, 'cashboxPeriods', {
      office,
      currency: h.fx.currencies.kzt,
      reportDateGte: gte,
      reportDateLte: lte,
    });
  const oct = await period(almaty, '2026-07-01', '2026-07-31');
  const sep = await period(london, '2026-06-01', '2026-06-30');
  debtorAccount = await insertRow(h.db, 'officeAccounts', {
    office: almaty,
    active: true,
    account: JSON.stringify({ gbankName: 'Debtor Bank', number: 'KZ000000000000000007' }),
  });
  const october = await insertRow(h.db, 'cashboxOfficeDebts', { cashboxPeriod: oct, debtorAccount, budget });
  const september = await insertRow(h.db, 'cashboxOfficeDebts', { cashboxPeriod: sep });
  const octoberCreditor = await insertRow(h.db, 'cashboxOfficeDebtCreditors', {
    cashboxOfficeDebt: october,
    office: london,
    amount: '1500.00',
    paymentStatus: dict('DEBT_PAYMENT_STATUS', 1),
  });
  await insertRow(h.db, 'cashboxOfficeDebtCreditors', {
    cashboxOfficeDebt: september,
    office: almaty,
    amount: '300.00',
    paymentStatus: dict('DEBT_PAYMENT_STATUS', 2),
  });
  for (const [side, amount] of [
    ['DEBTOR', '1500.00'],
    ['CREDITOR', '1500.00'],
  ] as const)
    await insertRow(h.db, 'cashboxOfficeDebtDetails', {
      cashboxOfficeDebt: october,
      detailSide: side,
      creditorOffice: london,
      amount,
      description: 'Transfer of the London share',
    });
  // the second budget of the October debt is the rejected one: a debt names one budget, so the
  // rejected budget hangs on a debt of its own in the same period
  await insertRow(h.db, 'cashboxOfficeDebts', { cashboxPeriod: oct, budget: rejected });
  ids = { october, september, octoberCreditor, budget, rejected };
});
afterAll(async () => h?.close());

const all = (user: string, query: string) => h.json<Debt[]>(user, 'GET', `/core/api/cashboxOfficeDebts/all?${query}`);

describe('inter-office debts', () => {
  it('OFF-43 a debt has its period (dates, currency), currency code, debtor account, creditors, payment status, details with their side and budget', async () => {
    const r = await h.json<Debt>('cashreader', 'GET', `/core/api/cashboxOfficeDebts/${ids.october}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      cashboxPeriod: { reportDateGte: '2026-07-01', reportDateLte: '2026-07-31', currency: { code: 'KZT' } },
      debtCurrencyCode: 'KZT',
      debtorAccount: { id: debtorAccount },
      paymentStatus: 1,
      budget: { id: ids.budget },
      creditorOffices: [{ office: { id: h.fx.offices.london }, amount: 1500, paymentStatus: { code: 1 } }],
    });
    expect(r.body.details.map((d) => d.detailSide).sort()).toEqual(['CREDITOR', 'DEBTOR']);
  });

  it('OFF-44 the payment status is updated per creditor office, and the debt rolls it up; nothing else of the creditor changes', async () => {
    const paid = h.fx.dict('DEBT_PAYMENT_STATUS', 2);
    expect(
      (
        await h.request('cashreader', 'PATCH', `/core/api/cashboxOfficeDebtCreditors/${ids.octoberCreditor}`, {
          paymentStatus: { id: paid },
        })
      ).statusCode,
    ).toBe(403);
    const r = await h.json<{ paymentStatus: { code: number }; amount: number; office: { id: number } }>(
      'cashier',
      'PATCH',
      `/core/api/cashboxOfficeDebtCreditors/${ids.octoberCreditor}`,
      { paymentStatus: { id: paid }, amount: 1, office: { id: h.fx.offices.almaty } },
    );
    // the creditor's office and amount are the calculation's: sent back, they are ignored
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ amount: 1500, office: { id: h.fx.offices.london }, paymentStatus: { code: 2 } });
    const after = await h.json<Debt>('cashier', 'GET', `/core/api/cashboxOfficeDebts/${ids.october}`);
    expect(after.body.creditorOffices[0]!.paymentStatus.code).toBe(2);
    expect(after.body.paymentStatus).toBe(2);
    // debts themselves are the calculation's: no generic writes
    expect((await h.request('cashier', 'POST', '/core/api/cashboxOfficeDebts', {})).statusCode).toBe(404);
  });

  it('OFF-46 GET /cashboxOfficeDebts/all filters by gte, lte, officeId and creditorOfficeId', async () => {
    const { almaty, london } = h.fx.offices;
    const idsOf = (r: { body: Debt[] }) => r.body.map((d) => d.id).sort((a, b) => a - b);
    const october = await all('cashreader', 'gte=2026-07-01&lte=2026-07-31');
    expect(october.status, JSON.stringify(october.body)).toBe(200);
    expect(idsOf(october)).toContain(ids.october);
    expect(idsOf(october)).not.toContain(ids.september);
    expect(idsOf(await all('cashreader', 'gte=2026-06-01&lte=2026-07-31'))).toEqual(
      expect.arrayContaining([ids.october, ids.september]),
    );
    expect(idsOf(await all('cashreader', `gte=2026-06-01&lte=2026-07-31&officeId=${london}`))).toEqual([ids.september]);
    expect(idsOf(await all('cashreader', `gte=2026-06-01&lte=2026-07-31&creditorOfficeId=${london}`))).toEqual([
      ids.october,
    ]);
    expect(
      idsOf(await all('cashreader', `gte=2026-06-01&lte=2026-07-31&officeId=${almaty}&creditorOfficeId=${almaty}`)),
    ).toEqual([]);
    const withDetails = (await all('cashreader', `gte=2026-07-01&lte=2026-07-31&creditorOfficeId=${london}`)).body[0]!;
    expect(withDetails.creditorOffices).toHaveLength(1);
    expect(withDetails.details).toHaveLength(2);
    expect((await all('cashreader', 'gte=not-a-date')).status).toBe(400);
    expect((await all('member', 'gte=2026-07-01')).status).toBe(403);
  });

  it('OFF-48 GET /budgets?cashboxOfficeDebtId&verificationChain.decision.code.ne=3 lists the debt budgets that are not rejected', async () => {
    const list = (debt: number) =>
      h.json<{ _embedded: { budgets: Array<{ id: number }> } }>(
        'cashier',
        'GET',
        `/core/api/budgets?cashboxOfficeDebtId=${debt}&verificationChain.decision.code.ne=3`,
      );
    const october = await list(ids.october);
    expect(october.status, JSON.stringify(october.body)).toBe(200);
    expect(october.body._embedded.budgets.map((b) => b.id)).toEqual([ids.budget]);
    const [rejectedDebt] = await h.db.query<{ id: number }>(
      'SELECT id FROM cashbox_office_debts WHERE budget_id = $1',
      [ids.rejected],
    );
    expect((await list(Number(rejectedDebt!.id))).body._embedded.budgets).toEqual([]);
    const unfiltered = await h.json<{ _embedded: { budgets: Array<{ id: number }> } }>(
      'cashier',
      'GET',
      `/core/api/budgets?cashboxOfficeDebtId=${rejectedDebt!.id}`,
    );
    expect(unfiltered.body._embedded.budgets.map((b) => b.id)).toEqual([ids.rejected]);
  });
});
