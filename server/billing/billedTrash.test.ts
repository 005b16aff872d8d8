import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { decideExpense } from './testing';

/**
 * Billing and the trash (server/billing/billedTrash.ts, the invoice rules): a time entry or an
 * expense in the trash is offered by no invoice preview, picked by no invoice and counted in no
 * total, and is back in all of them after a restore; one on a draft invoice leaves it when
 * deleted; one on an invoice that left Draft cannot be deleted, directly or with its matter.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Err = { message: string; errors?: Array<{ property: string }> };
type Invoice = { id: number; totalAmount: number | string };

/** Inserts a copy of row `id` of `table` with `changes` (column names), without its id; returns the new id. */
async function copyRow(table: string, id: number, changes: Record<string, unknown> = {}): Promise<number> {
  const [row] = await h.db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE id = $1`, [id]);
  const values = { ...row, ...changes };
  delete values.id;
  const cols = Object.keys(values);
  const [created] = await h.db.query<{ id: number }>(
    `INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    cols.map((c) =>
      values[c] !== null && typeof values[c] === 'object' && !(values[c] instanceof Date)
        ? JSON.stringify(values[c])
        : values[c],
    ),
  );
  return Number(created!.id);
}

/** A new unbilled time entry on Acme's matter (fixed fee 15,000.00 USD), copied from anna's. */
const newTime = () => copyRow('times', h.fx.times.annaTime);
/**
 * A new unbilled 120.00 USD expense of Acme's matter (or of `matter`), copied from the fixture's,
 * dated in the invoices' period and approved: one an invoice may bill (MC-3).
 */
const newExpense = async (matter?: number) => {
  const id = await copyRow('expenses', h.fx.billing.acmeExpense, {
    date: '2026-11-05',
    ...(matter === undefined ? {} : { payer_matter_id: matter }),
  });
  await decideExpense(h.db, id);
  return id;
};

const createInvoice = (extra: Record<string, unknown>) =>
  h.json<Invoice & Err>('admin', 'POST', '/core/api/invoices', {
    date: '2026-11-10',
    periodGte: '2026-11-01',
    periodLte: '2026-11-30',
    billType: { id: h.fx.dict('BILL_TYPE', 1) },
    project: { id: h.fx.projects.acmeProject },
    payerClient: { id: h.fx.clients.acme },
    invoiceLanguage: { id: h.fx.dict('LANGUAGE', 1) },
    previewType: 'Project',
    currency: { id: h.fx.currencies.usd },
    matterList: [{ id: h.fx.matters.acmeMatter }],
    ...extra,
  });
const total = async (invoice: number) =>
  String((await h.json<Invoice>('admin', 'GET', `/core/api/invoices/${invoice}`)).body.totalAmount);
const billing = async (table: string, id: number) => {
  const [row] = await h.db.query<{ invoice_id: string | null; code: number | null }>(
    `SELECT x.invoice_id, d.code FROM ${table} x LEFT JOIN base_dictionaries d ON d.id = x.billing_status_id WHERE x.id = $1`,
    [id],
  );
  return { invoice: row!.invoice_id === null ? null : Number(row!.invoice_id), code: Number(row!.code) };
};
const preview = async () =>
  (
    await h.json<{ _embedded: { times: Array<{ id: number }> } }>(
      'admin',
      'GET',
      `/core/api/times/search/findAllForInvoicePreview?projectId=${h.fx.projects.acmeProject}&dateGte=2026-11-01&dateLte=2026-11-30&size=500`,
    )
  ).body._embedded.times.map((t) => t.id);

describe('billing and the trash', () => {
  it('trash: a trashed time entry and expense leave the invoice preview, cannot be billed, and are billable again after restore', async () => {
    const time = await newTime();
    const expense = await newExpense();
    expect(await preview()).toContain(time);
    expect((await h.request('admin', 'DELETE', `/core/api/times/${time}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'DELETE', `/core/api/expenses/${expense}`)).statusCode).toBe(204);
    expect(await preview()).not.toContain(time);

    const withTime = await createInvoice({ timeList: [{ id: time }] });
    expect(withTime.status).toBe(400);
    expect(withTime.body.errors?.[0]?.property).toBe('timeList');
    const withExpense = await createInvoice({ expenseList: [{ id: expense }] });
    expect(withExpense.status).toBe(400);
    expect(withExpense.body.errors?.[0]?.property).toBe('expenseList');

    expect((await h.request('admin', 'POST', `/core/api/times/${time}/restore`)).statusCode).toBe(204);
    expect((await h.request('admin', 'POST', `/core/api/expenses/${expense}/restore`)).statusCode).toBe(204);
    expect(await preview()).toContain(time);
    const billed = await createInvoice({ timeList: [{ id: time }], expenseList: [{ id: expense }] });
    expect(billed.status, JSON.stringify(billed.body)).toBe(201);
    // the matter's fixed fee 15,000.00 + the expense 120.00
    expect(await total(billed.body.id)).toBe('15120');
    expect(await billing('times', time)).toEqual({ invoice: billed.body.id, code: 4 });
    await h.request('admin', 'DELETE', `/core/api/invoices/${billed.body.id}`);
  });

  it('trash: a time entry and an expense deleted from a draft invoice leave it and its total; a restore brings them back unbilled', async () => {
    const time = await newTime();
    const expense = await newExpense();
    const inv = await createInvoice({ timeList: [{ id: time }], expenseList: [{ id: expense }] });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(await total(inv.body.id)).toBe('15120');

    expect((await h.request('admin', 'DELETE', `/core/api/expenses/${expense}`)).statusCode).toBe(204);
    expect(await total(inv.body.id)).toBe('15000');
    expect((await h.request('admin', 'DELETE', `/core/api/times/${time}`)).statusCode).toBe(204);
    expect(await total(inv.body.id)).toBe('0');
    // the invoice's sub-lists and its recalculation no longer see them
    const held = await h.json<{ _embedded: { times: unknown[] } }>(
      'admin',
      'GET',
      `/core/api/invoices/${inv.body.id}/times`,
    );
    expect(held.body._embedded.times).toEqual([]);
    const rec = await h.json<{ totalAmount: string }>(
      'admin',
      'PATCH',
      `/core/api/invoices/recalculate/${inv.body.id}`,
    );
    expect(rec.body.totalAmount).toBe('0.00');

    expect((await h.request('admin', 'POST', `/core/api/times/${time}/restore`)).statusCode).toBe(204);
    expect((await h.request('admin', 'POST', `/core/api/expenses/${expense}/restore`)).statusCode).toBe(204);
    expect(await billing('times', time)).toEqual({ invoice: null, code: 2 });
    expect(await billing('expenses', expense)).toEqual({ invoice: null, code: 2 });
    expect(await total(inv.body.id)).toBe('0');
    await h.request('admin', 'DELETE', `/core/api/invoices/${inv.body.id}`);
  });

  it('trash: a row in the trash that an invoice still holds (marked by SQL) counts in neither its total nor its sub-lists', async () => {
    const time = await newTime();
    const expense = await newExpense();
    const inv = await createInvoice({ timeList: [{ id: time }], expenseList: [{ id: expense }] });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    for (const table of ['times', 'expenses'])
      await h.db.query(`UPDATE ${table} SET deleted_at = now(), deleted_by = 'admin' WHERE id = $1`, [
        table === 'times' ? time : expense,
      ]);
    const rec = await h.json<{ totalAmount: string }>(
      'admin',
      'PATCH',
      `/core/api/invoices/recalculate/${inv.body.id}`,
    );
    expect(rec.body.totalAmount).toBe('0.00');
    for (const list of ['times', 'expenses']) {
      const held = await h.json<{ _embedded: Record<string, unknown[]> }>(
        'admin',
        'GET',
        `/core/api/invoices/${inv.body.id}/${list}`,
      );
      expect(held.body._embedded[list]).toEqual([]);
    }
  });

  it('trash: a time entry or expense on an invoice that left Draft is not deleted (409), nor is its matter with it', async () => {
    const matter = await copyRow('matters', h.fx.matters.acmeMatter, {
      number: 'BT-0001',
      verification_chain_id: null,
    });
    const time = await copyRow('times', h.fx.times.annaTime, { matter_id: matter });
    const expense = await newExpense(matter);
    const inv = await createInvoice({
      matterList: [{ id: matter }],
      timeList: [{ id: time }],
      expenseList: [{ id: expense }],
    });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    await h.db.query('UPDATE invoices SET status_id = $2 WHERE id = $1', [inv.body.id, h.fx.dict('INVOICE_STATUS', 4)]);
    const before = await total(inv.body.id);

    const delTime = await h.json<Err>('admin', 'DELETE', `/core/api/times/${time}`);
    expect(delTime.status).toBe(409);
    expect(delTime.body.message).toMatch(/time entry .*no longer a draft/);
    const delExpense = await h.json<Err>('admin', 'DELETE', `/core/api/expenses/${expense}`);
    expect(delExpense.status).toBe(409);
    expect(delExpense.body.message).toMatch(/expense .*no longer a draft/);
    const delMatter = await h.json<Err>('admin', 'DELETE', `/core/api/matters/${matter}`);
    expect(delMatter.status, JSON.stringify(delMatter.body)).toBe(409);
    expect(delMatter.body.message).toMatch(/no longer a draft/);

    expect((await h.request('admin', 'GET', `/core/api/times/${time}`)).statusCode).toBe(200);
    expect((await h.request('admin', 'GET', `/core/api/matters/${matter}`)).statusCode).toBe(200);
    expect(await billing('times', time)).toEqual({ invoice: inv.body.id, code: 4 });
    expect(await total(inv.body.id)).toBe(before);
  });
});
