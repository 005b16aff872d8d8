import { defineServer } from '../define';
import { EXPENSE_LOCK, lockPayerRow } from './approvedLocks';

/** The server side of `expensePayers`: MC-1, a payer of an approved expense is neither added, changed nor removed (409). */
export const expensePayersServer = defineServer('expensePayers', {
  hooks: { beforeChange: [lockPayerRow(EXPENSE_LOCK, 'expense')] },
});
