import type { EntitySchema } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { Db } from '../rest/service';
import { systemWrite } from '../rest/system';
import { decisionId } from './decisions';

/**
 * The VERIFICATION_DECISION code of a chain stopped before its end: its document went back to
 * Draft, was cancelled, deleted or trashed (MC-1, MC-6).
 */
export const DECISION_CANCELLED = 4;

/**
 * Cancels the approval chain `chainId` while it is still pending (decision code 1): the chain and
 * each of its steps still pending get the decision "Cancelled" (VERIFICATION_DECISION code 4),
 * each a recorded write (version moved, history row as `username`). A decided chain (approved,
 * rejected or already cancelled) is left as it is: its decisions stay the trail of what happened.
 * Nothing for a missing chain. Returns whether the chain was cancelled. After it no step waits,
 * so nobody can decide it (`solve` answers 409) and a new send starts a new chain.
 * Source: MC-1 (a return to Draft cancels the approval and starts it again).
 * @example await cancelPendingChain(tx, user.username, invoice.verification_chain_id)
 */
export async function cancelPendingChain(tx: Db, username: string, chainId: number | null): Promise<boolean> {
  if (chainId === null) return false;
  const [chain] = await tx.query<{ code: string | number | null }>(
    `SELECT d.code FROM verification_chains c LEFT JOIN base_dictionaries d ON d.id = c.decision_id
      WHERE c.id = $1 FOR UPDATE OF c`,
    [chainId],
  );
  if (!chain || Number(chain.code) !== 1) return false;
  const cancelled = { id: await decisionId(tx, DECISION_CANCELLED) };
  const steps = await tx.query<{ id: string | number }>(
    `SELECT a.id FROM verification_approvers a JOIN base_dictionaries d ON d.id = a.decision_id
      WHERE a.verification_chain_id = $1 AND d.code = 1 ORDER BY a.orderliness, a.id`,
    [chainId],
  );
  for (const s of steps)
    await systemWrite(tx, getSchema('verificationApprovers'), username, Number(s.id), { decision: cancelled });
  await systemWrite(tx, getSchema('verificationChains'), username, chainId, { decision: cancelled });
  return true;
}

/**
 * Cancels the open (pending, code 1) approval chains of the records `ownerIds` of `schema`, because
 * the records are being deleted, trashed or cancelled (MC-6: a removed document leaves no chain
 * waiting in an inbox). The chain and each of its pending steps get decision 4 "Cancelled"; each
 * pending step keeps `reason` as its comment and the time; decided steps stay as they were. Every
 * write goes through {@link systemWrite} as `username`, so the record history shows the cancel.
 * Nothing for an entity without `verification`, or records without an open chain.
 *
 * Not the cancel of a "back to Draft" correction (MC-1): this one is for a document
 * that is removed, called by the approvals' write extension (`beforeDelete`, `server/approvals/start.ts`).
 *
 * @param reason e.g. `Cancelled: the Matter was deleted`
 * @returns the ids of the chains cancelled
 */
export async function cancelChainsOfRemoved(
  tx: Db,
  schema: EntitySchema,
  ownerIds: readonly number[],
  username: string,
  reason: string,
): Promise<number[]> {
  const v = schema.verification;
  if (!v || ownerIds.length === 0) return [];
  const chains = await tx.query<{ id: number }>(
    `SELECT c.id FROM verification_chains c JOIN base_dictionaries d ON d.id = c.decision_id
      WHERE c.owner_type = $1 AND c.owner_id = ANY($2::bigint[]) AND d.code = 1
      ORDER BY c.id FOR UPDATE OF c`,
    [v.ownerType, ownerIds],
  );
  if (chains.length === 0) return [];
  // VERIFICATION_DECISION is dictionary type 15 (a type's id is its code)
  const [entry] = await tx.query<{ id: number }>('SELECT id FROM base_dictionaries WHERE type_id = 15 AND code = $1', [
    DECISION_CANCELLED,
  ]);
  if (!entry) throw new Error(`VERIFICATION_DECISION has no entry of code ${DECISION_CANCELLED}`);
  const cancelled = Number(entry.id);
  const now = new Date().toISOString();
  const ids = chains.map((c) => Number(c.id));
  const steps = await tx.query<{ id: number }>(
    `SELECT a.id FROM verification_approvers a JOIN base_dictionaries d ON d.id = a.decision_id
      WHERE a.verification_chain_id = ANY($1::bigint[]) AND d.code = 1 ORDER BY a.id`,
    [ids],
  );
  for (const step of steps)
    await systemWrite(tx, getSchema('verificationApprovers'), username, Number(step.id), {
      decision: { id: cancelled },
      comment: reason,
      decisionDate: now,
    });
  for (const id of ids)
    await systemWrite(tx, getSchema('verificationChains'), username, id, { decision: { id: cancelled } });
  return ids;
}
