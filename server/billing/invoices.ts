import { invoiceDocuments } from '../documents/billing';
import { approversOfOffice } from '../approvals/verification';
import { type HookTx, type WireRecord } from '../../schemas/define';
import { toMoney } from '../../schemas/money';
import { fieldError } from '../../schemas/engagements/rules';
import {
  actPaidSql,
  INVOICE_APPROVED,
  INVOICE_CANCELLED,
  INVOICE_DRAFT,
  INVOICE_ON_VERIFICATION,
  invoiceNumber,
  invoiceStatusCode,
  invoiceStatusId,
  linkPicked,
  normaliseInvoiceBody,
  recalculate,
  unlinkAll,
} from './invoiceRules';
import { defineServer } from '../define';
import { notTrashed } from '../trash/columns';
import { moveStatus } from '../statuses/service';

/** 409 with a message. */
const conflict = (message: string): Error => Object.assign(new Error(message), { statusCode: 409 });

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
    beforeValidate: [async ({ body }) => normaliseInvoiceBody(body)],
    beforeChange: [
      async ({ tx, mode, id, stored, write }) => {
        if (mode === 'delete' && id !== undefined) return unlinkAll(tx, write, id);
        // a new invoice starts as Draft; `paid` is the payments' business
        if (mode === 'create') return { status: { id: await invoiceStatusId(tx, INVOICE_DRAFT) }, paid: false };
        if (stored?.paid !== undefined) return { paid: stored.paid };
      },
    ],
    afterChange: [
      async ({ tx, id, mode, body, write }) => {
        await linkPicked(tx, write, id, body);
        // a new invoice gets its number (from its id) in the same write as its first totals
        let number: WireRecord = {};
        if (mode === 'create') {
          const [row] = await tx.query<{ date: string }>(
            `SELECT to_char(date, 'YYYY-MM-DD') AS date FROM invoices WHERE id = $1`,
            [id],
          );
          number = { number: invoiceNumber(row!.date, id) };
        }
        await recalculate(tx, write, id, number);
      },
    ],
  },
  verification: {
    // the invoice approvers (APPROVER_TYPE 4) of the office of whoever sends it for verification
    approvers: approversOfOffice(4, ({ user }) => user.employeeOfficeId),
    description: ({ record }) => `Invoice: ${String(record.number ?? '')}`.trim(),
    // INV-11: approved (decision 2) -> status 4; rejected -> back to Draft: the engine's move, with
    // its status history row (MC-6) and the decision's comment
    onDecided: async ({ tx, user, ownerId, decision, comment }) => {
      const code = decision === 2 ? INVOICE_APPROVED : INVOICE_DRAFT;
      await moveStatus(tx, user, 'invoices', ownerId, code, { byEngine: true, comment });
    },
  },
  actions: {
    // GET /core/api/invoices/totalAmount?<the list's filters> -> { totalAmount, totalAmountUsd } (INV-16)
    totalAmount: async ({ list }) =>
      list.aggregate({ totalAmount: { sum: 'totalAmount' }, totalAmountUsd: { sum: 'totalAmountUsd' } }),
    // PATCH /core/api/invoices/recalculate/{id} -> { totalAmount, totalAmountUsd } (INV-23)
    recalculate: async ({ tx, input, read, write }) => {
      await read(input.invoiceId as number, { lock: true });
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
      // the engine's move, with its status history row (MC-6)
      await moveStatus(tx, user, 'invoices', id, INVOICE_ON_VERIFICATION, { byEngine: true });
      return { id, verificationChain: { id: chainId } };
    },
    // PATCH /core/api/invoices/verify/changeStatus/{id}/{statusId} (INV-27): by dictionary entry id
    changeStatus: async ({ tx, user, input, read }) => {
      const id = input.invoiceId as number;
      await read(id, { lock: true });
      const code = await invoiceStatusCode(tx, input.statusId as number);
      if (code === undefined)
        throw fieldError('Invoice', 'statusId', input.statusId, 'must be an invoice status (INVOICE_STATUS)');
      // with its status history row (MC-6); which moves are allowed is issue 30 items 1-2's
      await moveStatus(tx, user, 'invoices', id, code, { byEngine: true });
      return { id, status: { id: input.statusId, code } };
    },
    // PATCH /core/api/invoices/{id}/act (INV-25): the invoice is acted (signed)
    act: async ({ id, row, write }) => {
      const code = (row?.status as { code?: number } | null)?.code;
      if (code === INVOICE_CANCELLED) throw conflict('A cancelled invoice cannot be acted');
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
