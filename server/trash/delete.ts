import { hasTrash, humanize, isLinkList, isToOne, type EntitySchema, type Field } from '../../schemas/define';
import { storedSchemas } from '../../schemas/index';
import { canAccessEntity } from '../../schemas/access';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { columnName, joinTableName, LOCK_COLUMN } from '../db/naming';
import { recordDeleted } from '../history/record';
import { forbidden, HttpError } from '../rest/errors';
import { q } from '../rest/model';
import { beforeDelete, serverOf } from '../rest/rooms';
import { TRASH_COLUMNS, trashKey } from './columns';

/**
 * Moving a record to its entity's trash (`trash` in the schema): the soft delete behind
 * `DELETE <collection>/{id}` of a trash-enabled entity. The record and the records that go with
 * it ({@link companionRefs}) are marked deleted in one statement per entity; nothing else is
 * written or removed, so a restore brings all of them back as they were.
 */

type Tx = Pick<Database, 'query'>;
type Row = Record<string, unknown>;

/** A reference of `from.field` to another entity, as the trash follows it. */
export interface TrashRef {
  from: EntitySchema;
  field: string;
  fd: Field;
  column: string;
}

/** Every to-one reference (not a dictionary) of a stored entity to `target`. */
export function referencesTo(target: EntitySchema): TrashRef[] {
  const out: TrashRef[] = [];
  for (const from of storedSchemas())
    for (const [field, fd] of Object.entries(from.fields))
      if (isToOne(fd) && !fd.dictionary && fd.target === target.name)
        out.push({ from, field, fd, column: columnName(field, fd) });
  return out;
}

/**
 * The references whose records go to the trash with a record of `target` and come back with it:
 * those `target.trash.along` names, and those declared `onDelete: 'cascade'` from an entity
 * with a trash (a client's contacts).
 */
export function companionRefs(target: EntitySchema): TrashRef[] {
  const along = typeof target.trash === 'object' ? (target.trash.along ?? []) : [];
  return referencesTo(target).filter(
    (r) => hasTrash(r.from) && (r.fd.onDelete === 'cascade' || along.includes(`${r.from.name}.${r.field}`)),
  );
}

/** Rows of one entity, by id, in the order the walk found them. */
export type RowsBySchema = Map<EntitySchema, number[]>;

/**
 * The records that go with `ids` of `schema`, level by level (the records themselves first):
 * rows of {@link companionRefs} matching `rowFilter` (over alias `c`), then theirs, and so on.
 * A delete walks live rows; a restore or purge the rows deleted with the record.
 */
export async function companions(
  tx: Tx,
  schema: EntitySchema,
  ids: number[],
  rowFilter: (s: EntitySchema) => { sql: string; params: unknown[] },
): Promise<Array<{ schema: EntitySchema; ids: number[] }>> {
  const levels: Array<{ schema: EntitySchema; ids: number[] }> = [{ schema, ids }];
  const seen = new Set(ids.map((id) => `${schema.name}/${id}`));
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i]!;
    for (const ref of companionRefs(level.schema)) {
      const filter = rowFilter(ref.from);
      const rows = await tx.query<{ id: number }>(
        `SELECT c.id FROM ${q(ref.from.table)} c WHERE c.${q(ref.column)} = ANY($1::bigint[]) AND ${filter.sql} ORDER BY c.id`,
        [level.ids, ...filter.params],
      );
      const fresh = rows.map((r) => Number(r.id)).filter((id) => !seen.has(`${ref.from.name}/${id}`));
      fresh.forEach((id) => seen.add(`${ref.from.name}/${id}`));
      if (fresh.length > 0) levels.push({ schema: ref.from, ids: fresh });
    }
  }
  return levels;
}

/** The levels of {@link companions} merged per entity. */
export function bySchema(levels: Array<{ schema: EntitySchema; ids: number[] }>): RowsBySchema {
  const out: RowsBySchema = new Map();
  for (const l of levels) out.set(l.schema, [...(out.get(l.schema) ?? []), ...l.ids]);
  return out;
}

/**
 * 409 when a live record outside `set` still references one of its records through a reference
 * the trash does not follow and the foreign key would refuse to lose (`onDelete` restrict): the
 * delete is refused as a hard delete would be, naming the referencing entity and field.
 */
async function refuseReferenced(tx: Tx, set: RowsBySchema): Promise<void> {
  for (const [schema, ids] of set) {
    for (const ref of referencesTo(schema)) {
      if ((ref.fd.onDelete ?? 'restrict') !== 'restrict') continue;
      const own = set.get(ref.from) ?? [];
      const live = hasTrash(ref.from) ? ` AND r.${TRASH_COLUMNS.deletedAt} IS NULL` : '';
      const [hit] = await tx.query<{ id: number }>(
        `SELECT r.id FROM ${q(ref.from.table)} r WHERE r.${q(ref.column)} = ANY($1::bigint[]) AND NOT (r.id = ANY($2::bigint[]))${live} LIMIT 1`,
        [ids, own],
      );
      if (hit)
        throw new HttpError(
          409,
          `The ${schema.entityName} is referenced by other records (${ref.from.entityName} ${ref.fd.label ?? humanize(ref.field)}); they would point at a deleted record`,
        );
    }
  }
}

/**
 * 409 when a record outside `set` holds one of its records in a link list (a `refList` or `files`
 * field without `via`, kept in a join table whose foreign key would silently drop the entry):
 * `verb` says what is refused ("deleted", "purged"), naming the listing entity and field.
 */
export async function refuseListed(tx: Tx, set: RowsBySchema, verb: string): Promise<void> {
  for (const [schema, ids] of set)
    for (const from of storedSchemas())
      for (const [field, fd] of Object.entries(from.fields)) {
        if (!isLinkList(fd) || fd.via || fd.target !== schema.name) continue;
        const [hit] = await tx.query<{ owner_id: number }>(
          `SELECT owner_id FROM ${q(joinTableName(from, field))}
            WHERE target_id = ANY($1::bigint[]) AND NOT (owner_id = ANY($2::bigint[])) LIMIT 1`,
          [ids, set.get(from) ?? []],
        );
        if (hit)
          throw new HttpError(
            409,
            `The ${schema.entityName} is listed by other records (${from.entityName} ${fd.label ?? humanize(field)}): it cannot be ${verb} while they do`,
          );
      }
}

/**
 * Moves the stored `row` of a trash-enabled `schema` to its trash, with the live records that go
 * with it ({@link companionRefs}, recursively): each gets `deleted_at` (the transaction's time),
 * `deleted_by` and its version moved; the companions `deleted_with` = the record's key. Each
 * entity's `beforeTrash` (server/define.ts) runs first, over its rows in the set. Each is
 * recorded in the history as a `delete` with the values it had. Runs in the delete's transaction,
 * after its access checks on the record.
 * @param user who deletes; needs the delete privilege on every entity a companion belongs to
 * @throws HttpError 403 without that privilege; 409 when a record outside the set references one
 *   in it through a reference the foreign key would refuse to lose
 */
export async function softDelete(tx: Tx, schema: EntitySchema, row: Row, user: AuthUser): Promise<void> {
  await moveToTrash(tx, schema, Number(row.id), user.username, (s) => {
    if (!canAccessEntity(s, 'delete', user.roles, user.privileges))
      throw forbidden(
        `Deleting this ${schema.entityName} deletes its ${s.label ?? s.name} too, which you may not delete`,
      );
  });
}

/**
 * The soft delete of {@link softDelete} by user name, for a row its caller already judged (a
 * nested child dropped from its parent's list, whose privileges the parent's write checked).
 * @param checkCompanion called for every other entity with records going along (throws to refuse)
 * @throws HttpError 409 as {@link softDelete}; whatever `checkCompanion` or a `beforeTrash` throws
 */
export async function moveToTrash(
  tx: Tx,
  schema: EntitySchema,
  id: number,
  username: string,
  checkCompanion: (s: EntitySchema) => void = () => undefined,
): Promise<void> {
  const levels = await companions(tx, schema, [id], () => ({
    sql: `c.${TRASH_COLUMNS.deletedAt} IS NULL`,
    params: [],
  }));
  const set = bySchema(levels);
  for (const s of set.keys()) if (s !== schema) checkCompanion(s);
  await refuseReferenced(tx, set);
  for (const [s, ids] of set) await serverOf(s.name)?.beforeTrash?.(tx, ids, username);
  // the rooms' extensions: the approvals cancel the open chains of every record going (MC-6)
  for (const [s, ids] of set) await beforeDelete({ tx, schema: s, username }, ids);
  const key = trashKey(schema, id);
  for (const [s, ids] of set) {
    const stored = await tx.query<Row>(`SELECT * FROM ${q(s.table)} WHERE id = ANY($1::bigint[])`, [ids]);
    await tx.query(
      `UPDATE ${q(s.table)} SET ${TRASH_COLUMNS.deletedAt} = now(), ${TRASH_COLUMNS.deletedBy} = $2,
         ${TRASH_COLUMNS.deletedWith} = CASE WHEN id = $3 AND $4::boolean THEN NULL ELSE $5 END,
         ${q(LOCK_COLUMN)} = ${q(LOCK_COLUMN)} + 1
       WHERE id = ANY($1::bigint[])`,
      [ids, username, id, s === schema, key],
    );
    await recordDeleted(tx, s, stored, username);
  }
}
