import type { Database } from '../db/database';
import { insertRow } from '../auth/testing';

/**
 * Test support for billing (MC-3): marks expense `expenseId` approved - a verification
 * chain of its own whose decision is Approved (VERIFICATION_DECISION code 2) - as the approval
 * engine would leave it, so an invoice may bill it (`server/billing/billable.ts`). `decision` 3
 * leaves it rejected instead. Returns the chain's id.
 */
export async function decideExpense(
  db: Pick<Database, 'query'>,
  expenseId: number,
  decision: 2 | 3 = 2,
): Promise<number> {
  const [d] = await db.query<{ id: string | number }>(
    'SELECT id FROM base_dictionaries WHERE type_id = 15 AND code = $1',
    [decision],
  );
  const chain = await insertRow(db, 'verificationChains', {
    description: `Expense ${expenseId}`,
    decision: Number(d!.id),
    ownerType: 'EXPENSE',
    ownerId: expenseId,
  });
  await db.query('UPDATE expenses SET verification_chain_id = $1 WHERE id = $2', [chain, expenseId]);
  return chain;
}
