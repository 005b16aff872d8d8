import type { Action, EntitySchema, WireRecord, WriteKind } from '../../schemas/define';
import { canAccessEntity, isAdmin, unreadableFields } from '../../schemas/access';
import { toMoney, type Money } from '../../schemas/money';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { LOCK_COLUMN } from '../db/naming';
import { badParam, forbidden, HttpError, notFound } from './errors';
import { Joins, Params, q, resolvePath } from './model';
import { accessSubject, rowCondition, ruleCondition } from './access';
import { findProjection, projectRows } from './projection';
import { filterConditions, orderBy, paging, requestLanguage, searchCondition, type RawQuery } from './query';
import { pageSelection } from './select';
import { childActions, ownersOf, touchOwners } from './children';
import { hooksOf } from './hooks';
import { parseBody, type ParsedWrite, type WriteMode } from './validate';
import { checkReadableReferences } from './readableReferences';
import { lookupRead, lookupSearch, type LookupRead } from './lookup';
import { checkServerOwned } from './serverOwned';
import { deleteRow, insertRow, updateRow } from './write';
import { scopeCondition, type RowScope } from '../trash/columns';
import { hasTrash } from '../../schemas/define';
import { softDelete } from '../trash/delete';
import { rowToWire } from '../history/wire';
import { hookWritable, systemWriter } from './system';
import { beforeDelete, beforeInsert } from './rooms';
import {
  checkStatusWrite,
  recordStatusChange,
  splitStatusBody,
  startStatus,
  type StatusRequest,
} from '../statuses/service';

/**
 * The generic collection service behind every stored schema's routes: permission checks
 * (`canAccessEntity`, and the `accessRule` compiled into every statement's SQL by
 * server/rest/access.ts), list/get with projections, and writes with optimistic locking.
 * Framework-free so it can be driven by tests and other modules.
 */

type Row = Record<string, unknown>;
export type Db = Pick<Database, 'query'>;

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

/**
 * Under a row rule (the user's reads of the entity carry an access rule or row modules, as a
 * member's times, matters, projects and expenses do), the total is exact up to this many rows and
 * the planner's estimate past it (`totalElementsEstimated`): counting up to
 * {@link EXACT_COUNT_LIMIT} rows through a rule walks most of a million-row table per page
 * (0.9 s for the member's time list at the real size, bench/README.md); up to 1,000 it stops
 * after a few thousand (17 ms). docs/decisions.md "Counts under an access rule".
 */
export const RULED_COUNT_LIMIT = 1_000;

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
 * - no condition at all (no filter, no search, no access rule): the table's `pg_class.reltuples`
 *   (kept by ANALYZE/autovacuum) when it is at least {@link EXACT_COUNT_LIMIT}: no scan;
 * - otherwise a count capped at the limit (`count(*)` over `LIMIT limit + 1`), exact whenever
 *   at most `EXACT_COUNT_LIMIT` rows match, which covers every parent-filtered list and every
 *   access-ruled (record-level access) list of a normal size; the cap bounds the cost of a broad
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

/** 403 unless the user may do `action` on the entity at all (which rows: the access rule). */
export function authorize(schema: EntitySchema, user: AuthUser, action: Action): void {
  if (!canAccessEntity(schema, action, user.roles, user.privileges)) {
    throw forbidden(`Access denied: ${action} on ${schema.name}`);
  }
}

/** Joins and parameters of a statement over `schema` as `t0`, with the user for per-user computed fields. */
function statement(schema: EntitySchema, user: AuthUser): { joins: Joins; params: Params } {
  const joins = new Joins(schema);
  const params = new Params();
  joins.ctx = { user: accessSubject(user), params };
  return { joins, params };
}

/**
 * The access rule's condition for `action` as a list, with the trash's (`scope`: live rows, or
 * the records in the trash); empty when every row is allowed.
 */
function accessConditions(
  schema: EntitySchema,
  user: AuthUser,
  action: Action,
  joins: Joins,
  params: Params,
  scope: RowScope = 'live',
): string[] {
  const c = ruleCondition(schema, user, action, joins, params, scope);
  return c === undefined ? [] : [c];
}

const projectionOf = (schema: EntitySchema, name: string | undefined) => {
  const p = findProjection(schema, name);
  if (!p) throw badParam('projection', `unknown projection "${name}" of ${schema.name}`);
  return p;
};

const single = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[v.length - 1] : v);

/**
 * The `FROM ... WHERE` of the rows `GET <collection>?<query>` lists for `user`: the request's
 * filters, its search and the access rule (view), over `t0`. Lists, their totals, aggregates
 * ({@link aggregateRecords}), exports (`server/exports/`) and the global search all start here,
 * so no door shows a row another one hides - nor a record in the trash (`scope` 'live'); the
 * trash list (`server/trash/`) asks for `'trash'`.
 * @throws HttpError 400 for an unknown filter path or a bad value; 403 when the user may not read the entity
 */
export function listStatement(
  schema: EntitySchema,
  user: AuthUser,
  query: RawQuery,
  scope: RowScope = 'live',
  lookup?: LookupRead,
): { joins: Joins; params: Params; where: string[] } {
  // a lookup (`projection=lookup`, server/rest/lookup.ts) was allowed by its caller
  if (!lookup) authorize(schema, user, 'view');
  const { joins, params } = statement(schema, user);
  joins.language = requestLanguage(query);
  const where = [
    ...filterConditions(joins, params, query),
    ...accessConditions(schema, user, 'view', joins, params, scope),
  ];
  // a lookup-only reader searches what the lookup shows, never the fields it leaves out
  const searched = lookup?.lookupOnly ? { ...schema, search: lookupSearch(schema, lookup) } : schema;
  const search = searchCondition(joins, params, searched, query.search);
  if (search) where.push(search);
  return { joins, params, where };
}

/** What {@link aggregateRecords} computes per output name: a sum over a numeric path, or a count. */
export type AggregateSpec = Record<string, { sum: string } | { count: true }>;

/** What {@link aggregateRecords} answers for a spec: counts are numbers, sums numbers or exact money. */
export type AggregateResult<S extends AggregateSpec> = {
  [K in keyof S]: S[K] extends { count: true } ? number : number | Money;
};

/**
 * The SELECT expressions of an aggregate spec (`a0`, `a1`, ... in the spec's order) and how to read
 * them back: money sums exact (as `numeric` text), the rest as numbers.
 * @throws HttpError 400 for a sum path that is not numeric or unknown
 */
function aggregateSelects<const S extends AggregateSpec>(
  joins: Joins,
  spec: S,
): { selects: string[]; read: (row: Row | undefined) => AggregateResult<S> } {
  const exact = new Set<number>();
  const selects = Object.entries(spec).map(([name, a], i) => {
    if ('count' in a) return `count(*)::float8 AS a${i}`;
    const path = resolvePath(joins, a.sum, name);
    if (!['number', 'money', 'durationMs', 'percent'].includes(path.kind.type))
      throw badParam(name, `"${a.sum}" is not a number that can be summed`);
    if (path.kind.type !== 'money') return `COALESCE(sum(${path.expr}), 0)::float8 AS a${i}`;
    exact.add(i);
    return `COALESCE(sum(${path.expr}), 0)::text AS a${i}`;
  });
  const read = (row: Row | undefined) =>
    Object.fromEntries(
      Object.keys(spec).map((name, i) => [
        name,
        exact.has(i) ? toMoney(String(row?.[`a${i}`] ?? 0)) : Number(row?.[`a${i}`] ?? 0),
      ]),
    ) as AggregateResult<S>;
  return { selects, read };
}

/**
 * Sums and counts over every row `GET <collection>?<query>` would list for `user` (not one page):
 * one statement under the list's own WHERE ({@link listStatement}). Sums are of a number, money
 * or duration path (`duration`, `matter.amountFee`), 0 over no rows; a money sum comes back as an
 * exact {@link Money} (summed as `numeric` and read as text, never through a float), the rest as numbers.
 * @example
 * await aggregateRecords(db, times, user, { 'matter.id': '5' }, { durationTotal: { sum: 'duration' } });
 * // { durationTotal: 5400000 }
 * @throws HttpError 400 for a path that is not numeric or unknown, and whatever {@link listStatement} throws
 */
export async function aggregateRecords<const S extends AggregateSpec>(
  db: Db,
  schema: EntitySchema,
  user: AuthUser,
  query: RawQuery,
  spec: S,
): Promise<AggregateResult<S>> {
  const { joins, params, where } = listStatement(schema, user, query);
  const { selects, read } = aggregateSelects(joins, spec);
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const [row] = await db.query<Row>(
    `SELECT ${selects.join(', ')} FROM ${q(schema.table)} t0 ${joins.sql.join(' ')}${whereSql}`,
    params.values,
  );
  return read(row);
}

/** One group of {@link aggregateGroups}: the values of the `groupBy` paths and the group's sums and counts. */
export interface AggregateGroup<S extends AggregateSpec> {
  /** The grouping paths' values, by path (`{ 'currency.id': 3, 'currency.code': 'USD' }`); null for no reference. */
  group: Record<string, string | number | null>;
  /** The spec's sums and counts over the group's rows, as {@link aggregateRecords} answers them. */
  values: AggregateResult<S>;
}

/**
 * {@link aggregateRecords} per group: the same sums and counts over the rows `GET <collection>?<query>`
 * lists for `user`, one entry per distinct value of the `groupBy` paths (a to-one reference's `id`
 * and any of its properties, e.g. `['currency.id', 'currency.code']`), ordered by those paths
 * (nulls last); no rows, no groups. Totals over several currencies are given this way, per
 * currency (MC-4), never as one bare sum.
 * @example
 * await aggregateGroups(db, invoices, user, {}, { totalAmount: { sum: 'totalAmount' } }, ['currency.code', 'currency.id']);
 * // [{ group: { 'currency.code': 'KZT', 'currency.id': 2 }, values: { totalAmount: Money('1200.00') } },
 * //  { group: { 'currency.code': 'USD', 'currency.id': 1 }, values: { totalAmount: Money('80.50') } }]
 * @throws HttpError 400 for a sum path that is not numeric or unknown, or an unknown `groupBy` path,
 *   and whatever {@link listStatement} throws
 */
export async function aggregateGroups<const S extends AggregateSpec>(
  db: Db,
  schema: EntitySchema,
  user: AuthUser,
  query: RawQuery,
  spec: S,
  groupBy: string[],
): Promise<Array<AggregateGroup<S>>> {
  if (groupBy.length === 0) throw badParam('groupBy', 'no path to group by');
  const { joins, params, where } = listStatement(schema, user, query);
  const { selects, read } = aggregateSelects(joins, spec);
  const keys = groupBy.map((p) => resolvePath(joins, p, 'groupBy'));
  const numeric = keys.map((k) => k.kind.type === 'number');
  const keySelects = keys.map((k, i) => `${k.expr} AS g${i}`);
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const positions = keys.map((_, i) => String(i + 1));
  const rows = await db.query<Row>(
    `SELECT ${[...keySelects, ...selects].join(', ')} FROM ${q(schema.table)} t0 ${joins.sql.join(' ')}${whereSql}` +
      ` GROUP BY ${positions.join(', ')} ORDER BY ${positions.map((p) => `${p} NULLS LAST`).join(', ')}`,
    params.values,
  );
  return rows.map((row) => ({
    group: Object.fromEntries(
      groupBy.map((p, i) => {
        const v = row[`g${i}`];
        return [p, v === null || v === undefined ? null : numeric[i] ? Number(v) : String(v)];
      }),
    ),
    values: read(row),
  }));
}

/**
 * Reads the rows `GET <collection>?<query>` lists (filters, search, access rule, sort), `limit`
 * rows from `offset`, in `projection` (the list's own when omitted), as wire records.
 * @throws HttpError 400, 403 as {@link listStatement}
 */
export async function listRows(
  db: Db,
  schema: EntitySchema,
  user: AuthUser,
  query: RawQuery,
  limit: number,
  offset: number,
  projectionName?: string,
): Promise<WireRecord[]> {
  const projection = projectionOf(schema, projectionName ?? single(query.projection));
  const { joins, params, where } = listStatement(schema, user, query);
  const order = orderBy(joins, query.sort);
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const selection = pageSelection(schema, projection, user, params);
  const n = params.values.length;
  const rows = await db.query<Row>(
    `SELECT ${selection.columns.join(', ')} FROM ${q(schema.table)} t0 ${[...joins.sql, ...selection.joins].join(' ')}${whereSql} ORDER BY ${order.join(', ')} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params.values, limit, offset],
  );
  return projectRows(db, schema, rows, projection, 0, user);
}

/**
 * Lists a page in two statements run together: the rows (filters, search and the access rule in
 * the WHERE; dictionary entries and embedded to-one records JOINed, `server/rest/select.ts`) and
 * the total under the same WHERE ({@link countRows}); to-many embeds are batched after.
 */
export async function listRecords(db: Db, schema: EntitySchema, user: AuthUser, query: RawQuery): Promise<ListResult> {
  const lookup = lookupRead(schema, user, query);
  if (!lookup) authorize(schema, user, 'view');
  const { page, size } = paging(query);
  const projection = lookup?.projection ?? projectionOf(schema, single(query.projection));
  const { joins, params, where } = listStatement(schema, user, query, 'live', lookup);
  // the total reads only what the WHERE needs: its joins and parameters come first
  const filterJoins = joins.sql.length;
  const whereParams = params.values.length;
  const order = orderBy(joins, query.sort);
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const from = `FROM ${q(schema.table)} t0`;
  const selection = pageSelection(schema, projection, user, params);
  const n = params.values.length;
  const [rows, count] = await Promise.all([
    db.query<Row>(
      `SELECT ${selection.columns.join(', ')} ${from} ${[...joins.sql, ...selection.joins].join(' ')}${whereSql} ORDER BY ${order.join(', ')} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params.values, size, page * size],
    ),
    countRows(
      db,
      schema.table,
      `${from} ${joins.sql.slice(0, filterJoins).join(' ')}${whereSql}`,
      // the trash's own condition alone leaves the estimate of a huge table as it was
      where.some((c) => c !== scopeCondition(schema, 't0')),
      params.values.slice(0, whereParams),
      rowCondition(schema, user, 'view') === null ? EXACT_COUNT_LIMIT : RULED_COUNT_LIMIT,
    ),
  ]);
  const items = await projectRows(db, schema, rows, projection, 0, user);
  const totalElements = count.total;
  const result: ListResult = {
    items,
    page: { size, totalElements, totalPages: Math.ceil(totalElements / size), number: page },
  };
  if (count.estimated) result.page.totalElementsEstimated = true;
  return result;
}

/**
 * Loads one raw row the user may `action` (the access rule for that action), optionally locking
 * it; a live row, or with `scope` 'trash' a record in the trash.
 * @throws HttpError 404 when the row does not exist, is not in `scope` or the user may not read
 *   it; 403 when the user may read it but the rule refuses `action` (a `rule.privilege` the user lacks)
 */
export async function loadRow(
  db: Db,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  forUpdate: boolean,
  action: Action = 'view',
  scope: RowScope = 'live',
): Promise<Row> {
  const { joins, params } = statement(schema, user);
  const where = [`t0.id = ${params.add(id)}`, ...accessConditions(schema, user, 'view', joins, params, scope)];
  const [row] = await db.query<Row>(
    `SELECT t0.* FROM ${q(schema.table)} t0 ${joins.sql.join(' ')} WHERE ${where.join(' AND ')}${forUpdate ? ' FOR UPDATE OF t0' : ''}`,
    params.values,
  );
  if (!row) throw notFound(`${schema.entityName} ${id}${scope === 'trash' ? ' in the trash' : ''}`);
  if (action !== 'view' && !(await allows(db, schema, user, id, action, scope)))
    throw forbidden(`Access denied: ${action} on ${schema.name} ${id}`);
  return row;
}

/** Whether the access rule lets `user` do `action` on row `id` of `scope` (true without a rule). */
async function allows(
  db: Db,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  action: Action,
  scope: RowScope = 'live',
): Promise<boolean> {
  const { joins, params } = statement(schema, user);
  const rule = accessConditions(schema, user, action, joins, params, scope);
  if (rule.length === 0) return true;
  const found = await db.query(
    `SELECT 1 FROM ${q(schema.table)} t0 ${joins.sql.join(' ')} WHERE t0.id = ${params.add(id)} AND ${rule[0]}`,
    params.values,
  );
  return found.length > 0;
}

/**
 * Reads one record in a projection, with the page's single statement; `lookup` (server/rest/lookup.ts)
 * to users who may look the entity up. @throws HttpError 403, 404
 */
export async function getRecord(
  db: Db,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  projectionName?: string,
): Promise<WireRecord> {
  const lookup = lookupRead(schema, user, { projection: projectionName });
  if (!lookup) authorize(schema, user, 'view');
  const projection = lookup?.projection ?? projectionOf(schema, projectionName);
  const { joins, params } = statement(schema, user);
  const where = [`t0.id = ${params.add(id)}`, ...accessConditions(schema, user, 'view', joins, params)];
  const selection = pageSelection(schema, projection, user, params);
  const rows = await db.query<Row>(
    `SELECT ${selection.columns.join(', ')} FROM ${q(schema.table)} t0 ${[...joins.sql, ...selection.joins].join(' ')} WHERE ${where.join(' AND ')}`,
    params.values,
  );
  if (rows.length === 0) throw notFound(`${schema.entityName} ${id}`);
  const [item] = await projectRows(db, schema, rows, projection, 0, user);
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

/** Whether a parsed JSON value is an object (not an array, not null). */
export const isObject = (v: unknown): v is WireRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Refuses, as an update of record `id` would, a user who may not change it: 404 when it cannot be
 * read, 403 when the access rule refuses the update or the schema's `rowWrite` predicate does.
 * For routes that must answer 403 before looking at anything else of the request.
 * @throws HttpError 403, 404
 */
export async function checkMayUpdate(db: Db, schema: EntitySchema, user: AuthUser, id: number): Promise<void> {
  authorize(schema, user, 'update');
  checkRowWrite(schema, user, await loadRow(db, schema, user, id, false, 'update'));
}

/**
 * 403 when the schema's `rowWrite` predicate refuses `user` the `action` (a change, or a delete)
 * of the stored `row` (admins pass).
 */
export function checkRowWrite(
  schema: EntitySchema,
  user: AuthUser,
  row: Row,
  action: 'update' | 'delete' = 'update',
): void {
  if (!schema.rowWrite || isAdmin(user.roles)) return;
  if (!schema.rowWrite(user, rowToWire(schema, row), action))
    throw forbidden(`You may not ${action === 'delete' ? 'delete' : 'change'} this ${schema.entityName}`);
}

/**
 * The validated write of `body`, with the schema's `beforeValidate` hooks run on the raw body
 * first and its `beforeChange` hooks on the result (each may adjust it), all inside `tx`.
 * @param stored the row before an update; undefined for a create
 * @throws HttpError 400 `Validation failed`; whatever a hook throws
 */
async function validatedWrite(
  tx: Db,
  schema: EntitySchema,
  user: AuthUser,
  body: unknown,
  mode: WriteMode,
  id?: number,
  stored?: Row,
): Promise<ParsedWrite> {
  const hooks = hooksOf(schema);
  const storedWire = stored && rowToWire(schema, stored);
  let input = body;
  for (const h of hooks) {
    if (!h.beforeValidate || !isObject(input)) continue;
    const copy: WireRecord = { ...input };
    const replaced = await h.beforeValidate({
      tx,
      schema,
      user,
      mode,
      id,
      body: copy,
      stored: storedWire,
      write: hookWrite(tx, user),
    });
    input = replaced ?? copy;
  }
  // PUT replaces what the client can see: a personal field it does not read, and so did not send, is kept (H2-05)
  if (mode === 'put' && storedWire && isObject(input)) {
    const sent: WireRecord = input;
    const kept = unreadableFields(schema, user.roles, user.privileges).filter(
      (name) => sent[name] === undefined && Object.hasOwn(storedWire, name),
    );
    if (kept.length > 0) input = { ...sent, ...Object.fromEntries(kept.map((name) => [name, storedWire[name]])) };
  }
  const write = await parseBody(schema, input, mode);
  if (isObject(input)) write.body = input as WireRecord;
  for (const h of hooks) {
    if (!h.beforeChange) continue;
    const data = { ...rowToWire(schema, write.columns, true), ...linksToWire(write) };
    const extra = await h.beforeChange({
      tx,
      schema,
      user,
      mode,
      id,
      data,
      stored: storedWire,
      write: hookWrite(tx, user),
    });
    if (extra !== undefined) mergeWrite(write, await parseBody(hookWritable(schema), extra, 'patch'));
  }
  return write;
}

/** The join-table lists of a write as wire values (`[{ id }]`). */
const linksToWire = (write: ParsedWrite): WireRecord =>
  Object.fromEntries(write.links.map((l) => [l.name, l.ids.map((id) => ({ id }))]));

/** Adds what a `beforeChange` hook returned (parsed as a PATCH body) to the write. */
function mergeWrite(write: ParsedWrite, extra: ParsedWrite): void {
  Object.assign(write.columns, extra.columns);
  Object.assign(write.values, extra.values);
  for (const name of extra.present) write.present.add(name);
  const replace = <T extends { name: string }>(list: T[], added: T[]) => [
    ...list.filter((x) => !added.some((a) => a.name === x.name)),
    ...added,
  ];
  write.links = replace(write.links, extra.links);
  write.children = replace(write.children, extra.children);
}

/** A hook's `write` (`HookBase.write`): a system write in the hook's transaction, recorded in the history as the user's. */
const hookWrite = (tx: Db, user: AuthUser) => systemWriter(tx, user.username);

/** Runs the schema's after-hooks of `kind` (own, then server ones) inside the write's transaction. */
async function runAfterHooks(
  tx: Db,
  schema: EntitySchema,
  kind: 'afterChange' | 'afterDelete',
  mode: WriteKind,
  id: number,
  user: AuthUser,
  body?: WireRecord,
): Promise<void> {
  for (const hooks of hooksOf(schema))
    await hooks[kind]?.({ tx, schema, id, user, mode, body, write: hookWrite(tx, user) });
}

/**
 * Runs the schema's `afterCommit` hooks once the write's transaction committed (a caller owning
 * the transaction, as the bulk change does, calls it itself); a hook's failure is the hook's own
 * business and never turns the committed write into an error.
 */
export async function runAfterCommit(schema: EntitySchema, mode: WriteKind, id: number, user: AuthUser): Promise<void> {
  for (const hooks of hooksOf(schema)) await hooks.afterCommit?.({ schema, id, user, mode }).catch(() => undefined);
}

/**
 * Creates a record: hooks, validation, the row with its links and children, the history entry,
 * in one transaction; the access rule must hold for the new row (else 403, nothing written).
 * Returns its id.
 */
export async function createRecord(db: Database, schema: EntitySchema, user: AuthUser, body: unknown): Promise<number> {
  authorize(schema, user, 'create');
  const created = await db.transaction((tx) => createInTransaction(tx, schema, user, body));
  await runAfterCommit(schema, 'create', created, user);
  return created;
}

/**
 * The create of {@link createRecord} inside a transaction the caller owns (an import writes many
 * rows in one): hooks, validation, the row with its links and children, the history entry, the
 * access rule on the new row. The caller checks `authorize(schema, user, 'create')` first and
 * runs {@link runCreateCommitted} for the id once the transaction committed.
 * @returns the new row's id
 * @throws HttpError 400 `Validation failed`, 403, 409; whatever a hook throws
 */
export async function createInTransaction(
  tx: Pick<Database, 'query' | 'kind'>,
  schema: EntitySchema,
  user: AuthUser,
  body: unknown,
): Promise<number> {
  const write = await validatedWrite(tx, schema, user, body, 'create');
  await checkServerOwned(tx, schema, body);
  await checkReadableReferences(tx, schema, user, [{ write }]);
  await authorizeChildren(tx, user, undefined, write);
  const statusChange = await startStatus(tx, schema, write);
  // the rooms' extensions (the approvals' chain) may set columns now and finish once the row exists
  const afterInsert = await beforeInsert({ tx, schema, user }, write);
  const id = await insertRow(tx, schema, write, user.username);
  await touchOwners(tx, await ownersOf(tx, schema, id));
  await afterInsert(id);
  if (statusChange) await recordStatusChange(tx, schema, id, statusChange, user.username);
  if (!(await allows(tx, schema, user, id, 'create')))
    throw forbidden(`The new ${schema.entityName} would be outside the records you may access`);
  await runAfterHooks(tx, schema, 'afterChange', 'create', id, user, write.body);
  return id;
}

/** The schema's `afterCommit` hooks of a create made with {@link createInTransaction}, once committed. */
export const runCreateCommitted = (schema: EntitySchema, id: number, user: AuthUser): Promise<void> =>
  runAfterCommit(schema, 'create', id, user);

/**
 * Replaces (`put`: every writable field, an omitted one becomes its default or null; nested
 * collections and join lists only when present) or merges (`patch`) a record under optimistic
 * locking (`If-Match` or the body's lock); hooks, the write and its history entry in one
 * transaction. A schema with a `status` has the write checked against its transitions and locked
 * fields, and a changed status recorded (`server/statuses/service.ts`); `status` carries a move's
 * comment when the body cannot.
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
  // a body that is not an object is refused before the record is looked up
  const split = splitStatusBody(schema, body);
  if (!isObject(split.body)) await parseBody(schema, split.body, mode);
  await db.transaction((tx) => updateInTransaction(tx, schema, user, id, body, mode, ifMatch, status));
  await runAfterCommit(schema, mode, id, user);
}

/**
 * The update of {@link updateRecord} inside a transaction the caller owns (a bulk change writes
 * many records in one, each under a savepoint): the privilege, the locked row's access, version,
 * `rowWrite`, hooks, validation, status rules, the write and its history entry. The caller runs
 * {@link runAfterCommit} for the id once the transaction committed.
 * @throws HttpError 400, 403, 404, 409, 412; whatever a hook throws
 */
export async function updateInTransaction(
  tx: Db,
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
  const row = await loadRow(tx, schema, user, id, true, 'update');
  checkVersion(row, ifMatch);
  checkRowWrite(schema, user, row);
  const write = await validatedWrite(tx, schema, user, split.body, mode, id, row);
  // after the hooks, so a money lock's 409 naming the invoice comes first (MC-1)
  await checkServerOwned(tx, schema, split.body, row);
  checkVersion(row, write.lock);
  await checkReadableReferences(tx, schema, user, [{ write, stored: row }], id);
  const statusChange = await checkStatusWrite(tx, schema, user, row, write, {
    ...status,
    comment: status.comment ?? split.comment,
  });
  await authorizeChildren(tx, user, id, write);
  const ownersBefore = await ownersOf(tx, schema, id);
  await updateRow(tx, schema, id, write, user.username, row);
  await touchOwners(tx, [...ownersBefore, ...(await ownersOf(tx, schema, id))]);
  if (statusChange) await recordStatusChange(tx, schema, id, statusChange, user.username);
  if (!(await allows(tx, schema, user, id, 'update')))
    throw forbidden(`The ${schema.entityName} would move outside the records you may access`);
  await runAfterHooks(tx, schema, 'afterChange', mode, id, user, write.body);
}

/** Deletes a record under optimistic locking, with its history entry and `afterDelete` hooks. */
export async function deleteRecord(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  ifMatch?: number,
): Promise<void> {
  authorize(schema, user, 'delete');
  await db.transaction((tx) => deleteInTransaction(tx, schema, user, id, ifMatch));
  await runAfterCommit(schema, 'delete', id, user);
}

/**
 * The delete of {@link deleteRecord} inside a transaction the caller owns: the privilege, the
 * locked row's access, version, `rowWrite`, `beforeChange` hooks, the delete and its history
 * entry, `afterDelete` hooks. The caller runs {@link runAfterCommit} once the transaction committed.
 * @throws HttpError 403, 404, 409, 412; whatever a hook throws
 */
export async function deleteInTransaction(
  tx: Db,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  ifMatch?: number,
): Promise<void> {
  authorize(schema, user, 'delete');
  const row = await loadRow(tx, schema, user, id, true, 'delete');
  checkVersion(row, ifMatch);
  checkRowWrite(schema, user, row, 'delete');
  // a delete is a change too: `beforeChange` sees the stored record and may refuse it
  const stored = rowToWire(schema, row);
  for (const h of hooksOf(schema))
    await h.beforeChange?.({ tx, schema, user, mode: 'delete', id, data: {}, stored, write: hookWrite(tx, user) });
  const owners = await ownersOf(tx, schema, id);
  // an entity with a trash keeps the record, marked deleted, with what goes with it (server/trash/)
  if (hasTrash(schema)) await softDelete(tx, schema, row, user);
  else {
    // the rooms' extensions first (the approvals cancel the record's open chain); the trash runs them itself
    await beforeDelete({ tx, schema, username: user.username }, [id]);
    await deleteRow(tx, schema, row, user.username);
  }
  await touchOwners(tx, owners);
  await runAfterHooks(tx, schema, 'afterDelete', 'delete', id, user);
}
