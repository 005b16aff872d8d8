import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMoney, sumExact } from '../../schemas/money';
import { createTestUser, insertRow } from '../auth/testing';
import { enqueueJob } from '../jobs/queue';
import { createHarness, type Harness } from '../test/harness';
import { checkParameters } from './params';
import { registerAnalyticsQuery } from './queries';
import { ANALYTICS_JOB_KIND } from './routes';

/**
 * The analytics API (DASH-03..17) through `app.inject`: the job lifecycle, results kept for
 * `max_age`, failure and cancel, typed parameters, and the reader's scope inside the SQL. Data
 * added to the fixture: two Approved USD invoices on Acme's project in October 2026, one paid into
 * Almaty (managed by carl, paid 77.77) and one into London (paid 123.45); the fixture's 250.00
 * payment of Acme's pre-invoice on 2026-11-01. Users: `partner` (anna, made a Partner in Almaty),
 * `carlm` (carl, no partner: own figures), admin.
 */
let h: Harness;
const A = '/analytics/api';
type Job = { id: number; status: number; error: string; query_result_id: number | null };
type QueryResult = { id: number; data: { columns: Array<{ name: string }>; rows: Array<Record<string, unknown>> } };
type Answer = { job?: Job; query_result?: QueryResult; message?: string; errors?: Array<{ property: string }> };
const view = { view: true, create: false, update: false, delete: false };
const reader = ['invoice', 'PAYMENT_HISTORY', 'pre_invoice', 'time', 'matter', 'project'].map((module) => ({
  module,
  ...view,
}));
const OCTOBER = { date_gte: '2026-10-01', date_lte: '2026-11-30' };
let londonInvoice = 0;

beforeAll(async () => {
  h = await createHarness();
  const { fx, db } = h;
  const account = await insertRow(db, 'officeAccounts', { office: fx.offices.london, active: true });
  const londonTransit = await insertRow(db, 'officeTransitAccounts', {
    officeAccount: account,
    currency: fx.currencies.usd,
  });
  const [almatyTransit] = await db.query<{ id: number }>(
    `SELECT t.id FROM office_transit_accounts t JOIN office_accounts a ON a.id = t.office_account_id WHERE a.office_id = $1 LIMIT 1`,
    [fx.offices.almaty],
  );
  const invoice = (number: string, transit: number, brm: number | null, total: string) =>
    insertRow(db, 'invoices', {
      number,
      date: '2026-10-12',
      billType: fx.dict('BILL_TYPE', 1),
      project: fx.projects.acmeProject,
      payerClient: fx.clients.acme,
      previewType: 'Project',
      currency: fx.currencies.usd,
      totalAmount: total,
      totalAmountUsd: total,
      status: fx.dict('INVOICE_STATUS', 4),
      officeTransitAccount: transit,
      brmPosition: brm,
    });
  const almatyInvoice = await invoice('INV-2026-90001', Number(almatyTransit!.id), fx.positions.carlFirm, '300.00');
  londonInvoice = await invoice('INV-2026-90002', londonTransit, null, '500.00');
  await insertRow(db, 'paymentHistories', { paymentDate: '2026-10-21', amount: '77.77', invoice: almatyInvoice });
  await insertRow(db, 'paymentHistories', { paymentDate: '2026-10-20', amount: '123.45', invoice: londonInvoice });
  // anna becomes a Partner of Almaty (her position's level), so her dashboards read Almaty
  await db.query(`UPDATE positions SET level_id = $1 WHERE id = $2`, [
    fx.dict('POSITION_LEVEL', 5),
    fx.positions.annaSector,
  ]);
  await createTestUser(db, {
    username: 'partner',
    employeeId: fx.employees.anna,
    roles: [{ name: 'PARTNER_READER', privileges: reader }],
  });
  await createTestUser(db, {
    username: 'carlm',
    employeeId: fx.employees.carl,
    roles: [{ name: 'MEMBER_READER', privileges: reader }],
  });
});
afterAll(async () => h?.close());

const post = (user: string, query: string | number, body: Record<string, unknown>) =>
  h.json<Answer>(user, 'POST', `${A}/queries/${query}/results`, body);

/** Polls a job as the SPA does (here every 50 ms, at most 200 times) until it reports 3, 4 or 5. */
async function settle(user: string, id: number): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const res = await h.json<Answer>(user, 'GET', `${A}/jobs/${id}`);
    expect(res.status).toBe(200);
    if (res.body.job!.status >= 3) return res.body.job!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not settle`);
}

/** Runs a query to its result: POST, poll the job to status 3, POST again (DASH-08). */
async function run(user: string, query: string | number, parameters: Record<string, unknown>): Promise<QueryResult> {
  const first = await post(user, query, { parameters, max_age: 120 });
  expect(first.status).toBe(200);
  if (first.body.query_result) return first.body.query_result;
  const job = await settle(user, first.body.job!.id);
  expect(job.status).toBe(3);
  const again = await post(user, query, { parameters, max_age: 120 });
  expect(again.body.query_result?.id).toBe(job.query_result_id);
  return again.body.query_result!;
}

const jobCount = async () =>
  Number(
    (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = $1`, [ANALYTICS_JOB_KIND]))[0]!
      .n,
  );

const usd = (rows: Array<Record<string, unknown>>, column: string) =>
  sumExact(rows.filter((r) => r.currency === 'USD').map((r) => toMoney(String(r[column]))));

describe('the job lifecycle (DASH-03..08)', () => {
  it('DASH-03 DASH-05 DASH-08 a query starts a job that reports 1 or 2, then 3, after which POSTing again answers the stored result', async () => {
    const first = await post('admin', 'income_by_month', { parameters: OCTOBER, max_age: 0 });
    expect(first.status).toBe(200);
    expect(first.body.query_result).toBeUndefined();
    expect([1, 2, 3]).toContain(first.body.job!.status);
    const job = await settle('admin', first.body.job!.id);
    expect(job).toMatchObject({ status: 3, error: '', query_result_id: first.body.job!.id });
    const again = await post('admin', 'income_by_month', { parameters: OCTOBER, max_age: 120 });
    expect(again.body.job).toBeUndefined();
    expect(again.body.query_result!.id).toBe(job.query_result_id);
    expect(again.body.query_result!.data.columns.map((c) => c.name)).toEqual(['month', 'currency', 'income']);
  });

  it('DASH-04 DASH-12 a result younger than max_age is answered at once without a job, also for the start_date/end_date spelling', async () => {
    await run('admin', 1, OCTOBER);
    const before = await jobCount();
    const cached = await post('admin', 1, {
      parameters: { start_date: OCTOBER.date_gte, end_date: OCTOBER.date_lte },
      maxAge: 120,
    });
    expect(cached.body.query_result).toBeDefined();
    expect(await jobCount()).toBe(before);
    // max_age 0 asks for a fresh run
    const fresh = await post('admin', 1, { parameters: OCTOBER, max_age: 0 });
    expect(fresh.body.job).toBeDefined();
    expect(await jobCount()).toBe(before + 1);
    await settle('admin', fresh.body.job!.id);
  });

  it('DASH-09 a failing query reports status 4 with its id and the database error', async () => {
    const remove = registerAnalyticsQuery({
      id: 9901,
      name: 'test_division_by_zero',
      description: 'fails on purpose',
      parameters: [],
      columns: [],
      sql: () => 'SELECT 1 / (SELECT count(*) FROM offices WHERE id < 0) AS x',
    });
    const res = await post('admin', 'test_division_by_zero', { parameters: {}, max_age: 0 });
    const job = await settle('admin', res.body.job!.id).finally(remove);
    expect(job.status).toBe(4);
    expect(job.id).toBe(res.body.job!.id);
    expect(job.error).toMatch(/division by zero/);
    expect(job.query_result_id).toBeNull();
  });

  it('DASH-10 a cancelled job reports status 5 with its id; a finished one cannot be cancelled (409)', async () => {
    const id = await enqueueJob(
      h.db,
      ANALYTICS_JOB_KIND,
      { queryId: 1, values: {}, key: 'x' },
      { createdBy: 'admin', runAfter: new Date(Date.now() + 3600_000) },
    );
    const cancel = await h.json<Answer>('admin', 'DELETE', `${A}/jobs/${id}`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.job).toMatchObject({ id, status: 5, error: 'Query cancelled by user.' });
    expect((await h.json<Answer>('admin', 'GET', `${A}/jobs/${id}`)).body.job!.status).toBe(5);
    expect((await h.request('admin', 'DELETE', `${A}/jobs/${id}`)).statusCode).toBe(409);
  });

  it("DASH-05 a job is read by the user who started it only: another user's is 404, as a missing one", async () => {
    const res = await post('admin', 'top_clients', { parameters: OCTOBER, max_age: 0 });
    const id = res.body.job!.id;
    expect((await h.request('partner', 'GET', `${A}/jobs/${id}`)).statusCode).toBe(404);
    expect((await h.request('admin', 'GET', `${A}/jobs/999999999`)).statusCode).toBe(404);
    expect((await h.request(null, 'GET', `${A}/jobs/${id}`)).statusCode).toBe(401);
    await settle('admin', id);
  });
});

describe('typed parameters only (DASH-03, DASH-12..14, DASH-17)', () => {
  it('DASH-03 a parameter that is not declared, of the wrong type or outside its enum is refused with 400 and field errors, and no job', async () => {
    const before = await jobCount();
    const bad = await post('admin', 'realisation', {
      parameters: { date_gte: "2026-01-01'; DROP TABLE jobs; --", group_by: 'planet', sql: 'SELECT 1', office_id: -3 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.property).sort()).toEqual(['date_gte', 'group_by', 'office_id', 'sql']);
    expect((await post('admin', 'realisation', { parameters: OCTOBER, max_age: 'soon' })).status).toBe(400);
    expect((await post('admin', 'no_such_query', { parameters: {} })).status).toBe(404);
    expect(await jobCount()).toBe(before);
  });

  it('DASH-12 DASH-13 aliases: start_date/end_date, department, office are date_gte/date_lte, department_id, office_id; both spellings at once is 400', () => {
    const defs = [
      { name: 'date_gte', type: 'date' as const },
      { name: 'date_lte', type: 'date' as const },
      { name: 'department_id', type: 'id' as const },
      { name: 'office_id', type: 'id' as const },
      { name: 'eid', type: 'id' as const },
    ];
    expect(
      checkParameters('q', defs, {
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        department: 4,
        office: '2',
        eid: 9,
      }),
    ).toEqual({ date_gte: '2026-01-01', date_lte: '2026-01-31', department_id: 4, office_id: 2, eid: 9 });
    expect(() => checkParameters('q', defs, { office: 2, office_id: 3 })).toThrow(/Invalid parameters/);
    expect(() => checkParameters('q', defs, { date_gte: '2026-02-30' })).toThrow(/Invalid parameters/);
  });

  it('DASH-17 experience reads from 1990-01-01: an earlier date is raised to the floor', async () => {
    const r = await run('admin', 'experience', { date_gte: '1970-01-01', group_by: 'country' });
    expect(r.data.rows.every((row) => Number(row.year) >= 1990)).toBe(true);
    expect(
      checkParameters('experience', [{ name: 'date_gte', type: 'date', floor: '1990-01-01' }], {
        date_gte: '1970-05-01',
      }),
    ).toEqual({ date_gte: '1990-01-01' });
  });
});

describe('figures and scope', () => {
  it('DASH-16 income is rounded to 0 decimals per month and totalled per currency', async () => {
    const r = await run('admin', 'income_by_month', OCTOBER);
    expect(r.data.rows).toEqual([
      { month: '2026-10', currency: 'USD', income: '201' },
      { month: '2026-11', currency: 'USD', income: '250' },
      { month: null, currency: 'USD', income: '451' },
    ]);
  });

  it('DASH-14 realisation: collected equals the payments of the period read through the payments list, to the cent', async () => {
    const list = await h.json<{ _embedded: { paymentHistories: Array<{ amount: unknown; reversedAt: unknown }> } }>(
      'admin',
      'GET',
      `/core/api/paymentHistories?paymentDate.gte=${OCTOBER.date_gte}&paymentDate.lte=${OCTOBER.date_lte}&size=1000`,
    );
    expect(list.status).toBe(200);
    const payments = sumExact(
      list.body._embedded.paymentHistories.filter((p) => !p.reversedAt).map((p) => toMoney(String(p.amount))),
    );
    for (const group_by of ['office', 'client', 'sector', 'service', 'lawyer']) {
      const r = await run('admin', 'realisation', { ...OCTOBER, group_by });
      expect(r.data.rows.every((row) => row.currency === 'USD' || row.currency === null)).toBe(true);
      expect(usd(r.data.rows, 'collected').toFixed(2)).toBe(payments.toFixed(2));
    }
    expect(payments.toFixed(2)).toBe('451.22');
  });

  it('DASH-13 a partner receives only their office: the London payment they can list is not in their figures', async () => {
    const list = await h.json<{ _embedded: { paymentHistories: Array<{ amount: unknown }> } }>(
      'partner',
      'GET',
      `/core/api/paymentHistories?paymentDate.gte=${OCTOBER.date_gte}&paymentDate.lte=${OCTOBER.date_lte}&size=1000`,
    );
    expect(list.body._embedded.paymentHistories.map((p) => String(p.amount))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^123\.45/)]),
    );
    const r = await run('partner', 'realisation', { ...OCTOBER, group_by: 'office' });
    expect(r.data.rows.map((row) => Number(row.group_id))).toEqual([h.fx.offices.almaty]);
    expect(usd(r.data.rows, 'collected').toFixed(2)).toBe('77.77');
    expect(usd(r.data.rows, 'billed').toFixed(2)).toBe('300.00');
    // asking for London's figures by filter gives nothing: the scope is in the SQL, not the filter
    const london = await run('partner', 'realisation', { ...OCTOBER, office_id: h.fx.offices.london });
    expect(london.data.rows).toEqual([]);
  });

  it("DASH-13 a member receives only their own figures; an administrator's stored result is never theirs", async () => {
    const all = await run('admin', 'top_clients', OCTOBER);
    expect(usd(all.data.rows, 'collected').toFixed(2)).toBe('451.22');
    const mine = await post('carlm', 'top_clients', { parameters: OCTOBER, max_age: -1 });
    expect(mine.body.job).toBeDefined();
    await settle('carlm', mine.body.job!.id);
    const r = await run('carlm', 'top_clients', OCTOBER);
    expect(usd(r.data.rows, 'collected').toFixed(2)).toBe('77.77');
    const lawyers = await run('carlm', 'realisation', { ...OCTOBER, group_by: 'lawyer' });
    expect(lawyers.data.rows.map((row) => Number(row.group_id))).toEqual([h.fx.employees.carl]);
  });

  it("home pages: a lawyer's hours and open tasks are their own; documents waiting and overdue receivables answer for a billing manager", async () => {
    const hours = await run('carlm', 'my_hours', {});
    expect(hours.data.rows.map((row) => row.period)).toEqual(['week', 'month']);
    const tasks = await run('partner', 'my_open_tasks', {});
    expect(Array.isArray(tasks.data.rows)).toBe(true);
    const overdue = await run('admin', 'overdue_receivables', { days: 0 });
    const london = overdue.data.rows.find((row) => Number(row.invoice_id) === londonInvoice);
    expect(london).toMatchObject({ currency: 'USD', open_balance: '376.55' });
    const waiting = await run('admin', 'documents_waiting_for_me', {});
    expect(waiting.data.columns.map((c) => c.name)).toEqual(['owner_type', 'documents']);
  });
});

describe('worked: the time value', () => {
  it("DASH-14 worked is the hours of billable time entries x the matter rate of the executor's title on the day, per office", async () => {
    const { fx, db } = h;
    // Acme's matter becomes rate-based (bill type 2) at 200.00 for anna's title (partner since 2024)
    await db.query(`UPDATE matters SET bill_type_id = $1 WHERE id = $2`, [
      fx.dict('BILL_TYPE', 2),
      fx.matters.acmeMatter,
    ]);
    await insertRow(db, 'matterRates', { matter: fx.matters.acmeMatter, title: fx.titles.partner, rate: '200.00' });
    await insertRow(db, 'times', {
      dateTime: '2026-10-05T09:00:00Z',
      workType: fx.dict('WORK_TYPE', 1),
      executorPosition: fx.positions.annaSector,
      employee: fx.employees.anna,
      duration: 5_400_000,
      billable: true,
      client: fx.clients.acme,
      project: fx.projects.acmeProject,
      matter: fx.matters.acmeMatter,
    });
    const started = await post('admin', 'realisation', { parameters: { ...OCTOBER, group_by: 'office' }, max_age: 0 });
    expect((await settle('admin', started.body.job!.id)).status).toBe(3);
    const r = (await post('admin', 'realisation', { parameters: { ...OCTOBER, group_by: 'office' } })).body
      .query_result!;
    const almaty = r.data.rows.find((row) => Number(row.group_id) === fx.offices.almaty && row.currency === 'USD');
    // anna's fixture hour on 2026-11-02 and 1.5 h on 2026-10-05: 2.5 h x 200.00
    expect(almaty).toMatchObject({ worked: '500.00', billed: '300.00', collected: '77.77', written_off: '0.00' });
  });
});
