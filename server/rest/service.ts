import type { Action, EntitySchema, WireRecord } from '../../schemas/define';
import { canAccessEntity } from '../../schemas/access';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { LOCK_COLUMN } from '../db/naming';
import { badParam, forbidden, HttpError, notFound } from './errors';
import { Joins, Params, q } from './model';
import { findProjection, projectionColumns, projectRows } from './projection';
import { filterConditions, orderBy, paging, searchCondition, specToQuery, type RawQuery } from './query';
import { childActions } from './children';
import { hooksOf } from './hooks';
import { parseBody, type ParsedWrite, type WriteMode } from './validate';
import { deleteRow, insertRow, updateRow } from './write';
import {
  checkStatusWrite,
  recordStatusChange,
  splitStatusBody,
  startStatus,
  type StatusRequest,
} from '../statuses/service';

/**
 * The generic collection service behind every stored schema's routes: permission checks
 * (`canAccessEntity`, row filters), list/get with projections, and writes with optimistic
 * locking. Framework-free so it can be driven by tests and other modules.
 */

type Row = Record<string, unknown>;
type Db = Pick<Database, 'query'>;

/**
 * The HAL page of a list (docs/api.md "Collections"), without `_links`. `totalElementsEstimated`
 * is present (true) only when `totalElements` is the planner's estimate (see {@link countRows}).
 */
export interface ListResult {
  items: WireRecord[];
  page: { size: number; totalElements: number; totalPages: number; number: number; totalElementsEstimated?: true };
}

/**
 * Up to this many matching rows `page.totalElements` is an exact `count(*)`; above it, the
 * planner's estimate (an exact count of a million-row list costs 60-110 ms per page).
 */
export const EXACT_COUNT_LIMIT = 100_000;

/** The planner's row estimate of `SELECT 1 <fromWhere>` (EXPLAIN, no execution). */
async function plannerEstimate(db: Db, fromWhere: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) SELECT 1 ${fromWhere}`, params);
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }>;
  return Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * The total of a list (count strategy, bench/api/README.md); `fromWhere` is the list's
 * `FROM ... JOIN ... WHERE ...` with `params`, `limit` defaults to {@link EXACT_COUNT_LIMIT}:
 * - no condition at all (no filter, no search, no row filter): the table's `pg_class.reltuples`
 *   (kept by ANALYZE/autovacuum) when it is at least {@link EXACT_COUNT_LIMIT}: no scan;
 * - otherwise a count capped at the limit (`count(*)` over `LIMIT limit + 1`), exact whenever
 *   at most `EXACT_COUNT_LIMIT` rows match, which covers every parent-filtered list and every
 *   row-filtered (record-level access) list of a normal size; the cap bounds the cost of a broad
 *   filter, whose total is then the planner's estimate of the same filtered query (never below
 *   the rows already counted), so an estimate never counts rows the user may not see.
 */
export async function countRows(
  db: Db,
  table: string,
  fromWhere: string,
  hasConditions: boolean,
  params: unknown[],
  limit: number = EXACT_COUNT_LIMIT,
): Promise<{ total: number; estimated: boolean }> {
  if (!hasConditions) {
    // the table name comes from the schema, never from the request; a literal keeps this a one-message query
    const [stat] = await db.query<{ n: number }>(
      `SELECT reltuples::float8 AS n FROM pg_class WHERE oid = '${q(table).replace(/'/g, "''")}'::regclass`,
    );
    const n = Number(stat?.n ?? -1);
    if (n >= limit) return { total: Math.round(n), estimated: true };
  }
  const [capped] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${limit + 1}) capped`,
    params,
  );
  const n = Number(capped?.n ?? 0);
  if (n <= limit) return { total: n, estimated: false };
  return { total: Math.max(n, Math.round(await plannerEstimate(db, fromWhere, params))), estimated: true };
}

/** 403 unless the user may do `action` on the entity (and on `row` for row-dependent modules, H9). */
export function authorize(schema: EntitySchema, user: AuthUser, action: Action, row?: WireRecord): void {
  if (!canAccessEntity(schema, action, user.roles, user.privileges, row)) {
    throw forbidden(`Access denied: ${action} on ${schema.name}`);
  }
}

/** Row-filter conditions of the user (schema.rowFilter), in the same grammar as request filters. */
function rowFilterConditions(schema: EntitySchema, user: AuthUser, joins: Joins, params: Params): string[] {
  const spec = schema.rowFilter?.(user);
  return spec ? filterConditions(joins, params, specToQuery(spec)) : [];
}

const projectionOf = (schema: EntitySchema, name: string | undefined) => {
  const p = findProjection(schema, name);
  if (!p) throw badParam('projection', `unknown projection "${name}" of ${schema.name}`);
  return p;
};

const single = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[v.length - 1] : v);

/** Lists a page: one query for the rows, one for the total ({@link countRows}), projections batched. */
export async function listRecords(db: Db, schema: EntitySchema, user: AuthUser, query: RawQuery): Promise<ListResult> {
  authorize(schema, user, 'view');
  const { page, size } = paging(query);
  const projection = projectionOf(schema, single(query.projection));
  const joins = new Joins(schema);
  const params = new Params();
  const where = [...filterConditions(joins, params, query), ...rowFilterConditions(schema, user, joins, params)];
  const search = searchCondition(joins, params, schema, query.search);
  if (search) where.push(search);
  const filterJoins = joins.sql.length;
  const order = orderBy(joins, query.sort);
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const from = `FROM ${q(schema.table)} t0`;
  // a module function (H9) judges the whole row, so it gets every column
  const columns = typeof schema.module === 'function' ? 't0.*' : projectionColumns(schema, projection);
  const n = params.values.length;
  const [rows, count] = await Promise.all([
    db.query<Row>(
      `SELECT ${columns} ${from} ${joins.sql.join(' ')}${whereSql} ORDER BY ${order.join(', ')} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params.values, size, page * size],
    ),
    countRows(
      db,
      schema.table,
      `${from} ${joins.sql.slice(0, filterJoins).join(' ')}${whereSql}`,
      where.length > 0,
      params.values,
    ),
  ]);
  let items = await projectRows(db, schema, rows, projection);
  if (typeof schema.module === 'function')
    items = items.filter((r) => canAccessEntity(schema, 'view', user.roles, user.privileges, r));
  const totalElements = count.total;
  const result: ListResult = {
    items,
    page: { size, totalElements, totalPages: Math.ceil(totalElements / size), number: page },
  };
  if (count.estimated) result.page.totalElementsEstimated = true;
  return result;
}

/** Loads one raw row the user may see (row filter applied), optionally locking it. @throws 404 */
async function loadRow(db: Db, schema: EntitySchema, user: AuthUser, id: number, forUpdate: boolean): Promise<Row> {
  const joins = new Joins(schema);
  const params = new Params();
  const where = [`t0.id = ${params.add(id)}`, ...rowFilterConditions(schema, user, joins, params)];
  const [row] = await db.query<Row>(
    `SELECT t0.* FROM ${q(schema.table)} t0 ${joins.sql.join(' ')} WHERE ${where.join(' AND ')}${forUpdate ? ' FOR UPDATE OF t0' : ''}`,
    params.values,
  );
  if (!row) throw notFound(`${schema.entityName} ${id}`);
  return row;
}

/** Reads one record in a projection. @throws HttpError 403, 404 */
export async function getRecord(
  db: Db,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  projectionName?: string,
): Promise<WireRecord> {
  authorize(schema, user, 'view');
  const projection = projectionOf(schema, projectionName);
  const row = await loadRow(db, schema, user, id, false);
  const [item] = await projectRows(db, schema, [row], projection);
  if (typeof schema.module === 'function') authorize(schema, user, 'view', item);
  return item!;
}

/** Parses `If-Match: "3"` / `W/"3"` / `3`; undefined when absent. @throws 400 for another shape */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return undefined;
  const m = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
  if (!m) throw badParam('If-Match', `"${header}" is not a version`);
  return Number(m[1]);
}

function checkVersion(row: Row, expected: number | undefined): void {
  if (expected !== undefined && Number(row[LOCK_COLUMN]) !== expected) {
    throw new HttpError(
      412,
      `The record was changed by someone else (version ${row[LOCK_COLUMN]}, expected ${expected}); reload and try again`,
    );
  }
}

/** The row as the module function sees it (H9), before and after a write. */
async function checkRowModule(db: Db, schema: EntitySchema, user: AuthUser, action: Action, row: Row): Promise<void> {
  if (typeof schema.module !== 'function') return;
  const [wire] = await projectRows(db, schema, [row], schema.projections.full ?? {});
  authorize(schema, user, action, wire);
}

/**
 * 403 unless the user holds the child privileges the nested collections of `write` need
 * (create, update, and delete when stored children would be dropped); checked before anything
 * is written.
 */
async function authorizeChildren(
  tx: Db,
  user: AuthUser,
  parentId: number | undefined,
  write: ParsedWrite,
): Promise<void> {
  for (const { schema, action } of await childActions(tx, parentId, write)) authorize(schema, user, action);
}

/** Runs the schema's hooks of `kind` (own, then server ones) inside the write's transaction. */
async function runHooks(
  tx: Db,
  schema: EntitySchema,
  kind: 'afterChange' | 'afterDelete',
  id: number,
  user: AuthUser,
): Promise<void> {
  for (const hooks of hooksOf(schema)) await hooks[kind]?.({ tx, schema, id, user });
}

/** Creates a record; the row filter must hold for the new row (else 403, nothing written). Returns its id. */
export async function createRecord(db: Database, schema: EntitySchema, user: AuthUser, body: unknown): Promise<number> {
  authorize(schema, user, 'create');
  const write = await parseBody(schema, body, 'create');
  return db.transaction(async (tx) => {
    await authorizeChildren(tx, user, undefined, write);
    const statusChange = await startStatus(tx, schema, write);
    const id = await insertRow(tx, schema, write, user.username);
    if (statusChange) await recordStatusChange(tx, schema, id, statusChange, user.username);
    const visible = await loadRow(tx, schema, user, id, false).catch(() => undefined);
    if (!visible) throw forbidden(`The new ${schema.entityName} would be outside the records you may access`);
    await checkRowModule(tx, schema, user, 'create', visible);
    await runHooks(tx, schema, 'afterChange', id, user);
    return id;
  });
}

/**
 * Replaces (`put`: every writable field, an omitted one becomes its default or null; nested
 * collections and join lists only when present) or merges (`patch`) a record under optimistic
 * locking (`If-Match` or the body's lock). A schema with a `status` has the write checked against
 * its transitions and locked fields, and a changed status recorded (`server/statuses/service.ts`);
 * `status` carries a move's comment when the body cannot.
 * @throws HttpError 400, 403, 404, 409, 412
 */
export async function updateRecord(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  body: unknown,
  mode: Exclude<WriteMode, 'create'>,
  ifMatch?: number,
  status: StatusRequest = {},
): Promise<void> {
  authorize(schema, user, 'update');
  const split = splitStatusBody(schema, body);
  const write = await parseBody(schema, split.body, mode);
  await db.transaction(async (tx) => {
    const row = await loadRow(tx, schema, user, id, true);
    checkVersion(row, ifMatch);
    checkVersion(row, write.lock);
    await checkRowModule(tx, schema, user, 'update', row);
    const statusChange = await checkStatusWrite(tx, schema, user, row, write, {
      ...status,
      comment: status.comment ?? split.comment,
    });
    await authorizeChildren(tx, user, id, write);
    await updateRow(tx, schema, id, write, user.username, row);
    if (statusChange) await recordStatusChange(tx, schema, id, statusChange, user.username);
    const after = await loadRow(tx, schema, user, id, false).catch(() => undefined);
    if (!after) throw forbidden(`The ${schema.entityName} would move outside the records you may access`);
    await runHooks(tx, schema, 'afterChange', id, user);
  });
}

/** Deletes a record under optimistic locking. */
export async function deleteRecord(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  ifMatch?: number,
): Promise<void> {
  authorize(schema, user, 'delete');
  await db.transaction(async (tx) => {
    const row = await loadRow(tx, schema, user, id, true);
    checkVersion(row, ifMatch);
    await checkRowModule(tx, schema, user, 'delete', row);
    await deleteRow(tx, schema, id);
    await runHooks(tx, schema, 'afterDelete', id, user);
  });
}
