import { defineEntity, f } from '../define';
import {
  preInvoiceAccess,
  PRE_ACTED,
  PRE_APPROVED,
  PRE_CLOSED,
  PRE_DRAFT,
  PRE_ON_VERIFICATION,
  PRE_REJECTED,
} from './preInvoiceRules';

/** The business fields a pre-invoice keeps from the moment it is sent to verification. */
const LOCKED = [
  'date',
  'project',
  'matter',
  'payerClient',
  'officeTransitAccount',
  'contract',
  'hoursAmount',
  'currency',
  'amount',
  'vatPercent',
] as const;

/** Today as `YYYY-MM-DD` (the local calendar day of whoever asks). */
const today = (): string => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * Pre-invoices (PRE-01..15, NAV-85..88): what the firm means to bill a client for a project or a
 * matter before the invoice.
 *
 * - Amounts (PRE-01): `amount` in `currency` (default the project's `invoiceCurrency`);
 *   `vatPercent` a fraction (0.12 = 12 %); read-only `vatAmount` = amount x vatPercent and
 *   `balance` = amount + vatAmount - payments - manualClosedAmount, exact decimals rounded
 *   half-up to 4 places, recomputed on every write of the pre-invoice and of its payments.
 *   `manualClosedAmount` is written only by `PATCH /preInvoices/{id}/update` (PRE-14).
 * - Number: `PI-<year of date>-<n>` assigned on create.
 * - Flow (PRE-02..04, PRE-11..13): a new pre-invoice is Draft (code 1) without a chain;
 *   `POST /preInvoices/verify/{id}` starts its chain (the pre-invoice approvers, APPROVER_TYPE 3,
 *   of the sender's office) and moves it to On verification (2); the chain's approval (decision 2,
 *   `POST /verificationChains/solve`) moves it to the PRE_INVOICE_STATUS entry of code 4
 *   (Approved, PRE-03), a rejection to code 3 (Rejected); `PATCH
 *   /preInvoices/verify/changeStatus/{id}/{status}` sets a status by entry id along the declared
 *   moves (66 Acted and 67 Closed, PRE-04); `PATCH /preInvoices/{id}/act` sets `signed`.
 * - Access (PRE-05): {@link preInvoiceAccess}. Totals: `GET /preInvoices/totalAmount` (PRE-07).
 *
 * Errors: 400 `Validation failed`; 404 for a pre-invoice the user may not read; 409 for a move the
 * status does not allow (sending a pre-invoice that is not Draft or Rejected, acting one that is
 * not Approved or Acted, a change not declared in `status`).
 */
export const preInvoices = defineEntity({
  name: 'preInvoices',
  entityName: 'PreInvoice',
  label: 'Pre-invoices',
  area: 'finance',
  icon: 'RequestQuote',
  module: 'pre_invoice',
  // the document from the office's template: GET <collection>/template/{id}/{key} (schemas/documents/billing.ts)
  // GET /core/api/preInvoices/template/{id}/{key} (PRE-15): Pre-invoice (2), Act (3) or Contract (4)
  documents: { keyParam: 'key', documentTypes: [2, 3, 4] },
  // NAV-85..87: the SPA's pages are at /pre-invoices
  route: 'pre-invoices',
  fields: {
    // unique (MC-7): one number per document of its series; a Draft without a number (NULL) never conflicts
    number: f.text({ readOnly: true, unique: true }),
    date: f.date({ required: true, default: today }),
    project: f.ref('projects', { required: true }),
    matter: f.ref('matters'),
    payerClient: f.ref('clients', { required: true, label: 'Payer' }),
    officeTransitAccount: f.ref('officeTransitAccounts', { label: 'Transit account' }),
    contract: f.text(),
    hoursAmount: f.number({ min: 0, scale: 2, label: 'Hours' }),
    currency: f.ref('currencies', { required: true }),
    amount: f.money({ required: true, min: 0 }),
    vatPercent: f.percent({ min: 0, max: 1, default: 0, label: 'VAT %' }),
    vatAmount: f.money({ readOnly: true, serverOwned: true, label: 'VAT' }),
    manualClosedAmount: f.money({ readOnly: true, serverOwned: true, label: 'Closed manually' }),
    balance: f.money({ readOnly: true, serverOwned: true }),
    status: f.dictionary('PRE_INVOICE_STATUS'),
    signed: f.boolean({ readOnly: true, serverOwned: true, default: false, label: 'Acted' }),
    invoice: f.ref('invoices', { readOnly: true, serverOwned: true, onDelete: 'setNull' }),
    verificationChain: f.ref('verificationChains', { readOnly: true, serverOwned: true, onDelete: 'setNull' }),
  },
  accessRule: preInvoiceAccess,
  status: {
    field: 'status',
    initial: PRE_DRAFT,
    // verification (1/3 -> 2 -> 3/4) is the engine's: POST verify and the chain's decision
    transitions: [
      // a draft that will not be billed is closed
      { from: [PRE_DRAFT], to: [PRE_CLOSED] },
      { from: [PRE_REJECTED], to: [PRE_DRAFT] },
      // MC-1: a correction - back to Draft with a comment, which cancels the pending approval;
      // refused once an invoice bills it or it is acted (server/billing/preInvoices.ts)
      { from: [PRE_ON_VERIFICATION, PRE_APPROVED], to: [PRE_DRAFT], comment: 'required' },
      { from: [PRE_APPROVED], to: [PRE_ACTED, PRE_CLOSED] },
      { from: [PRE_ACTED], to: [PRE_CLOSED] },
    ],
    readOnlyIn: {
      [PRE_ON_VERIFICATION]: [...LOCKED],
      [PRE_APPROVED]: [...LOCKED],
      [PRE_ACTED]: [...LOCKED],
      [PRE_CLOSED]: [...LOCKED],
    },
  },
  verification: {
    ownerType: 'PRE_INVOICE',
    chainField: 'verificationChain',
    startOn: 'action',
  },
  actions: {
    // GET /core/api/preInvoices/totalAmount?<the list's filters> -> { totalAmount, balance } (PRE-07)
    totalAmount: {
      level: 'collection',
      methods: ['GET'],
      summary: 'Total amount and balance of the pre-invoices the list returns for the same filters',
      access: { privilege: 'view' },
    },
    // POST /core/api/preInvoices/verify/{id} (PRE-11): starts the chain, status On verification
    verify: {
      level: 'collection',
      path: 'verify/:preInvoiceId',
      summary:
        'Sends a Draft or Rejected pre-invoice to verification: its chain starts, its status becomes On verification',
      input: { preInvoiceId: f.refId('preInvoices', { required: true }) },
      access: { privilege: 'update' },
    },
    // PATCH /core/api/preInvoices/verify/changeStatus/{id}/{status} (PRE-04, PRE-12)
    changeStatus: {
      level: 'collection',
      methods: ['PATCH'],
      path: 'verify/changeStatus/:preInvoiceId/:status',
      summary:
        'Sets the status of a pre-invoice to the PRE_INVOICE_STATUS entry of that id (66 Acted, 67 Closed) along the declared moves (back to Draft with a comment)',
      input: {
        preInvoiceId: f.refId('preInvoices', { required: true }),
        status: f.refId('baseDictionaries', { required: true }),
        // required by the moves that declare it (back to Draft)
        comment: f.longText({ maxLength: 1000 }),
      },
      access: { privilege: 'update' },
    },
    // PATCH /core/api/preInvoices/{id}/act (PRE-13): the pre-invoice is acted (signed)
    act: {
      level: 'item',
      methods: ['PATCH'],
      summary: 'Marks an approved pre-invoice acted (signed)',
      access: { privilege: 'update' },
    },
    // PATCH /core/api/preInvoices/{id}/update { manualClosedAmount } (PRE-14)
    update: {
      level: 'item',
      methods: ['PATCH'],
      summary: 'Sets the amount closed manually; the balance follows',
      input: { manualClosedAmount: f.money({ required: true, min: 0 }) },
      access: { privilege: 'update' },
    },
  },
  projections: {
    full: {
      embed: {
        project: ['number', 'description'],
        matter: ['number', 'description'],
        payerClient: ['gname'],
        currency: ['code', 'gname'],
        status: ['code', 'gname'],
        invoice: ['number'],
        verificationChain: ['decision'],
      },
    },
  },
  // the copy keeps the business fields; number, status, chain, payments and amounts start over
  clone: { today: ['date'] },
  defaultSort: [['date', 'desc']],
  search: ['number', 'contract'],
  recordRepresentation: '%{number} %{date}',
  list: {
    columns: ['number', 'date', 'project', 'payerClient', 'amount', 'currency', 'vatAmount', 'balance', 'status'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'date.gte', field: 'date', label: 'From', alwaysOn: true },
      { source: 'date.lte', field: 'date', label: 'To', alwaysOn: true },
      { source: 'project.id', field: 'project', label: 'Project' },
      { source: 'matter.id', field: 'matter', label: 'Matter' },
      { source: 'payerClient.id', field: 'payerClient', label: 'Payer' },
      { source: 'status.code', field: 'status', label: 'Status' },
      { source: 'currency.id', field: 'currency', label: 'Currency' },
    ],
  },
  form: {
    layout: 'sections',
    groups: [
      {
        name: 'preInvoice',
        label: 'Pre-invoice',
        fields: ['date', 'project', 'matter', 'payerClient', 'officeTransitAccount', 'contract'],
      },
      { name: 'amounts', label: 'Amounts', fields: ['hoursAmount', 'currency', 'amount', 'vatPercent'] },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'number',
          'date',
          'project',
          'matter',
          'payerClient',
          'officeTransitAccount',
          'contract',
          'hoursAmount',
          'currency',
          'amount',
          'vatPercent',
          'vatAmount',
          'manualClosedAmount',
          'balance',
          'status',
          'signed',
          'invoice',
          'verificationChain',
        ],
      },
      // NAV-87/88: the payments, for whoever may view PAYMENT_HISTORY
      {
        name: 'payments',
        label: 'Payments',
        module: 'PAYMENT_HISTORY',
        related: { collection: 'paymentHistories', via: 'preInvoice' },
      },
    ],
  },
});
