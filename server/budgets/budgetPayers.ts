import type { ActionHandler } from '../define';
import { defineServer } from '../define';

/**
 * BUD-18: `PATCH /budgetPayers/{budgetId}/true|false` sets the closed-by-fund state of every payer
 * of budget `budgetId` (the spec names a budget id: the cashbox reads a budget as closed by a fund
 * or not, so the state belongs to all its payers at once). The action declares `idOf: 'budgets'`,
 * so the generic action route reads the budget under the user's access rule first (a budget of
 * another office, or an unknown id, is a 404) and locks it; each payer is written through the
 * recorded write (history).
 *
 * @returns `{ budgetId, closedByFund, payers: [payer ids] }`
 * @throws HttpError 404 when the budget is not found or not the user's to read
 */
const setClosedByFund =
  (value: boolean): ActionHandler =>
  async ({ tx, id, write }) => {
    // the budget was read under the user's access rule (404 otherwise) and locked (`idOf: 'budgets'`)
    const budgetId = id!;
    const rows = await tx.query<{ id: string | number }>(
      'SELECT id FROM budget_payers WHERE budget_id = $1 ORDER BY id FOR UPDATE',
      [budgetId],
    );
    const payers = rows.map((r) => Number(r.id));
    for (const id of payers) await write('budgetPayers', id, { closedByFund: value });
    return { budgetId, closedByFund: value, payers };
  };

/** The server side of `budgetPayers` (`schemas/budgets/budgetPayers.ts`): the closed-by-fund flag. */
export const budgetPayersServer = defineServer('budgetPayers', {
  actions: { true: setClosedByFund(true), false: setClosedByFund(false) },
});
