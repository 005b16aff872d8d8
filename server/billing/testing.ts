import type { Database } from '../db/database';
import { createTestUser, insertRow } from '../auth/testing';

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

/** The modules a billing manager of the tests holds in full: pre-invoices, payments, invoices. */
export const BILLING_MODULES = ['pre_invoice', 'PAYMENT_HISTORY', 'invoice'];

/**
 * Test support: creates user `username` for employee `employeeId` with the role LOCAL_BILLING holding
 * view, create, update and delete on `modules` (default {@link BILLING_MODULES}). The office of the
 * employee decides which approvers a document the user sends gets (MC-6). Returns the user's id.
 * @example await billingManager(h.db, 'rcvbill', h.fx.employees.boris)
 */
export function billingManager(
  db: Pick<Database, 'query'>,
  username: string,
  employeeId: number,
  modules: readonly string[] = BILLING_MODULES,
): Promise<number> {
  const full = { view: true, create: true, update: true, delete: true };
  return createTestUser(db, {
    username,
    employeeId,
    roles: [{ name: 'LOCAL_BILLING', privileges: modules.map((module) => ({ module, ...full })) }],
  });
}
