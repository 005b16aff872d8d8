import type { ActionHandler } from '../define';
import { defineServer } from '../define';

/** Sets the closed-by-fund flag of one payer to `value`: `{ id, closedByFund }`. */
const setClosedByFund =
  (value: boolean): ActionHandler =>
  async ({ id, write }) => {
    await write('budgetPayers', id!, { closedByFund: value });
    return { id, closedByFund: value };
  };

/** The server side of `budgetPayers` (`schemas/budgets/budgetPayers.ts`): the closed-by-fund flag. */
export const budgetPayersServer = defineServer('budgetPayers', {
  actions: { true: setClosedByFund(true), false: setClosedByFund(false) },
});
