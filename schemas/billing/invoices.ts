import { defineEntity, f, type RecordCondition } from '../define';
import {
  INVOICE_APPROVED,
  INVOICE_CANCELLED,
  INVOICE_DRAFT,
  INVOICE_ON_VERIFICATION,
  INVOICE_PAID,
  INVOICE_PARTLY_PAID,
  invoiceAccess,
} from './invoiceRules';

/**
 * What an invoice bills and costs, fixed once it leaves Draft (MC-1): a write
 * changing one of these while the invoice is On verification, Approved, Paid, Partly paid or
 * Cancelled is a 409 naming the status. Its lines (`timeList`, `expenseList`, `preInvoiceList`,
 * `matterList`) are held the same way by the room (`server/billing/invoiceLocks.ts`).
 */
const LOCKED = [
  'date',
  'numberSuffix',
  'periodGte',
  'periodLte',
  'billType',
  'project',
  'payerClient',
  'officeTransitAccount',
  'contract',
  'previewType',
  'currency',
  // the language its document was issued in (INV-01, MC-1): a client's copy does not change language
  'invoiceLanguage',
] as const;

/** A draft invoice, or one saved before statuses were set: the flow's first buttons apply. */
const DRAFT: RecordCondition = { field: 'status.code', in: [null, INVOICE_DRAFT] };

/**
 * Invoices (INV-01..31, NAV-77..84): the firm's bill to a client for a period of a project's work
 * (times, expenses, pre-invoices), approved through the engine, acted (signed) and paid.
 *
 * - Create (INV-21) links the times, expenses and pre-invoices the body picks (`timeList`,
 *   `expenseList`, `preInvoiceList` as `[{ id }]`, inverse lists written by the hook), sets the
 *   times' and expenses' billing status to "Invoiced" (code 4), numbers the invoice
 *   `INV-<year>-<id>`, starts it as Draft (status code 1) and computes its totals (INV-23).
 *   Matters are sent without repeats (INV-12), a transit account without id as null (INV-13).
 *   Only what may be billed is linked (MC-3, `server/billing/billable.ts`, the rule the
 *   previews list by): anything else is a 400 at its list naming the item and the reason.
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
  // GET /core/api/invoices/template/{id}/{templateKey} (INV-28): Invoice (1), Act (3) or Contract (4)
  documents: { keyParam: 'templateKey', documentTypes: [1, 3, 4] },
  fields: {
    // unique (MC-7): one number per document of its series; a Draft without a number (NULL) never conflicts
    number: f.text({ readOnly: true, unique: true }),
    numberSuffix: f.text({ label: 'Number suffix' }),
    date: f.date({ required: true }),
    periodGte: f.date({ required: true, label: 'Period from' }),
    periodLte: f.date({ required: true, label: 'Period to', notBefore: 'periodGte' }),
    billType: f.dictionary('BILL_TYPE', { label: 'Bill type' }),
    project: f.ref('projects', { required: true }),
    payerClient: f.ref('clients', { required: true, label: 'Payer' }),
    invoiceLanguage: f.dictionary('LANGUAGE', { label: 'Language' }),
    officeTransitAccount: f.ref('officeTransitAccounts', { label: 'Transit account' }),
    contract: f.text(),
    previewType: f.enum(['Client', 'Project', 'matters'], { label: 'Preview' }),
    currency: f.ref('currencies', { required: true }),
    totalAmount: f.money({ readOnly: true, serverOwned: true, label: 'Total' }),
    totalAmountUsd: f.money({ readOnly: true, serverOwned: true, label: 'Total (USD)' }),
    status: f.dictionary('INVOICE_STATUS'),
    signed: f.boolean({ readOnly: true, serverOwned: true, default: false, label: 'Acted' }),
    paid: f.boolean({ readOnly: true, serverOwned: true, default: false }),
    brmPosition: f.ref('positions', { readOnly: true, serverOwned: true, label: 'BRM' }),
    matterList: f.refList('matters', { label: 'Matters' }),
    preInvoiceList: f.refList('preInvoices', { via: 'invoice', label: 'Pre-invoices' }),
    timeList: f.refList('times', { via: 'invoice', label: 'Times' }),
    expenseList: f.refList('expenses', { via: 'invoice', label: 'Expenses' }),
    verificationChain: f.ref('verificationChains', { readOnly: true, serverOwned: true, onDelete: 'setNull' }),
    // MC-1: what a cancelled invoice billed before its lines were released (written by the move)
    billedAtCancellation: f.longText({
      readOnly: true,
      serverOwned: true,
      maxLength: 4000,
      label: 'Billed when cancelled',
    }),
  },
  accessRule: invoiceAccess,
  // MC-1: the card offers Edit and Delete on a draft only (the server refuses the rest with 409)
  editWhen: DRAFT,
  // MC-1, MC-2, MC-6: the declared moves; every move (the engine's too: sent, approved, rejected,
  // paid) has its status history row (`GET invoices/{id}/statusChanges`). Sending (Draft -> On verification) and the chain's decision
  // (-> Approved, a rejection -> Draft) are the approval engine's; Paid and Partly paid are the
  // payments' (`refreshInvoice`): none of them is a move a user takes by hand. The room adds what
  // codes cannot say: an acted invoice never returns to Draft, one with payments is not cancelled.
  status: {
    field: 'status',
    initial: INVOICE_DRAFT,
    transitions: [
      // a correction: back to Draft, which cancels the pending approval; sending again starts a new one
      { from: [INVOICE_ON_VERIFICATION, INVOICE_APPROVED], to: [INVOICE_DRAFT], comment: 'required' },
      // a cancellation keeps the invoice (number, totals) and releases what it billed
      {
        from: [INVOICE_DRAFT, INVOICE_ON_VERIFICATION, INVOICE_APPROVED, INVOICE_PAID, INVOICE_PARTLY_PAID],
        to: [INVOICE_CANCELLED],
        comment: 'required',
      },
    ],
    readOnlyIn: {
      [INVOICE_ON_VERIFICATION]: [...LOCKED],
      [INVOICE_APPROVED]: [...LOCKED],
      [INVOICE_PAID]: [...LOCKED],
      [INVOICE_PARTLY_PAID]: [...LOCKED],
      [INVOICE_CANCELLED]: [...LOCKED],
    },
  },
  computed: {
    // INV-08..10: "Paid & Not Acted", "Acted & Not Paid", "Paid & Acted", else null
    actPaidState: { type: 'text' },
  },
  verification: {
    ownerType: 'INVOICE',
    chainField: 'verificationChain',
    startOn: 'action',
  },
  actions: {
    // GET /core/api/invoices/totalAmount?<the list's filters> -> { totalAmount, totalAmountUsd } (INV-16)
    totalAmount: {
      level: 'collection',
      methods: ['GET'],
      summary: 'Totals of the invoices the list returns for the same filters',
      access: { privilege: 'view' },
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
    },
    // PATCH /core/api/invoices/verify/changeStatus/{id}/{statusId} (INV-27): by dictionary entry id
    changeStatus: {
      level: 'collection',
      methods: ['PATCH'],
      path: 'verify/changeStatus/:invoiceId/:statusId',
      summary:
        'Move an invoice to an INVOICE_STATUS entry id along the declared moves (back to Draft or Cancelled, with a comment)',
      input: {
        invoiceId: f.number({ required: true, integer: true, min: 1 }),
        statusId: f.number({ required: true, integer: true, min: 1 }),
        comment: f.longText({ maxLength: 1000 }),
      },
      access: { privilege: 'update' },
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
    },
    // GET /core/api/invoices/{id}/times (INV-18): the time entries the invoice holds
    times: {
      level: 'item',
      methods: ['GET'],
      summary: 'The time entries an invoice holds',
      access: { privilege: 'view' },
    },
    // GET /core/api/invoices/{id}/expenses (INV-19): the expenses the invoice holds
    expenses: {
      level: 'item',
      methods: ['GET'],
      summary: 'The expenses an invoice holds',
      access: { privilege: 'view' },
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
  clone: {
    clear: [
      'number',
      'signed',
      'paid',
      'status',
      'totalAmount',
      'totalAmountUsd',
      'brmPosition',
      'billedAtCancellation',
    ],
  },
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
          'billedAtCancellation',
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
