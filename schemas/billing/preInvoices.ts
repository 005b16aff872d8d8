import { preInvoiceDocuments } from '../documents/billing';
import { approversOfOffice } from '../approvals/verification';
import { defineEntity, f, type WireRecord } from '../define';
import { toMoney } from '../money';
import { findTransition } from '../statuses';
import {
  conflict,
  entryCode,
  entryId,
  invoiceCurrencyOf,
  nextPreInvoiceNumber,
  nullWithoutId,
  paidOf,
  preInvoiceAccess,
  preInvoiceAmounts,
  PRE_ACTED,
  PRE_APPROVED,
  PRE_CLOSED,
  PRE_DRAFT,
  PRE_INVOICE_STATUS,
  PRE_ON_VERIFICATION,
  PRE_REJECTED,
  refreshPreInvoice,
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

/** The PRE_INVOICE_STATUS code of a stored pre-invoice (its `status` as `{ id }`). */
const statusCode = async (tx: Parameters<typeof entryCode>[0], record: WireRecord): Promise<number | undefined> => {
  const id = (record.status as { id?: number } | null | undefined)?.id;
  return id === undefined ? undefined : entryCode(tx, PRE_INVOICE_STATUS, id);
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
  documents: preInvoiceDocuments,
  // NAV-85..87: the SPA's pages are at /pre-invoices
  route: 'pre-invoices',
  fields: {
    number: f.text({ readOnly: true }),
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
    vatAmount: f.money({ readOnly: true, label: 'VAT' }),
    manualClosedAmount: f.money({ readOnly: true, label: 'Closed manually' }),
    balance: f.money({ readOnly: true }),
    status: f.dictionary('PRE_INVOICE_STATUS'),
    signed: f.boolean({ readOnly: true, default: false, label: 'Acted' }),
    invoice: f.ref('invoices', { readOnly: true, onDelete: 'setNull' }),
    verificationChain: f.ref('verificationChains', { readOnly: true, onDelete: 'setNull' }),
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
    // the pre-invoice approvers (APPROVER_TYPE 3) of the office of whoever sends it
    approvers: approversOfOffice(3, ({ user }) => user.employeeOfficeId),
    description: ({ record }) => `Pre-invoice ${String(record.number ?? '')}`.trim(),
    // PRE-03: approval (decision 2) looks up the PRE_INVOICE_STATUS (type 23) entry of code 4
    onDecided: async ({ tx, ownerId, decision, write }) =>
      write('preInvoices', ownerId, {
        status: { id: await entryId(tx, PRE_INVOICE_STATUS, decision === 2 ? PRE_APPROVED : PRE_REJECTED) },
      }),
  },
  hooks: {
    beforeValidate: async ({ tx, body, mode }) => {
      // a new pre-invoice is a Draft whatever the body says: its status moves only afterwards
      if (mode === 'create') delete body.status;
      // INV-13: a transit account object without an id is no transit account
      if (Object.hasOwn(body, 'officeTransitAccount'))
        body.officeTransitAccount = nullWithoutId(body.officeTransitAccount);
      if (mode === 'create' && (body.currency === undefined || body.currency === null)) {
        const currency = await invoiceCurrencyOf(tx, body.project);
        if (currency) body.currency = currency;
      }
    },
    beforeChange: async ({ tx, mode, id, data, stored }) => {
      if (mode === 'delete') return undefined;
      const record = { ...stored, ...data };
      const paid = id === undefined ? toMoney(0) : await paidOf(tx, 'pre_invoice_id', id);
      const amounts = preInvoiceAmounts(record, paid);
      return mode === 'create'
        ? { ...amounts, manualClosedAmount: 0, number: await nextPreInvoiceNumber(tx, record.date) }
        : amounts;
    },
  },
  actions: {
    // GET /core/api/preInvoices/totalAmount?<the list's filters> -> { totalAmount, balance } (PRE-07)
    totalAmount: {
      level: 'collection',
      methods: ['GET'],
      summary: 'Total amount and balance of the pre-invoices the list returns for the same filters',
      access: { privilege: 'view' },
      handler: async ({ list }) => list.aggregate({ totalAmount: { sum: 'amount' }, balance: { sum: 'balance' } }),
    },
    // POST /core/api/preInvoices/verify/{id} (PRE-11): starts the chain, status On verification
    verify: {
      level: 'collection',
      path: 'verify/:preInvoiceId',
      summary:
        'Sends a Draft or Rejected pre-invoice to verification: its chain starts, its status becomes On verification',
      input: { preInvoiceId: f.refId('preInvoices', { required: true }) },
      access: { privilege: 'update' },
      handler: async ({ tx, input, read, write, startVerification }) => {
        const id = input.preInvoiceId as number;
        const record = await read(id, { lock: true });
        const code = await statusCode(tx, record);
        if (code !== undefined && code !== PRE_DRAFT && code !== PRE_REJECTED)
          throw conflict('Only a draft or rejected pre-invoice is sent to verification');
        await startVerification(id);
        await write('preInvoices', id, { status: { id: await entryId(tx, PRE_INVOICE_STATUS, PRE_ON_VERIFICATION) } });
        return read(id);
      },
    },
    // PATCH /core/api/preInvoices/verify/changeStatus/{id}/{status} (PRE-04, PRE-12)
    changeStatus: {
      level: 'collection',
      methods: ['PATCH'],
      path: 'verify/changeStatus/:preInvoiceId/:status',
      summary:
        'Sets the status of a pre-invoice to the PRE_INVOICE_STATUS entry of that id (66 Acted, 67 Closed) along the declared moves',
      input: {
        preInvoiceId: f.refId('preInvoices', { required: true }),
        status: f.refId('baseDictionaries', { required: true }),
      },
      access: { privilege: 'update' },
      handler: async ({ tx, schema, input, read, write }) => {
        const id = input.preInvoiceId as number;
        const record = await read(id, { lock: true });
        const to = await entryCode(tx, PRE_INVOICE_STATUS, input.status as number);
        if (to === undefined)
          throw Object.assign(new Error('Validation failed'), {
            statusCode: 400,
            errors: [
              {
                entity: 'PreInvoice.changeStatus',
                property: 'status',
                invalidValue: input.status,
                message: 'must be the id of a pre-invoice status',
              },
            ],
          });
        const from = await statusCode(tx, record);
        if (from === to) return record;
        if (from === undefined || !findTransition(schema.status!, from, to))
          throw conflict(`A pre-invoice cannot move from status ${from ?? 'none'} to ${to}`);
        await write('preInvoices', id, { status: { id: input.status as number } });
        return read(id);
      },
    },
    // PATCH /core/api/preInvoices/{id}/act (PRE-13): the pre-invoice is acted (signed)
    act: {
      level: 'item',
      methods: ['PATCH'],
      summary: 'Marks an approved pre-invoice acted (signed)',
      access: { privilege: 'update' },
      handler: async ({ tx, id, row, read, write }) => {
        const code = await statusCode(tx, row!);
        if (code !== PRE_APPROVED && code !== PRE_ACTED) throw conflict('Only an approved pre-invoice is acted');
        await write('preInvoices', id!, { signed: true });
        return read(id!);
      },
    },
    // PATCH /core/api/preInvoices/{id}/update { manualClosedAmount } (PRE-14)
    update: {
      level: 'item',
      methods: ['PATCH'],
      summary: 'Sets the amount closed manually; the balance follows',
      input: { manualClosedAmount: f.money({ required: true, min: 0 }) },
      access: { privilege: 'update' },
      handler: async ({ tx, id, input, read, write }) => {
        await write('preInvoices', id!, { manualClosedAmount: input.manualClosedAmount });
        await refreshPreInvoice(tx, write, id!);
        return read(id!);
      },
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
