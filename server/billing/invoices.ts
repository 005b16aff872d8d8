import { CURRENCY_GROUP, totalsByCurrency } from '../../schemas/currencyTotals';
import { invoiceDocuments } from '../documents/billing';
import { approversOfOffice } from '../approvals/verification';
import { type HookTx, type WireRecord } from '../../schemas/define';
import { toMoney } from '../../schemas/money';
import { fieldError } from '../../schemas/engagements/rules';
import {
  actPaidSql,
  INVOICE_APPROVED,
  INVOICE_DRAFT,
  INVOICE_ON_VERIFICATION,
  nextInvoiceNumber,
  invoiceStatusCode,
  linkPicked,
  normaliseInvoiceBody,
  recalculate,
  unlinkAll,
} from './invoiceRules';
import { defineServer } from '../define';
import { preInvoicesTouched, settlePreInvoice } from './receivables';
import { refreshInvoice } from './preInvoiceRules';
import { notTrashed } from '../trash/columns';
import { moveStatus } from '../statuses/service';
import {
  ACTABLE,
  checkInvoiceMove,
  checkLinesLocked,
  invoiceMoveEffects,
  invoiceState,
  isDraft,
  lockedInvoice,
  type InvoiceState,
} from './invoiceLocks';

/** 409 with a message. */
const conflict = (message: string): Error => Object.assign(new Error(message), { statusCode: 409 });

/** The stored invoice `id` (the row exists: the caller read it). */
const stateOf = async (tx: HookTx, id: number): Promise<InvoiceState> => (await invoiceState(tx, id))!;

/** The wire rows of the live time entries invoice `id` holds (none in the trash), oldest first. */
async function heldTimes(tx: HookTx, id: number): Promise<WireRecord[]> {
  const rows = await tx.query<Record<string, string | number | boolean | null>>(
    `SELECT t.id, t.version, to_char(t.date_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS date_time,
            t.duration::text AS duration, t.billable, t.work_description, t.executor_position_id, t.employee_id,
            t.matter_id, t.project_id, wt.id AS wt_id, wt.code AS wt_code, bs.id AS bs_id, bs.code AS bs_code
       FROM times t
       LEFT JOIN base_dictionaries wt ON wt.id = t.work_type_id
       LEFT JOIN base_dictionaries bs ON bs.id = t.billing_status_id
      WHERE t.invoice_id = $1 AND ${notTrashed('t')} ORDER BY t.date_time, t.id`,
    [id],
  );
  const ref = (v: unknown) => (v === null ? null : { id: Number(v) });
  return rows.map((r) => ({
    id: Number(r.id),
    version: Number(r.version),
    dateTime: r.date_time,
    duration: Number(r.duration),
    billable: r.billable,
    workDescription: r.work_description,
    workType: r.wt_id === null ? null : { id: Number(r.wt_id), code: Number(r.wt_code) },
    billingStatus: r.bs_id === null ? null : { id: Number(r.bs_id), code: Number(r.bs_code) },
    executorPosition: ref(r.executor_position_id),
    employee: ref(r.employee_id),
    matter: ref(r.matter_id),
    project: ref(r.project_id),
    invoice: { id },
  }));
}

/** The wire rows of the live expenses invoice `id` holds, oldest first; money as decimal strings. */
async function heldExpenses(tx: HookTx, id: number): Promise<WireRecord[]> {
  const rows = await tx.query<Record<string, string | number | boolean | null>>(
    `SELECT e.id, e.version, to_char(e.date, 'YYYY-MM-DD') AS date, e.amount::text AS amount,
            e.amount_usd::text AS amount_usd, e.description, e.payer_matter_id, e.currency_id,
            bs.id AS bs_id, bs.code AS bs_code
       FROM expenses e LEFT JOIN base_dictionaries bs ON bs.id = e.billing_status_id
      WHERE e.invoice_id = $1 AND ${notTrashed('e')} ORDER BY e.date, e.id`,
    [id],
  );
  const money = (v: unknown) => (v === null ? null : toMoney(v as string).toFixed());
  return rows.map((r) => ({
    id: Number(r.id),
    version: Number(r.version),
    date: r.date,
    amount: money(r.amount),
    amountUsd: money(r.amount_usd),
    description: r.description,
    payerMatter: r.payer_matter_id === null ? null : { id: Number(r.payer_matter_id) },
    currency: r.currency_id === null ? null : { id: Number(r.currency_id) },
    billingStatus: r.bs_id === null ? null : { id: Number(r.bs_id), code: Number(r.bs_code) },
    invoice: { id },
  }));
}

export const invoicesServer = defineServer('invoices', {
  computed: { actPaidState: actPaidSql },
  documents: invoiceDocuments,
  hooks: {
    beforeValidate: [
      async ({ body }) => normaliseInvoiceBody(body),
      // MC-1: the lines of an invoice that left Draft stay as they are (409 otherwise)
      async ({ tx, id, body, mode }) => {
        if (mode !== 'create' && id !== undefined) await checkLinesLocked(tx, await stateOf(tx, id), body);
      },
    ],
    beforeChange: [
      async ({ tx, mode, id, data, stored, write, user }) => {
        // a new invoice starts as Draft (the declared status' initial); `paid` is the payments' business
        if (mode === 'create') return { paid: false };
        if (id === undefined) return undefined;
        const state = await stateOf(tx, id);
        // MC-1: a sent, approved, paid or cancelled invoice is kept, not deleted
        if (mode === 'delete') {
          if (!isDraft(state)) throw lockedInvoice(state, 'it cannot be deleted; cancel it instead');
          // MC-5: the pre-invoices it closed reopen
          const touched = await preInvoicesTouched(tx, id, undefined);
          await unlinkAll(tx, write, id);
          for (const pre of touched) await settlePreInvoice(tx, write, user, pre);
          return undefined;
        }
        const extra: WireRecord = stored?.paid !== undefined ? { paid: stored.paid } : {};
        // MC-2: a status sent in the body (PUT, PATCH, POST {id}/transitions) moves only along the
        // declared moves (checked by the status service after the hooks) and their conditions here
        const toId = (data.status as { id?: number } | null | undefined)?.id;
        if (toId !== undefined && toId !== (stored?.status as { id?: number } | null | undefined)?.id) {
          const toCode = await invoiceStatusCode(tx, toId);
          if (toCode !== undefined) {
            await checkInvoiceMove(tx, state, toCode);
            Object.assign(extra, await invoiceMoveEffects(tx, write, user.username, state, toCode));
          }
        }
        return extra;
      },
    ],
    afterChange: [
      async ({ tx, id, mode, body, write, user }) => {
        const state = await stateOf(tx, id);
        const draft = isDraft(state);
        const touched =
          draft && Object.hasOwn(body ?? {}, 'preInvoiceList') ? await preInvoicesTouched(tx, id, body) : [];
        if (draft) await linkPicked(tx, write, id, body);
        // only a draft's totals follow its lines: a sent invoice keeps what it was sent with,
        // a cancelled one what it billed
        if (mode !== 'create' && !draft) return;
        // a new invoice gets the next number of its year (INV-YYYY-NNNNN, in this create's
        // transaction) in the same write as its first totals
        let number: WireRecord = {};
        if (mode === 'create') {
          const [row] = await tx.query<{ date: string }>(
            `SELECT to_char(date, 'YYYY-MM-DD') AS date FROM invoices WHERE id = $1`,
            [id],
          );
          number = { number: await nextInvoiceNumber(tx, row!.date) };
        }
        await recalculate(tx, write, id, number);
        // MC-5: a pre-invoice the invoice takes is closed by it (named by its number); one it lets go reopens
        for (const pre of touched) await settlePreInvoice(tx, write, user, pre);
        // MC-5: the paid flag follows what its pre-invoices were already paid (a Draft keeps its status)
        await refreshInvoice(tx, write, user, id);
      },
    ],
  },
  verification: {
    // the invoice approvers (APPROVER_TYPE 4) of the office of whoever sends it for verification
    approvers: approversOfOffice(4, ({ user }) => user.employeeOfficeId),
    description: ({ record }) => `Invoice: ${String(record.number ?? '')}`.trim(),
    // INV-11: approved (decision 2) -> status 4; rejected -> back to Draft
    // (through the write that records history, so the status change shows in the invoice's history)
    // (an engine's move: outside the declared transitions, with its status history)
    onDecided: async ({ tx, user, ownerId, decision, comment, write }) => {
      const code = decision === 2 ? INVOICE_APPROVED : INVOICE_DRAFT;
      await moveStatus(tx, user, 'invoices', ownerId, code, { byEngine: true, comment });
      // MC-5: what its pre-invoices were paid shows at once (Partly paid or Paid)
      if (decision === 2) await refreshInvoice(tx, write, user, ownerId);
    },
  },
  actions: {
    // GET /core/api/invoices/totalAmount?<the list's filters> -> { totalAmount, totalAmountUsd } (INV-16)
    totalAmount: async ({ list }) =>
      totalsByCurrency(
        await list.aggregateGroups({ totalAmount: { sum: 'totalAmount' }, totalAmountUsd: { sum: 'totalAmountUsd' } }, [
          ...CURRENCY_GROUP,
        ]),
        ['totalAmount', 'totalAmountUsd'],
      ),
    // PATCH /core/api/invoices/recalculate/{id} -> { totalAmount, totalAmountUsd } (INV-23)
    // MC-2: a draft's only; a sent, approved, paid or cancelled invoice keeps its totals (409)
    recalculate: async ({ tx, input, read, write }) => {
      await read(input.invoiceId as number, { lock: true });
      const state = await stateOf(tx, input.invoiceId as number);
      if (!isDraft(state)) throw lockedInvoice(state, 'only a draft invoice is recalculated');
      return recalculate(tx, write, input.invoiceId as number);
    },
    // POST /core/api/invoices/verify/{id}/check-documents (INV-26): status 2 and a new chain
    checkDocuments: async ({ tx, user, input, read, startVerification }) => {
      const id = input.invoiceId as number;
      const invoice = await read(id, { lock: true });
      const code = (invoice.status as { code?: number } | null)?.code;
      if (code !== undefined && code !== INVOICE_DRAFT)
        throw conflict(`Only a draft invoice can be sent for verification (status code ${code})`);
      const chainId = await startVerification(id);
      // the engine's move (not a user's transition), recorded in the status history
      await moveStatus(tx, user, 'invoices', id, INVOICE_ON_VERIFICATION, { byEngine: true });
      return { id, verificationChain: { id: chainId } };
    },
    // PATCH /core/api/invoices/verify/changeStatus/{id}/{statusId} (INV-27): by dictionary entry id
    // MC-2: along the declared moves only (409), Paid and Partly paid never (they are the
    // payments'), back to Draft or Cancelled with a comment (400 without)
    changeStatus: async ({ tx, user, input, read, write }) => {
      const id = input.invoiceId as number;
      await read(id, { lock: true });
      const code = await invoiceStatusCode(tx, input.statusId as number);
      if (code === undefined)
        throw fieldError('Invoice', 'statusId', input.statusId, 'must be an invoice status (INVOICE_STATUS)');
      const state = await stateOf(tx, id);
      if (state.code === code) return { id, status: { id: input.statusId, code } };
      await checkInvoiceMove(tx, state, code);
      const comment = typeof input.comment === 'string' ? input.comment : null;
      // the move is checked (declared, comment) and written, then its effects in the same transaction
      const moved = await moveStatus(tx, user, 'invoices', id, code, { comment });
      const extra = await invoiceMoveEffects(tx, write, user.username, state, code);
      if (Object.keys(extra).length > 0) await write('invoices', id, extra);
      return { id, status: { id: moved.to.id, code } };
    },
    // PATCH /core/api/invoices/{id}/act (INV-25): the invoice is acted (signed)
    // MC-2: an approved invoice (or a paid one) is acted; a draft, one on verification or a
    // cancelled one is not (409 naming its status)
    act: async ({ tx, id, write }) => {
      const state = await stateOf(tx, id!);
      if (state.code === undefined || !ACTABLE.includes(state.code))
        throw lockedInvoice(state, 'only an approved invoice is acted');
      await write('invoices', id!, { signed: true });
      return { id, signed: true };
    },
    // PATCH /core/api/invoices/update/brm { invoiceId, brmPositionId } (INV-24)
    updateBrm: async ({ input, read, write }) => {
      const id = input.invoiceId as number;
      await read(id, { lock: true });
      await write('invoices', id, { brmPosition: { id: input.brmPositionId } });
      return { id, brmPosition: { id: input.brmPositionId } };
    },
    // GET /core/api/invoices/{id}/times (INV-18): the time entries the invoice holds
    times: async ({ tx, id }) => ({ _embedded: { times: await heldTimes(tx, id!) } }),
    // GET /core/api/invoices/{id}/expenses (INV-19): the expenses the invoice holds
    expenses: async ({ tx, id }) => ({ _embedded: { expenses: await heldExpenses(tx, id!) } }),
  },
});
