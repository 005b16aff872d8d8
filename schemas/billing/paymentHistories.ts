import { defineEntity, f } from '../define';

/** Today as `YYYY-MM-DD` (the local calendar day of whoever asks). */
const today = (): string => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
import { referenceId } from '../engagements/rules';
import { paymentAccess } from './preInvoiceRules';
import { isAdminOrBillingManager } from '../access';

/**
 * Payments received against an invoice or a pre-invoice (PAY-01..07): `paymentDate`, `amount`
 * (money in the document's currency: a decimal on the wire, read exactly; the SPA sends the
 * parsed input, PAY-02), `notes`, and exactly one of `preInvoice` / `invoice` (400 at
 * `preInvoice` otherwise). Listed with `preInvoice.id`, `invoice.id`, `size`, `page` (PAY-03).
 *
 * Readable and writable by whoever may read the document (`paymentAccess`) and holds
 * PAYMENT_HISTORY. Every write recomputes the document in the same transaction, with history:
 * a pre-invoice's `balance`; an invoice's `paid` flag and status (Paid 5 when the payments reach
 * `totalAmount`, Partly paid 6 below it, back to Approved 4 without payments). A payment moved
 * to another document recomputes the document it left.
 *
 * Receivables (MC-5, `server/billing/payments.ts`): a payment above the document's
 * open balance is refused (400 at `amount` naming the balance and currency); a payment of a
 * pre-invoice counts toward the invoice that charges it (and, once invoiced, is measured against
 * that invoice's balance). A payment is never deleted (409): a wrong one is reversed
 * by a billing manager (`POST /paymentHistories/{id}/reverse` with a required `comment`), which
 * keeps it in the list and the history with `reversedAt`, `reversedBy` and `reversalComment`
 * and takes it out of every paid amount and balance; a reversed payment cannot change again.
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
    // a new payment is dated today unless the user picks its day
    paymentDate: f.date({ required: true, default: today, label: 'Date' }),
    amount: f.money({ required: true, min: 0 }),
    notes: f.longText(),
    preInvoice: f.ref('preInvoices', { onDelete: 'cascade', label: 'Pre-invoice' }),
    // a payment of a pre-invoice names no invoice: the form sends the invoice only without one
    invoice: f.ref('invoices', { onDelete: 'cascade', sendWhen: (r) => referenceId(r.preInvoice) === undefined }),
    // MC-5: a reversed payment stays, marked; only the reverse action writes these
    reversedAt: f.dateTime({ readOnly: true, serverOwned: true, label: 'Reversed' }),
    reversedBy: f.text({ readOnly: true, serverOwned: true, label: 'Reversed by' }),
    reversalComment: f.longText({ readOnly: true, serverOwned: true, label: 'Reversal reason' }),
  },
  accessRule: paymentAccess,
  projections: { full: { embed: { preInvoice: ['number'], invoice: ['number'] } } },
  actions: {
    // POST /core/api/paymentHistories/{id}/reverse { comment } (MC-5): the correction of a wrong payment
    reverse: {
      level: 'item',
      methods: ['POST'],
      summary:
        'Reverses a payment (a billing manager, with a comment): it stays in the list and the history, marked reversed, and no longer counts toward its document',
      input: { comment: f.longText({ required: true }) },
      access: { privilege: 'update', allow: (user) => isAdminOrBillingManager(user.roles) },
    },
  },
  defaultSort: [['paymentDate', 'desc']],
  recordRepresentation: '%{paymentDate} %{amount}',
  list: {
    columns: ['paymentDate', 'amount', 'notes', 'reversedAt'],
    filters: [
      { source: 'preInvoice.id', field: 'preInvoice', label: 'Pre-invoice' },
      { source: 'invoice.id', field: 'invoice', label: 'Invoice' },
    ],
  },
  form: {
    layout: 'simple',
    groups: [
      { name: 'payment', label: 'Payment', fields: ['paymentDate', 'amount', 'notes', 'preInvoice', 'invoice'] },
    ],
  },
});
