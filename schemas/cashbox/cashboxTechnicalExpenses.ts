import { defineEntity, f } from '../define';
import { cashboxLine, periodField, recipientField, byMeComputed } from './line';

/**
 * The technical expense taken from one payment in one cashbox version (CASH-24, CASH-37, CASHBOX
 * step 2): the payment, the project whose percent applied, the office, and the amount.
 * Office-level: only the roles that see every row read it.
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxTechnicalExpenses = defineEntity({
  name: 'cashboxTechnicalExpenses',
  entityName: 'CashboxTechnicalExpense',
  label: 'Cashbox technical expenses',
  icon: 'Build',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    payment: f.ref('paymentHistories', { readOnly: true, onDelete: 'setNull', label: 'Payment' }),
    project: f.ref('projects', { readOnly: true, onDelete: 'setNull' }),
    office: f.ref('offices', { readOnly: true }),
    recipientEmployeeId: recipientField(),
    amount: f.money({ readOnly: true }),
  },
  computed: byMeComputed(),
  projections: { full: { embed: { office: ['gfirmName'] } } },
  recordRepresentation: 'id',
  list: { columns: ['project', 'office', 'amount'] },
});
