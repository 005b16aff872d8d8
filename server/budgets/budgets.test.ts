import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { approversEverywhere } from '../test/approvers';

/**
 * Budgets through the HTTP API: fields and payers (BUD-01/02), the payer fields each payer type
 * keeps (BUD-05..07), shares as fractions adding up to 100 % (BUD-08/09), the office row filter
 * (BUD-10), the routes (BUD-12..17), closed by fund (BUD-18/19) and approval through the engine
 * (BUD-03/04). Users: `budgeteer` (Anna, Almaty office, full `budget`), `budgetbilling` (Carl,
 * London, LOCAL_BILLING with full `budget`), admin; Carl approves Almaty's budgets.
 */
let h: Harness;
type Payer = {
  id: number;
  payerType: { code: number };
  payerOffice: { id: number } | null;
  payerDepartment: { id: number } | null;
  payerPosition: { id: number } | null;
  percentage: number;
  closedByFund: boolean;
};
type Budget = {
  id: number;
  version: number;
  amount: number;
  description: string;
  coverBudgetOffice: { id: number };
  verificationChain: { id: number } | null;
  budgetPayerList: Payer[];
};
type Err = { message: string; errors?: Array<{ property: string; message: string }> };

const full = { view: true, create: true, update: true, delete: true };

beforeAll(async () => {
  h = await createHarness();
  await createTestUser(h.db, {
    username: 'budgeteer',
    employeeId: h.fx.employees.anna,
    roles: [{ name: 'BUDGETEER', privileges: [{ module: 'budget', ...full }] }],
  });
  await createTestUser(h.db, {
    username: 'budgetbilling',
    employeeId: h.fx.employees.carl,
    roles: [{ name: 'LOCAL_BILLING', privileges: [{ module: 'budget', ...full }] }],
  });
  // Almaty's budget approver is Carl (the billing manager's employee)
  const res = await h.request('admin', 'POST', '/core/api/officeApprovers', {
    type: { id: h.fx.dict('APPROVER_TYPE', 1) },
    office: { id: h.fx.offices.almaty },
    employee: { id: h.fx.employees.carl },
    orderliness: 1,
  });
  expect(res.statusCode).toBe(201);
  // MC-6: a document needs its office's approvers (the types this file does not set itself)
  await approversEverywhere(h);
});
afterAll(async () => h?.close());

const payer = (code: number, extra: Record<string, unknown>, percentage: number) => ({
  payerType: { id: h.fx.dict('PAYER_TYPE', code) },
  percentage,
  ...extra,
});

const budgetBody = (extra: Record<string, unknown> = {}) => ({
  date: '2026-11-10',
  budgetType: { id: h.fx.dict('BUDGET_TYPE', 1) },
  amount: 1200.5,
  currency: { id: h.fx.currencies.kzt },
  coverBudgetOffice: { id: h.fx.offices.almaty },
  cash: false,
  responsiblePosition: { id: h.fx.positions.annaSector },
  description: 'Conference stand',
  closed: false,
  budgetPayerList: [
    payer(1, { payerOffice: { id: h.fx.offices.almaty } }, 0.5),
    payer(3, { payerPosition: { id: h.fx.positions.borisFirm } }, 0.5),
  ],
  ...extra,
});

const create = (user: string, extra: Record<string, unknown> = {}, path = '/core/api/budgets/') =>
  h.json<Budget & Err>(user, 'POST', path, budgetBody(extra));

describe('budgets', () => {
  it('BUD-01 BUD-02 BUD-15 a budget is created with POST /budgets/ carrying its fields and payers', async () => {
    const r = await create('budgeteer');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      date: '2026-11-10',
      budgetType: { code: 1 },
      amount: 1200.5,
      currency: { id: h.fx.currencies.kzt },
      coverBudgetOffice: { id: h.fx.offices.almaty },
      cash: false,
      responsiblePosition: { id: h.fx.positions.annaSector },
      description: 'Conference stand',
      closed: false,
    });
    expect(r.body.verificationChain).not.toBeNull();
    expect(r.body.budgetPayerList).toHaveLength(2);
    for (const p of r.body.budgetPayerList)
      expect(Object.keys(p)).toEqual(
        expect.arrayContaining([
          'payerType',
          'payerOffice',
          'payerDepartment',
          'payerPosition',
          'percentage',
          'closedByFund',
        ]),
      );
  });

  it("BUD-05 a position payer (type 3) is stored with the position and the position's office, whatever office is sent", async () => {
    const r = await create('budgeteer', {
      budgetPayerList: [
        payer(
          3,
          {
            payerPosition: { id: h.fx.positions.borisFirm },
            payerOffice: { id: h.fx.offices.almaty },
            payerDepartment: { id: h.fx.departments.sector },
          },
          1,
        ),
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.budgetPayerList[0]).toMatchObject({
      payerType: { code: 3 },
      payerPosition: { id: h.fx.positions.borisFirm },
      payerOffice: { id: h.fx.offices.london },
      payerDepartment: null,
    });
  });

  it('BUD-06 a department payer (type 2) keeps only the department', async () => {
    const r = await create('budgeteer', {
      budgetPayerList: [
        payer(
          2,
          {
            payerDepartment: { id: h.fx.departments.sector },
            payerOffice: { id: h.fx.offices.almaty },
            payerPosition: { id: h.fx.positions.annaSector },
          },
          1,
        ),
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.budgetPayerList[0]).toMatchObject({
      payerDepartment: { id: h.fx.departments.sector },
      payerOffice: null,
      payerPosition: null,
    });
  });

  it('BUD-07 an office payer (any other type) keeps only the office; a payer without its target is a 400', async () => {
    const r = await create('budgeteer', {
      budgetPayerList: [
        payer(1, { payerOffice: { id: h.fx.offices.almaty }, payerDepartment: { id: h.fx.departments.sector } }, 1),
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.budgetPayerList[0]).toMatchObject({
      payerOffice: { id: h.fx.offices.almaty },
      payerDepartment: null,
      payerPosition: null,
    });
    const bad = await create('budgeteer', { budgetPayerList: [payer(3, {}, 1)] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.property).toBe('budgetPayerList');
  });

  it('BUD-08 payer percentages are fractions: 0.25 is stored and answered as 0.25', async () => {
    const r = await create('budgeteer', {
      budgetPayerList: [
        payer(1, { payerOffice: { id: h.fx.offices.almaty } }, 0.25),
        payer(1, { payerOffice: { id: h.fx.offices.london } }, 0.75),
      ],
    });
    expect(r.status).toBe(201);
    expect(r.body.budgetPayerList.map((p) => p.percentage).sort()).toEqual([0.25, 0.75]);
  });

  it('BUD-09 payer shares must add up to 100 %: 60 % + 30 % is a 400 at budgetPayerList and nothing is written', async () => {
    const before = await h.json<{ page: { totalElements: number } }>(
      'admin',
      'GET',
      '/core/api/budgets?date.gte=1970-01-01',
    );
    const r = await create('budgeteer', {
      budgetPayerList: [
        payer(1, { payerOffice: { id: h.fx.offices.almaty } }, 0.6),
        payer(1, { payerOffice: { id: h.fx.offices.london } }, 0.3),
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: 'Validation failed' });
    expect(r.body.errors?.[0]).toMatchObject({ property: 'budgetPayerList' });
    expect(r.body.errors?.[0]?.message).toContain('90%');
    const after = await h.json<{ page: { totalElements: number } }>(
      'admin',
      'GET',
      '/core/api/budgets?date.gte=1970-01-01',
    );
    expect(after.body.page.totalElements).toBe(before.body.page.totalElements);
  });

  it('BUD-10 non-admins see only their own office budgets; admins and billing managers see all, also on the server', async () => {
    const london = await create('admin', {
      coverBudgetOffice: { id: h.fx.offices.london },
      description: 'London only',
    });
    expect(london.status).toBe(201);
    const mine = await h.json<{ _embedded: { budgets: Budget[] } }>('budgeteer', 'GET', '/core/api/budgets?size=100');
    expect(mine.status).toBe(200);
    expect(mine.body._embedded.budgets.length).toBeGreaterThan(0);
    expect(mine.body._embedded.budgets.every((b) => b.coverBudgetOffice.id === h.fx.offices.almaty)).toBe(true);
    // a filter naming London does not widen it, and the record itself is a 404
    const asked = await h.json<{ _embedded: { budgets: Budget[] } }>(
      'budgeteer',
      'GET',
      `/core/api/budgets?coverBudgetOffice.id=${h.fx.offices.london}`,
    );
    expect(asked.body._embedded.budgets).toHaveLength(0);
    expect((await h.request('budgeteer', 'GET', `/core/api/budgets/${london.body.id}`)).statusCode).toBe(404);
    // nor may they create one for another office
    expect((await create('budgeteer', { coverBudgetOffice: { id: h.fx.offices.london } })).status).toBe(403);
    for (const user of ['admin', 'budgetbilling']) {
      const all = await h.json<{ _embedded: { budgets: Budget[] } }>(user, 'GET', '/core/api/budgets?size=100');
      expect(all.body._embedded.budgets.some((b) => b.id === london.body.id)).toBe(true);
    }
  });

  it('BUD-12 BUD-14 budgets are listed with GET /budgets and one is read with GET /budgets/{id}', async () => {
    const made = await create('budgeteer', { description: 'Listed one' });
    const list = await h.json<{ _embedded: { budgets: Budget[] } }>(
      'budgeteer',
      'GET',
      '/core/api/budgets?search=Listed',
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.budgets.map((b) => b.id)).toContain(made.body.id);
    const one = await h.json<Budget>('budgeteer', 'GET', `/core/api/budgets/${made.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body.budgetPayerList).toHaveLength(2);
  });

  it('BUD-13 GET /budgets/totalAmount sums the amounts over the list filters and the row filter', async () => {
    await create('budgeteer', { description: 'Total A', amount: 100.25, date: '2020-01-05' });
    await create('budgeteer', { description: 'Total B', amount: 200.5, date: '2020-01-06' });
    await create('admin', {
      description: 'Total C',
      amount: 999,
      date: '2020-01-07',
      coverBudgetOffice: { id: h.fx.offices.london },
    });
    const q = 'date.gte=2020-01-01&date.lte=2020-01-31';
    const mine = await h.json<{ totalAmount: number }>('budgeteer', 'GET', `/core/api/budgets/totalAmount?${q}`);
    expect(mine.status).toBe(200);
    expect(mine.body.totalAmount).toBeCloseTo(300.75, 2);
    const all = await h.json<{ totalAmount: number }>('admin', 'GET', `/core/api/budgets/totalAmount?${q}`);
    expect(all.body.totalAmount).toBeCloseTo(1299.75, 2);
    expect((await h.request('member', 'GET', `/core/api/budgets/totalAmount?${q}`)).statusCode).toBe(403);
  });

  it('BUD-16 PUT /budgets/{id} updates the budget; a body without payers leaves them as they were', async () => {
    const made = await create('budgeteer');
    const { budgetPayerList, verificationChain, ...rest } = made.body;
    void verificationChain;
    const r = await h.json<Budget>('budgeteer', 'PUT', `/core/api/budgets/${made.body.id}`, {
      ...rest,
      description: 'Renamed',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.description).toBe('Renamed');
    expect(r.body.budgetPayerList.map((p) => [p.id, p.percentage])).toEqual(
      budgetPayerList.map((p) => [p.id, p.percentage]),
    );
  });

  it('BUD-17 DELETE /budgets/{id} deletes the budget and its payers', async () => {
    const made = await create('budgeteer');
    expect((await h.request('budgeteer', 'DELETE', `/core/api/budgets/${made.body.id}`)).statusCode).toBe(204);
    expect((await h.request('budgeteer', 'GET', `/core/api/budgets/${made.body.id}`)).statusCode).toBe(404);
    const [row] = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM budget_payers WHERE budget_id = $1', [
      made.body.id,
    ]);
    expect(row?.n).toBe(0);
  });

  it('MC-7 BUD-18 BUD-19 PATCH /budgetPayers/{budgetId}/true and /false set closed by fund on every payer of that budget, and of no other', async () => {
    const made = await create('budgeteer');
    const other = await create('budgeteer');
    const budgetId = made.body.id;
    const closed = async (id: number, user = 'budgeteer') =>
      (await h.json<Budget>(user, 'GET', `/core/api/budgets/${id}`)).body.budgetPayerList.map((p) => p.closedByFund);
    // a payer of another budget whose id is this budget's id: today's code flipped it
    const [clash] = await h.db.query<{ id: number; closed_by_fund: boolean }>(
      'SELECT id, closed_by_fund FROM budget_payers WHERE id = $1',
      [budgetId],
    );
    const on = await h.json<{ budgetId: number; closedByFund: boolean; payers: number[] }>(
      'budgeteer',
      'PATCH',
      `/core/api/budgetPayers/${budgetId}/true`,
    );
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toEqual({
      budgetId,
      closedByFund: true,
      payers: made.body.budgetPayerList.map((p) => p.id).sort((x, y) => x - y),
    });
    expect(await closed(budgetId)).toEqual([true, true]);
    expect(await closed(other.body.id)).toEqual([false, false]);
    if (clash && !made.body.budgetPayerList.some((p) => p.id === clash.id)) {
      const [after] = await h.db.query<{ closed_by_fund: boolean }>(
        'SELECT closed_by_fund FROM budget_payers WHERE id = $1',
        [clash.id],
      );
      expect(after?.closed_by_fund).toBe(clash.closed_by_fund);
    }
    // an edit of the budget that sends the payers back as the form had them keeps the flag
    const r = await h.json<Budget>('budgeteer', 'PATCH', `/core/api/budgets/${budgetId}`, {
      budgetPayerList: made.body.budgetPayerList.map((p) => ({ ...p, closedByFund: false })),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.budgetPayerList.map((p) => p.closedByFund)).toEqual([true, true]);
    const off = await h.json('budgeteer', 'PATCH', `/core/api/budgetPayers/${budgetId}/false`);
    expect(off.status).toBe(200);
    expect(await closed(budgetId)).toEqual([false, false]);
    // another office's budget is not found, nor an unknown one; without update on budgets it is refused
    const london = await create('admin', { coverBudgetOffice: { id: h.fx.offices.london } });
    expect((await h.request('budgeteer', 'PATCH', `/core/api/budgetPayers/${london.body.id}/true`)).statusCode).toBe(
      404,
    );
    expect((await closed(london.body.id, 'admin')).every((c) => c === false)).toBe(true);
    expect((await h.request('budgeteer', 'PATCH', '/core/api/budgetPayers/99999999/true')).statusCode).toBe(404);
    expect((await h.request('member', 'PATCH', `/core/api/budgetPayers/${budgetId}/true`)).statusCode).toBe(403);
    const payerId = made.body.budgetPayerList[0]!.id;
    expect(
      (await h.request('budgeteer', 'PATCH', `/core/api/budgetPayers/${payerId}`, { percentage: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('budget approval through the engine', () => {
  type Chain = { id: number; version: number; decision: { code: number }; ownerType: string; ownerId: number };
  const chainOf = async (budget: Budget) =>
    (await h.json<Chain>('admin', 'GET', `/core/api/verificationChains/${budget.verificationChain!.id}`)).body;

  it("BUD-03 approve posts decision 2 with an optional comment: Almaty's approver approves the budget", async () => {
    const made = await create('budgeteer');
    const chain = await chainOf(made.body);
    expect(chain).toMatchObject({ ownerType: 'BUDGET', ownerId: made.body.id, decision: { code: 1 } });
    // Anna (not the approver) may not decide
    expect([403, 404]).toContain(
      (
        await h.request('budgeteer', 'POST', '/core/api/verificationChains/solve', {
          verificationChainId: chain.id,
          decisionCode: 2,
        })
      ).statusCode,
    );
    const r = await h.json<Chain>('budgetbilling', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: chain.id,
      decisionCode: 2,
      version: chain.version,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.decision.code).toBe(2);
    const listed = await h.json<{
      _embedded: { budgets: Array<Budget & { verificationChain: { decision: { code: number } } }> };
    }>('budgeteer', 'GET', `/core/api/budgets?verificationChain.decision.code=2&size=100`);
    expect(listed.body._embedded.budgets.map((b) => b.id)).toContain(made.body.id);
  });

  it('BUD-04 reject posts decision 3; its comment is optional for budgets', async () => {
    const made = await create('budgeteer');
    const chain = await chainOf(made.body);
    const r = await h.json<Chain>('budgetbilling', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: chain.id,
      decisionCode: 3,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.decision.code).toBe(3);
  });
});
