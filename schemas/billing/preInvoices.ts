import { defineEntity, f } from '../define';
import { preInvoiceDocuments } from '../documents/billing';

/**
 * Pre-invoices (PRE-01..15, NAV-85..88): what the firm means to bill a client for a project or a
 * matter before the invoice, verified through the approval engine, acted (signed) and paid.
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
  fields: {
    number: f.text({ readOnly: true }),
    date: f.date({ required: true }),
    project: f.ref('projects', { required: true }),
    matter: f.ref('matters'),
    payerClient: f.ref('clients', { required: true, label: 'Payer' }),
    officeTransitAccount: f.ref('officeTransitAccounts', { label: 'Transit account' }),
    contract: f.text(),
    hoursAmount: f.number({ min: 0, scale: 2, label: 'Hours' }),
    currency: f.ref('currencies', { required: true }),
    amount: f.money({ required: true, min: 0 }),
    vatPercent: f.percent({ min: 0, max: 1, label: 'VAT %' }),
    vatAmount: f.money({ readOnly: true, label: 'VAT' }),
    manualClosedAmount: f.money({ readOnly: true, label: 'Closed manually' }),
    balance: f.money({ readOnly: true }),
    status: f.dictionary('PRE_INVOICE_STATUS'),
    signed: f.boolean({ readOnly: true, default: false, label: 'Acted' }),
    invoice: f.ref('invoices', { readOnly: true, onDelete: 'setNull' }),
    verificationChain: f.ref('verificationChains', { readOnly: true, onDelete: 'setNull' }),
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
  defaultSort: [['date', 'desc']],
  search: ['number', 'contract'],
  recordRepresentation: '%{number} %{date}',
  list: { columns: ['number', 'date', 'project', 'payerClient', 'amount', 'currency', 'balance', 'status'] },
});
