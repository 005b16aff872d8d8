import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * Pre-invoices through the HTTP API (PRE-01..14): fields and the amounts the server keeps
 * (vatAmount, balance, number, default currency), the routes, the flow verify -> solve ->
 * changeStatus -> act, the manual closed amount, and the access list (PRE-05). Users:
 * `pibill` (Boris, LOCAL_BILLING: sees all), `pilawyer` (Carl, on the Acme matter's team: sees
 * Acme's), `pioutsider` (Boris without a billing role: sees Globex's and what he created); Carl
 * approves pre-invoices of every office.
 */
let h: Harness;
type Ref = { id: number; code?: number };
type PreInvoice = {
  id: number;
  version: number;
  number: string;
  date: string;
  amount: number;
  vatPercent: number;
  vatAmount: number;
  manualClosedAmount: number;
  balance: number;
  currency: Ref | null;
  officeTransitAccount: Ref | null;
  status: Ref | null;
  signed: boolean;
  verificationChain: Ref | null;
};
type Err = { message: string; errors?: Array<{ property: string; message: string }> };
type Page = { _embedded: { preInvoices: PreInvoice[] }; page: { totalElements: number } };

const full = { view: true, create: true, update: true, delete: true };
const modules = ['pre_invoice', 'PAYMENT_HISTORY', 'invoice'].map((module) => ({ module, ...full }));

beforeAll(async () => {
  h = await createHarness();
  await createTestUser(h.db, {
    username: 'pibill',
    employeeId: h.fx.employees.boris,
    roles: [{ name: 'LOCAL_BILLING', privileges: modules }],
  });
  await createTestUser(h.db, {
    username: 'pilawyer',
    employeeId: h.fx.employees.carl,
    roles: [{ name: 'PI_LAWYER', privileges: modules }],
  });
  await createTestUser(h.db, {
    username: 'pioutsider',
    employeeId: h.fx.employees.boris,
    roles: [{ name: 'PI_USER', privileges: modules }],
  });
  for (const office of [h.fx.offices.almaty, h.fx.offices.london]) {
    const res = await h.request('admin', 'POST', '/core/api/officeApprovers', {
      type: { id: h.fx.dict('APPROVER_TYPE', 3) },
      office: { id: office },
      employee: { id: h.fx.employees.carl },
      orderliness: 1,
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => h?.close());

const body = (extra: Record<string, unknown> = {}) => ({
  date: '2026-11-10',
  project: { id: h.fx.projects.acmeProject },
  matter: { id: h.fx.matters.acmeMatter },
  payerClient: { id: h.fx.clients.acme },
  contract: 'C-7',
  hoursAmount: 12.5,
  amount: '1000.10',
  vatPercent: 0.12,
  ...extra,
});

const create = async (user = 'pibill', extra: Record<string, unknown> = {}) => {
  const res = await h.json<PreInvoice>(user, 'POST', '/core/api/preInvoices', body(extra));
  expect(res.status).toBe(201);
  return res.body;
};
const get = (user: string, id: number) => h.json<PreInvoice>(user, 'GET', `/core/api/preInvoices/${id}`);
const statusCode = async (id: number) => (await get('admin', id)).body.status?.code;

describe('pre-invoice fields and amounts', () => {
  it('PRE-01 a pre-invoice has its fields; vatAmount and balance are computed exactly; a number is assigned', async () => {
    const p = await create();
    expect(p.number).toMatch(/^PI-2026-\d{5}$/);
    expect(p.date).toBe('2026-11-10');
    expect(p.amount).toBe(1000.1);
    expect(p.vatPercent).toBe(0.12);
    // 1000.10 x 0.12 = 120.012, to the dollar's cents 120.01 (MC-4: a currency's minor
    // units); balance = 1000.10 + 120.01 - 0 payments - 0 closed
    expect(p.vatAmount).toBe(120.01);
    expect(p.balance).toBe(1120.11);
    expect(p.manualClosedAmount).toBe(0);
    expect(p.status?.code).toBe(1);
    expect(p.signed).toBe(false);
    expect(p.verificationChain).toBeNull();
    // default currency: the project's invoice currency (USD)
    expect(p.currency?.id).toBe(h.fx.currencies.usd);
    const second = await create();
    expect(Number(second.number.slice(8))).toBe(Number(p.number.slice(8)) + 1);
  });

  it('PRE-01 a transit account without an id is stored as none; an explicit currency is kept', async () => {
    const p = await create('pibill', { officeTransitAccount: {}, currency: { id: h.fx.currencies.kzt } });
    expect(p.officeTransitAccount).toBeNull();
    expect(p.currency?.id).toBe(h.fx.currencies.kzt);
  });

  it('PRE-01 H2-04 a change of amount or VAT recomputes vatAmount and balance; the client cannot write them (400 at each)', async () => {
    const p = await create();
    const forged = await h.json<PreInvoice & Err>('pibill', 'PATCH', `/core/api/preInvoices/${p.id}`, {
      amount: '200.05',
      vatPercent: 0.1,
      balance: 1,
      vatAmount: 1,
      version: p.version,
    });
    expect(forged.status).toBe(400);
    expect((forged.body.errors ?? []).map((e) => e.property).sort()).toEqual(['balance', 'vatAmount']);
    const res = await h.json<PreInvoice>('pibill', 'PATCH', `/core/api/preInvoices/${p.id}`, {
      amount: '200.05',
      vatPercent: 0.1,
      version: p.version,
    });
    expect(res.status).toBe(200);
    // 200.05 x 0.1 = 20.005, to the dollar's cents half up (MC-4): 20.01
    expect(res.body.vatAmount).toBe(20.01);
    expect(res.body.balance).toBe(220.06);
  });

  it('PRE-01 a project without an invoice currency leaves the currency to the user (400 without one)', async () => {
    const res = await h.json<Err>('pibill', 'POST', '/core/api/preInvoices', {
      ...body(),
      project: { id: h.fx.projects.globexProject },
      matter: null,
    });
    expect(res.status).toBe(400);
    expect((res.body.errors ?? []).map((e) => e.property)).toContain('currency');
  });

  it('PRE-01 refuses a pre-invoice without project, payer or amount with field errors', async () => {
    const res = await h.json<Err>('pibill', 'POST', '/core/api/preInvoices', { date: '2026-11-10' });
    expect(res.status).toBe(400);
    const fields = (res.body.errors ?? []).map((e) => e.property);
    expect(fields).toEqual(expect.arrayContaining(['project', 'payerClient', 'amount']));
  });
});

describe('pre-invoice routes', () => {
  it('PRE-06 GET /preInvoices lists pre-invoices with their filters', async () => {
    const p = await create('pibill', { amount: '77.70' });
    const res = await h.json<Page>(
      'pibill',
      'GET',
      `/core/api/preInvoices?project.id=${h.fx.projects.acmeProject}&size=100`,
    );
    expect(res.status).toBe(200);
    expect(res.body._embedded.preInvoices.map((x) => x.id)).toContain(p.id);
    const none = await h.json<Page>('pibill', 'GET', `/core/api/preInvoices?project.id=${h.fx.projects.globexProject}`);
    expect(none.body._embedded.preInvoices.map((x) => x.id)).not.toContain(p.id);
  });

  it('MC-4 PRE-07 GET /preInvoices/totalAmount sums the amounts and balances of the listed pre-invoices exactly, per currency', async () => {
    await create('pibill', { amount: '0.10', vatPercent: 0 });
    await create('pibill', { amount: '0.20', vatPercent: 0 });
    const q = `project.id=${h.fx.projects.acmeProject}&size=1000`;
    const list = await h.json<Page>('pibill', 'GET', `/core/api/preInvoices?${q}`);
    type Line = { currencyId: number; currency: string; totalAmount: number; balance: number };
    const totals = await h.json<{ totalAmount: number | null; balance: number | null; byCurrency: Line[] }>(
      'pibill',
      'GET',
      `/core/api/preInvoices/totalAmount?${q}`,
    );
    expect(totals.status).toBe(200);
    const cents = (xs: number[]) => xs.reduce((s, x) => s + Math.round(x * 10000), 0) / 10000;
    const rows = list.body._embedded.preInvoices as unknown as Array<{
      amount: number;
      balance: number;
      currency: { id: number };
    }>;
    const ids = [...new Set(rows.map((r) => r.currency.id))];
    expect(totals.body.byCurrency.map((l) => l.currencyId).sort()).toEqual(ids.sort());
    for (const line of totals.body.byCurrency) {
      const mine = rows.filter((r) => r.currency.id === line.currencyId);
      expect(line.totalAmount).toBe(cents(mine.map((p) => p.amount)));
      expect(line.balance).toBe(cents(mine.map((p) => p.balance)));
    }
    // several currencies: no bare sum at the top; one: that currency's figures
    if (ids.length > 1) expect([totals.body.totalAmount, totals.body.balance]).toEqual([null, null]);
    else expect(totals.body.totalAmount).toBe(totals.body.byCurrency[0]!.totalAmount);
  });

  it('PRE-08 GET /preInvoices/{id} reads one pre-invoice', async () => {
    const res = await get('pibill', h.fx.billing.acmePreInvoice);
    expect(res.status).toBe(200);
    expect(res.body.number).toBe('PI-2026-0001');
    // held by the fixture's invoice, so closed by it: what it owes is owed on the invoice (MC-5)
    expect(res.body.balance).toBe(0);
  });

  it('PRE-09 POST /preInvoices creates a pre-invoice (201)', async () => {
    const res = await h.json<PreInvoice>('pibill', 'POST', '/core/api/preInvoices', body());
    expect(res.status).toBe(201);
    expect((await get('pibill', res.body.id)).status).toBe(200);
  });

  it('PRE-10 DELETE /preInvoices/{id} deletes a pre-invoice', async () => {
    const p = await create();
    const res = await h.request('pibill', 'DELETE', `/core/api/preInvoices/${p.id}`);
    expect(res.statusCode).toBe(204);
    expect((await get('pibill', p.id)).status).toBe(404);
  });
});

describe('the flow: verify, approve, change status, act, close manually', () => {
  it('PRE-11 POST /preInvoices/verify/{id} starts the chain and moves the pre-invoice to On verification', async () => {
    const p = await create();
    const res = await h.json<PreInvoice>('pibill', 'POST', `/core/api/preInvoices/verify/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body.status?.code).toBe(2);
    expect(res.body.verificationChain?.id).toBeTypeOf('number');
    const chain = await h.json<{
      ownerType: string;
      ownerId: number;
      verificationApproverList: Array<{ employee: Ref }>;
    }>('admin', 'GET', `/core/api/verificationChains/${res.body.verificationChain!.id}`);
    expect(chain.body.ownerType).toBe('PRE_INVOICE');
    expect(chain.body.ownerId).toBe(p.id);
    expect(chain.body.verificationApproverList.map((s) => s.employee.id)).toEqual([h.fx.employees.carl]);
    // sent twice: 409; a pre-invoice the user may not read: 404
    expect((await h.request('pibill', 'POST', `/core/api/preInvoices/verify/${p.id}`)).statusCode).toBe(409);
    expect((await h.request('pioutsider', 'POST', `/core/api/preInvoices/verify/${p.id}`)).statusCode).toBe(404);
    // while on verification the business fields are locked
    const locked = await h.request('pibill', 'PATCH', `/core/api/preInvoices/${p.id}`, { amount: 5 });
    expect(locked.statusCode).toBe(409);
  });

  it('PRE-02 PRE-03 approval with decision 2 moves the pre-invoice to the status of type 23 code 4, then a status id is set', async () => {
    const p = await create();
    const sent = await h.json<PreInvoice>('pibill', 'POST', `/core/api/preInvoices/verify/${p.id}`);
    const solved = await h.json<{ decision: Ref }>('pilawyer', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: sent.body.verificationChain!.id,
      decisionCode: 2,
    });
    expect(solved.status).toBe(200);
    expect(solved.body.decision.code).toBe(2);
    const approved = await get('pibill', p.id);
    expect(approved.body.status?.id).toBe(h.fx.dict('PRE_INVOICE_STATUS', 4));
    // the SPA then sets the looked-up status id: already there, nothing moves
    const again = await h.json<PreInvoice>(
      'pibill',
      'PATCH',
      `/core/api/preInvoices/verify/changeStatus/${p.id}/${h.fx.dict('PRE_INVOICE_STATUS', 4)}`,
    );
    expect(again.status).toBe(200);
    expect(again.body.status?.code).toBe(4);
  });

  it('PRE-02 PRE-11 the moves of the approval leave a history row and a status-history row each: sent by the sender, decided by the approver', async () => {
    const p = await create();
    const sent = await h.json<PreInvoice>('pibill', 'POST', `/core/api/preInvoices/verify/${p.id}`);
    await h.request('pilawyer', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: sent.body.verificationChain!.id,
      decisionCode: 2,
    });
    const moves = await h.json<{
      _embedded: { statusChanges: Array<{ from: Ref; to: Ref; changedBy: string }> };
    }>('admin', 'GET', `/core/api/preInvoices/${p.id}/statusChanges`);
    expect(moves.status, JSON.stringify(moves.body)).toBe(200);
    // newest first: the approval, the send, the create's initial status
    expect(moves.body._embedded.statusChanges).toMatchObject([
      { from: { code: 2 }, to: { code: 4 }, changedBy: 'pilawyer' },
      { from: { code: 1 }, to: { code: 2 }, changedBy: 'pibill' },
      { from: null, to: { code: 1 } },
    ]);
    const statusWrites = await h.db.query<{ changed_by: string; changes: Array<{ field: string; after?: unknown }> }>(
      `SELECT changed_by, changes FROM record_history WHERE collection = 'preInvoices' AND record_id = $1
          AND changes @> '[{"field": "status"}]'::jsonb ORDER BY id`,
      [p.id],
    );
    expect(statusWrites.map((w) => [w.changed_by, w.changes.find((c) => c.field === 'status')?.after])).toEqual([
      ['pibill', { id: h.fx.dict('PRE_INVOICE_STATUS', 1) }],
      ['pibill', { id: h.fx.dict('PRE_INVOICE_STATUS', 2) }],
      ['pilawyer', { id: h.fx.dict('PRE_INVOICE_STATUS', 4) }],
    ]);
  });

  it('PRE-02 a rejection moves the pre-invoice to Rejected; it goes back to draft and is sent again', async () => {
    const p = await create();
    const sent = await h.json<PreInvoice>('pibill', 'POST', `/core/api/preInvoices/verify/${p.id}`);
    const solved = await h.request('pilawyer', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: sent.body.verificationChain!.id,
      decisionCode: 3,
      comment: 'Wrong hours',
    });
    expect(solved.statusCode).toBe(200);
    expect(await statusCode(p.id)).toBe(3);
    const resent = await h.json<PreInvoice>('pibill', 'POST', `/core/api/preInvoices/verify/${p.id}`);
    expect(resent.status).toBe(200);
    expect(resent.body.status?.code).toBe(2);
    expect(resent.body.verificationChain?.id).not.toBe(sent.body.verificationChain!.id);
  });

  it('PRE-04 PRE-12 PATCH /preInvoices/verify/changeStatus/{id}/{status} sets ids 66 and 67 along the declared moves', async () => {
    const p = await create();
    const url = (status: number) => `/core/api/preInvoices/verify/changeStatus/${p.id}/${status}`;
    // a draft cannot be acted or closed
    expect((await h.request('pibill', 'PATCH', url(66))).statusCode).toBe(409);
    const sent = await h.json<PreInvoice>('pibill', 'POST', `/core/api/preInvoices/verify/${p.id}`);
    await h.request('pilawyer', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: sent.body.verificationChain!.id,
      decisionCode: 2,
    });
    const acted = await h.json<PreInvoice>('pibill', 'PATCH', url(66));
    expect(acted.status).toBe(200);
    expect(acted.body.status).toMatchObject({ id: 66, code: 5 });
    const closed = await h.json<PreInvoice>('pibill', 'PATCH', url(67));
    expect(closed.body.status).toMatchObject({ id: 67, code: 6 });
    // no way back from Closed; an id that is no pre-invoice status is a 400
    expect((await h.request('pibill', 'PATCH', url(66))).statusCode).toBe(409);
    const wrong = await h.json<Err>('pibill', 'PATCH', url(h.fx.dict('INVOICE_STATUS', 4)));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.property).toBe('status');
    // the generic PUT cannot skip the verification
    const other = await create();
    const skip = await h.request('pibill', 'PATCH', `/core/api/preInvoices/${other.id}`, {
      status: { id: h.fx.dict('PRE_INVOICE_STATUS', 4) },
    });
    expect(skip.statusCode).toBe(409);
  });

  it('PRE-13 PATCH /preInvoices/{id}/act sets signed on an approved pre-invoice only', async () => {
    const p = await create();
    expect((await h.request('pibill', 'PATCH', `/core/api/preInvoices/${p.id}/act`)).statusCode).toBe(409);
    const sent = await h.json<PreInvoice>('pibill', 'POST', `/core/api/preInvoices/verify/${p.id}`);
    await h.request('pilawyer', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: sent.body.verificationChain!.id,
      decisionCode: 2,
    });
    const acted = await h.json<PreInvoice>('pibill', 'PATCH', `/core/api/preInvoices/${p.id}/act`);
    expect(acted.status).toBe(200);
    expect(acted.body.signed).toBe(true);
  });

  it('PRE-14 PATCH /preInvoices/{id}/update writes manualClosedAmount and the balance follows; the generic PATCH cannot', async () => {
    const p = await create('pibill', { amount: '500', vatPercent: 0 });
    const res = await h.json<PreInvoice>('pibill', 'PATCH', `/core/api/preInvoices/${p.id}/update`, {
      manualClosedAmount: '120.3333',
    });
    expect(res.status).toBe(200);
    expect(res.body.manualClosedAmount).toBe(120.3333);
    // 500 - 120.3333 = 379.6667, kept to the dollar's cents (MC-4)
    expect(res.body.balance).toBe(379.67);
    // H2-04: the generic PATCH refuses it (400 at the field) and writes nothing
    const generic = await h.json<PreInvoice & Err>('pibill', 'PATCH', `/core/api/preInvoices/${p.id}`, {
      manualClosedAmount: 0,
      contract: 'C-8',
    });
    expect(generic.status).toBe(400);
    expect((generic.body.errors ?? []).map((e) => e.property)).toEqual(['manualClosedAmount']);
    expect((await h.json<PreInvoice>('pibill', 'GET', `/core/api/preInvoices/${p.id}`)).body.manualClosedAmount).toBe(
      120.3333,
    );
    const bad = await h.json<Err>('pibill', 'PATCH', `/core/api/preInvoices/${p.id}/update`, {
      manualClosedAmount: -1,
    });
    expect(bad.status).toBe(400);
  });
});

describe('who sees which pre-invoice', () => {
  it('PRE-05 billing managers see every pre-invoice; others those of a project or matter on their access list, or their own', async () => {
    const acme = await create('pibill');
    const globex = await create('pibill', {
      project: { id: h.fx.projects.globexProject },
      matter: { id: h.fx.matters.globexMatter },
      payerClient: { id: h.fx.clients.globex },
      currency: { id: h.fx.currencies.kzt },
      amount: '10',
    });
    const ids = async (user: string) =>
      (await h.json<Page>(user, 'GET', '/core/api/preInvoices?size=1000')).body._embedded.preInvoices.map((p) => p.id);
    const billing = await ids('pibill');
    expect(billing).toEqual(expect.arrayContaining([acme.id, globex.id, h.fx.billing.acmePreInvoice]));
    // carl is on the Acme matter's team, not on Globex's
    const lawyer = await ids('pilawyer');
    expect(lawyer).toContain(acme.id);
    expect(lawyer).not.toContain(globex.id);
    // boris without a billing role: Globex's (his matter), not Acme's
    const outsider = await ids('pioutsider');
    expect(outsider).toContain(globex.id);
    expect(outsider).not.toContain(acme.id);
    expect((await get('pioutsider', acme.id)).status).toBe(404);
    expect((await get('pilawyer', globex.id)).status).toBe(404);
    // the totals see the same rows
    const total = await h.json<{ totalAmount: number }>(
      'pioutsider',
      'GET',
      `/core/api/preInvoices/totalAmount?project.id=${h.fx.projects.acmeProject}`,
    );
    expect(total.body.totalAmount).toBe(0);
    // he may not create one on Acme's project, which he cannot read (H2-04): 400 as for a missing project
    const refused = await h.json<{ errors: Array<{ property: string }> }>(
      'pioutsider',
      'POST',
      '/core/api/preInvoices',
      body(),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e) => e.property)).toEqual(['project', 'matter']);
    // what he created (before he lost the project) he sees, and nothing else of Acme's
    const own = await create('pibill');
    await h.db.query("UPDATE pre_invoices SET created_by = 'pioutsider' WHERE id = $1", [own.id]);
    expect(await ids('pioutsider')).toContain(own.id);
    const ownTotal = await h.json<{ totalAmount: number }>(
      'pioutsider',
      'GET',
      `/core/api/preInvoices/totalAmount?project.id=${h.fx.projects.acmeProject}`,
    );
    expect(ownTotal.body.totalAmount).toBe(1000.1);
    // nor may he change or delete Acme's
    expect((await h.request('pioutsider', 'DELETE', `/core/api/preInvoices/${acme.id}`)).statusCode).toBe(404);
  });
});
