import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * Payment histories through the HTTP API (PAY-01, PAY-03..07): fields, exactly one document,
 * the routes and filters, the documents they keep in step (a pre-invoice's balance, an
 * invoice's paid flag and status), and who reads them (whoever reads the document and holds
 * PAYMENT_HISTORY). Users: `paybill` (Boris, LOCAL_BILLING), `payoutsider` (Boris without a
 * billing role: no Acme document), `paynomodule` (pre-invoices and invoices without PAYMENT_HISTORY).
 */
let h: Harness;
type Ref = { id: number; code?: number };
type Payment = {
  id: number;
  version: number;
  paymentDate: string;
  amount: number;
  notes: string | null;
  preInvoice: Ref | null;
  invoice: Ref | null;
};
type Page = { _embedded: { paymentHistories: Payment[] }; page: { totalElements: number; size: number } };
type Err = { message: string; errors?: Array<{ property: string; message: string }> };

const full = { view: true, create: true, update: true, delete: true };

beforeAll(async () => {
  h = await createHarness();
  const modules = ['pre_invoice', 'PAYMENT_HISTORY', 'invoice'].map((module) => ({ module, ...full }));
  await createTestUser(h.db, {
    username: 'paybill',
    employeeId: h.fx.employees.boris,
    roles: [{ name: 'LOCAL_BILLING', privileges: modules }],
  });
  await createTestUser(h.db, {
    username: 'payoutsider',
    employeeId: h.fx.employees.boris,
    roles: [{ name: 'PAY_USER', privileges: modules }],
  });
  await createTestUser(h.db, {
    username: 'paynomodule',
    employeeId: h.fx.employees.boris,
    roles: [{ name: 'PAY_NO_MODULE', privileges: modules.filter((m) => m.module !== 'PAYMENT_HISTORY') }],
  });
});
afterAll(async () => h?.close());

const preInvoice = async (amount: string, vatPercent = 0) => {
  const res = await h.json<{ id: number; balance: number }>('paybill', 'POST', '/core/api/preInvoices', {
    date: '2026-11-12',
    project: { id: h.fx.projects.acmeProject },
    matter: { id: h.fx.matters.acmeMatter },
    payerClient: { id: h.fx.clients.acme },
    amount,
    vatPercent,
  });
  expect(res.status).toBe(201);
  return res.body.id;
};
const balance = async (id: number) =>
  (await h.json<{ balance: number }>('admin', 'GET', `/core/api/preInvoices/${id}`)).body.balance;
const pay = (document: Record<string, unknown>, amount: string | number, user = 'paybill') =>
  h.json<Payment>(user, 'POST', '/core/api/paymentHistories', {
    paymentDate: '2026-11-15',
    amount,
    notes: 'Wire',
    ...document,
  });

/** An approved invoice of `total` on Acme's project, created with the generic POST. */
const invoice = async (total: string) => {
  const res = await h.json<{ id: number }>('admin', 'POST', '/core/api/invoices', {
    date: '2026-11-12',
    periodGte: '2026-11-01',
    periodLte: '2026-11-30',
    project: { id: h.fx.projects.acmeProject },
    payerClient: { id: h.fx.clients.acme },
    currency: { id: h.fx.currencies.usd },
  });
  expect(res.status).toBe(201);
  // the total is the invoice's own computation; an approved invoice of that total is the setting
  await h.db.query('UPDATE invoices SET total_amount = $1, status_id = $2 WHERE id = $3', [
    total,
    h.fx.dict('INVOICE_STATUS', 4),
    res.body.id,
  ]);
  return res.body.id;
};
const invoiceState = async (id: number) => {
  const res = await h.json<{ paid: boolean; status: Ref }>('admin', 'GET', `/core/api/invoices/${id}`);
  return { paid: res.body.paid, code: res.body.status.code };
};

describe('payment fields and routes', () => {
  it('PAY-01 a payment has paymentDate, amount, notes and one document; both or neither is a 400', async () => {
    const pi = await preInvoice('100');
    const res = await pay({ preInvoice: { id: pi } }, '33.3333');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      paymentDate: '2026-11-15',
      amount: 33.3333,
      notes: 'Wire',
      preInvoice: { id: pi },
    });
    expect(res.body.invoice).toBeNull();
    const both = await pay({ preInvoice: { id: pi }, invoice: { id: h.fx.billing.acmeInvoice } }, 1);
    expect(both.status).toBe(400);
    expect((both.body as unknown as Err).errors?.[0]?.property).toBe('preInvoice');
    const neither = await pay({}, 1);
    expect(neither.status).toBe(400);
    // a PATCH that would leave no document is refused too
    const patch = await h.request('paybill', 'PATCH', `/core/api/paymentHistories/${res.body.id}`, {
      preInvoice: null,
    });
    expect(patch.statusCode).toBe(400);
  });

  it('PAY-03 GET /paymentHistories filters by preInvoice.id and invoice.id and pages with size and page', async () => {
    const pi = await preInvoice('100');
    const ids = [];
    for (const amount of ['1', '2', '3']) ids.push((await pay({ preInvoice: { id: pi } }, amount)).body.id);
    const inv = await invoice('10');
    const onInvoice = (await pay({ invoice: { id: inv } }, '4')).body.id;
    const list = await h.json<Page>('paybill', 'GET', `/core/api/paymentHistories?preInvoice.id=${pi}&size=2&page=0`);
    expect(list.status).toBe(200);
    expect(list.body.page.totalElements).toBe(3);
    expect(list.body._embedded.paymentHistories).toHaveLength(2);
    const second = await h.json<Page>('paybill', 'GET', `/core/api/paymentHistories?preInvoice.id=${pi}&size=2&page=1`);
    expect(second.body._embedded.paymentHistories).toHaveLength(1);
    const all = [...list.body._embedded.paymentHistories, ...second.body._embedded.paymentHistories].map((p) => p.id);
    expect(all.sort()).toEqual(ids.sort());
    const byInvoice = await h.json<Page>('paybill', 'GET', `/core/api/paymentHistories?invoice.id=${inv}`);
    expect(byInvoice.body._embedded.paymentHistories.map((p) => p.id)).toEqual([onInvoice]);
  });

  it('PAY-04 POST /paymentHistories creates a payment and lowers the pre-invoice balance exactly', async () => {
    const pi = await preInvoice('100.10', 0.12);
    // 100.10 + 12.012 VAT, kept to the dollar's cents (MC-4): 112.11
    expect(await balance(pi)).toBe(112.11);
    const res = await pay({ preInvoice: { id: pi } }, '0.1');
    expect(res.status).toBe(201);
    expect(await balance(pi)).toBe(112.01);
  });

  it('PAY-05 GET /paymentHistories/{id} reads one payment', async () => {
    const res = await h.json<Payment>('paybill', 'GET', `/core/api/paymentHistories/${h.fx.billing.acmePayment}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: 250, notes: 'First instalment' });
    expect(res.body.preInvoice?.id).toBe(h.fx.billing.acmePreInvoice);
  });

  it('PAY-06 PUT /paymentHistories/{id} updates a payment; the balance follows, and a moved payment leaves its old document', async () => {
    const a = await preInvoice('100');
    const b = await preInvoice('100');
    const p = (await pay({ preInvoice: { id: a } }, '40')).body;
    const put = await h.json<Payment>('paybill', 'PUT', `/core/api/paymentHistories/${p.id}`, {
      paymentDate: '2026-11-16',
      amount: '55.55',
      notes: 'Corrected',
      preInvoice: { id: a },
      version: p.version,
    });
    expect(put.status).toBe(200);
    expect(await balance(a)).toBe(44.45);
    const moved = await h.json<Payment>('paybill', 'PUT', `/core/api/paymentHistories/${p.id}`, {
      paymentDate: '2026-11-16',
      amount: '55.55',
      preInvoice: { id: b },
      version: put.body.version,
    });
    expect(moved.status).toBe(200);
    expect(await balance(a)).toBe(100);
    expect(await balance(b)).toBe(44.45);
  });

  it('MC-5 PAY-07 DELETE /paymentHistories/{id} is refused with 409: a payment is reversed, and the balance is restored', async () => {
    const pi = await preInvoice('80');
    const p = (await pay({ preInvoice: { id: pi } }, '30')).body;
    expect(await balance(pi)).toBe(50);
    const res = await h.request('paybill', 'DELETE', `/core/api/paymentHistories/${p.id}`);
    expect(res.statusCode).toBe(409);
    expect(await balance(pi)).toBe(50);
    const reversed = await h.request('paybill', 'POST', `/core/api/paymentHistories/${p.id}/reverse`, {
      comment: 'Duplicate',
    });
    expect(reversed.statusCode).toBe(200);
    expect(await balance(pi)).toBe(80);
    expect((await h.request('paybill', 'GET', `/core/api/paymentHistories/${p.id}`)).statusCode).toBe(200);
  });
});

describe('an invoice follows its payments', () => {
  it('PAY-04 PAY-06 PAY-07 MC-5 payments move an invoice to Partly paid, Paid and back to Approved (reversed), with the paid flag', async () => {
    const inv = await invoice('100.00');
    expect(await invoiceState(inv)).toEqual({ paid: false, code: 4 });
    const first = (await pay({ invoice: { id: inv } }, '40.005')).body;
    expect(await invoiceState(inv)).toEqual({ paid: false, code: 6 });
    const second = (await pay({ invoice: { id: inv } }, '59.995')).body;
    expect(await invoiceState(inv)).toEqual({ paid: true, code: 5 });
    // less than the total again: partly paid
    const put = await h.request('paybill', 'PATCH', `/core/api/paymentHistories/${second.id}`, {
      amount: '59.99',
      version: second.version,
    });
    expect(put.statusCode).toBe(200);
    expect(await invoiceState(inv)).toEqual({ paid: false, code: 6 });
    // MC-5: corrected by reversals, not deletes
    for (const p of [second, first])
      await h.request('paybill', 'POST', `/core/api/paymentHistories/${p.id}/reverse`, { comment: 'Wrong invoice' });
    expect(await invoiceState(inv)).toEqual({ paid: false, code: 4 });
    // every change of the invoice is in its history
    const history = await h.json<{ _embedded: { history: Array<{ changes: unknown }> } }>(
      'admin',
      'GET',
      `/core/api/invoices/${inv}/history`,
    );
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('paid');
  });
});

describe('who sees which payment', () => {
  it('PAY-03 PAY-05 a payment is readable with its document and PAYMENT_HISTORY; writes on a hidden document are refused', async () => {
    const list = await h.json<Page>('payoutsider', 'GET', '/core/api/paymentHistories?size=1000');
    expect(list.status).toBe(200);
    expect(list.body._embedded.paymentHistories.map((p) => p.id)).not.toContain(h.fx.billing.acmePayment);
    const item = await h.request('payoutsider', 'GET', `/core/api/paymentHistories/${h.fx.billing.acmePayment}`);
    expect(item.statusCode).toBe(404);
    const billing = await h.json<Page>('paybill', 'GET', '/core/api/paymentHistories?size=1000');
    expect(billing.body._embedded.paymentHistories.map((p) => p.id)).toContain(h.fx.billing.acmePayment);
    // without the module: 403
    expect((await h.request('paynomodule', 'GET', '/core/api/paymentHistories')).statusCode).toBe(403);
    // a payment on a document the user may not read is not written
    const before = await balance(h.fx.billing.acmePreInvoice);
    const hidden = await pay({ preInvoice: { id: h.fx.billing.acmePreInvoice } }, '5', 'payoutsider');
    // the document is missing as far as the user may know (H2-04)
    expect(hidden.status).toBe(400);
    expect(await balance(h.fx.billing.acmePreInvoice)).toBe(before);
  });
});
