import type { Db } from '../rest/service';

/** The dictionary type code of VERIFICATION_DECISION (`schemas/finance/dictionaries.ts`); a type's id is its code. */
export const VERIFICATION_DECISION = 15;

/** The id of the VERIFICATION_DECISION entry of `code` (1 pending, 2 approved, 3 rejected, 4 cancelled). */
export async function decisionId(tx: Db, code: number): Promise<number> {
  const [row] = await tx.query<{ id: number }>('SELECT id FROM base_dictionaries WHERE type_id = $1 AND code = $2', [
    VERIFICATION_DECISION,
    code,
  ]);
  if (!row) throw new Error(`VERIFICATION_DECISION has no entry of code ${code}`);
  return Number(row.id);
}
