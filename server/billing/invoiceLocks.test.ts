import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { approversEverywhere } from '../test/approvers';

/**
 * MC-1 (documents lock) and MC-2 (only declared moves), one test per finding of
 * the billing manager's audit: an invoice that left Draft keeps its lines, fields, quotas and
 * totals (409 naming its status); act needs Approved; Paid and Partly paid come from payments
 * only; a correction is a declared move (back to Draft with a comment, cancelling the pending
 * chain; or a cancellation that keeps the invoice); billed time entries and expenses keep what
 * they bill; approved expenses and budgets keep their money. Users: `invoicer` (Carl: full
 * `invoice`, `time`, `expense`, `budget`), `admin`; Boris approves Carl's office's invoices.
 */
let h: Harness;
type Ref = { id: number; code?: number } | null;
type Invoice = {
  id: number;
  version: number;
  number: string;
  status: Ref;
  signed: boolean;
  totalAmount: number | string;
  verificationChain: Ref;
  billedAtCancellation: string | null;
  timeList: Array<{ id: number }>;
};
type Err = { message: string; errors?: Array<{ property: string; message: string }> };

const full = { view: true, create: true, update: true, delete: true };

beforeAll(async () => {
  h = await createHarness();
  // the documents' approval chains need approvers in the offices (MC-6)
  await approversEverywhere(h);
  await createTestUser(h.db, {
    username: 'invoicer',
    employeeId: h.fx.employees.carl,
    roles: [
      {
        name: 'INVOICER',
        privileges: ['invoice', 'time', 'expense', 'budget', 'PAYMENT_HISTORY'].map((module) => ({ module, ...full })),
      },
    ],
  });
  // the invoices Carl sends wait for Boris (APPROVER_TYPE 4 of Carl's office)
  const [carl] = await h.db.query<{ office_id: number }>('SELECT office_id FROM employees WHERE id = $1', [
    h.fx.employees.carl,
  ]);
  const res = await h.request('admin', 'POST', '/core/api/officeApprovers', {
    type: { id: h.fx.dict('APPROVER_TYPE', 4) },
    office: { id: Number(carl!.office_id) },
    employee: { id: h.fx.employees.boris },
    orderliness: 1,
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => h?.close());

const statusId = (code: number) => h.fx.dict('INVOICE_STATUS', code);

/** A new unbilled time entry of Anna on Acme's matter (a copy of the fixture's). */
async function newTime(): Promise<number> {
  const [row] = await h.db.query<{ id: string }>(
    `INSERT INTO times (date_time, work_type_id, executor_position_id, employee_id, duration, billable,
                        billing_status_id, client_id, project_id, matter_id, work_description)
     SELECT date_time, work_type_id, executor_position_id, employee_id, duration, billable, $2,
            client_id, project_id, matter_id, 'copy' FROM times WHERE id = $1 RETURNING id`,
    [h.fx.times.annaTime, h.fx.dict('BILLING_STATUS', 2)],
  );
  return Number(row!.id);
}

const invoiceBody = (extra: Record<string, unknown> = {}) => ({
  date: '2026-11-10',
  periodGte: '2026-11-01',
  periodLte: '2026-11-30',
  billType: { id: h.fx.dict('BILL_TYPE', 1) },
  project: { id: h.fx.projects.acmeProject },
  payerClient: { id: h.fx.clients.acme },
  contract: 'LOCK-1',
  previewType: 'Project',
  currency: { id: h.fx.currencies.usd },
  matterList: [{ id: h.fx.matters.acmeMatter }],
  ...extra,
});

const get = async (id: number) => (await h.json<Invoice>('admin', 'GET', `/core/api/invoices/${id}`)).body;
const changeStatus = (id: number, code: number, comment?: string, user = 'invoicer') =>
  h.json<Err>(
    user,
    'PATCH',
    `/core/api/invoices/verify/changeStatus/${id}/${statusId(code)}`,
    comment === undefined ? undefined : { comment },
  );
const send = (id: number) =>
  h.json<{ verificationChain: { id: number } } & Err>(
    'invoicer',
    'POST',
    `/core/api/invoices/verify/${id}/check-documents`,
  );
const approve = (chainId: number) =>
  h.json<Err>('admin', 'POST', '/core/api/verificationChains/solve', { verificationChainId: chainId, decisionCode: 2 });
const chainDecisions = async (chainId: number) => {
  const [chain] = await h.db.query<{ code: number }>(
    'SELECT d.code FROM verification_chains c JOIN base_dictionaries d ON d.id = c.decision_id WHERE c.id = $1',
    [chainId],
  );
  const steps = await h.db.query<{ code: number }>(
    `SELECT d.code FROM verification_approvers a JOIN base_dictionaries d ON d.id = a.decision_id
      WHERE a.verification_chain_id = $1 ORDER BY a.orderliness`,
    [chainId],
  );
  return { chain: Number(chain!.code), steps: steps.map((s) => Number(s.code)) };
};
const billingOf = async (table: 'times' | 'expenses', id: number) => {
  const [row] = await h.db.query<{ invoice_id: string | null; code: number }>(
    `SELECT x.invoice_id, d.code FROM ${table} x JOIN base_dictionaries d ON d.id = x.billing_status_id WHERE x.id = $1`,
    [id],
  );
  return { invoice: row!.invoice_id === null ? null : Number(row!.invoice_id), code: Number(row!.code) };
};

/** A Draft invoice of Carl's billing `times`; then sent and approved when `approved`. */
async function invoice(times: number[], approved = false): Promise<Invoice> {
  const made = await h.json<Invoice & Err>(
    'invoicer',
    'POST',
    '/core/api/invoices',
    invoiceBody({ timeList: times.map((id) => ({ id })) }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  if (approved) {
    const sent = await send(made.body.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const ok = await approve(sent.body.verificationChain.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await get(made.body.id)).status).toMatchObject({ code: 4 });
  }
  return get(made.body.id);
}

describe('MC-1 an invoice that left Draft is locked', () => {
  it('MC-1 INV-21 an approved invoice refuses a new time entry with 409 naming its status; its total and the entry are unchanged', async () => {
    const inv = await invoice([await newTime()], true);
    const extra = await newTime();
    const res = await h.json<Err>('invoicer', 'PATCH', `/core/api/invoices/${inv.id}`, {
      timeList: [...inv.timeList.map((t) => ({ id: t.id })), { id: extra }],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Invoice "${inv.number}" is Approved: its lines cannot change (timeList)`);
    const after = await get(inv.id);
    expect(String(after.totalAmount)).toBe(String(inv.totalAmount));
    expect(after.status).toMatchObject({ code: 4 });
    expect(await billingOf('times', extra)).toEqual({ invoice: null, code: 2 });
    // the same lines again (as an edit form sends them) pass
    const same = await h.json<Err>('invoicer', 'PATCH', `/core/api/invoices/${inv.id}`, {
      timeList: inv.timeList.map((t) => ({ id: t.id })),
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it('MC-1 INV-01 an approved invoice refuses a change of payer, currency, period, matters or document language with 409 naming its status', async () => {
    const inv = await invoice([await newTime()], true);
    for (const patch of [
      { payerClient: { id: h.fx.clients.globex } },
      { currency: { id: h.fx.currencies.kzt } },
      { periodLte: '2026-12-31' },
      { matterList: [] },
      { invoiceLanguage: { id: h.fx.dict('LANGUAGE', 1) } },
    ]) {
      const res = await h.json<Err>('invoicer', 'PATCH', `/core/api/invoices/${inv.id}`, patch);
      expect(res.status, JSON.stringify(patch)).toBe(409);
      expect(res.body.message).toMatch(/Approved/);
    }
    // and it is not deleted: it is cancelled
    const del = await h.json<Err>('invoicer', 'DELETE', `/core/api/invoices/${inv.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(`Invoice "${inv.number}" is Approved: it cannot be deleted; cancel it instead`);
  });

  it('MC-1 INV-23 the quotas of an approved invoice cannot change (409)', async () => {
    const inv = await invoice([await newTime()], true);
    const res = await h.json<Err>('admin', 'POST', '/core/api/invoiceQuotas', {
      invoiceId: inv.id,
      dateGte: '2026-11-01',
      dateLte: '2026-11-30',
      percentage: 0.5,
      position: { id: h.fx.positions.annaSector },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Invoice "${inv.number}" is Approved: its quotas cannot change`);
  });

  it('MC-1 TIME-03 a time entry an approved invoice bills keeps its billed facts and cannot be unbilled by hand (409 naming the invoice); on a draft it can change', async () => {
    const time = await newTime();
    const inv = await invoice([time], true);
    for (const patch of [
      { duration: 7200000 },
      { matter: { id: h.fx.matters.globexMatter } },
      { billingStatus: { id: h.fx.dict('BILLING_STATUS', 2) } },
    ]) {
      const res = await h.json<Err>('invoicer', 'PATCH', `/core/api/times/${time}`, patch);
      expect(res.status, JSON.stringify(patch)).toBe(409);
      expect(res.body.message).toMatch(
        new RegExp(`^The time entry ${time} is billed on invoice "${inv.number}", which is Approved`),
      );
    }
    // its description is no billed fact
    const text = await h.json<Err>('invoicer', 'PATCH', `/core/api/times/${time}`, { workDescription: 'Typo fixed' });
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    // a time entry of a draft invoice is still work in progress
    const draftTime = await newTime();
    await invoice([draftTime]);
    const edit = await h.json<Err>('invoicer', 'PATCH', `/core/api/times/${draftTime}`, { duration: 1800000 });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  });
});

describe('MC-1 a pre-invoice that left Draft is kept', () => {
  it('MC-1 PRE-02 an approved pre-invoice refuses a change of its amount (409) and is not deleted (409)', async () => {
    const [pre] = await h.db.query<{ id: string }>(
      `INSERT INTO pre_invoices (number, date, project_id, payer_client_id, currency_id, amount, status_id)
       VALUES ('PI-LOCK', '2026-11-03', $1, $2, $3, '500.00', $4) RETURNING id`,
      [h.fx.projects.acmeProject, h.fx.clients.acme, h.fx.currencies.usd, h.fx.dict('PRE_INVOICE_STATUS', 4)],
    );
    const id = Number(pre!.id);
    const amount = await h.json<Err>('admin', 'PATCH', `/core/api/preInvoices/${id}`, { amount: '900.00' });
    expect(amount.status).toBe(409);
    expect(amount.body.message, amount.body.message).toBe(
      'Amount cannot be changed while the preInvoice\'s status is "Approved"',
    );
    const del = await h.json<Err>('admin', 'DELETE', `/core/api/preInvoices/${id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('Pre-invoice "PI-LOCK" is Approved: it cannot be deleted; close it instead');
  });
});

describe('MC-2 only declared moves', () => {
  it('MC-2 INV-23 recalculating a paid invoice is refused with 409; its totals stay', async () => {
    const inv = await invoice([await newTime()], true);
    const pay = await h.json<Err>('invoicer', 'POST', '/core/api/paymentHistories', {
      invoice: { id: inv.id },
      amount: String(inv.totalAmount),
      paymentDate: '2026-11-20',
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    expect((await get(inv.id)).status).toMatchObject({ code: 5 });
    // the payments' move is in the status history, as the engine's
    const history = await h.json<{ _embedded: { statusChanges: Array<{ to: { code: number } }> } }>(
      'admin',
      'GET',
      `/core/api/invoices/${inv.id}/statusChanges`,
    );
    expect(history.body._embedded.statusChanges.map((c) => c.to.code)).toEqual([5, 4, 2, 1]);
    await h.db.query('UPDATE matters SET amount_fee = amount_fee + 1 WHERE id = $1', [h.fx.matters.acmeMatter]);
    const res = await h.json<Err>('invoicer', 'PATCH', `/core/api/invoices/recalculate/${inv.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Invoice "${inv.number}" is Paid: only a draft invoice is recalculated`);
    expect(String((await get(inv.id)).totalAmount)).toBe(String(inv.totalAmount));
    await h.db.query('UPDATE matters SET amount_fee = amount_fee - 1 WHERE id = $1', [h.fx.matters.acmeMatter]);
    // and one with payments is not cancelled: its payments are reversed first
    const cancel = await changeStatus(inv.id, 3, 'Wrong client');
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(
      `Invoice "${inv.number}" is Paid: it has payments and cannot be cancelled; reverse the payments first`,
    );
  });

  it('MC-2 INV-25 a draft or an invoice on verification is not acted (409); an approved one is', async () => {
    const draft = await invoice([await newTime()]);
    const res = await h.json<Err>('invoicer', 'PATCH', `/core/api/invoices/${draft.id}/act`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Invoice "${draft.number}" is Draft: only an approved invoice is acted`);
    await send(draft.id);
    expect((await h.request('invoicer', 'PATCH', `/core/api/invoices/${draft.id}/act`)).statusCode).toBe(409);
    expect((await get(draft.id)).signed).toBe(false);
    const approved = await invoice([await newTime()], true);
    const act = await h.request('invoicer', 'PATCH', `/core/api/invoices/${approved.id}/act`);
    expect(act.statusCode, act.body).toBe(200);
  });

  it('MC-2 INV-27 no status call moves an invoice to Paid or Partly paid, nor along an undeclared move (409)', async () => {
    const draft = await invoice([await newTime()]);
    for (const code of [5, 6]) {
      const res = await changeStatus(draft.id, code);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        `Invoice "${draft.number}" is Draft: Paid and Partly paid come only from its payments, never from a status change`,
      );
      const patch = await h.request('invoicer', 'PATCH', `/core/api/invoices/${draft.id}`, {
        status: { id: statusId(code) },
      });
      expect(patch.statusCode).toBe(409);
      const moved = await h.request('invoicer', 'POST', `/core/api/invoices/${draft.id}/transitions`, { to: code });
      expect(moved.statusCode).toBe(409);
    }
    // Draft -> Approved is the approval's, not a call's
    const skip = await changeStatus(draft.id, 4);
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe('Status cannot move from "Draft" (code 1) to "Approved" (code 4)');
    expect((await get(draft.id)).status).toMatchObject({ code: 1 });
    // and a payment does not skip the approval either
    const pay = await h.json<Err>('invoicer', 'POST', '/core/api/paymentHistories', {
      invoice: { id: draft.id },
      amount: '10.00',
      paymentDate: '2026-11-20',
    });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe(`Invoice "${draft.number}" is Draft: only an approved invoice takes payments`);
  });
});

describe('MC-1 corrections are declared moves', () => {
  it('MC-1 INV-11 back to Draft needs a comment, cancels the pending chain, and a new send starts a new chain', async () => {
    const inv = await invoice([await newTime()]);
    const sent = await send(inv.id);
    const first = sent.body.verificationChain.id;
    expect(await chainDecisions(first)).toEqual({ chain: 1, steps: [1] });
    const bare = await changeStatus(inv.id, 1);
    expect(bare.status).toBe(400);
    expect(bare.body.errors?.[0]?.property).toBe('comment');
    const back = await changeStatus(inv.id, 1, 'The period must end on the 15th');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await get(inv.id)).status).toMatchObject({ code: 1 });
    // the chain is cancelled, step and all: nobody decides it any more
    expect(await chainDecisions(first)).toEqual({ chain: 4, steps: [4] });
    expect((await approve(first)).status).toBe(409);
    // a draft again: its fields change, and it is sent again with a new chain
    const edit = await h.json<Err>('invoicer', 'PATCH', `/core/api/invoices/${inv.id}`, { periodLte: '2026-11-15' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const again = await send(inv.id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.verificationChain.id).not.toBe(first);
    expect(await chainDecisions(again.body.verificationChain.id)).toEqual({ chain: 1, steps: [1] });
    expect((await approve(again.body.verificationChain.id)).status).toBe(200);
    expect((await get(inv.id)).status).toMatchObject({ code: 4 });
    // the whole trail is in the status history, the correction with its comment
    const history = await h.json<{
      _embedded: { statusChanges: Array<{ to: { code: number }; comment: string | null }> };
    }>('admin', 'GET', `/core/api/invoices/${inv.id}/statusChanges`);
    expect(history.body._embedded.statusChanges.map((c) => [c.to.code, c.comment])).toEqual([
      [4, null],
      [2, null],
      [1, 'The period must end on the 15th'],
      [2, null],
      [1, null],
    ]);
  });

  it('MC-1 an approved invoice returns to Draft through POST {id}/transitions with a comment, cancelling nothing already decided', async () => {
    const inv = await invoice([await newTime()], true);
    const chain = inv.verificationChain!.id;
    const res = await h.request('invoicer', 'POST', `/core/api/invoices/${inv.id}/transitions`, {
      to: 1,
      comment: 'Rate of the wrong year',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(inv.id)).status).toMatchObject({ code: 1 });
    // the approval that happened stays approved in the trail
    expect((await chainDecisions(chain)).chain).toBe(2);
  });

  it('MC-1 an acted invoice does not return to Draft; its cancellation keeps it with its number and totals and releases what it billed', async () => {
    const time = await newTime();
    const inv = await invoice([time], true);
    await h.request('invoicer', 'PATCH', `/core/api/invoices/${inv.id}/act`);
    const back = await changeStatus(inv.id, 1, 'Change the rates');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe(
      `Invoice "${inv.number}" is Approved: it is acted and cannot return to Draft; cancel it instead`,
    );
    const bare = await changeStatus(inv.id, 3);
    expect(bare.status).toBe(400);
    const cancel = await changeStatus(inv.id, 3, 'Billed to the wrong entity');
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const after = await get(inv.id);
    expect(after).toMatchObject({ number: inv.number, status: { code: 3 }, signed: true });
    expect(String(after.totalAmount)).toBe(String(inv.totalAmount));
    expect(after.billedAtCancellation).toMatch(new RegExp(`^time entry ${time} \\(`));
    // the time entry is free to be billed again
    expect(await billingOf('times', time)).toEqual({ invoice: null, code: 2 });
    const rebill = await invoice([time]);
    expect(rebill.timeList.map((t) => t.id)).toEqual([time]);
    // a cancelled invoice stays as it was: no edit, no move back
    const edit = await h.json<Err>('invoicer', 'PATCH', `/core/api/invoices/${inv.id}`, { contract: 'X' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/"Cancelled"/);
    expect((await changeStatus(inv.id, 1, 'undo')).status).toBe(409);
  });
});

describe('MC-1 approved expenses and budgets keep their money', () => {
  const approveChainOf = async (table: string, id: number) =>
    h.db.query(
      `UPDATE verification_chains SET decision_id = $1 WHERE id = (SELECT verification_chain_id FROM ${table} WHERE id = $2)`,
      [h.fx.dict('VERIFICATION_DECISION', 2), id],
    );

  it('MC-1 EXP-01 an approved expense refuses a change of amount, currency or payers (409); its description may change', async () => {
    const made = await h.json<{ id: number } & Err>('invoicer', 'POST', '/core/api/expenses', {
      date: '2026-10-20',
      payerMatter: { id: h.fx.matters.acmeMatter },
      expenseType: { id: h.fx.dict('EXPENSE_TYPE', 1) },
      description: 'Flight',
      amount: '250.50',
      currency: { id: h.fx.currencies.usd },
      expensePayerList: [{ payerPosition: { id: h.fx.positions.annaSector }, percentage: 1 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // before approval it is work in progress
    expect(
      (await h.request('invoicer', 'PATCH', `/core/api/expenses/${made.body.id}`, { amount: '260.50' })).statusCode,
    ).toBe(200);
    await approveChainOf('expenses', made.body.id);
    const amount = await h.json<Err>('invoicer', 'PATCH', `/core/api/expenses/${made.body.id}`, { amount: '999.00' });
    expect(amount.status).toBe(409);
    expect(amount.body.message).toBe(`The expense ${made.body.id} is approved: its amount cannot change`);
    const currency = await h.request('invoicer', 'PATCH', `/core/api/expenses/${made.body.id}`, {
      currency: { id: h.fx.currencies.kzt },
    });
    expect(currency.statusCode).toBe(409);
    const payers = await h.json<Err>('invoicer', 'PATCH', `/core/api/expenses/${made.body.id}`, {
      expensePayerList: [{ payerPosition: { id: h.fx.positions.carlFirm }, percentage: 1 }],
    });
    expect(payers.status).toBe(409);
    expect(payers.body.message).toBe(`The expense ${made.body.id} is approved: its payers cannot change`);
    const text = await h.request('invoicer', 'PATCH', `/core/api/expenses/${made.body.id}`, {
      description: 'Flight to Astana',
    });
    expect(text.statusCode, text.body).toBe(200);
    const [row] = await h.db.query<{ amount: string }>('SELECT amount::text AS amount FROM expenses WHERE id = $1', [
      made.body.id,
    ]);
    expect(row!.amount).toBe('260.5000');
  });

  it('MC-1 BUD-01 an approved budget refuses a change of amount or payers (409); its description may change', async () => {
    const made = await h.json<{ id: number } & Err>('admin', 'POST', '/core/api/budgets/', {
      date: '2026-11-10',
      budgetType: { id: h.fx.dict('BUDGET_TYPE', 1) },
      amount: 1200.5,
      currency: { id: h.fx.currencies.kzt },
      coverBudgetOffice: { id: h.fx.offices.almaty },
      description: 'Conference stand',
      budgetPayerList: [
        { payerType: { id: h.fx.dict('PAYER_TYPE', 1) }, payerOffice: { id: h.fx.offices.almaty }, percentage: 1 },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await approveChainOf('budgets', made.body.id);
    const amount = await h.json<Err>('admin', 'PATCH', `/core/api/budgets/${made.body.id}`, { amount: 5000 });
    expect(amount.status).toBe(409);
    expect(amount.body.message).toBe(`The budget ${made.body.id} is approved: its amount cannot change`);
    const payer = await h.json<Err>('admin', 'PATCH', `/core/api/budgets/${made.body.id}`, {
      budgetPayerList: [
        { payerType: { id: h.fx.dict('PAYER_TYPE', 1) }, payerOffice: { id: h.fx.offices.london }, percentage: 1 },
      ],
    });
    expect(payer.status).toBe(409);
    expect(payer.body.message).toBe(`The budget ${made.body.id} is approved: its payers cannot change`);
    // the same payers again (as the edit form sends them) pass
    const text = await h.request('admin', 'PATCH', `/core/api/budgets/${made.body.id}`, {
      description: 'Stand, hall B',
      budgetPayerList: [
        { payerType: { id: h.fx.dict('PAYER_TYPE', 1) }, payerOffice: { id: h.fx.offices.almaty }, percentage: 1.0 },
      ],
    });
    expect(text.statusCode, text.body).toBe(200);
  });
});
