import { defineEntity, f } from '../define';
import { ownCashboxRows } from './access';

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
  area: 'cashbox',
  icon: 'MoneyOff',
  module: 'cashbox',
  hideFromMenu: true,
  access: { read: 'signedIn', write: 'module', page: 'module' },
  genericWrites: { create: false, update: false, delete: false },
  accessRule: ownCashboxRows,
  fields: {
    cashboxPeriod: f.ref('cashboxPeriods', { required: true, readOnly: true, onDelete: 'cascade', label: 'Period' }),
    position: f.ref('positions', { readOnly: true, label: 'Position' }),
    recipientEmployeeId: f.refId('employees', { readOnly: true, index: true, label: 'Employee' }),
    category: f.dictionary('CASHBOX_INCOME_CATEGORY', { readOnly: true, label: 'Category' }),
    amount: f.money({ readOnly: true }),
  },
  computed: {
    // true on the user's own rows: `?byMe=true` is the "by me" choice (CASH-13)
    byMe: { type: 'boolean', label: 'By me' },
  },
  projections: { full: { embed: { position: 'full', category: ['code', 'gname'] } } },
  recordRepresentation: 'id',
  list: { columns: ['position', 'category', 'amount'] },
});
