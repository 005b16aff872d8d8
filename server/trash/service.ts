import { hasTrash, humanize, isToOne, trashRetentionDays, type EntitySchema } from '../../schemas/define';
import { getSchema, storedSchemas } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { columnName, LOCK_COLUMN } from '../db/naming';
import { recordAction } from '../history/record';
import { badParam, HttpError, integrityError, notFound } from '../rest/errors';
import { q } from '../rest/model';
import { afterRestore } from '../rest/rooms';
import { findProjection, projectRows } from '../rest/projection';
import { orderBy, paging, type RawQuery } from '../rest/query';
import { pageSelection } from '../rest/select';
import { authorize, checkRowWrite, countRows, listStatement, loadRow, type ListResult } from '../rest/service';
import { TRASH_COLUMNS, trashKey } from './columns';
import { bySchema, companions, refuseListed } from './delete';

/**
 * The trash of an entity with `trash` in its schema (docs/api.md "Trash"): the records users
 * deleted, listed with who deleted them and when, brought back where they were (with the records
 * that went with them), or removed for good - by a user, or by {@link purgeExpired} once the
 * entity's retention has passed. Every route is judged as a delete of the record: the entity's
 * delete privilege, the record's access rule for view and delete, and its `rowWrite` predicate.
 */

type Db = Pick<Database, 'query'>;
type Row = Record<string, unknown>;

/** 404 for an entity without a trash (its routes do not exist). */
function needTrash(schema: EntitySchema): void {
  if (!hasTrash(schema)) throw notFound(`${schema.label ?? schema.name} have no trash`);
}

/**
 * One page of the records of `schema` in its trash that `user` may delete, newest deletion first
 * unless `sort` says otherwise; each carries `deletedAt` (ISO date-time) and `deletedBy` (user
 * name). Takes the list's query (`page`, `size`, `sort`, `projection`, filters, `search`);
 * records that went with another one are not listed (they come back with it).
 * @throws HttpError 400 for a bad query; 403 without the delete privilege on the entity
 */
export async function listTrash(db: Db, schema: EntitySchema, user: AuthUser, query: RawQuery): Promise<ListResult> {
  needTrash(schema);
  authorize(schema, user, 'delete');
  const { page, size } = paging(query);
  const raw = query.projection;
  const projection = findProjection(schema, Array.isArray(raw) ? raw[raw.length - 1] : raw);
  if (!projection) throw badParam('projection', `unknown projection of ${schema.name}`);
  const { joins, params, where } = listStatement(schema, user, query, 'trash');
  const filterJoins = joins.sql.length;
  const whereParams = params.values.length;
  const sorted = query.sort !== undefined && query.sort !== '';
  const order = sorted ? orderBy(joins, query.sort) : [`t0.${TRASH_COLUMNS.deletedAt} DESC`, 't0.id DESC'];
  const whereSql = ` WHERE ${where.join(' AND ')}`;
  const from = `FROM ${q(schema.table)} t0`;
  const selection = pageSelection(schema, projection, user, params);
  const n = params.values.length;
  const [rows, count] = await Promise.all([
    db.query<Row>(
      `SELECT ${[...selection.columns, `t0.${TRASH_COLUMNS.deletedAt} AS "$deletedAt"`, `t0.${TRASH_COLUMNS.deletedBy} AS "$deletedBy"`].join(', ')} ${from} ${[...joins.sql, ...selection.joins].join(' ')}${whereSql} ORDER BY ${order.join(', ')} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params.values, size, page * size],
    ),
    countRows(
      db,
      schema.table,
      `${from} ${joins.sql.slice(0, filterJoins).join(' ')}${whereSql}`,
      true,
      params.values.slice(0, whereParams),
    ),
  ]);
  const items = await projectRows(db, schema, rows, projection, 0, user);
  items.forEach((item, i) => {
    const at = rows[i]!.$deletedAt;
    item.deletedAt = at instanceof Date ? at.toISOString() : at === null ? null : new Date(String(at)).toISOString();
    item.deletedBy = (rows[i]!.$deletedBy as string | null) ?? null;
  });
  const result: ListResult = {
    items,
    page: { size, totalElements: count.total, totalPages: Math.ceil(count.total / size), number: page },
  };
  if (count.estimated) result.page.totalElementsEstimated = true;
  return result;
}

/** The record `id` in the trash of `schema` as `user` may delete it, locked. @throws HttpError 403, 404 */
async function trashedRow(tx: Db, schema: EntitySchema, user: AuthUser, id: number): Promise<Row> {
  needTrash(schema);
  authorize(schema, user, 'delete');
  const row = await loadRow(tx, schema, user, id, true, 'delete', 'trash');
  checkRowWrite(schema, user, row, 'delete');
  return row;
}

/**
 * 409 when a record a restored row references (a matter's project) is itself in the trash and
 * does not come back with it: the row would point at a deleted record.
 */
async function refuseDeletedParents(tx: Db, set: Map<EntitySchema, number[]>): Promise<void> {
  const restored = new Set([...set].flatMap(([s, ids]) => ids.map((id) => `${s.name}/${id}`)));
  for (const [schema, ids] of set) {
    for (const [name, fd] of Object.entries(schema.fields)) {
      if (!isToOne(fd) || fd.dictionary || !fd.target) continue;
      const target = getSchema(fd.target);
      if (!hasTrash(target)) continue;
      const rows = await tx.query<{ id: number }>(
        `SELECT DISTINCT p.id FROM ${q(schema.table)} r JOIN ${q(target.table)} p ON p.id = r.${q(columnName(name, fd))}
          WHERE r.id = ANY($1::bigint[]) AND p.${TRASH_COLUMNS.deletedAt} IS NOT NULL`,
        [ids],
      );
      const parent = rows.map((r) => Number(r.id)).find((id) => !restored.has(`${target.name}/${id}`));
      if (parent !== undefined)
        throw new HttpError(
          409,
          `Its ${fd.label ?? humanize(name)} (${target.entityName} ${parent}) is in the trash: restore that first`,
        );
    }
  }
}

/** The rows that went to the trash with the record of key `key`, level by level, the record first. */
const withRecord = (tx: Db, schema: EntitySchema, id: number) =>
  companions(tx, schema, [id], () => ({ sql: `c.${TRASH_COLUMNS.deletedWith} = $2`, params: [trashKey(schema, id)] }));

/**
 * Brings record `id` of `schema` back from the trash, where it was, with the records that went
 * with it: their trash columns are cleared, their versions moved, and each gets a `restore`
 * history entry. The rooms' `afterRestore` extensions run last (the approvals start a new chain
 * for a document whose open chain the trash cancelled, MC-6).
 * @throws HttpError 403 as a delete of it; 404 when it is not in the trash (or went there with
 *   another record); 409 when a record it references is in the trash, or (approvals) when the
 *   document's office has no approvers for its new chain
 */
export async function restoreRecord(db: Database, schema: EntitySchema, user: AuthUser, id: number): Promise<void> {
  needTrash(schema);
  authorize(schema, user, 'delete');
  await db.transaction(async (tx) => {
    await trashedRow(tx, schema, user, id);
    const set = bySchema(await withRecord(tx, schema, id));
    await refuseDeletedParents(tx, set);
    for (const [s, ids] of set) {
      await tx.query(
        `UPDATE ${q(s.table)} SET ${TRASH_COLUMNS.deletedAt} = NULL, ${TRASH_COLUMNS.deletedBy} = NULL,
           ${TRASH_COLUMNS.deletedWith} = NULL, ${q(LOCK_COLUMN)} = ${q(LOCK_COLUMN)} + 1,
           last_modified_date = now(), last_modified_by = $2
         WHERE id = ANY($1::bigint[])`,
        [ids, user.username],
      );
      await recordAction(tx, s, 'restore', ids, user.username);
    }
    // the rooms' extensions: a chain the trash cancelled is not resurrected, a new one starts (MC-6)
    for (const [s, ids] of set) await afterRestore({ tx, schema: s, user }, ids);
  });
}

/**
 * Removes the approval chains (`verificationChains`, with their steps) of the records `ids` of
 * `schema` when its entity has `verification`: a chain belongs to its document (by owner type
 * and id, no foreign key) and means nothing without it, so it goes with the document's purge.
 */
async function purgeChains(tx: Db, schema: EntitySchema, ids: number[], username: string): Promise<void> {
  if (!schema.verification) return;
  const chains = getSchema('verificationChains');
  const column = (field: string) => q(columnName(field, chains.fields[field]!));
  const rows = await tx.query<{ id: number }>(
    `DELETE FROM ${q(chains.table)} WHERE ${column('ownerType')} = $1 AND ${column('ownerId')} = ANY($2::bigint[]) RETURNING id`,
    [schema.verification.ownerType, ids],
  );
  if (rows.length > 0)
    await recordAction(
      tx,
      chains,
      'purge',
      rows.map((r) => Number(r.id)),
      username,
    );
}

/**
 * The rows a purge removed, per entity (their stored columns), for what has to follow once it
 * committed: a stored file's bytes leave the file storage (server/files/routes.ts).
 */
export type Purged = Array<{ schema: EntitySchema; rows: Row[] }>;

/**
 * Removes the record `id` of `schema` in the trash for good, with the records that went with it
 * (those first), in one transaction; rows that reference them with `onDelete` cascade or set-null
 * follow the foreign keys, and their approval chains go too. Each gets a `purge` history entry.
 * A record another one still holds in a link list (a matter's documents) is not purged: the join
 * table would drop the entry without a word.
 * @param username recorded as who purged (the retention purge passes its own name)
 * @returns the rows removed ({@link Purged})
 * @throws HttpError 409 naming the referencing entity and field while another record still
 *   references or lists one of them (a live record, or one in the trash since another delete)
 */
export async function purgeInTransaction(tx: Db, schema: EntitySchema, id: number, username: string): Promise<Purged> {
  const levels = await withRecord(tx, schema, id);
  await refuseListed(tx, bySchema(levels), 'purged');
  const purged: Purged = [];
  for (const level of [...levels].reverse()) {
    try {
      const rows = await tx.query<Row>(
        `DELETE FROM ${q(level.schema.table)} WHERE id = ANY($1::bigint[]) RETURNING *`,
        [level.ids],
      );
      purged.push({ schema: level.schema, rows });
    } catch (e) {
      const refused = integrityError(e, level.schema);
      if (refused) throw new HttpError(409, `${refused.message}: it cannot be purged while they do`);
      throw e;
    }
    await recordAction(tx, level.schema, 'purge', level.ids, username);
    await purgeChains(tx, level.schema, level.ids, username);
  }
  return purged;
}

/**
 * A user's purge of record `id` in the trash of `schema` ({@link purgeInTransaction}).
 * @returns the rows removed, once the purge committed
 * @throws HttpError 403 as a delete of it; 404 when it is not in the trash; 409 while referenced
 */
export async function purgeRecord(db: Database, schema: EntitySchema, user: AuthUser, id: number): Promise<Purged> {
  needTrash(schema);
  authorize(schema, user, 'delete');
  return db.transaction(async (tx) => {
    await trashedRow(tx, schema, user, id);
    return purgeInTransaction(tx, schema, id, user.username);
  });
}

/** The user name the retention purge writes in the history. */
export const RETENTION_PURGE_USER = 'system:trash-retention';

/** What one run of {@link purgeExpired} did. */
export interface PurgeReport {
  /** Records purged, as `<collection>/<id>` (the records that went with them not listed). */
  purged: string[];
  /** Records kept because something still references them, with the reason. */
  refused: Array<{ record: string; message: string }>;
}

/**
 * The retention purge: removes every record that has been in the trash of its entity longer than
 * the entity's retention (`trash.retentionDays`, default 30 days) at `now`, each in its own
 * transaction with the records that went with it. A record something still references stays
 * (reported under `refused`) and is tried again at the next run. The entry point of the job
 * that runs it (a timer in `server/app.ts` today).
 * @param schemas the entities to purge; default every stored one with a trash
 * @param afterPurge called with the rows of each purge once it committed (a stored file's bytes
 *   leave the storage); it reports its own failures: the purge has happened
 * @example
 * await purgeExpired(db, new Date()) // { purged: ['matters/7'], refused: [] }
 */
export async function purgeExpired(
  db: Database,
  now: Date,
  schemas: EntitySchema[] = storedSchemas().filter(hasTrash),
  afterPurge?: (purged: Purged) => Promise<void>,
): Promise<PurgeReport> {
  const report: PurgeReport = { purged: [], refused: [] };
  for (const schema of schemas) {
    const days = trashRetentionDays(schema);
    const expired = await db.query<{ id: number }>(
      `SELECT id FROM ${q(schema.table)} WHERE ${TRASH_COLUMNS.deletedAt} < $1::timestamptz - make_interval(days => $2::int)
          AND ${TRASH_COLUMNS.deletedWith} IS NULL ORDER BY id`,
      [now.toISOString(), days],
    );
    for (const { id } of expired) {
      const record = trashKey(schema, Number(id));
      let purged: Purged;
      try {
        purged = await db.transaction((tx) => purgeInTransaction(tx, schema, Number(id), RETENTION_PURGE_USER));
        report.purged.push(record);
      } catch (e) {
        if (!(e instanceof HttpError) || e.statusCode !== 409) throw e;
        report.refused.push({ record, message: e.message });
        continue;
      }
      await afterPurge?.(purged);
    }
  }
  return report;
}
