import { defineEntity, f } from '../define';
import { cashboxLine, periodField, recipientField, byMeComputed } from './line';

/**
 * An expense or budget charged to a position in one cashbox version (CASH-25, CASH-35): the
 * position, the side-panel category it falls in (CASH-09: Personal Budget, Paid Expense, Non Cash
 * Not Prepaid Expense, Cash Budget, Cash Prepaid Expense) and the amount; its sources name the
 * expenses and budgets it sums.
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxPositionExpenses = defineEntity({
  name: 'cashboxPositionExpenses',
  entityName: 'CashboxPositionExpense',
  label: 'Cashbox position expenses',
  icon: 'MoneyOff',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    position: f.ref('positions', { readOnly: true, label: 'Position' }),
    recipientEmployeeId: recipientField(),
    category: f.dictionary('CASHBOX_INCOME_CATEGORY', { readOnly: true, label: 'Category' }),
    amount: f.money({ readOnly: true }),
  },
  computed: byMeComputed(),
  projections: { full: { embed: { position: 'full', category: ['code', 'gname'] } } },
  recordRepresentation: 'id',
  list: { columns: ['position', 'category', 'amount'] },
});
