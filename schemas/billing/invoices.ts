import { defineEntity, f } from '../define';
import { invoiceDocuments } from '../documents/billing';

/**
 * Invoices (INV-01..31, NAV-77..84): the firm's bill to a client for a period of a project's work
 * (times, expenses, pre-invoices), approved through the engine, acted (signed) and paid.
 */
export const invoices = defineEntity({
  name: 'invoices',
  entityName: 'Invoice',
  label: 'Invoices',
  area: 'finance',
  icon: 'Receipt',
  module: 'invoice',
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
      },
    },
  },
  defaultSort: [['date', 'desc']],
  search: ['number', 'contract'],
  recordRepresentation: '%{number} %{date}',
  list: { columns: ['number', 'date', 'project', 'payerClient', 'totalAmount', 'currency', 'status'] },
});
