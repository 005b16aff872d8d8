import type { Action, EntitySchema } from '../../schemas/define';
import { getSchema, storedSchemas } from '../../schemas/index';
import type { Database } from '../db/database';
import { columnName, LOCK_COLUMN } from '../db/naming';
import { q } from './model';
import type { ParsedWrite } from './validate';
import { scopeCondition } from '../trash/columns';

/**
 * Nested child collections written with their parent (`f.children(..., { nestedWrite: true })`:
 * client.contactList, role.privilegeList): what writing them would do (for the privilege checks),
 * and the owners a child written through its own collection changes. A collection is written only
 * when its key is in the body; a present array replaces the set: rows with an id are updated (left
 * untouched when sent back unchanged), rows without one created, stored rows missing from it
 * deleted. The rows themselves are written by `writeChildren` in `write.ts`, with every other row.
 */

type Tx = Pick<Database, 'query'>;
type Row = Record<string, unknown>;

/** The column of a child's `via` field (its parent's id). */
export const viaColumn = (child: EntitySchema, via: string): string => columnName(via, child.fields[via]!);

/** ` AND <live>` over alias `t` for a child entity with a trash: its deleted rows are no children. */
export const andLive = (child: EntitySchema): string => {
  const live = scopeCondition(child, 't');
  return live === undefined ? '' : ` AND ${live}`;
};

/**
 * What writing the nested collections of `write` would do to the child tables: `create` for rows
 * without an id, `update` for rows with one, `delete` when stored children are missing from a
 * present array. The caller checks the privileges before anything is written.
 * @param parentId the record updated; undefined for a create (no stored children)
 */
export async function childActions(
  tx: Tx,
  parentId: number | undefined,
  write: ParsedWrite,
): Promise<Array<{ schema: EntitySchema; action: Action }>> {
  const out: Array<{ schema: EntitySchema; action: Action }> = [];
  for (const { fd, rows } of write.children) {
    const child = getSchema(fd.target!);
    if (rows.some((r) => r.id === undefined)) out.push({ schema: child, action: 'create' });
    if (rows.some((r) => r.id !== undefined)) out.push({ schema: child, action: 'update' });
    if (parentId === undefined) continue;
    const kept = rows.flatMap((r) => (r.id === undefined ? [] : [r.id]));
    const [stale] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${q(child.table)} t WHERE ${q(viaColumn(child, fd.via!))} = $1 AND NOT (id = ANY($2::bigint[]))${andLive(child)}`,
      [parentId, kept],
    );
    if (Number(stale?.n ?? 0) > 0) out.push({ schema: child, action: 'delete' });
  }
  return out;
}

/** The nested collections (`nestedWrite`) that list rows of `child`: each owner and the child's `via` field. */
function nestedOwners(child: EntitySchema): Array<{ owner: EntitySchema; via: string }> {
  return storedSchemas().flatMap((owner) =>
    Object.values(owner.fields).flatMap((fd) =>
      fd.type === 'children' && fd.nestedWrite && fd.target === child.name && fd.via ? [{ owner, via: fd.via }] : [],
    ),
  );
}

/**
 * The owners (by their schema) of the child row `id` as stored now: what {@link touchOwners} bumps.
 * Read before a delete or an update (the old owner) and after a create or an update (the new one).
 */
export async function ownersOf(tx: Tx, child: EntitySchema, id: number): Promise<Array<[EntitySchema, number]>> {
  const out: Array<[EntitySchema, number]> = [];
  for (const { owner, via } of nestedOwners(child)) {
    const [row] = await tx.query<Row>(`SELECT ${q(viaColumn(child, via))} AS o FROM ${q(child.table)} WHERE id = $1`, [
      id,
    ]);
    if (row?.o != null) out.push([owner, Number(row.o)]);
  }
  return out;
}

/**
 * A child written through its own collection (a contact posted to `/contacts`) changes its
 * owner's nested collection (`client.contactList`): the owner's lock moves, so a form that loaded
 * the owner before cannot save its copy of the list over the change (412, "changed by someone
 * else") - else saving it would delete the new child, which that form never saw.
 */
export async function touchOwners(tx: Tx, owners: Array<[EntitySchema, number]>): Promise<void> {
  const seen = new Set<string>();
  for (const [owner, id] of owners) {
    const key = `${owner.table}:${id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await tx.query(`UPDATE ${q(owner.table)} SET ${q(LOCK_COLUMN)} = ${q(LOCK_COLUMN)} + 1 WHERE id = $1`, [id]);
  }
}
