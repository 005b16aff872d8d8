import { hasTrash, isColumnField, type EntitySchema, type WireRecord } from '../../schemas/define';
import { rangeErrors } from '../../schemas/validation';
import { getSchema } from '../../schemas/index';
import type { Database } from '../db/database';
import { columnName, joinTableName, LOCK_COLUMN } from '../db/naming';
import { type FieldError, HttpError, integrityError, validationFailed } from './errors';
import { q } from './model';
import {
  checkCycles,
  checkDictionaries,
  checkNotInTrash,
  checkPickLists,
  missingReference,
  type RowWrite,
} from './references';
import { applyPayloadRules, dictionaryCodes } from './rules';
import { sameAsStored } from './unchanged';
import { andLive, viaColumn } from './children';
import { type LinkLists, recordCreated, recordDeleted, recordUpdated } from '../history/record';
import type { ParsedWrite } from './validate';
import { moveToTrash } from '../trash/delete';

/**
 * Row writes inside a transaction: INSERT/UPDATE of the entity's own columns, `autoNumber`
 * defaults (DICT-03, DICT-09/10), join-table lists and nested children (client.contactList,
 * `children.ts`), after the payload rules and reference checks (`rules.ts`, `references.ts`),
 * with PostgreSQL integrity errors mapped to 400/409. Each row written is recorded in the record
 * history (`server/history/record.ts`) in the same transaction.
 */

type Tx = Pick<Database, 'query'>;
type Row = Record<string, unknown>;

/** Most bind parameters one multi-row INSERT uses (PostgreSQL allows 65,535 per statement). */
const MAX_PARAMS = 30_000;

/**
 * Fills `autoNumber` fields absent from a create. Allocation runs under a transaction-level
 * advisory lock keyed on the table and field, so concurrent creates wait for each other and see
 * each other's committed codes: `max(field) + plus` within the scope, or for a `count` rule
 * (DICT-03 "number of types + 2") the larger of `count + plus` and `max(field) + 1`, which is the
 * spec's number while codes are contiguous and a free code after a delete.
 */
async function autoNumbers(tx: Tx, schema: EntitySchema, write: ParsedWrite): Promise<void> {
  for (const [name, rule] of Object.entries(schema.autoNumber ?? {})) {
    const fd = schema.fields[name]!;
    const col = columnName(name, fd);
    if (write.columns[col] !== undefined && write.columns[col] !== null) continue;
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${schema.table}.${col}`]);
    const where: string[] = [];
    const params: unknown[] = [];
    for (const s of rule.scope ?? []) {
      const sc = columnName(s, schema.fields[s]!);
      const v = write.columns[sc];
      if (v === null || v === undefined) where.push(`${q(sc)} IS NULL`);
      else where.push(`${q(sc)} = $${params.push(v)}`);
    }
    const maxOf = (field: string) => `COALESCE(max(${q(columnName(field, schema.fields[field]!))}), 0)`;
    const agg = rule.count
      ? `GREATEST(count(*) + ${Number(rule.plus)}, ${maxOf(name)} + 1)`
      : `${maxOf(rule.max ?? name)} + ${Number(rule.plus)}`;
    const [row] = await tx.query<{ n: string | number }>(
      `SELECT ${agg} AS n FROM ${q(schema.table)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    write.columns[col] = Number(row?.n ?? rule.plus);
  }
}

/** Runs a write statement, mapping integrity errors (missing reference 400, duplicate 409). */
export async function guarded<T>(schema: EntitySchema, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw missingReference(schema, e) ?? integrityError(e, schema) ?? e;
  }
}

/**
 * The range rule (H2-09, `notBefore`): judged on each row as it will be stored - its columns as
 * the write sets them (normalised: a month end as stored), else as stored.
 * @throws HttpError 400 `Validation failed` at every end field before its start, across the rows
 */
function checkRanges(schema: EntitySchema, rows: RowWrite[]): void {
  const ends = Object.entries(schema.fields).filter(([, fd]) => fd.notBefore && isColumnField(fd));
  if (ends.length === 0) return;
  const errors: FieldError[] = [];
  for (const r of rows) {
    const record: WireRecord = {};
    for (const [name, fd] of Object.entries(schema.fields)) {
      if (!isColumnField(fd)) continue;
      const col = columnName(name, fd);
      record[name] = Object.hasOwn(r.write.columns, col) ? r.write.columns[col] : r.stored?.[col];
    }
    for (const e of rangeErrors(schema, record)) errors.push({ ...e, property: `${r.prefix ?? ''}${e.property}` });
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/** Payload rules, the range rule, then the reference checks of every row, before any of them is written. */
async function prepare(tx: Tx, schema: EntitySchema, rows: RowWrite[]): Promise<void> {
  const codes = await dictionaryCodes(tx, schema, rows);
  for (const r of rows) applyPayloadRules(schema, r.write, r.stored, codes);
  checkRanges(schema, rows);
  await checkDictionaries(tx, schema, rows);
  await checkPickLists(tx, schema, rows);
  await checkNotInTrash(tx, schema, rows);
}

/** The join-table lists a write sends: field -> target ids. */
const linkLists = (write: ParsedWrite): LinkLists => Object.fromEntries(write.links.map((l) => [l.name, l.ids]));

/** Inserts the join-table rows of new records (one INSERT per list field). */
async function insertLinks(tx: Tx, schema: EntitySchema, rows: Array<{ id: number; write: ParsedWrite }>) {
  const byField = new Map<string, { owners: number[]; targets: number[] }>();
  for (const { id, write } of rows) {
    for (const link of write.links) {
      const acc = byField.get(link.name) ?? { owners: [], targets: [] };
      for (const t of link.ids) {
        acc.owners.push(id);
        acc.targets.push(t);
      }
      byField.set(link.name, acc);
    }
  }
  for (const [name, { owners, targets }] of byField) {
    if (owners.length === 0) continue;
    await guarded(schema, () =>
      tx.query(
        `INSERT INTO ${q(joinTableName(schema, name))} (owner_id, target_id) SELECT * FROM unnest($1::bigint[], $2::bigint[])`,
        [owners, targets],
      ),
    );
  }
}

/**
 * Replaces the join-table lists of existing records, each only when its set changed: one SELECT
 * per list field for all rows, then one DELETE and one INSERT per field for the rows that changed.
 * @param before filled with the lists as they were, per row id
 * @returns the ids of the rows whose lists changed
 */
async function replaceLinks(
  tx: Tx,
  schema: EntitySchema,
  rows: Array<{ id: number; write: ParsedWrite }>,
  before: Map<number, LinkLists>,
) {
  const changed = new Set<number>();
  const names = [...new Set(rows.flatMap((r) => r.write.links.map((l) => l.name)))];
  for (const name of names) {
    const jt = q(joinTableName(schema, name));
    const listed = rows.flatMap((r) => {
      const link = r.write.links.find((l) => l.name === name);
      return link ? [{ id: r.id, link }] : [];
    });
    const current = new Map<number, Set<number>>();
    for (const r of await tx.query<{ o: number; t: number }>(
      `SELECT owner_id AS o, target_id AS t FROM ${jt} WHERE owner_id = ANY($1::bigint[])`,
      [listed.map((l) => l.id)],
    )) {
      const set = current.get(Number(r.o)) ?? new Set<number>();
      set.add(Number(r.t));
      current.set(Number(r.o), set);
    }
    for (const { id } of listed) {
      const lists = before.get(id) ?? {};
      lists[name] = [...(current.get(id) ?? [])];
      before.set(id, lists);
    }
    const differing = listed.filter(({ id, link }) => {
      const now = current.get(id) ?? new Set<number>();
      return now.size !== link.ids.length || link.ids.some((t) => !now.has(t));
    });
    if (differing.length === 0) continue;
    for (const { id } of differing) changed.add(id);
    await tx.query(`DELETE FROM ${jt} WHERE owner_id = ANY($1::bigint[])`, [differing.map((d) => d.id)]);
    await insertLinks(
      tx,
      schema,
      differing.map(({ id, link }) => ({
        id,
        write: { columns: {}, present: new Set(), values: {}, links: [link], children: [] },
      })),
    );
  }
  return changed;
}

/**
 * INSERTs the own columns of new rows of one schema in multi-row statements (at most
 * {@link MAX_PARAMS} parameters each; a cell a row does not set takes the column's DEFAULT),
 * with the audit columns.
 * @returns the new ids, in the order of `writes`
 */
async function insertValues(tx: Tx, schema: EntitySchema, writes: ParsedWrite[], user: string): Promise<number[]> {
  const cols = [...new Set(writes.flatMap((w) => Object.keys(w.columns)))];
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / (cols.length + 1)));
  const ids: number[] = [];
  for (let start = 0; start < writes.length; start += perChunk) {
    const params: unknown[] = [user];
    const tuples = writes.slice(start, start + perChunk).map((write) => {
      const cells = cols.map((c) =>
        Object.hasOwn(write.columns, c) ? `$${params.push(write.columns[c])}` : 'DEFAULT',
      );
      return `(${[...cells, '$1', '$1'].join(', ')})`;
    });
    // PostgreSQL returns the rows of a multi-row VALUES insert in VALUES order
    const inserted = await guarded(schema, () =>
      tx.query<{ id: number }>(
        `INSERT INTO ${q(schema.table)} (${[...cols.map(q), '"created_by"', '"last_modified_by"'].join(', ')}) VALUES ${tuples.join(', ')} RETURNING id`,
        params,
      ),
    );
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

/** Inserts one prepared row (autoNumber, columns, links, nested children) and returns its id. */
async function insertPrepared(tx: Tx, schema: EntitySchema, write: ParsedWrite, user: string): Promise<number> {
  await autoNumbers(tx, schema, write);
  const [id] = await insertValues(tx, schema, [write], user);
  await insertLinks(tx, schema, [{ id: id!, write }]);
  await recordCreated(tx, schema, [{ id: id!, links: linkLists(write) }], user);
  await writeChildren(tx, schema, id!, write, user);
  return id!;
}

/** Inserts a row (with autoNumber, links and nested children) and returns its id. */
export async function insertRow(tx: Tx, schema: EntitySchema, write: ParsedWrite, user: string): Promise<number> {
  await prepare(tx, schema, [{ write }]);
  return insertPrepared(tx, schema, write, user);
}

/**
 * Inserts many new rows of one schema (a parent's new children): the checks run once for all
 * rows, and rows without autoNumber or nested children of their own go in multi-row INSERTs
 * (cells a row does not set take the column's DEFAULT), their links in one INSERT per field.
 * @param rows each with the prefix of its error properties (`contactList[3].`)
 * @returns the new ids, in the order of `rows`
 */
export async function insertRows(tx: Tx, schema: EntitySchema, rows: RowWrite[], user: string): Promise<number[]> {
  if (rows.length === 0) return [];
  await prepare(tx, schema, rows);
  if (schema.autoNumber || rows.some((r) => r.write.children.length > 0)) {
    const ids: number[] = [];
    for (const r of rows) ids.push(await insertPrepared(tx, schema, r.write, user));
    return ids;
  }
  const ids = await insertValues(
    tx,
    schema,
    rows.map((r) => r.write),
    user,
  );
  await insertLinks(
    tx,
    schema,
    rows.map((r, i) => ({ id: ids[i]!, write: r.write })),
  );
  await recordCreated(
    tx,
    schema,
    rows.map((r, i) => ({ id: ids[i]!, links: linkLists(r.write) })),
    user,
  );
  return ids;
}

/** An existing row to update: its id, parsed values, stored row and error prefix. */
export interface RowUpdate extends RowWrite {
  id: number;
  stored: Row;
}

/**
 * Updates existing rows of one schema: the payload rules and reference checks once for all of
 * them, then per row the join-table lists that changed, the present columns with a version bump
 * and audit columns, and its nested children that are present.
 *
 * @param options.onlyIfChanged leave a row (version, lastModifiedDate) untouched when no column
 *   and no list differs from what is stored: a nested child sent back as it was loaded
 * @returns the ids of the rows that were updated
 */
export async function updateRows(
  tx: Tx,
  schema: EntitySchema,
  rows: RowUpdate[],
  user: string,
  options: { onlyIfChanged?: boolean } = {},
): Promise<number[]> {
  await prepare(tx, schema, rows);
  for (const row of rows) await checkCycles(tx, schema, row.id, row);
  const linksBefore = new Map<number, LinkLists>();
  const linksChanged = await guarded(schema, () => replaceLinks(tx, schema, rows, linksBefore));
  const updated: number[] = [];
  for (const row of rows) {
    const { id, write, stored } = row;
    const cols = Object.keys(write.columns);
    // only a row whose lists are as stored may be left untouched, when its columns are too
    const skipIfSame = options.onlyIfChanged === true && !linksChanged.has(id);
    if (!(skipIfSame && cols.every((c) => sameAsStored(write.columns[c], stored[c])))) {
      const sets = cols.map((c, i) => `${q(c)} = $${i + 1}`);
      sets.push(
        `${q(LOCK_COLUMN)} = ${q(LOCK_COLUMN)} + 1`,
        '"last_modified_date" = now()',
        `"last_modified_by" = $${cols.length + 1}`,
      );
      // what JavaScript could not judge equal, SQL does (numeric scale, jsonb, time zones)
      const differs = skipIfSame
        ? ` AND (${cols.map((c, i) => `${q(c)} IS DISTINCT FROM $${i + 1}`).join(' OR ')})`
        : '';
      const done = await guarded(schema, () =>
        tx.query<{ id: number }>(
          `UPDATE ${q(schema.table)} SET ${sets.join(', ')} WHERE id = $${cols.length + 2}${differs} RETURNING id`,
          [...cols.map((c) => write.columns[c]), user, id],
        ),
      );
      if (done.length > 0) updated.push(id);
    }
    await writeChildren(tx, schema, id, write, user);
  }
  // one read-back and one INSERT for every row updated
  const byId = new Map(rows.map((r) => [r.id, r]));
  await recordUpdated(
    tx,
    schema,
    updated.map((id) => ({
      id,
      stored: byId.get(id)!.stored,
      linksBefore: linksBefore.get(id) ?? {},
      linksAfter: linkLists(byId.get(id)!.write),
    })),
    user,
  );
  return updated;
}

/**
 * Updates one record ({@link updateRows}); its version always moves.
 * @param stored the row as it is before the write (payload rules, reference checks)
 */
export async function updateRow(
  tx: Tx,
  schema: EntitySchema,
  id: number,
  write: ParsedWrite,
  user: string,
  stored: Row,
): Promise<void> {
  await updateRows(tx, schema, [{ id, write, stored }], user);
}

/** Deletes a stored row (and records it); a foreign key still pointing at it is a 409. */
export async function deleteRow(tx: Tx, schema: EntitySchema, stored: Row, user: string): Promise<void> {
  try {
    await tx.query(`DELETE FROM ${q(schema.table)} WHERE id = $1`, [stored.id]);
  } catch (e) {
    throw integrityError(e, schema) ?? e;
  }
  await recordDeleted(tx, schema, [stored], user);
}

/**
 * Writes the nested collections present in `write` for the parent row `parentId`: deletes the
 * stored children missing from the array first (so a replacement may reuse a unique value),
 * then updates the listed ones (only those that changed), then inserts the new ones in bulk.
 * @throws HttpError 400 when a row's id is not a child of this parent
 */
export async function writeChildren(
  tx: Tx,
  schema: EntitySchema,
  parentId: number,
  write: ParsedWrite,
  user: string,
): Promise<void> {
  for (const { fd, rows, name } of write.children) {
    const child = getSchema(fd.target!);
    const viaCol = viaColumn(child, fd.via!);
    const existing = new Map(
      (
        await tx.query<Row>(`SELECT * FROM ${q(child.table)} t WHERE ${q(viaCol)} = $1${andLive(child)}`, [parentId])
      ).map((r) => [Number(r.id), r]),
    );
    const foreign = rows.findIndex((r) => r.id !== undefined && !existing.has(r.id));
    if (foreign >= 0) {
      throw validationFailed([
        {
          entity: schema.entityName,
          property: `${name}[${foreign}].id`,
          invalidValue: rows[foreign]!.id,
          message: 'is not a child of this record',
        },
      ]);
    }
    const kept = new Set(rows.flatMap((r) => (r.id === undefined ? [] : [r.id])));
    const stale = [...existing.keys()].filter((id) => !kept.has(id));
    // a child whose entity has a trash goes there (with what goes with it), as its own delete would
    if (stale.length > 0 && hasTrash(child)) for (const id of stale) await moveToTrash(tx, child, id, user);
    else if (stale.length > 0) {
      await tx.query(`DELETE FROM ${q(child.table)} WHERE id = ANY($1::bigint[])`, [stale]);
      await recordDeleted(
        tx,
        child,
        stale.map((id) => existing.get(id)!),
        user,
      );
    }
    const listed = rows.flatMap((r, i) =>
      r.id === undefined ? [] : [{ id: r.id, write: r.write, stored: existing.get(r.id)!, prefix: `${name}[${i}].` }],
    );
    const created = rows.flatMap((r, i) => {
      if (r.id !== undefined) return [];
      r.write.columns[viaCol] = parentId;
      return [{ write: r.write, prefix: `${name}[${i}].` }];
    });
    await atList(schema, name, async () => {
      await updateRows(tx, child, listed, user, { onlyIfChanged: true });
      await insertRows(tx, child, created, user);
    });
  }
}

/**
 * Runs a write of a nested list's rows; a 409 naming a child's field (a duplicate unique value
 * among the rows) is named at the list itself (`property: <list>`), because the rows of one bulk
 * statement cannot tell which one collided and the form has no field of the child's name.
 */
async function atList(schema: EntitySchema, list: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 409 && e.errors)
      throw new HttpError(
        409,
        e.message,
        e.errors.map((fe) => ({ ...fe, entity: schema.entityName, property: list })),
      );
    throw e;
  }
}
