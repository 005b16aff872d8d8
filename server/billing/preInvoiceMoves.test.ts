import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingManager } from './testing';
import { approversEverywhere } from '../test/approvers';
import { createHarness, type Harness } from '../test/harness';

/**
 * MC-1, MC-2, MC-5 for pre-invoices: a correction is a declared move back to Draft - from On
 * verification or Approved, with a comment, cancelling the pending approval - refused once an
 * invoice bills the pre-invoice or it is acted; a paid pre-invoice's amount is never lowered below
 * what was paid. A billing manager of London (Boris, also London's pre-invoice approver by
 * `approversEverywhere`) sends; the administrator decides.
 */
let h: Harness;
type Ref = { id: number; code?: number } | null;
type PreInvoice = { id: number; number: string; balance: number; status: Ref; verificationChain: Ref };
type Err = { message: string; errors?: Array<{ property: string; message: string }> };

const USER = 'pimover';

beforeAll(async () => {
  h = await createHarness();
  await approversEverywhere(h);
  await billingManager(h.db, USER, h.fx.employees.boris);
});
afterAll(async () => h?.close());

const create = async (amount = '1000.00') => {
  const res = await h.json<PreInvoice & Err>(USER, 'POST', '/core/api/preInvoices', {
    date: '2026-11-12',
    project: { id: h.fx.projects.acmeProject },
    matter: { id: h.fx.matters.acmeMatter },
    payerClient: { id: h.fx.clients.acme },
    currency: { id: h.fx.currencies.usd },
    amount,
    vatPercent: 0,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
};
const read = async (id: number) => (await h.json<PreInvoice>('admin', 'GET', `/core/api/preInvoices/${id}`)).body;
const send = async (id: number) => {
  const res = await h.json<PreInvoice & Err>(USER, 'POST', `/core/api/preInvoices/verify/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await read(id)).verificationChain!.id;
};
const approve = async (chain: number) => {
  const res = await h.request('admin', 'POST', '/core/api/verificationChains/solve', {
    verificationChainId: chain,
    decisionCode: 2,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
};
const toDraft = (id: number, comment?: string) =>
  h.json<PreInvoice & Err>(
    USER,
    'PATCH',
    `/core/api/preInvoices/verify/changeStatus/${id}/${h.fx.dict('PRE_INVOICE_STATUS', 1)}`,
    comment === undefined ? {} : { comment },
  );
const chainCode = async (chain: number) => {
  const [row] = await h.db.query<{ code: string | number }>(
    'SELECT d.code FROM verification_chains c JOIN base_dictionaries d ON d.id = c.decision_id WHERE c.id = $1',
    [chain],
  );
  return Number(row!.code);
};

describe('MC-1 pre-invoice corrections', () => {
  it('MC-1 MC-2 PRE-04 a pre-invoice returns to Draft from On verification and from Approved with a comment; the pending chain is cancelled and a new send starts a new one', async () => {
    const id = await create();
    const first = await send(id);
    expect((await read(id)).status).toMatchObject({ code: 2 });
    const bare = await toDraft(id);
    expect(bare.status).toBe(400);
    expect(bare.body.errors?.[0]?.property).toBe('comment');
    const back = await toDraft(id, 'The amount is for November only');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await read(id)).status).toMatchObject({ code: 1 });
    expect(await chainCode(first)).toBe(4);
    // a draft again: its amount changes; sent again, a new chain, approved
    const edit = await h.json<Err>(USER, 'PATCH', `/core/api/preInvoices/${id}`, { amount: '900.00' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const second = await send(id);
    expect(second).not.toBe(first);
    await approve(second);
    expect((await read(id)).status).toMatchObject({ code: 4 });
    // from Approved, through the transitions route: the decided chain stays the trail
    const res = await h.request(USER, 'POST', `/core/api/preInvoices/${id}/transitions`, {
      to: 1,
      comment: 'Wrong matter',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(id)).status).toMatchObject({ code: 1 });
    expect(await chainCode(second)).toBe(2);
    const history = await h.json<{
      _embedded: { statusChanges: Array<{ to: { code: number }; comment: string | null }> };
    }>('admin', 'GET', `/core/api/preInvoices/${id}/statusChanges`);
    expect(history.body._embedded.statusChanges.map((c) => [c.to.code, c.comment])).toEqual(
      expect.arrayContaining([
        [1, 'The amount is for November only'],
        [1, 'Wrong matter'],
      ]),
    );
  });

  it('MC-1 PRE-04 back to Draft is refused once an invoice bills the pre-invoice or it is acted, and from Closed', async () => {
    // acted
    const acted = await create();
    await approve(await send(acted));
    expect((await h.request(USER, 'PATCH', `/core/api/preInvoices/${acted}/act`)).statusCode).toBe(200);
    const r1 = await toDraft(acted, 'Try');
    expect(r1.status).toBe(409);
    expect(r1.body.message).toMatch(/is Approved: it is acted and cannot return to Draft/);
    // billed: an invoice takes it (and closes it); held by an invoice while still Approved
    const billed = await create();
    await approve(await send(billed));
    const inv = await h.json<{ id: number; number: string } & Err>(USER, 'POST', '/core/api/invoices', {
      date: '2026-11-12',
      periodGte: '2026-11-01',
      periodLte: '2026-11-30',
      project: { id: h.fx.projects.acmeProject },
      payerClient: { id: h.fx.clients.acme },
      currency: { id: h.fx.currencies.usd },
      preInvoiceList: [{ id: billed }],
    });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect((await read(billed)).status).toMatchObject({ code: 6 });
    expect((await toDraft(billed, 'Try')).status).toBe(409);
    await h.db.query('UPDATE pre_invoices SET status_id = $1 WHERE id = $2', [
      h.fx.dict('PRE_INVOICE_STATUS', 4),
      billed,
    ]);
    const r2 = await toDraft(billed, 'Try');
    expect(r2.status).toBe(409);
    expect(r2.body.message).toBe(
      `Pre-invoice "${(await read(billed)).number}" is Approved: it is billed by invoice "${inv.body.number}" and cannot return to Draft`,
    );
    expect((await read(billed)).status).toMatchObject({ code: 4 });
  });

  it("MC-5 PRE-14 a pre-invoice's amount is not lowered below what was already paid (400 at amount)", async () => {
    const id = await create('1000.00');
    await approve(await send(id));
    const paid = await h.json<Err>(USER, 'POST', '/core/api/paymentHistories', {
      paymentDate: '2026-11-15',
      amount: '400.00',
      preInvoice: { id },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await toDraft(id, 'The client asks for a smaller amount')).status).toBe(200);
    const low = await h.json<Err>(USER, 'PATCH', `/core/api/preInvoices/${id}`, { amount: '300.00' });
    expect(low.status, JSON.stringify(low.body)).toBe(400);
    expect(low.body.errors?.[0]).toMatchObject({ property: 'amount' });
    expect(low.body.errors?.[0]?.message).toMatch(/has been paid 400\.00 USD/);
    expect((await read(id)).balance).toBe(600);
    const exact = await h.json<Err>(USER, 'PATCH', `/core/api/preInvoices/${id}`, { amount: '400.00' });
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect((await read(id)).balance).toBe(0);
  });

  it('MC-5 MC-1 INV-11 a cancelled invoice releases its pre-invoice: reopened from Closed to its former status with its open balance right', async () => {
    const id = await create('1000.00');
    await h.db.query('UPDATE pre_invoices SET vat_percent = 0.12, vat_amount = 120 WHERE id = $1', [id]);
    await approve(await send(id));
    const paid = await h.json<Err>(USER, 'POST', '/core/api/paymentHistories', {
      paymentDate: '2026-11-15',
      amount: '100.00',
      preInvoice: { id },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await read(id)).balance).toBe(1020);
    const inv = await h.json<{ id: number; number: string; totalAmount: number } & Err>(
      USER,
      'POST',
      '/core/api/invoices',
      {
        date: '2026-11-12',
        periodGte: '2026-11-01',
        periodLte: '2026-11-30',
        project: { id: h.fx.projects.acmeProject },
        payerClient: { id: h.fx.clients.acme },
        currency: { id: h.fx.currencies.usd },
        preInvoiceList: [{ id }],
      },
    );
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(await read(id)).toMatchObject({ status: { code: 6 }, balance: 0 });
    const cancel = await h.json<Err>(
      USER,
      'PATCH',
      `/core/api/invoices/verify/changeStatus/${inv.body.id}/${h.fx.dict('INVOICE_STATUS', 3)}`,
      { comment: 'Billed to the wrong client' },
    );
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    // free again: Approved as before the invoice took it, owing amount + VAT less what was paid
    expect(await read(id)).toMatchObject({ status: { code: 4 }, balance: 1020, invoice: null });
    const history = await h.json<{
      _embedded: { statusChanges: Array<{ to: { code: number }; comment: string | null }> };
    }>('admin', 'GET', `/core/api/preInvoices/${id}/statusChanges`);
    expect(history.body._embedded.statusChanges[0]).toMatchObject({
      to: { code: 4 },
      comment: `Released by ${inv.body.number}`,
    });
    // and a corrected invoice may bill it again
    const again = await h.json<Err>(USER, 'POST', '/core/api/invoices', {
      date: '2026-11-13',
      periodGte: '2026-11-01',
      periodLte: '2026-11-30',
      project: { id: h.fx.projects.acmeProject },
      payerClient: { id: h.fx.clients.acme },
      currency: { id: h.fx.currencies.usd },
      preInvoiceList: [{ id }],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await read(id)).toMatchObject({ status: { code: 6 }, balance: 0 });
  });
});
