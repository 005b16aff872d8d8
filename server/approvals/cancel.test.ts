import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { cancelPendingChain } from './cancel';

/**
 * `cancelPendingChain` (MC-1): a correction stops the pending approval of its
 * document - the chain and its undecided steps become "Cancelled" (code 4) through recorded
 * writes - and leaves a decided chain as the trail of what happened.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const decision = (code: number) => h.fx.dict('VERIFICATION_DECISION', code);

/** A chain of decision `chainCode` with steps of decisions `stepCodes`, in order. */
async function chain(chainCode: number, stepCodes: number[]): Promise<number> {
  const [row] = await h.db.query<{ id: string }>(
    `INSERT INTO verification_chains (description, decision_id, owner_type, owner_id) VALUES ('t', $1, 'INVOICE', 1) RETURNING id`,
    [decision(chainCode)],
  );
  const id = Number(row!.id);
  for (const [i, code] of stepCodes.entries())
    await h.db.query(
      'INSERT INTO verification_approvers (verification_chain_id, orderliness, employee_id, decision_id) VALUES ($1, $2, $3, $4)',
      [id, i + 1, h.fx.employees.carl, decision(code)],
    );
  return id;
}

const codes = async (id: number) => ({
  chain: Number(
    (
      await h.db.query<{ code: number }>(
        'SELECT d.code FROM verification_chains c JOIN base_dictionaries d ON d.id = c.decision_id WHERE c.id = $1',
        [id],
      )
    )[0]!.code,
  ),
  steps: (
    await h.db.query<{ code: number }>(
      `SELECT d.code FROM verification_approvers a JOIN base_dictionaries d ON d.id = a.decision_id
        WHERE a.verification_chain_id = $1 ORDER BY a.orderliness`,
      [id],
    )
  ).map((r) => Number(r.code)),
});

describe('cancelPendingChain', () => {
  it('MC-1 a pending chain and its undecided steps are cancelled, the decided step kept, each write in the history', async () => {
    const id = await chain(1, [2, 1]);
    expect(await h.db.transaction((tx) => cancelPendingChain(tx, 'admin', id))).toBe(true);
    expect(await codes(id)).toEqual({ chain: 4, steps: [2, 4] });
    const history = await h.db.query<{ collection: string; changed_by: string }>(
      `SELECT collection, changed_by FROM record_history
        WHERE (collection = 'verificationChains' AND record_id = $1)
           OR (collection = 'verificationApprovers' AND record_id IN (SELECT id FROM verification_approvers WHERE verification_chain_id = $1))
        ORDER BY id`,
      [id],
    );
    expect(history).toEqual([
      { collection: 'verificationApprovers', changed_by: 'admin' },
      { collection: 'verificationChains', changed_by: 'admin' },
    ]);
  });

  it('MC-1 a decided chain, or none, is left as it is', async () => {
    const approved = await chain(2, [2]);
    const rejected = await chain(3, [3]);
    expect(await h.db.transaction((tx) => cancelPendingChain(tx, 'admin', approved))).toBe(false);
    expect(await h.db.transaction((tx) => cancelPendingChain(tx, 'admin', rejected))).toBe(false);
    expect(await h.db.transaction((tx) => cancelPendingChain(tx, 'admin', null))).toBe(false);
    expect(await codes(approved)).toEqual({ chain: 2, steps: [2] });
    expect(await codes(rejected)).toEqual({ chain: 3, steps: [3] });
  });
});
