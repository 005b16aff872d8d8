import { invoiceDocuments } from '../documents/billing';
import { approversOfOffice } from '../approvals/verification';
import { defineEntity, f, type HookTx, type RecordCondition, type WireRecord } from '../define';
import { toMoney } from '../money';
import { fieldError } from '../engagements/rules';
import {
  actPaidSql,
  INVOICE_APPROVED,
  INVOICE_CANCELLED,
  INVOICE_DRAFT,
  INVOICE_ON_VERIFICATION,
  INVOICE_PAID,
  INVOICE_PARTLY_PAID,
  invoiceAccess,
  invoiceNumber,
  invoiceStatusCode,
  invoiceStatusId,
  linkPicked,
  normaliseInvoiceBody,
  recalculate,
  unlinkAll,
} from './invoiceRules';

/** A draft invoice, or one saved before statuses were set: the flow's first buttons apply. */
const DRAFT: RecordCondition = { field: 'status.code', in: [null, INVOICE_DRAFT] };

/** 409 with a message. */
const conflict = (message: string): Error => Object.assign(new Error(message), { statusCode: 409 });

/**
 * Invoices (INV-01..31, NAV-77..84): the firm's bill to a client for a period of a project's work
 * (times, expenses, pre-invoices), approved through the engine, acted (signed) and paid.
 *
 * - Create (INV-21) links the times, expenses and pre-invoices the body picks (`timeList`,
 *   `expenseList`, `preInvoiceList` as `[{ id }]`, inverse lists written by the hook), sets the
 *   times' and expenses' billing status to "Invoiced" (code 4), numbers the invoice
 *   `INV-<year>-<id>`, starts it as Draft (status code 1) and computes its totals (INV-23).
 *   Matters are sent without repeats (INV-12), a transit account without id as null (INV-13).
 * - Delete (INV-22) unlinks them (back to "Unbilled", code 2).
 * - Flow (INV-11): `POST verify/{id}/check-documents` (status 2, a new approval chain of the
 *   invoice approvers, APPROVER_TYPE 4, of the sender's office) -> `POST /verificationChains/solve`
 *   decision 2 (status 4; a rejection puts it back to Draft) -> `PATCH verify/changeStatus/{id}/{statusId}`
 *   -> `PATCH {id}/act` (signed) -> `PATCH recalculate/{id}`. `paid` is written by payments only.
 * - Access (INV-14): {@link invoiceAccess} on the list, the item, the totals and the sub-lists.
 * - The list (INV-04, INV-15, INV-16): projection `invoiceList`, status code 3 hidden by default,
 *   `GET /invoices/totalAmount`; `actPaidState` is the combined display (INV-08..10).
 */
export const invoices = defineEntity({
  name: 'invoices',
  entityName: 'Invoice',
  label: 'Invoices',
  area: 'finance',
  icon: 'Receipt',
  module: 'invoice',
  // NAV-79: the card is also at clients/{clientId}/projects/{projectId}/times/matters/{matterId}/invoices/{invoiceId}
  // (the literal `times` segment as the spec writes it)
  routeAliases: ['clients/:clientId/projects/:projectId/times/matters/:matterId/invoices'],
  // the document from the office's template: GET <collection>/template/{id}/{key} (schemas/documents/billing.ts)
  documents: invoiceDocuments,
  fields: {
    number: f.text({ readOnly: true }),
    numberSuffix: f.text({ label: 'Number suffix' }),
    date: f.date({ required: true }),
    periodGte: f.date({ required: true, label: 'Period from' }),
    periodLte: f.date({ required: true, label: 'Period to' }),
    billType: f.dictionary('BILL_TYPE', { label: 'Bill type' }),
    project: f.ref('projects', { required: true }),
    payerClient: f.ref('clients', { required: true, label: 'Payer' }),
    invoiceLanguage: f.dictionary('LANGUAGE', { label: 'Language' }),
    officeTransitAccount: f.ref('officeTransitAccounts', { label: 'Transit account' }),
    contract: f.text(),
    previewType: f.enum(['Client', 'Project', 'matters'], { label: 'Preview' }),
    currency: f.ref('currencies', { required: true }),
    totalAmount: f.money({ readOnly: true, label: 'Total' }),
    totalAmountUsd: f.money({ readOnly: true, label: 'Total (USD)' }),
    status: f.dictionary('INVOICE_STATUS'),
    signed: f.boolean({ readOnly: true, default: false, label: 'Acted' }),
    paid: f.boolean({ readOnly: true, default: false }),
    brmPosition: f.ref('positions', { readOnly: true, label: 'BRM' }),
    matterList: f.refList('matters', { label: 'Matters' }),
    preInvoiceList: f.refList('preInvoices', { via: 'invoice', label: 'Pre-invoices' }),
    timeList: f.refList('times', { via: 'invoice', label: 'Times' }),
    expenseList: f.refList('expenses', { via: 'invoice', label: 'Expenses' }),
    verificationChain: f.ref('verificationChains', { readOnly: true, onDelete: 'setNull' }),
  },
  accessRule: invoiceAccess,
  computed: {
    // INV-08..10: "Paid & Not Acted", "Acted & Not Paid", "Paid & Acted", else null
    actPaidState: { type: 'text', sql: actPaidSql },
  },
  verification: {
    ownerType: 'INVOICE',
    chainField: 'verificationChain',
    // the invoice approvers (APPROVER_TYPE 4) of the office of whoever sends it for verification
    approvers: approversOfOffice(4, ({ user }) => user.employeeOfficeId),
    description: ({ record }) => `Invoice: ${String(record.number ?? '')}`.trim(),
    startOn: 'action',
    // INV-11: approved (decision 2) -> status 4; rejected -> back to Draft
    onDecided: async ({ tx, ownerId, decision }) => {
      const code = decision === 2 ? INVOICE_APPROVED : INVOICE_DRAFT;
      await tx.query('UPDATE invoices SET status_id = $2, version = version + 1 WHERE id = $1', [
        ownerId,
        await invoiceStatusId(tx, code),
      ]);
    },
  },
  hooks: {
    beforeValidate: async ({ body }) => normaliseInvoiceBody(body),
    beforeChange: async ({ tx, mode, id, stored }) => {
      if (mode === 'delete' && id !== undefined) return unlinkAll(tx, id);
      // a new invoice starts as Draft; `paid` is the payments' business
      if (mode === 'create') return { status: { id: await invoiceStatusId(tx, INVOICE_DRAFT) }, paid: false };
      if (stored?.paid !== undefined) return { paid: stored.paid };
    },
    afterChange: async ({ tx, id, mode, body }) => {
      if (mode === 'create') {
        const [row] = await tx.query<{ date: string }>(
          `SELECT to_char(date, 'YYYY-MM-DD') AS date FROM invoices WHERE id = $1`,
          [id],
        );
        await tx.query('UPDATE invoices SET number = $2 WHERE id = $1', [id, invoiceNumber(row!.date, id)]);
      }
      await linkPicked(tx, id, body);
      await recalculate(tx, id);
    },
  },
  actions: {
    // GET /core/api/invoices/totalAmount?<the list's filters> -> { totalAmount, totalAmountUsd } (INV-16)
    totalAmount: {
      level: 'collection',
      methods: ['GET'],
      summary: 'Totals of the invoices the list returns for the same filters',
      access: { privilege: 'view' },
      handler: async ({ list }) =>
        list.aggregate({ totalAmount: { sum: 'totalAmount' }, totalAmountUsd: { sum: 'totalAmountUsd' } }),
    },
    // PATCH /core/api/invoices/recalculate/{id} -> { totalAmount, totalAmountUsd } (INV-23)
    recalculate: {
      level: 'collection',
      methods: ['PATCH'],
      path: 'recalculate/:invoiceId',
      summary: 'Recompute the totals of an invoice from what it holds',
      input: { invoiceId: f.number({ required: true, integer: true, min: 1 }) },
      access: { privilege: 'update' },
      button: {
        label: 'bureau.billing.recalculate',
        when: DRAFT,
        fromRecord: { invoiceId: 'id' },
        success: 'bureau.billing.recalculated',
        failure: 'bureau.billing.refused',
      },
      handler: async ({ tx, input, read }) => {
        await read(input.invoiceId as number, { lock: true });
        return recalculate(tx, input.invoiceId as number);
      },
    },
    // POST /core/api/invoices/verify/{id}/check-documents (INV-26): status 2 and a new chain
    checkDocuments: {
      level: 'collection',
      methods: ['POST'],
      path: 'verify/:invoiceId/check-documents',
      summary: 'Send an invoice for verification: status 2 and a new approval chain',
      input: { invoiceId: f.number({ required: true, integer: true, min: 1 }) },
      access: { privilege: 'update' },
      button: {
        label: 'bureau.billing.send_to_verification',
        when: DRAFT,
        fromRecord: { invoiceId: 'id' },
        success: 'bureau.billing.sent_to_verification',
        failure: 'bureau.billing.refused',
      },
      handler: async ({ tx, input, read, write, startVerification }) => {
        const id = input.invoiceId as number;
        const invoice = await read(id, { lock: true });
        const code = (invoice.status as { code?: number } | null)?.code;
        if (code !== undefined && code !== INVOICE_DRAFT)
          throw conflict(`Only a draft invoice can be sent for verification (status code ${code})`);
        const chainId = await startVerification(id);
        await write('invoices', id, { status: { id: await invoiceStatusId(tx, INVOICE_ON_VERIFICATION) } });
        return { id, verificationChain: { id: chainId } };
      },
    },
    // PATCH /core/api/invoices/verify/changeStatus/{id}/{statusId} (INV-27): by dictionary entry id
    changeStatus: {
      level: 'collection',
      methods: ['PATCH'],
      path: 'verify/changeStatus/:invoiceId/:statusId',
      summary: 'Set the status of an invoice (an INVOICE_STATUS entry id)',
      input: {
        invoiceId: f.number({ required: true, integer: true, min: 1 }),
        statusId: f.number({ required: true, integer: true, min: 1 }),
      },
      access: { privilege: 'update' },
      handler: async ({ tx, input, read, write }) => {
        const id = input.invoiceId as number;
        await read(id, { lock: true });
        const code = await invoiceStatusCode(tx, input.statusId as number);
        if (code === undefined)
          throw fieldError('Invoice', 'statusId', input.statusId, 'must be an invoice status (INVOICE_STATUS)');
        await write('invoices', id, { status: { id: input.statusId } });
        return { id, status: { id: input.statusId, code } };
      },
    },
    // PATCH /core/api/invoices/{id}/act (INV-25): the invoice is acted (signed)
    act: {
      level: 'item',
      methods: ['PATCH'],
      summary: 'Act (sign) an invoice',
      access: { privilege: 'update' },
      button: {
        label: 'bureau.billing.act',
        when: [
          { field: 'status.code', in: [INVOICE_APPROVED, INVOICE_PAID, INVOICE_PARTLY_PAID] },
          { field: 'signed', notIn: [true] },
        ],
        success: 'bureau.billing.acted',
        failure: 'bureau.billing.refused',
      },
      handler: async ({ id, row, write }) => {
        const code = (row?.status as { code?: number } | null)?.code;
        if (code === INVOICE_CANCELLED) throw conflict('A cancelled invoice cannot be acted');
        await write('invoices', id!, { signed: true });
        return { id, signed: true };
      },
    },
    // PATCH /core/api/invoices/update/brm { invoiceId, brmPositionId } (INV-24)
    updateBrm: {
      level: 'collection',
      methods: ['PATCH'],
      path: 'update/brm',
      summary: "Change an invoice's BRM position",
      input: {
        invoiceId: f.number({ required: true, integer: true, min: 1 }),
        brmPositionId: f.refId('positions', { required: true }),
      },
      access: { privilege: 'update' },
      handler: async ({ input, read, write }) => {
        const id = input.invoiceId as number;
        await read(id, { lock: true });
        await write('invoices', id, { brmPosition: { id: input.brmPositionId } });
        return { id, brmPosition: { id: input.brmPositionId } };
      },
    },
    // GET /core/api/invoices/{id}/times (INV-18): the time entries the invoice holds
    times: {
      level: 'item',
      methods: ['GET'],
      summary: 'The time entries an invoice holds',
      access: { privilege: 'view' },
      handler: async ({ tx, id }) => ({ _embedded: { times: await heldTimes(tx, id!) } }),
    },
    // GET /core/api/invoices/{id}/expenses (INV-19): the expenses the invoice holds
    expenses: {
      level: 'item',
      methods: ['GET'],
      summary: 'The expenses an invoice holds',
      access: { privilege: 'view' },
      handler: async ({ tx, id }) => ({ _embedded: { expenses: await heldExpenses(tx, id!) } }),
    },
  },
  projections: {
    full: {
      embed: {
        billType: ['code', 'gname'],
        project: ['number', 'description'],
        payerClient: ['gname'],
        invoiceLanguage: ['code', 'gname'],
        currency: ['code', 'gname'],
        status: ['code', 'gname'],
        brmPosition: 'full',
        verificationChain: ['decision'],
        matterList: ['number', 'description'],
        preInvoiceList: ['number', 'amount'],
        timeList: ['dateTime', 'duration'],
        expenseList: ['date', 'amount'],
      },
    },
    // INV-15: the list's rows
    invoiceList: {
      fields: [
        'number',
        'numberSuffix',
        'date',
        'periodGte',
        'periodLte',
        'project',
        'payerClient',
        'currency',
        'totalAmount',
        'totalAmountUsd',
        'status',
        'signed',
        'paid',
        'verificationChain',
        'actPaidState',
      ],
      embed: {
        project: ['number', 'description'],
        payerClient: ['gname'],
        currency: ['code', 'gname'],
        status: ['code', 'gname'],
        verificationChain: ['decision'],
      },
    },
  },
  clone: { clear: ['number', 'signed', 'paid', 'status', 'totalAmount', 'totalAmountUsd', 'brmPosition'] },
  defaultSort: [['date', 'desc']],
  // the list newest first, whole or of one payer or project: the page walks the index and stops
  // after its rows, so the embedded records are read for those rows only
  indexes: [['date'], ['payerClient', 'date'], ['project', 'date']],
  search: ['number', 'contract'],
  globalSearch: { fields: ['number', 'contract'] },
  recordRepresentation: '%{number} %{date}',
  list: {
    projection: 'invoiceList',
    columns: ['number', 'date', 'project', 'payerClient', 'totalAmount', 'currency', 'status', 'actPaidState'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'date.gte', field: 'date', label: 'From', alwaysOn: true },
      { source: 'date.lte', field: 'date', label: 'To', alwaysOn: true },
      { source: 'project.id', field: 'project', label: 'Project' },
      { source: 'payerClient.id', field: 'payerClient', label: 'Payer' },
      { source: 'status.code', field: 'status', label: 'Status' },
    ],
    // INV-04: cancelled invoices (status code 3) are not in the default list
    defaultFilter: { 'status.code.ne': INVOICE_CANCELLED },
  },
  form: {
    layout: 'sections',
    groups: [
      {
        name: 'invoice',
        label: 'Invoice',
        fields: [
          'date',
          'numberSuffix',
          'periodGte',
          'periodLte',
          'billType',
          'project',
          'payerClient',
          'invoiceLanguage',
          'officeTransitAccount',
          'contract',
          'currency',
          'matterList',
          'previewType',
        ],
      },
      // INV-21, INV-29, INV-30: the time, expenses and pre-invoices the invoice bills (the SPA
      // offers the project's unbilled ones in the period)
      { name: 'items', label: 'What it bills', fields: ['timeList', 'expenseList', 'preInvoiceList'] },
    ],
  },
  // NAV-80..84: main, expenses (view expense), times (view time), payments (view PAYMENT_HISTORY),
  // invoice-quotas (view invoice)
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'number',
          'numberSuffix',
          'date',
          'periodGte',
          'periodLte',
          'billType',
          'project',
          'payerClient',
          'invoiceLanguage',
          'officeTransitAccount',
          'contract',
          'previewType',
          'currency',
          'totalAmount',
          'totalAmountUsd',
          'status',
          'signed',
          'paid',
          'brmPosition',
          'matterList',
          'preInvoiceList',
          'verificationChain',
        ],
      },
      { name: 'expenses', label: 'Expenses', module: 'expense', related: { collection: 'expenses', via: 'invoice' } },
      { name: 'times', label: 'Times', module: 'time', related: { collection: 'times', via: 'invoice' } },
      {
        name: 'payments',
        label: 'Payments',
        module: 'PAYMENT_HISTORY',
        related: { collection: 'paymentHistories', via: 'invoice' },
      },
      {
        name: 'invoice-quotas',
        label: 'Invoice quotas',
        module: 'invoice',
        related: { collection: 'invoiceQuotas', via: 'invoiceId' },
      },
    ],
  },
});

/** The wire rows of the time entries invoice `id` holds, oldest first. */
async function heldTimes(tx: HookTx, id: number): Promise<WireRecord[]> {
  const rows = await tx.query<Record<string, string | number | boolean | null>>(
    `SELECT t.id, t.version, to_char(t.date_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS date_time,
            t.duration::text AS duration, t.billable, t.work_description, t.executor_position_id, t.employee_id,
            t.matter_id, t.project_id, wt.id AS wt_id, wt.code AS wt_code, bs.id AS bs_id, bs.code AS bs_code
       FROM times t
       LEFT JOIN base_dictionaries wt ON wt.id = t.work_type_id
       LEFT JOIN base_dictionaries bs ON bs.id = t.billing_status_id
      WHERE t.invoice_id = $1 ORDER BY t.date_time, t.id`,
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

/** The wire rows of the expenses invoice `id` holds, oldest first; money as decimal strings. */
async function heldExpenses(tx: HookTx, id: number): Promise<WireRecord[]> {
  const rows = await tx.query<Record<string, string | number | boolean | null>>(
    `SELECT e.id, e.version, to_char(e.date, 'YYYY-MM-DD') AS date, e.amount::text AS amount,
            e.amount_usd::text AS amount_usd, e.description, e.payer_matter_id, e.currency_id,
            bs.id AS bs_id, bs.code AS bs_code
       FROM expenses e LEFT JOIN base_dictionaries bs ON bs.id = e.billing_status_id
      WHERE e.invoice_id = $1 ORDER BY e.date, e.id`,
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
