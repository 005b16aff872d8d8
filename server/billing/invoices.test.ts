import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { decideExpense } from './testing';
import { approversEverywhere } from '../test/approvers';

/**
 * Invoices through the HTTP API: fields (INV-01..03), create with picked times, expenses and
 * pre-invoices (INV-12, INV-13, INV-21), delete (INV-22), totals (INV-16, INV-23), the flow
 * (INV-11, INV-24..27), the list (INV-04, INV-15), the combined display (INV-08..10), record
 * access (INV-14), the sub-lists (INV-17..19) and the times preview (INV-29). Users: `invoicer`
 * (Carl, on the Acme matter's team, full `invoice`, view `time` and `expense`), `outsider` (Anna
 * with only `invoice`, on no Globex list), `billmgr` (LOCAL_BILLING with full `invoice`), admin.
 */
let h: Harness;
type Ref = { id: number; code?: number } | null;
type Invoice = {
  id: number;
  version: number;
  number: string;
  status: Ref;
  signed: boolean;
  paid: boolean;
  totalAmount: number | string;
  totalAmountUsd: number | string;
  matterList: Array<{ id: number }>;
  officeTransitAccount: Ref;
  previewType: string;
  verificationChain: Ref;
  brmPosition: Ref;
  actPaidState: string | null;
};
type Err = { message: string; errors?: Array<{ property: string; message: string }> };

const full = { view: true, create: true, update: true, delete: true };
const view = { view: true, create: false, update: false, delete: false };

beforeAll(async () => {
  h = await createHarness();
  await createTestUser(h.db, {
    username: 'invoicer',
    employeeId: h.fx.employees.carl,
    roles: [
      {
        name: 'INVOICER',
        privileges: [
          { module: 'invoice', ...full },
          { module: 'time', ...view },
          { module: 'expense', ...view },
        ],
      },
    ],
  });
  await createTestUser(h.db, {
    username: 'billmgr',
    employeeId: h.fx.employees.boris,
    roles: [{ name: 'LOCAL_BILLING', privileges: [{ module: 'invoice', ...full }] }],
  });
  await createTestUser(h.db, {
    username: 'outsider',
    employeeId: h.fx.employees.anna,
    roles: [{ name: 'INVOICE_ONLY', privileges: [{ module: 'invoice', ...full }] }],
  });
  // MC-6: a document needs its office's approvers (the types this file does not set itself)
  await approversEverywhere(h);
});
afterAll(async () => h?.close());

const body = (extra: Record<string, unknown> = {}) => ({
  date: '2026-11-10',
  periodGte: '2026-11-01',
  periodLte: '2026-11-30',
  billType: { id: h.fx.dict('BILL_TYPE', 1) },
  project: { id: h.fx.projects.acmeProject },
  payerClient: { id: h.fx.clients.acme },
  invoiceLanguage: { id: h.fx.dict('LANGUAGE', 1) },
  contract: 'C-1',
  previewType: 'Project',
  currency: { id: h.fx.currencies.usd },
  matterList: [{ id: h.fx.matters.acmeMatter }],
  ...extra,
});

const create = (user: string, extra: Record<string, unknown> = {}) =>
  h.json<Invoice & Err>(user, 'POST', '/core/api/invoices', body(extra));
const get = (user: string, id: number) => h.json<Invoice & Err>(user, 'GET', `/core/api/invoices/${id}`);
const billing = async (table: string, id: number) => {
  const [row] = await h.db.query<{ invoice_id: string | null; code: number | null }>(
    `SELECT x.invoice_id, d.code FROM ${table} x LEFT JOIN base_dictionaries d ON d.id = x.billing_status_id WHERE x.id = $1`,
    [id],
  );
  return { invoice: row!.invoice_id === null ? null : Number(row!.invoice_id), code: Number(row!.code) };
};
const statusId = (code: number) => h.fx.dict('INVOICE_STATUS', code);

describe('invoices', () => {
  it('INV-01 INV-02 INV-17 INV-21 an invoice is created with POST /invoices carrying its fields and read with GET /invoices/{id}', async () => {
    const r = await create('invoicer');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const g = await get('invoicer', r.body.id);
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject({
      date: '2026-11-10',
      periodGte: '2026-11-01',
      periodLte: '2026-11-30',
      billType: { code: 1 },
      project: { id: h.fx.projects.acmeProject },
      payerClient: { id: h.fx.clients.acme },
      invoiceLanguage: { code: 1 },
      contract: 'C-1',
      previewType: 'Project',
      status: { code: 1 },
      signed: false,
      paid: false,
      numberSuffix: null,
    });
    // INV-YYYY-NNNNN, sequential per year (server/billing/numbering.test.ts)
    expect(g.body.number).toMatch(/^INV-2026-\d{5}$/);
    for (const k of ['officeTransitAccount', 'verificationChain', 'preInvoiceList', 'timeList', 'expenseList'])
      expect(Object.keys(g.body)).toContain(k);
    const bad = await create('invoicer', { previewType: 'Matter' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.property).toBe('previewType');
  });

  it('INV-12 duplicate matters are removed when an invoice is created', async () => {
    const r = await create('admin', {
      matterList: [{ id: h.fx.matters.acmeMatter }, { id: h.fx.matters.globexMatter }, { id: h.fx.matters.acmeMatter }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const g = await get('admin', r.body.id);
    expect(g.body.matterList.map((m) => m.id).sort()).toEqual(
      [h.fx.matters.acmeMatter, h.fx.matters.globexMatter].sort(),
    );
  });

  it('INV-13 an office transit account without an id is stored as none', async () => {
    const r = await create('invoicer', { officeTransitAccount: { name: 'no id' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await get('invoicer', r.body.id)).body.officeTransitAccount).toBeNull();
  });

  it('INV-18 INV-20 INV-21 INV-22 INV-23 create links the picked time, expense and pre-invoice, totals them, GET /invoices/{id}/times lists the time; delete unlinks them', async () => {
    const { annaTime, borisTime } = h.fx.times;
    const expense = h.fx.billing.acmeExpense;
    // a pre-invoice of its own, not held by the fixture's invoice
    // an approved pre-invoice and an approved expense in the period: what an invoice may bill (MC-3)
    const [pre] = await h.db.query<{ id: string }>(
      `INSERT INTO pre_invoices (number, date, project_id, payer_client_id, currency_id, amount, status_id)
       VALUES ('PI-T', '2026-11-03', $1, $2, $3, '500.25', $4) RETURNING id`,
      [h.fx.projects.acmeProject, h.fx.clients.acme, h.fx.currencies.usd, h.fx.dict('PRE_INVOICE_STATUS', 4)],
    );
    await decideExpense(h.db, expense);
    const preId = Number(pre!.id);
    const r = await create('admin', {
      periodGte: '2026-10-01',
      timeList: [{ id: annaTime }],
      expenseList: [{ id: expense }],
      preInvoiceList: [{ id: preId }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = r.body.id;
    expect(await billing('times', annaTime)).toEqual({ invoice: id, code: 4 });
    expect(await billing('expenses', expense)).toEqual({ invoice: id, code: 4 });
    // each picked row's link is a write in its own history, by the user who made the invoice
    const history = (collection: string, recordId: number) =>
      h.db.query<{ changed_by: string; fields: string[] }>(
        `SELECT changed_by, ARRAY(SELECT c->>'field' FROM jsonb_array_elements(changes) c ORDER BY 1) AS fields
           FROM record_history WHERE collection = $1 AND record_id = $2 ORDER BY id`,
        [collection, recordId],
      );
    const linkedTime = await history('times', annaTime);
    expect(linkedTime.at(-1)).toEqual({ changed_by: 'admin', fields: ['billingStatus', 'invoice'] });
    expect((await history('expenses', expense)).at(-1)).toEqual({
      changed_by: 'admin',
      fields: ['billingStatus', 'invoice'],
    });
    // the link is its own write; closing the pre-invoice (MC-5) follows it
    expect(await history('preInvoices', preId)).toContainEqual({ changed_by: 'admin', fields: ['invoice'] });
    // a row nobody picked is untouched
    expect(await billing('times', borisTime)).toEqual({ invoice: null, code: 2 });
    // Acme's matter is fixed fee 15,000.00 USD + the expense 120.00 + the pre-invoice 500.25 (no VAT)
    const g = await get('admin', id);
    expect(String(g.body.totalAmount)).toBe('15620.25');
    expect(String(g.body.totalAmountUsd)).toBe('15620.25');
    const times = await h.json<{ _embedded: { times: Array<{ id: number }> } }>(
      'admin',
      'GET',
      `/core/api/invoices/${id}/times`,
    );
    expect(times.body._embedded.times.map((t) => t.id)).toEqual([annaTime]);
    // INV-20: the card's totals are the times' and expenses' totals filtered by the invoice
    const [held] = await h.db.query<{ duration: string }>('SELECT duration FROM times WHERE id = $1', [annaTime]);
    const duration = await h.json('admin', 'GET', `/core/api/times/totalDuration?invoice.id=${id}`);
    expect(String(duration.body.durationTotal)).toBe(String(held!.duration));
    const amount = await h.json('admin', 'GET', `/core/api/expenses/totalAmount?invoice.id=${id}`);
    expect(String(amount.body.totalAmount)).toMatch(/^120(\.0+)?$/);
    // a row held by another invoice cannot be picked
    const twice = await create('admin', { timeList: [{ id: annaTime }] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.[0]?.property).toBe('timeList');

    const del = await h.request('admin', 'DELETE', `/core/api/invoices/${id}`);
    expect(del.statusCode, del.body).toBe(204);
    expect(await billing('times', annaTime)).toEqual({ invoice: null, code: 2 });
    expect(await billing('expenses', expense)).toEqual({ invoice: null, code: 2 });
    // and the unlink is one more write in the time entry's history
    expect(await history('times', annaTime)).toHaveLength(linkedTime.length + 1);
    const [p] = await h.db.query<{ invoice_id: string | null }>('SELECT invoice_id FROM pre_invoices WHERE id = $1', [
      preId,
    ]);
    expect(p!.invoice_id).toBeNull();
  });

  it('INV-23 PATCH /invoices/recalculate/{id} prices a rate-based time at the title rate, and converts to a KZT invoice', async () => {
    // Globex's matter becomes rate-based with 200.00 USD an hour for associates (boris's title)
    await h.db.query('UPDATE matters SET bill_type_id = $1 WHERE id = $2', [
      h.fx.dict('BILL_TYPE', 2),
      h.fx.matters.globexMatter,
    ]);
    await h.db.query('INSERT INTO matter_rates (matter_id, title_id, rate) VALUES ($1, $2, $3)', [
      h.fx.matters.globexMatter,
      h.fx.titles.associate,
      '200.00',
    ]);
    const r = await create('admin', {
      project: { id: h.fx.projects.globexProject },
      payerClient: { id: h.fx.clients.globex },
      matterList: [{ id: h.fx.matters.globexMatter }],
      timeList: [{ id: h.fx.times.borisTime }],
      currency: { id: h.fx.currencies.kzt },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const rec = await h.json<{ totalAmount: string; totalAmountUsd: string }>(
      'admin',
      'PATCH',
      `/core/api/invoices/recalculate/${r.body.id}`,
    );
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    // 1 h x 200.00 USD = 200 / 0.00208333 KZT = 96000.15 KZT; back to USD 200.00
    expect(rec.body).toEqual({ totalAmount: '96000.15', totalAmountUsd: '200.00' });
    const hidden = await h.request('outsider', 'PATCH', `/core/api/invoices/recalculate/${r.body.id}`);
    expect(hidden.statusCode).toBe(404);
    await h.request('admin', 'DELETE', `/core/api/invoices/${r.body.id}`);
  });

  it('INV-23 a new invoice gets its number and totals in one recorded write; a recalculation that changes the totals leaves a history row, one that changes nothing writes nothing', async () => {
    const r = await create('invoicer');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const recorded = () =>
      h.db.query<{ action: string; changed_by: string; changes: Array<{ field: string; after?: unknown }> }>(
        "SELECT action, changed_by, changes FROM record_history WHERE collection = 'invoices' AND record_id = $1 ORDER BY id",
        [r.body.id],
      );
    const created = await recorded();
    expect(created.map((e) => e.action)).toEqual(['create', 'update']);
    const fields = created[1]!.changes.map((c) => c.field);
    expect(fields).toContain('number');
    expect(created[1]!.changes.find((c) => c.field === 'number')?.after).toBe(r.body.number);
    // stored totals that went wrong are put right by one write, recorded as the user's
    await h.db.query('UPDATE invoices SET total_amount = 123.45 WHERE id = $1', [r.body.id]);
    const before = (await get('invoicer', r.body.id)).body;
    const rec = await h.json<{ totalAmount: string }>(
      'invoicer',
      'PATCH',
      `/core/api/invoices/recalculate/${r.body.id}`,
    );
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    const after = (await get('invoicer', r.body.id)).body;
    expect(after.version).toBe(before.version + 1);
    const recalculated = await recorded();
    expect(recalculated).toHaveLength(created.length + 1);
    const last = recalculated[recalculated.length - 1]!;
    expect(last).toMatchObject({ action: 'update', changed_by: 'invoicer' });
    expect(last.changes.map((c) => c.field)).toEqual(['totalAmount']);
    // recalculated again with nothing changed: no write, no version, no history row
    await h.json('invoicer', 'PATCH', `/core/api/invoices/recalculate/${r.body.id}`);
    expect((await get('invoicer', r.body.id)).body.version).toBe(after.version);
    expect(await recorded()).toHaveLength(recalculated.length);
    await h.request('admin', 'DELETE', `/core/api/invoices/${r.body.id}`);
  });

  it('INV-11 INV-26 check-documents sends for verification; decision 2 through the chain approves (status 4)', async () => {
    const r = await create('invoicer');
    const sent = await h.json<{ verificationChain: { id: number } }>(
      'invoicer',
      'POST',
      `/core/api/invoices/verify/${r.body.id}/check-documents`,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const g = await get('invoicer', r.body.id);
    expect(g.body.status).toMatchObject({ code: 2 });
    expect(g.body.verificationChain).toMatchObject({ id: sent.body.verificationChain.id });
    // a second send is refused: it is no longer a draft
    expect(
      (await h.request('invoicer', 'POST', `/core/api/invoices/verify/${r.body.id}/check-documents`)).statusCode,
    ).toBe(409);
    const solve = await h.request('admin', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: sent.body.verificationChain.id,
      decisionCode: 2,
    });
    expect(solve.statusCode, solve.body).toBeLessThan(300);
    expect((await get('invoicer', r.body.id)).body.status).toMatchObject({ code: 4 });
    // the approval's status change is in the invoice's history, by the approver, from 2 to 4
    const changes = await h.db.query<{
      changed_by: string;
      changes: Array<{ field: string; before?: unknown; after?: unknown }>;
    }>("SELECT changed_by, changes FROM record_history WHERE collection = 'invoices' AND record_id = $1 ORDER BY id", [
      r.body.id,
    ]);
    const last = changes[changes.length - 1]!;
    expect(last.changed_by).toBe('admin');
    expect(last.changes.find((c) => c.field === 'status')).toMatchObject({
      before: { id: statusId(2) },
      after: { id: statusId(4) },
    });
  });

  it('INV-27 MC-2 PATCH /invoices/verify/changeStatus/{id}/{statusId} sets the status by dictionary id along the declared moves', async () => {
    const r = await create('invoicer');
    // MC-2: Partly paid comes from payments only, never from a status call
    const paid = await h.request(
      'invoicer',
      'PATCH',
      `/core/api/invoices/verify/changeStatus/${r.body.id}/${statusId(6)}`,
    );
    expect(paid.statusCode, paid.body).toBe(409);
    const res = await h.request(
      'invoicer',
      'PATCH',
      `/core/api/invoices/verify/changeStatus/${r.body.id}/${statusId(3)}`,
      { comment: 'Billed to the wrong project' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('invoicer', r.body.id)).body.status).toMatchObject({ code: 3 });
    const bad = await h.request(
      'invoicer',
      'PATCH',
      `/core/api/invoices/verify/changeStatus/${r.body.id}/${h.fx.dict('BILLING_STATUS', 2)}`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('INV-25 INV-08 INV-09 INV-10 PATCH /invoices/{id}/act signs it; the combined display follows signed and paid', async () => {
    const r = await create('invoicer');
    const id = r.body.id;
    expect((await get('invoicer', id)).body.actPaidState).toBeNull();
    // MC-2: only an approved (or paid) invoice is acted - the setting is an approved one
    await h.db.query('UPDATE invoices SET paid = true, status_id = $2 WHERE id = $1', [id, statusId(4)]);
    expect((await get('invoicer', id)).body.actPaidState).toBe('Paid & Not Acted');
    const act = await h.request('invoicer', 'PATCH', `/core/api/invoices/${id}/act`);
    expect(act.statusCode, act.body).toBe(200);
    const g = await get('invoicer', id);
    expect(g.body.signed).toBe(true);
    expect(g.body.actPaidState).toBe('Paid & Acted');
    await h.db.query('UPDATE invoices SET paid = false WHERE id = $1', [id]);
    expect((await get('invoicer', id)).body.actPaidState).toBe('Acted & Not Paid');
  });

  it('INV-06 H2-04 an edit does not overwrite paid (code 5 paid is written by payments): a changed paid is 400, the stored one passes', async () => {
    const r = await create('invoicer');
    await h.db.query('UPDATE invoices SET paid = true WHERE id = $1', [r.body.id]);
    const g = await get('invoicer', r.body.id);
    const refused = await h.json<Err>(
      'invoicer',
      'PATCH',
      `/core/api/invoices/${r.body.id}`,
      { contract: 'C-2', paid: false },
      { 'if-match': String(g.body.version) },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.property)).toEqual(['paid']);
    const put = await h.request(
      'invoicer',
      'PATCH',
      `/core/api/invoices/${r.body.id}`,
      { contract: 'C-2', paid: true },
      {
        'if-match': String(g.body.version),
      },
    );
    expect(put.statusCode, put.body).toBeLessThan(300);
    // the stored value passed; the flag then follows the invoice's payments (MC-5: a Draft's paid is
    // refreshed after each edit), and the true above was written around the product with none
    expect((await get('invoicer', r.body.id)).body).toMatchObject({ contract: 'C-2', paid: false });
  });

  it('INV-24 PATCH /invoices/update/brm sets the BRM position', async () => {
    const r = await create('invoicer');
    const res = await h.request('invoicer', 'PATCH', '/core/api/invoices/update/brm', {
      invoiceId: r.body.id,
      brmPositionId: h.fx.positions.borisFirm,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('invoicer', r.body.id)).body.brmPosition).toMatchObject({ id: h.fx.positions.borisFirm });
  });

  it('INV-04 INV-15 INV-16 the list uses invoiceList, hides cancelled ones by default, totals over the same filters', async () => {
    const a = await create('admin', { contract: 'LIST-1' });
    const b = await create('admin', { contract: 'LIST-1' });
    const cancel = await h.request(
      'admin',
      'PATCH',
      `/core/api/invoices/verify/changeStatus/${b.body.id}/${statusId(3)}`,
      { comment: 'Not to be billed' },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const list = await h.json<{ _embedded: { invoices: Array<{ id: number; actPaidState?: unknown }> } }>(
      'admin',
      'GET',
      '/core/api/invoices?projection=invoiceList&status.code.ne=3&search=LIST-1',
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.invoices.map((i) => i.id)).toEqual([a.body.id]);
    expect(Object.keys(list.body._embedded.invoices[0]!)).toContain('actPaidState');
    const all = await h.json<{ _embedded: { invoices: unknown[] } }>(
      'admin',
      'GET',
      '/core/api/invoices?search=LIST-1',
    );
    expect(all.body._embedded.invoices).toHaveLength(2);
    const { getSchema } = await import('../../schemas/index');
    expect(getSchema('invoices').list?.defaultFilter).toEqual({ 'status.code.ne': 3 });
    await h.db.query(
      "UPDATE invoices SET total_amount = '10.10', total_amount_usd = '10.10' WHERE contract = 'LIST-1'",
    );
    const t = await h.json<{ totalAmount: number }>('admin', 'GET', '/core/api/invoices/totalAmount?search=LIST-1');
    expect(t.body.totalAmount).toBeCloseTo(20.2, 10);
    const t2 = await h.json<{ totalAmount: number }>(
      'admin',
      'GET',
      '/core/api/invoices/totalAmount?search=LIST-1&status.code.ne=3',
    );
    expect(t2.body.totalAmount).toBeCloseTo(10.1, 10);
  });

  it('MC-4 INV-16 the invoice list total over tenge and dollars is given per currency, never one bare number', async () => {
    const usd = await create('admin', { contract: 'CUR-MIX' });
    const kzt = await create('admin', { contract: 'CUR-MIX', currency: { id: h.fx.currencies.kzt } });
    expect([usd.status, kzt.status]).toEqual([201, 201]);
    // the stored totals as recalculation would leave them (test setup, not a business write)
    await h.db.query("UPDATE invoices SET total_amount = '100.10', total_amount_usd = '100.10' WHERE id = $1", [
      usd.body.id,
    ]);
    await h.db.query("UPDATE invoices SET total_amount = '480000.00', total_amount_usd = '1000.00' WHERE id = $1", [
      kzt.body.id,
    ]);
    const res = await h.request('admin', 'GET', '/core/api/invoices/totalAmount?search=CUR-MIX');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '{"totalAmount":null,"totalAmountUsd":1100.1,"byCurrency":[' +
        `{"currency":"KZT","currencyId":${h.fx.currencies.kzt},"totalAmount":480000,"totalAmountUsd":1000},` +
        `{"currency":"USD","currencyId":${h.fx.currencies.usd},"totalAmount":100.1,"totalAmountUsd":100.1}]}`,
    );
    // narrowed to one currency, the figures are that currency's
    const one = await h.json<{ totalAmount: number; byCurrency: unknown[] }>(
      'admin',
      'GET',
      `/core/api/invoices/totalAmount?search=CUR-MIX&currency.id=${h.fx.currencies.kzt}`,
    );
    expect(one.body.totalAmount).toBe(480000);
    expect(one.body.byCurrency).toHaveLength(1);
  });

  it("INV-14 non-billing users see only invoices on their projects' or matters' access lists, on list, item, totals and sub-lists", async () => {
    const globex = await create('admin', {
      project: { id: h.fx.projects.globexProject },
      payerClient: { id: h.fx.clients.globex },
      matterList: [{ id: h.fx.matters.globexMatter }],
      contract: 'ACL',
    });
    const acme = await create('admin', { contract: 'ACL' });
    const ids = async (user: string) =>
      (
        await h.json<{ _embedded: { invoices: Array<{ id: number }> } }>(user, 'GET', '/core/api/invoices?search=ACL')
      ).body._embedded.invoices.map((i) => i.id);
    expect(await ids('invoicer')).toEqual([acme.body.id]);
    expect((await ids('billmgr')).sort()).toEqual([acme.body.id, globex.body.id].sort());
    expect((await get('invoicer', globex.body.id)).status).toBe(404);
    expect((await h.request('invoicer', 'GET', `/core/api/invoices/${globex.body.id}/times`)).statusCode).toBe(404);
    expect((await h.request('invoicer', 'GET', `/core/api/invoices/${globex.body.id}/expenses`)).statusCode).toBe(404);
    expect((await h.request('invoicer', 'PATCH', `/core/api/invoices/${globex.body.id}/act`)).statusCode).toBe(404);
    await h.db.query("UPDATE invoices SET total_amount = '1' WHERE contract = 'ACL'");
    const t = await h.json<{ totalAmount: number }>('invoicer', 'GET', '/core/api/invoices/totalAmount?search=ACL');
    expect(t.body.totalAmount).toBe(1);
    // nobody bills a project they cannot read (H2-04); what a user created stays theirs to read
    const refused = await create('outsider', {
      project: { id: h.fx.projects.globexProject },
      payerClient: { id: h.fx.clients.globex },
      matterList: [],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.property)).toContain('project');
    await h.db.query("UPDATE invoices SET created_by = 'outsider' WHERE id = $1", [globex.body.id]);
    expect((await get('outsider', globex.body.id)).status).toBe(200);
  });

  it('INV-19 GET /invoices/{id}/expenses lists the expenses it holds with money as decimal strings', async () => {
    // approved and dated in the period (2026-10-20): billable (MC-3)
    await decideExpense(h.db, h.fx.billing.acmeExpense);
    const r = await create('admin', { periodGte: '2026-10-01', expenseList: [{ id: h.fx.billing.acmeExpense }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const e = await h.json<{ _embedded: { expenses: Array<{ id: number; amount: string }> } }>(
      'invoicer',
      'GET',
      `/core/api/invoices/${r.body.id}/expenses`,
    );
    expect(e.status).toBe(200);
    expect(e.body._embedded.expenses).toEqual([
      expect.objectContaining({ id: h.fx.billing.acmeExpense, amount: '120' }),
    ]);
    await h.request('admin', 'DELETE', `/core/api/invoices/${r.body.id}`);
  });

  it('INV-29 GET /times/search/findAllForInvoicePreview lists billable, uninvoiced time entries of the project in the period', async () => {
    const q = (user: string, params: string) =>
      h.json<{ _embedded: { times: Array<{ id: number }> } } & Err>(
        user,
        'GET',
        `/core/api/times/search/findAllForInvoicePreview?${params}`,
      );
    const acme = await q('admin', `projectId=${h.fx.projects.acmeProject}&dateGte=2026-11-01&dateLte=2026-11-30`);
    expect(acme.status, JSON.stringify(acme.body)).toBe(200);
    // anna's time entry only: her task is no time entry
    expect(acme.body._embedded.times.map((t) => t.id)).toEqual([h.fx.times.annaTime]);
    const byMatter = await q('admin', `matterIds=${h.fx.matters.globexMatter}&dateGte=2026-11-01&dateLte=2026-11-30`);
    expect(byMatter.body._embedded.times.map((t) => t.id)).toEqual([h.fx.times.borisTime]);
    expect(
      (await q('admin', `projectId=${h.fx.projects.acmeProject}&dateGte=2026-10-01&dateLte=2026-10-31`)).body._embedded
        .times,
    ).toEqual([]);
    // once invoiced, it is no longer offered
    const inv = await create('admin', { timeList: [{ id: h.fx.times.annaTime }] });
    expect(
      (await q('admin', `projectId=${h.fx.projects.acmeProject}&dateGte=2026-11-01&dateLte=2026-11-30`)).body._embedded
        .times,
    ).toEqual([]);
    await h.request('admin', 'DELETE', `/core/api/invoices/${inv.body.id}`);
    // the times list's access: the lawyer-less outsider without `time` is refused
    expect((await q('outsider', `dateGte=2026-11-01&dateLte=2026-11-30`)).status).toBe(403);
    expect((await q('admin', `projectId=${h.fx.projects.acmeProject}`)).status).toBe(400);
  });
});
