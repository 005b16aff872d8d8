import { defineEntity, f } from '../define';

/**
 * Payments received against an invoice or a pre-invoice (PAY-01..07): date, amount in the
 * document's currency, notes.
 */
export const paymentHistories = defineEntity({
  name: 'paymentHistories',
  entityName: 'PaymentHistory',
  label: 'Payments',
  area: 'finance',
  icon: 'Paid',
  module: 'PAYMENT_HISTORY',
  hideFromMenu: true,
  fields: {
    paymentDate: f.date({ required: true, label: 'Date' }),
    amount: f.money({ required: true, min: 0 }),
    notes: f.longText(),
    preInvoice: f.ref('preInvoices', { onDelete: 'cascade', label: 'Pre-invoice' }),
    invoice: f.ref('invoices', { onDelete: 'cascade' }),
  },
  projections: { full: { embed: { preInvoice: ['number'], invoice: ['number'] } } },
  defaultSort: [['paymentDate', 'desc']],
  recordRepresentation: '%{paymentDate} %{amount}',
  list: { columns: ['paymentDate', 'amount', 'notes'] },
});
