import type { EntitySchema, FilterSpec } from '../../schemas/define';
import { hasTrash, isToOne } from '../../schemas/define';
import { TRASH_COLUMNS } from '../trash/columns';
import { dictionaryCode } from '../../schemas/dictionaryTypes';
import { getSchema } from '../../schemas/index';
import type { Database } from '../db/database';
import { columnName, joinTableName } from '../db/naming';
import { type FieldError, HttpError, validationFailed } from './errors';
import { Joins, Params, q } from './model';
import { filterConditions, specToQuery } from './query';
import type { ParsedWrite } from './validate';

/**
 * Reference integrity of writes beyond the foreign keys: dictionary entries of the right type,
 * pick-list filters of to-one references, and no cycles in self-referencing trees. Each check
 * takes every row of a write at once (a parent and its new children) and costs one query per
 * field, whatever the number of rows.
 */

type Tx = Pick<Database, 'query'>;
type Row = Record<string, unknown>;

/** One row of a write: its parsed values, the stored row when it exists, the prefix of its error properties. */
export interface RowWrite {
  write: ParsedWrite;
  stored?: Row;
  prefix?: string;
}

/**
 * The id a to-one column of `row` is set or changed to by the write, or undefined when the column
 * is absent, null, or sent back as stored (a stored reference was judged when it was set).
 */
function newReference(row: RowWrite, col: string): number | undefined {
  const v = row.write.columns[col];
  return typeof v === 'number' && !(row.stored && Number(row.stored[col]) === v) ? v : undefined;
}

/** Maps an FK violation on write (a reference to a missing row) to a 400 on the field whose constraint failed. */
export function missingReference(schema: EntitySchema, e: unknown): HttpError | undefined {
  const err = e as { code?: string; constraint?: string };
  if (err.code !== '23503') return undefined;
  const constraint = err.constraint ?? '';
  for (const [name, fd] of Object.entries(schema.fields)) {
    const own = `${schema.table}_${columnName(name, fd)}_fk`;
    const join = `${joinTableName(schema, name)}_target_fk`;
    if (constraint === own || constraint === join) {
      const error: FieldError = {
        entity: schema.entityName,
        property: name,
        invalidValue: null,
        message: 'references a record that does not exist',
      };
      return validationFailed([error]);
    }
  }
  return undefined;
}

/**
 * A `dictionary(T)` / `dictionaryList(T)` value must be an entry of dictionary type T: one query for every dictionary id of the rows. Missing ids are left to the FK (400).
 * @throws HttpError 400 `Validation failed` naming each field with an entry of another type
 */
export async function checkDictionaries(tx: Tx, schema: EntitySchema, rows: RowWrite[]): Promise<void> {
  const wanted: Array<{ property: string; id: number; code: number; dictionary: string }> = [];
  for (const row of rows) {
    const { write, prefix = '' } = row;
    for (const [name, fd] of Object.entries(schema.fields)) {
      if (!isToOne(fd) || !fd.dictionary) continue;
      const id = newReference(row, columnName(name, fd));
      if (id !== undefined)
        wanted.push({ property: prefix + name, id, code: dictionaryCode(fd.dictionary), dictionary: fd.dictionary });
    }
    for (const link of write.links) {
      if (!link.fd.dictionary) continue;
      for (const id of link.ids)
        wanted.push({
          property: prefix + link.name,
          id,
          code: dictionaryCode(link.fd.dictionary),
          dictionary: link.fd.dictionary,
        });
    }
  }
  if (wanted.length === 0) return;
  const dict = getSchema('baseDictionaries');
  const types = getSchema('baseDictionaryTypes');
  const found = await tx.query<{ id: number; code: number | string }>(
    `SELECT d.id, t.${q(columnName('code', types.fields.code!))} AS code FROM ${q(dict.table)} d JOIN ${q(types.table)} t ON t.id = d.${q(columnName('type', dict.fields.type!))} WHERE d.id = ANY($1::bigint[])`,
    [[...new Set(wanted.map((w) => w.id))]],
  );
  const codeOf = new Map(found.map((r) => [Number(r.id), Number(r.code)]));
  const errors: FieldError[] = wanted
    .filter((w) => codeOf.has(w.id) && codeOf.get(w.id) !== w.code)
    .map((w) => ({
      entity: schema.entityName,
      property: w.property,
      invalidValue: { id: w.id },
      message: `must be an entry of dictionary ${w.dictionary}`,
    }));
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * A to-one reference that is set or changed may not point at a record in its entity's trash: the
 * record is gone for every reader, so no picker offers it and a new reference to it would come
 * back to life with it only by accident. A stored value sent back unchanged is not judged again.
 * @throws HttpError 400 `Validation failed` naming each field whose record is in the trash
 */
export async function checkNotInTrash(tx: Tx, schema: EntitySchema, rows: RowWrite[]): Promise<void> {
  const errors: FieldError[] = [];
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (!isToOne(fd) || fd.dictionary || !fd.target) continue;
    const target = getSchema(fd.target);
    if (!hasTrash(target)) continue;
    const col = columnName(name, fd);
    const judged = rows.flatMap((row) => {
      const id = newReference(row, col);
      return id === undefined ? [] : [{ property: (row.prefix ?? '') + name, id }];
    });
    if (judged.length === 0) continue;
    const deleted = await tx.query<{ id: number }>(
      `SELECT id FROM ${q(target.table)} WHERE id = ANY($1::bigint[]) AND ${TRASH_COLUMNS.deletedAt} IS NOT NULL`,
      [[...new Set(judged.map((j) => j.id))]],
    );
    const inTrash = new Set(deleted.map((r) => Number(r.id)));
    for (const j of judged)
      if (inTrash.has(j.id))
        errors.push({
          entity: schema.entityName,
          property: j.property,
          invalidValue: { id: j.id },
          message: `references a ${target.entityName} that is in the trash`,
        });
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/** The pick-list filters of a to-one field: its own `filter` and the target's `pickListFilter`, ANDed. */
function pickListSpecs(target: EntitySchema, filter: FilterSpec | undefined): FilterSpec[] {
  return [filter, target.pickListFilter].filter((s): s is FilterSpec => !!s && Object.keys(s).length > 0);
}

/**
 * A to-one reference that is set or changed must satisfy its pick-list filters (the field's
 * `filter` ANDed with the target's `pickListFilter`), in the list query grammar: the server
 * refuses what the SPA's dropdown would not offer (a client's `sector` must be a department of
 * type 7). A stored value sent back unchanged is not judged again, so an old record that points
 * at a since-closed position can still be saved. Ids that do not exist are left to the FK (400).
 * @throws HttpError 400 `Validation failed` naming each field whose reference is not allowed
 */
export async function checkPickLists(tx: Tx, schema: EntitySchema, rows: RowWrite[]): Promise<void> {
  const errors: FieldError[] = [];
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (!isToOne(fd) || fd.dictionary || !fd.target) continue;
    const target = getSchema(fd.target);
    const specs = pickListSpecs(target, fd.filter);
    if (specs.length === 0) continue;
    const col = columnName(name, fd);
    const judged = rows.flatMap((row) => {
      const id = newReference(row, col);
      return id === undefined ? [] : [{ property: (row.prefix ?? '') + name, id }];
    });
    if (judged.length === 0) continue;
    const joins = new Joins(target);
    const params = new Params();
    const ids = params.add([...new Set(judged.map((j) => j.id))]);
    const conditions = specs.flatMap((spec) => filterConditions(joins, params, specToQuery(spec)));
    const found = await tx.query<{ id: number; ok: boolean }>(
      `SELECT t0.id, (${conditions.join(' AND ')}) AS ok FROM ${q(target.table)} t0 ${joins.sql.join(' ')} WHERE t0.id = ANY(${ids}::bigint[])`,
      params.values,
    );
    const refused = new Set(found.filter((r) => !r.ok).map((r) => Number(r.id)));
    for (const j of judged) {
      if (refused.has(j.id))
        errors.push({
          entity: schema.entityName,
          property: j.property,
          invalidValue: { id: j.id },
          message: `must be one of the ${target.name} its list offers (${specs.map((s) => JSON.stringify(s)).join(' and ')})`,
        });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * A self-referencing tree (`departments.parent`, `positions.parent`) stays a tree: a record
 * cannot become its own parent or the parent of one of its ancestors. Walks up from the new
 * parent with a recursive CTE (UNION, so a cycle already in the data still ends the walk).
 * @param id the record being updated (a new record cannot close a cycle)
 * @throws HttpError 400 `Validation failed` on the reference field
 */
export async function checkCycles(tx: Tx, schema: EntitySchema, id: number, row: RowWrite): Promise<void> {
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (!isToOne(fd) || fd.target !== schema.name) continue;
    const col = columnName(name, fd);
    const parent = newReference(row, col);
    if (parent === undefined) continue;
    const [hit] =
      parent === id
        ? [{ hit: 1 }]
        : await tx.query<{ hit: number }>(
            `WITH RECURSIVE up(id) AS (SELECT $1::bigint UNION SELECT t.${q(col)} FROM ${q(schema.table)} t JOIN up ON t.id = up.id WHERE t.${q(col)} IS NOT NULL) SELECT 1 AS hit FROM up WHERE id = $2 LIMIT 1`,
            [parent, id],
          );
    if (hit)
      throw validationFailed([
        {
          entity: schema.entityName,
          property: (row.prefix ?? '') + name,
          invalidValue: { id: parent },
          message: `would make a cycle: the ${schema.entityName} would be its own ${name} or an ancestor's`,
        },
      ]);
  }
}
