import { getSchema } from '../../schemas/index';
import type { Db } from '../rest/service';
import { systemWrite } from '../rest/system';
import { decisionId } from './start';

/** The VERIFICATION_DECISION code of a chain stopped before its end (the document went back to Draft or was cancelled). */
export const DECISION_CANCELLED = 4;

/**
 * Cancels the approval chain `chainId` while it is still pending (decision code 1): the chain and
 * each of its steps still pending get the decision "Cancelled" (VERIFICATION_DECISION code 4),
 * each a recorded write (version moved, history row as `username`). A decided chain (approved,
 * rejected or already cancelled) is left as it is: its decisions stay the trail of what happened.
 * Nothing for a missing chain. Returns whether the chain was cancelled. After it no step waits,
 * so nobody can decide it (`solve` answers 409) and a new send starts a new chain.
 * Source: issue 30 item 1 (a return to Draft cancels the approval and starts it again).
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
