import { defineEntity, f } from '../define';
import { cashboxLine, periodField, recipientField, byMeComputed } from './line';

/**
 * One payment a cashbox version read (docs/areas/cashbox.md, waterfall step 1): the payment and its
 * invoice, the money received in the invoice's currency as the payment stood when the version was
 * calculated (`receivedAmount`, `receivedCurrency`), that amount in the period currency
 * (`paymentAmount`), its pro-rata VAT and the **net income** left after VAT and expense
 * recoveries (`amount`): the left side of the conservation identity. The money check reads these
 * rows (`cashbox-conservation`, `cashbox-collected`, server/billing/moneyCheck/).
 * Office-level: only the roles that see every row read it (CASH-12).
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API.
 */
export const cashboxNetIncomes = defineEntity({
  name: 'cashboxNetIncomes',
  entityName: 'CashboxNetIncome',
  label: 'Cashbox net incomes',
  icon: 'Payments',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    payment: f.ref('paymentHistories', { readOnly: true, onDelete: 'setNull', label: 'Payment' }),
    invoice: f.ref('invoices', { readOnly: true, onDelete: 'setNull', label: 'Invoice' }),
    receivedAmount: f.money({ readOnly: true, label: 'Received' }),
    receivedCurrency: f.ref('currencies', { readOnly: true, label: 'Received currency' }),
    paymentAmount: f.money({ readOnly: true, label: 'Payment' }),
    vatAmount: f.money({ readOnly: true, label: 'VAT' }),
    recipientEmployeeId: recipientField(),
    amount: f.money({ readOnly: true, label: 'Net income' }),
  },
  computed: byMeComputed(),
  projections: { full: { embed: { receivedCurrency: ['code'] } } },
  recordRepresentation: 'id',
  list: { columns: ['payment', 'invoice', 'receivedAmount', 'paymentAmount', 'vatAmount', 'amount'] },
});
