import type { ActionHandler } from '../define';
import { defineServer } from '../define';
import { BUDGET_LOCK, lockPayerRow } from '../billing/approvedLocks';

/** Sets the closed-by-fund flag of one payer to `value`: `{ id, closedByFund }`. */
const setClosedByFund =
  (value: boolean): ActionHandler =>
  async ({ id, write }) => {
    await write('budgetPayers', id!, { closedByFund: value });
    return { id, closedByFund: value };
  };

/** The server side of `budgetPayers` (`schemas/budgets/budgetPayers.ts`): the closed-by-fund flag. */
export const budgetPayersServer = defineServer('budgetPayers', {
  // MC-1: a payer of an approved budget is neither added, changed nor removed (409)
  hooks: { beforeChange: [lockPayerRow(BUDGET_LOCK, 'budget')] },
  actions: { true: setClosedByFund(true), false: setClosedByFund(false) },
});
