import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenses } from '../../schemas/billing/expenses';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { decideExpense } from './testing';
import { approversEverywhere } from '../test/approvers';

/**
 * Expenses through the HTTP API (EXP-01..21, INV-30): fields and payers, shares as fractions adding
 * up to 100 %, the USD value at the dated rate, the billing status of a new expense, approval
 * through the engine, the access list on list, item, totals, export and invoice preview, the
 * list's filters and default filter, exact totals and the Excel export.
 *
 * Users: `spender` (Anna: responsible for the Acme matter, full `expense`), `outsider` (Boris: on
 * no Acme list, full `expense`), `expbilling` (Carl: LOCAL_BILLING with full `expense`, Almaty's
 * expense approver), admin; `member` holds no `expense` privilege.
 */
let h: Harness;
type Ref = { id: number; code?: number; gname?: string };
type Payer = { id: number; payerPosition: Ref; percentage: number };
type Expense = {
  id: number;
  version: number;
  date: string;
  amount: number;
  amountUsd: number | null;
  currency: Ref;
  supplier: Ref | null;
  billingStatus: Ref | null;
  calcDate: string | null;
  createdDate: string;
  payerRm: string | null;
  brm: string | null;
  verificationChain: { id: number } | null;
  expensePayerList: Payer[];
};
type Err = { message: string; errors?: Array<{ property: string; message: string }> };
type Page = { _embedded: { expenses: Expense[] }; page: { totalElements: number } };

const full = { view: true, create: true, update: true, delete: true };
const API = '/core/api/expenses';

beforeAll(async () => {
  h = await createHarness();
  await createTestUser(h.db, {
    username: 'spender',
    employeeId: h.fx.employees.anna,
    roles: [{ name: 'SPENDER', privileges: [{ module: 'expense', ...full }] }],
  });
  await createTestUser(h.db, {
    username: 'outsider',
    employeeId: h.fx.employees.boris,
    roles: [{ name: 'SPENDER', privileges: [{ module: 'expense', ...full }] }],
  });
  await createTestUser(h.db, {
    username: 'expbilling',
    employeeId: h.fx.employees.carl,
    roles: [{ name: 'LOCAL_BILLING', privileges: [{ module: 'expense', ...full }] }],
  });
  // Almaty's expense approver (APPROVER_TYPE 2) is Carl; Almaty is the office of the Acme matter's responsible
  const res = await h.request('admin', 'POST', '/core/api/officeApprovers', {
    type: { id: h.fx.dict('APPROVER_TYPE', 2) },
    office: { id: h.fx.offices.almaty },
    employee: { id: h.fx.employees.carl },
    orderliness: 1,
  });
  expect(res.statusCode).toBe(201);
  // MC-6: a document needs its office's approvers (the types this file does not set itself)
  await approversEverywhere(h);
});
afterAll(async () => h?.close());

const body = (extra: Record<string, unknown> = {}) => ({
  date: '2026-10-20',
  payerMatter: { id: h.fx.matters.acmeMatter },
  expenseType: { id: h.fx.dict('EXPENSE_TYPE', 1) },
  supplier: { id: h.fx.billing.supplier },
  description: 'Flight to Astana',
  amount: '250.50',
  currency: { id: h.fx.currencies.usd },
  cash: true,
  increaseInvoice: false,
  prepaid: true,
  fundExpense: false,
  unCalculate: false,
  vatEnabled: true,
  vatPercent: 0.12,
  expensePayerList: [
    { payerPosition: { id: h.fx.positions.annaSector }, percentage: 0.5 },
    { payerPosition: { id: h.fx.positions.carlFirm }, percentage: 0.5 },
  ],
  ...extra,
});

const create = (user: string, extra: Record<string, unknown> = {}) =>
  h.json<Expense & Err>(user, 'POST', API, body(extra));

const idsOf = (p: Page) => p._embedded.expenses.map((e) => e.id);

describe('expense fields and writes', () => {
  it('EXP-01 EXP-17 an expense is created with POST /expenses carrying every field of the spec', async () => {
    const r = await create('spender');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      date: '2026-10-20',
      payerMatter: { id: h.fx.matters.acmeMatter },
      expenseType: { code: 1 },
      supplier: { id: h.fx.billing.supplier },
      amount: 250.5,
      currency: { id: h.fx.currencies.usd },
      cash: true,
      increaseInvoice: false,
      prepaid: true,
      fundExpense: false,
      unCalculate: false,
      vatEnabled: true,
      vatPercent: 0.12,
      billingStatus: { code: 2 },
    });
    expect(r.body.verificationChain).not.toBeNull();
    expect(r.body.expensePayerList).toHaveLength(2);
    // H2-04: a client cannot set the USD value, the date of calc or the invoice (400 at each)
    const forged = await h.json<Err>('spender', 'POST', '/core/api/expenses', {
      ...body(),
      amountUsd: 1,
      calcDate: '2026-10-01',
      invoice: { id: 1 },
    });
    expect(forged.status).toBe(400);
    expect((forged.body.errors ?? []).map((e) => e.property).sort()).toEqual(['amountUsd', 'calcDate', 'invoice']);
  });

  it('EXP-02 EXP-03 payers carry a position and a percentage sent and stored as a fraction (0.25 = 25 %)', async () => {
    const r = await create('spender', {
      expensePayerList: [
        { payerPosition: { id: h.fx.positions.annaSector }, percentage: 0.25 },
        { payerPosition: { id: h.fx.positions.borisFirm }, percentage: 0.75 },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const shares = r.body.expensePayerList.map((p) => [p.payerPosition.id, p.percentage]);
    expect(shares).toEqual(
      expect.arrayContaining([
        [h.fx.positions.annaSector, 0.25],
        [h.fx.positions.borisFirm, 0.75],
      ]),
    );
  });

  it('EXP-02 payer shares must add up to 100 %: 60 % + 30 % is a 400 at expensePayerList and nothing is written', async () => {
    const before = await h.json<Page>('admin', 'GET', `${API}?size=1000`);
    const r = await create('spender', {
      expensePayerList: [
        { payerPosition: { id: h.fx.positions.annaSector }, percentage: 0.6 },
        { payerPosition: { id: h.fx.positions.borisFirm }, percentage: 0.3 },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]).toMatchObject({ property: 'expensePayerList' });
    expect(r.body.errors?.[0]?.message).toContain('90%');
    const after = await h.json<Page>('admin', 'GET', `${API}?size=1000`);
    expect(after.body.page.totalElements).toBe(before.body.page.totalElements);
  });

  it("EXP-02 an expense sent without payers is paid whole by its matter's responsible position", async () => {
    const { expensePayerList: _, ...rest } = body();
    const r = await h.json<Expense>('spender', 'POST', API, rest);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.expensePayerList.map((p) => [p.payerPosition.id, p.percentage])).toEqual([
      [h.fx.positions.annaSector, 1],
    ]);
  });

  it('EXP-05 a supplier without an id is stored as null', async () => {
    const r = await create('spender', { supplier: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.supplier).toBeNull();
    const n = await create('spender', { supplier: null });
    expect(n.status).toBe(201);
    expect(n.body.supplier).toBeNull();
  });

  it('EXP-01 amountUsd is the amount at the rate valid on the expense date, exact; USD is itself', async () => {
    // KZT: 0.00208333 from 2026-10-01 (fixture); 0.002 from 2026-11-01
    expect(
      (
        await h.request('admin', 'POST', '/core/api/currencyRates', {
          currency: { id: h.fx.currencies.kzt },
          date: '2026-11-01',
          rateToUsd: '0.002',
        })
      ).statusCode,
    ).toBe(201);
    const october = await create('spender', { currency: { id: h.fx.currencies.kzt }, amount: '480000.55' });
    expect(october.status, JSON.stringify(october.body)).toBe(201);
    // 480000.55 x 0.00208333 = 999.9995458... -> 999.9995 (half-up at 4 places)
    const raw = (await h.request('spender', 'GET', `${API}/${october.body.id}`)).payload;
    expect(raw).toContain('"amountUsd":999.9995');
    const november = await create('spender', {
      currency: { id: h.fx.currencies.kzt },
      amount: '480000.55',
      date: '2026-11-15',
    });
    expect(november.body.amountUsd).toBe(960.0011);
    // no rate before 2026-10-01: unknown, left empty
    const early = await create('spender', { currency: { id: h.fx.currencies.kzt }, date: '2026-09-30' });
    expect(early.body.amountUsd).toBeNull();
    // an update recomputes it: PATCH of the date alone reads the stored amount and currency
    const moved = await h.json<Expense>('spender', 'PATCH', `${API}/${october.body.id}`, { date: '2026-11-02' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.amountUsd).toBe(960.0011);
  });

  it('EXP-16 a single expense is read with GET /expenses/{id} in projection full', async () => {
    const r = await h.json<Expense>('spender', 'GET', `${API}/${h.fx.billing.acmeExpense}?projection=full`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: h.fx.billing.acmeExpense,
      amount: 120,
      currency: { code: 'USD' },
      supplier: { gname: 'Swift Couriers' },
      billingStatus: { code: 2 },
    });
    expect(r.body.expensePayerList[0]).toMatchObject({
      payerPosition: { id: h.fx.positions.annaSector },
      percentage: 1,
    });
  });

  it('EXP-18 an expense is updated with PUT /expenses/{id}; a body without payers leaves them', async () => {
    const made = await create('spender');
    const r = await h.json<Expense>('spender', 'PUT', `${API}/${made.body.id}`, {
      ...body({ description: 'Flight and hotel', amount: '300' }),
      expensePayerList: undefined,
      version: made.body.version,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ amount: 300, amountUsd: 300 });
    expect(r.body.expensePayerList).toHaveLength(2);
  });

  it('EXP-19 an expense is deleted with DELETE /expenses/{id} (to the trash), its payers with it when purged', async () => {
    const made = await create('spender');
    expect((await h.request('spender', 'DELETE', `${API}/${made.body.id}`)).statusCode).toBe(204);
    expect((await h.request('spender', 'GET', `${API}/${made.body.id}`)).statusCode).toBe(404);
    // expenses have a trash: the payers stay with the deleted expense until it is purged
    expect((await h.request('admin', 'DELETE', `${API}/${made.body.id}/purge`)).statusCode).toBe(204);
    const [row] = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM expense_payers WHERE expense_id = $1',
      [made.body.id],
    );
    expect(row!.n).toBe(0);
  });
});

describe('expense approval through the engine', () => {
  type Chain = {
    id: number;
    version: number;
    decision: { code: number };
    ownerType: string;
    ownerId: number;
    description: string;
    verificationApproverList: Array<{ orderliness: number; employee: { id: number } }>;
  };
  const chainOf = async (e: Expense) =>
    (await h.json<Chain>('admin', 'GET', `/core/api/verificationChains/${e.verificationChain!.id}`)).body;

  it("EXP-04 a new expense's chain has a description and approvers in order: the covering office's expense approvers", async () => {
    const made = await create('spender');
    const chain = await chainOf(made.body);
    expect(chain).toMatchObject({ ownerType: 'EXPENSE', ownerId: made.body.id, decision: { code: 1 } });
    expect(chain.description).toContain('Flight to Astana');
    expect(chain.verificationApproverList.map((a) => [a.orderliness, a.employee.id])).toEqual([
      [1, h.fx.employees.carl],
    ]);
    // an expense London covers gets London's expense approver (Boris, approversEverywhere); an
    // office without one refuses it (MC-6, server/approvals/trail.test.ts) where it once got an empty chain
    const london = await create('spender', { coverExpenseOffice: { id: h.fx.offices.london } });
    expect((await chainOf(london.body)).verificationApproverList.map((a) => [a.orderliness, a.employee.id])).toEqual([
      [1, h.fx.employees.boris],
    ]);
  });

  it('EXP-11 the approver approves an expense with decision code 2', async () => {
    const made = await create('spender');
    const chain = await chainOf(made.body);
    expect(
      (
        await h.request('spender', 'POST', '/core/api/verificationChains/solve', {
          verificationChainId: chain.id,
          decisionCode: 2,
        })
      ).statusCode,
    ).toBe(403);
    const r = await h.json<Chain>('expbilling', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: chain.id,
      decisionCode: 2,
      version: chain.version,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.decision.code).toBe(2);
  });

  it('EXP-12 a rejection is decision code 3 and needs a comment', async () => {
    const made = await create('spender');
    const chain = await chainOf(made.body);
    const bare = await h.request('expbilling', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: chain.id,
      decisionCode: 3,
    });
    expect(bare.statusCode).toBe(400);
    const r = await h.json<Chain>('expbilling', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: chain.id,
      decisionCode: 3,
      comment: 'No receipt',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.decision.code).toBe(3);
  });
});

describe('who sees which expense', () => {
  it('EXP-13 others see only expenses whose access list holds them: matter list, payer position or creator; on list and item', async () => {
    const acme = h.fx.billing.acmeExpense;
    // Anna: responsible for the Acme matter and its payer
    expect((await h.request('spender', 'GET', `${API}/${acme}`)).statusCode).toBe(200);
    // Boris: on no list of it
    expect((await h.request('outsider', 'GET', `${API}/${acme}`)).statusCode).toBe(404);
    expect((await h.request('outsider', 'PUT', `${API}/${acme}`, body())).statusCode).toBe(404);
    const hidden = await h.json<Page>('outsider', 'GET', `${API}?size=1000`);
    expect(idsOf(hidden.body)).not.toContain(acme);
    // a payer position puts Boris on the list
    const paid = await create('spender', {
      expensePayerList: [{ payerPosition: { id: h.fx.positions.borisFirm }, percentage: 1 }],
    });
    expect((await h.request('outsider', 'GET', `${API}/${paid.body.id}`)).statusCode).toBe(200);
    // Boris may not create an expense on the Acme matter, which he cannot read (H2-04)
    const refused = await create('outsider', {
      expensePayerList: [{ payerPosition: { id: h.fx.positions.annaSector }, percentage: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.property)).toEqual(['payerMatter']);
    // what he created (before he left the matter) puts him on the list
    const own = await create('spender', {
      expensePayerList: [{ payerPosition: { id: h.fx.positions.annaSector }, percentage: 1 }],
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    await h.db.query("UPDATE expenses SET created_by = 'outsider' WHERE id = $1", [own.body.id]);
    const listed = await h.json<Page>('outsider', 'GET', `${API}?size=1000`);
    expect(idsOf(listed.body)).toEqual(expect.arrayContaining([paid.body.id, own.body.id]));
    expect(idsOf(listed.body)).not.toContain(acme);
    // payers follow their expense
    const payer = h.fx.billing.acmeExpensePayer;
    expect((await h.request('outsider', 'GET', `/core/api/expensePayers/${payer}`)).statusCode).toBe(404);
    expect((await h.request('spender', 'GET', `/core/api/expensePayers/${payer}`)).statusCode).toBe(200);
  });

  it('EXP-13 administrators and billing managers see every expense', async () => {
    const acme = h.fx.billing.acmeExpense;
    for (const user of ['admin', 'expbilling']) {
      expect((await h.request(user, 'GET', `${API}/${acme}`)).statusCode, user).toBe(200);
      const all = await h.json<Page>(user, 'GET', `${API}?size=1000`);
      expect(idsOf(all.body), user).toContain(acme);
    }
    // without the expense privilege: nothing at all
    expect((await h.request('member', 'GET', API)).statusCode).toBe(403);
  });
});

describe('the expense list', () => {
  it('EXP-14 GET /expenses reads projection expenseList with filters, paging, clientId and payerMatter', async () => {
    const made = await create('spender');
    const q = `projection=expenseList&payerMatter=${h.fx.matters.acmeMatter}&clientId=${h.fx.clients.acme}&size=2&page=0`;
    const r = await h.json<Page & { page: { size: number; number: number } }>('admin', 'GET', `${API}?${q}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body._embedded.expenses).toHaveLength(2);
    expect(r.body.page.totalElements).toBeGreaterThan(2);
    const all = await h.json<Page>('admin', 'GET', `${API}?payerMatter=${h.fx.matters.acmeMatter}&size=1000`);
    expect(idsOf(all.body)).toEqual(expect.arrayContaining([made.body.id, h.fx.billing.acmeExpense]));
    // the same with payerMatter.id; another client or matter has none of them
    const dotted = await h.json<Page>('admin', 'GET', `${API}?payerMatter.id=${h.fx.matters.acmeMatter}&size=1000`);
    expect(dotted.body.page.totalElements).toBe(all.body.page.totalElements);
    const globex = await h.json<Page>('admin', 'GET', `${API}?clientId=${h.fx.clients.globex}`);
    expect(globex.body.page.totalElements).toBe(0);
    const other = await h.json<Page>('admin', 'GET', `${API}?payerMatter=${h.fx.matters.globexMatter}`);
    expect(other.body.page.totalElements).toBe(0);
    expect((await h.request('admin', 'GET', `${API}?clientId=abc`)).statusCode).toBe(400);
  });

  it('EXP-09 the list leaves out billing status 5 by its default filter billingStatus.code.ne=5; without it they are listed', async () => {
    const made = await create('spender', { billingStatus: { id: h.fx.dict('BILLING_STATUS', 5) } });
    expect(made.status).toBe(201);
    expect(expenses.list?.defaultFilter).toEqual({ 'billingStatus.code.ne': 5 });
    const dflt = await h.json<Page>('admin', 'GET', `${API}?billingStatus.code.ne=5&size=1000`);
    expect(idsOf(dflt.body)).not.toContain(made.body.id);
    expect(idsOf(dflt.body)).toContain(h.fx.billing.acmeExpense);
    const cleared = await h.json<Page>('admin', 'GET', `${API}?size=1000`);
    expect(idsOf(cleared.body)).toContain(made.body.id);
  });

  it('EXP-10 list rows carry the date of calc, created at, payer RM and BRM', async () => {
    await h.db.query('UPDATE projects SET business_relationship_manager_position_id = $1 WHERE id = $2', [
      h.fx.positions.borisFirm,
      h.fx.projects.acmeProject,
    ]);
    try {
      const r = await h.json<Page>(
        'admin',
        'GET',
        `${API}?projection=expenseList&payerMatter=${h.fx.matters.acmeMatter}`,
      );
      const row = r.body._embedded.expenses.find((e) => e.id === h.fx.billing.acmeExpense)!;
      expect(row).toHaveProperty('calcDate', null);
      expect(row.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(row.payerRm).toBe('Anna Abenova');
      expect(row.brm).toBe('Boris Baker');
      expect(expenses.list?.columns).toEqual(expect.arrayContaining(['calcDate', 'createdDate', 'payerRm', 'brm']));
    } finally {
      await h.db.query('UPDATE projects SET business_relationship_manager_position_id = NULL WHERE id = $1', [
        h.fx.projects.acmeProject,
      ]);
    }
  });

  it('MC-4 EXP-15 GET /expenses/totalAmount reads totalAmount and totalAmountUsd per currency over the list filters and the access list, exactly, never one sum over currencies', async () => {
    // a matter of its own: Globex's, where only admins, billing and the creator see expenses
    const big = await create('admin', {
      payerMatter: { id: h.fx.matters.globexMatter },
      amount: '123456789012345.1234',
      expensePayerList: [{ payerPosition: { id: h.fx.positions.borisFirm }, percentage: 1 }],
    });
    expect(big.status, JSON.stringify(big.body)).toBe(201);
    const small = await create('admin', {
      payerMatter: { id: h.fx.matters.globexMatter },
      amount: '0.0001',
      currency: { id: h.fx.currencies.kzt },
      expensePayerList: [{ payerPosition: { id: h.fx.positions.borisFirm }, percentage: 1 }],
    });
    expect(small.status).toBe(201);
    const q = `payerMatter=${h.fx.matters.globexMatter}`;
    // money is answered as JSON numbers with every digit (docs/api.md): read the raw text
    const total = async (user: string) => {
      const res = await h.request(user, 'GET', `${API}/totalAmount?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    // a float would give 123456789012345.12; dollars and tenge are never added together (MC-4)
    const both =
      '{"totalAmount":null,"totalAmountUsd":123456789012345.1234,"byCurrency":[' +
      `{"currency":"KZT","currencyId":${h.fx.currencies.kzt},"totalAmount":0.0001,"totalAmountUsd":0},` +
      `{"currency":"USD","currencyId":${h.fx.currencies.usd},"totalAmount":123456789012345.1234,"totalAmountUsd":123456789012345.1234}]}`;
    expect(await total('admin')).toBe(both);
    // Boris pays both, so he sees both; Anna neither
    expect(await total('outsider')).toBe(both);
    expect(await total('spender')).toBe('{"totalAmount":0,"totalAmountUsd":0,"byCurrency":[]}');
    // one currency selected: the top-level figures are that currency's
    const usdOnly = await h.request('admin', 'GET', `${API}/totalAmount?${q}&currency.id=${h.fx.currencies.usd}`);
    expect(usdOnly.body).toContain('{"totalAmount":123456789012345.1234,"totalAmountUsd":123456789012345.1234,');
    expect((await h.request('member', 'GET', `${API}/totalAmount?${q}`)).statusCode).toBe(403);
    expect((await h.request('admin', 'GET', `${API}/totalAmount?nothing=1`)).statusCode).toBe(400);
  });
});

describe('the Excel export and the invoice preview', () => {
  const readBack = async (payload: Buffer): Promise<ExcelJS.CellValue[][]> => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(payload as unknown as ArrayBuffer);
    const rows: ExcelJS.CellValue[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return rows;
  };
  const columns = [
    { source: 'date', title: 'Date' },
    { source: 'payerMatter', title: 'Matter' },
    { source: 'amount', title: 'Amount' },
    { source: 'billingStatus', title: 'Billing status' },
  ];

  it('EXP-20 EXP-21 POST /excel/generate/expense with the bearer token and the column titles answers expenses.xlsx of the listed rows', async () => {
    const q = `payerMatter=${h.fx.matters.acmeMatter}&billingStatus.code.ne=5&sort=date,asc`;
    const res = await h.request('admin', 'POST', `/core/api/excel/generate/expense?${q}`, { columns });
    expect(res.statusCode, res.payload.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="expenses.xlsx"');
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual(['Date', 'Matter', 'Amount', 'Billing status']);
    const list = await h.json<Page>('admin', 'GET', `${API}?${q}&size=1000`);
    // the total rows close the sheet, one per currency (MC-4)
    const data = rows.slice(
      1,
      rows.findIndex((r) => /^Total/.test(String(r[0]))),
    );
    expect(data).toHaveLength(list.body._embedded.expenses.length);
    expect(
      data.some((r) => r[1] === 'M-0001 Acme share purchase' && r[2] === 120 && r[3] === 'Unbilled'),
      JSON.stringify(data),
    ).toBe(true);
    const totals = rows.slice(data.length + 1).map((r) => String(r[0]));
    expect(totals.length).toBeGreaterThan(0);
    for (const t of totals) expect(t).toMatch(/^Total( [A-Z]{3}|, all currencies)$/);
    // without a token: 401
    expect((await h.request(null, 'POST', `/core/api/excel/generate/expense?${q}`, { columns })).statusCode).toBe(401);
  });

  it('EXP-13 the export holds only the rows the user may read', async () => {
    const res = await h.request('outsider', 'POST', `/core/api/excel/generate/expense`, { columns });
    expect(res.statusCode).toBe(200);
    const rows = await readBack(res.rawPayload);
    const list = await h.json<Page>('outsider', 'GET', `${API}?size=1000`);
    const data = rows.slice(
      1,
      rows.findIndex((r) => /^Total/.test(String(r[0]))),
    );
    expect(data).toHaveLength(list.body._embedded.expenses.length);
    expect(data.some((r) => r[2] === 120)).toBe(false);
    expect((await h.request('member', 'POST', `/core/api/excel/generate/expense`, { columns })).statusCode).toBe(403);
  });

  it('INV-30 GET /expenses/search/findAllForInvoicePreview lists the uninvoiced expenses of a project (and matters) in a period', async () => {
    const inPeriod = await create('spender', { date: '2026-10-10' });
    const outside = await create('spender', { date: '2026-12-10' });
    const invoiced = await create('spender', { date: '2026-10-11' });
    await h.db.query('UPDATE expenses SET invoice_id = $1 WHERE id = $2', [h.fx.billing.acmeInvoice, invoiced.body.id]);
    const written = await create('spender', {
      date: '2026-10-12',
      billingStatus: { id: h.fx.dict('BILLING_STATUS', 5) },
    });
    // MC-3: only approved expenses may be billed; one awaiting approval is left out
    const pending = await create('spender', { date: '2026-10-13' });
    for (const e of [inPeriod, outside, invoiced, written]) await decideExpense(h.db, e.body.id);
    await decideExpense(h.db, h.fx.billing.acmeExpense);
    const url = `${API}/search/findAllForInvoicePreview?projectId=${h.fx.projects.acmeProject}&dateGte=2026-10-01&dateLte=2026-10-31`;
    const r = await h.json<Page>('spender', 'GET', url);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ids = idsOf(r.body);
    expect(ids).toEqual(expect.arrayContaining([inPeriod.body.id, h.fx.billing.acmeExpense]));
    for (const left of [outside, invoiced, written, pending]) expect(ids).not.toContain(left.body.id);
    const dates = r.body._embedded.expenses.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    // matters narrow it; another project has none; the access list holds
    const byMatter = await h.json<Page>('spender', 'GET', `${url}&matterIds=${h.fx.matters.globexMatter}`);
    expect(byMatter.body._embedded.expenses).toEqual([]);
    const globex = await h.json<Page>(
      'admin',
      'GET',
      url.replace(String(h.fx.projects.acmeProject), String(h.fx.projects.globexProject)),
    );
    expect(idsOf(globex.body)).not.toContain(inPeriod.body.id);
    const boris = await h.json<Page>('outsider', 'GET', url);
    expect(idsOf(boris.body)).not.toContain(h.fx.billing.acmeExpense);
    expect((await h.request('spender', 'GET', `${API}/search/findAllForInvoicePreview`)).statusCode).toBe(400);
    expect((await h.request('member', 'GET', url)).statusCode).toBe(403);
  });
});
