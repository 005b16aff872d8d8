import type { EntitySchema } from '../../schemas/define';
import { dictionaryCode } from '../../schemas/dictionaryTypes';
import { getSchema } from '../../schemas/index';
import type { Database } from '../db/database';
import { columnName, joinTableName, LOCK_COLUMN } from '../db/naming';
import { HttpError, integrityError, validationFailed, type FieldError } from './errors';
import { q } from './model';
import type { ParsedWrite } from './validate';

/**
 * Row writes inside a transaction: INSERT/UPDATE of the entity's own columns, `autoNumber`
 * defaults (DICT-03, DICT-09/10), join-table lists and nested children (client.contactList),
 * with PostgreSQL integrity errors mapped to 400/409.
 */

type Tx = Pick<Database, 'query'>;

/** Fills `autoNumber` fields absent from a create: `count + plus` or `max(field) + plus` within the scope. */
async function autoNumbers(tx: Tx, schema: EntitySchema, write: ParsedWrite): Promise<void> {
  for (const [name, rule] of Object.entries(schema.autoNumber ?? {})) {
    const fd = schema.fields[name]!;
    const col = columnName(name, fd);
    if (write.columns[col] !== undefined && write.columns[col] !== null) continue;
    const where: string[] = [];
    const params: unknown[] = [];
    for (const s of rule.scope ?? []) {
      const sc = columnName(s, schema.fields[s]!);
      const v = write.columns[sc];
      if (v === null || v === undefined) where.push(`${q(sc)} IS NULL`);
      else where.push(`${q(sc)} = $${params.push(v)}`);
    }
    const agg = rule.count
      ? 'count(*)'
      : `COALESCE(max(${q(columnName(rule.max ?? name, schema.fields[rule.max ?? name]!))}), 0)`;
    const [row] = await tx.query<{ n: string | number }>(
      `SELECT ${agg} AS n FROM ${q(schema.table)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    write.columns[col] = Number(row?.n ?? 0) + rule.plus;
  }
}

/** Maps an FK violation on write (a reference to a missing row) to a 400 on the field whose constraint failed. */
function missingReference(schema: EntitySchema, e: unknown): HttpError | undefined {
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

/** Runs a write statement, mapping integrity errors (missing reference 400, duplicate 409). */
export async function guarded<T>(schema: EntitySchema, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw missingReference(schema, e) ?? integrityError(e) ?? e;
  }
}

/**
 * A `dictionary(T)` / `dictionaryList(T)` value must be an entry of dictionary type T (DATA-MODEL
 * section 0): one query for every dictionary id of the write. Missing ids are left to the FK (400).
 */
async function checkDictionaries(tx: Tx, schema: EntitySchema, write: ParsedWrite): Promise<void> {
  const wanted: Array<{ name: string; id: number; code: number; dictionary: string }> = [];
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (fd.type !== 'dictionary' || !fd.dictionary) continue;
    const v = write.columns[columnName(name, fd)];
    if (typeof v === 'number')
      wanted.push({ name, id: v, code: dictionaryCode(fd.dictionary), dictionary: fd.dictionary });
  }
  for (const link of write.links) {
    if (link.fd.type !== 'dictionaryList' || !link.fd.dictionary) continue;
    for (const id of link.ids)
      wanted.push({ name: link.name, id, code: dictionaryCode(link.fd.dictionary), dictionary: link.fd.dictionary });
  }
  if (wanted.length === 0) return;
  const dict = getSchema('baseDictionaries');
  const types = getSchema('baseDictionaryTypes');
  const rows = await tx.query<{ id: number; code: number | string }>(
    `SELECT d.id, t.${q(columnName('code', types.fields.code!))} AS code FROM ${q(dict.table)} d JOIN ${q(types.table)} t ON t.id = d.${q(columnName('type', dict.fields.type!))} WHERE d.id = ANY($1::bigint[])`,
    [wanted.map((w) => w.id)],
  );
  const codeOf = new Map(rows.map((r) => [Number(r.id), Number(r.code)]));
  const errors: FieldError[] = wanted
    .filter((w) => codeOf.has(w.id) && codeOf.get(w.id) !== w.code)
    .map((w) => ({
      entity: schema.entityName,
      property: w.name,
      invalidValue: { id: w.id },
      message: `must be an entry of dictionary ${w.dictionary}`,
    }));
  if (errors.length > 0) throw validationFailed(errors);
}

async function writeLinks(tx: Tx, schema: EntitySchema, id: number, write: ParsedWrite): Promise<void> {
  for (const link of write.links) {
    const jt = q(joinTableName(schema, link.name));
    await tx.query(`DELETE FROM ${jt} WHERE owner_id = $1`, [id]);
    if (link.ids.length > 0) {
      await tx.query(`INSERT INTO ${jt} (owner_id, target_id) SELECT $1, x FROM unnest($2::bigint[]) AS x`, [
        id,
        link.ids,
      ]);
    }
  }
}

async function writeChildren(
  tx: Tx,
  schema: EntitySchema,
  parentId: number,
  write: ParsedWrite,
  user: string,
): Promise<void> {
  for (const { fd, rows, name } of write.children) {
    const child = getSchema(fd.target!);
    const viaCol = columnName(fd.via!, child.fields[fd.via!]!);
    const existing = new Set(
      (await tx.query<{ id: number }>(`SELECT id FROM ${q(child.table)} WHERE ${q(viaCol)} = $1`, [parentId])).map(
        (r) => Number(r.id),
      ),
    );
    const kept = new Set(rows.filter((r) => r.id !== undefined).map((r) => r.id!));
    const stale = [...existing].filter((id) => !kept.has(id));
    if (stale.length > 0) await tx.query(`DELETE FROM ${q(child.table)} WHERE id = ANY($1::bigint[])`, [stale]);
    for (const [i, row] of rows.entries()) {
      if (row.id !== undefined) {
        if (!existing.has(row.id)) {
          throw validationFailed([
            {
              entity: schema.entityName,
              property: `${name}[${i}].id`,
              invalidValue: row.id,
              message: 'is not a child of this record',
            },
          ]);
        }
        await updateRow(tx, child, row.id, row.write, user);
      } else {
        row.write.columns[viaCol] = parentId;
        await insertRow(tx, child, row.write, user);
      }
    }
  }
}

/** Inserts a row (with autoNumber, links and nested children) and returns its id. */
export async function insertRow(tx: Tx, schema: EntitySchema, write: ParsedWrite, user: string): Promise<number> {
  await checkDictionaries(tx, schema, write);
  await autoNumbers(tx, schema, write);
  const cols = Object.keys(write.columns);
  const values = cols.map((c) => write.columns[c]);
  const all = [...cols.map(q), '"created_by"', '"last_modified_by"'];
  const placeholders = [...values.map((_, i) => `$${i + 1}`), `$${values.length + 1}`, `$${values.length + 1}`];
  const [row] = await guarded(schema, () =>
    tx.query<{ id: number }>(
      `INSERT INTO ${q(schema.table)} (${all.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING id`,
      [...values, user],
    ),
  );
  const id = Number(row!.id);
  await guarded(schema, () => writeLinks(tx, schema, id, write));
  await writeChildren(tx, schema, id, write, user);
  return id;
}

/** Updates the columns present in `write`, bumps the version and audit columns, rewrites links and children. */
export async function updateRow(
  tx: Tx,
  schema: EntitySchema,
  id: number,
  write: ParsedWrite,
  user: string,
): Promise<void> {
  await checkDictionaries(tx, schema, write);
  const cols = Object.keys(write.columns);
  const sets = cols.map((c, i) => `${q(c)} = $${i + 1}`);
  sets.push(
    `${q(LOCK_COLUMN)} = ${q(LOCK_COLUMN)} + 1`,
    '"last_modified_date" = now()',
    `"last_modified_by" = $${cols.length + 1}`,
  );
  await guarded(schema, () =>
    tx.query(`UPDATE ${q(schema.table)} SET ${sets.join(', ')} WHERE id = $${cols.length + 2}`, [
      ...cols.map((c) => write.columns[c]),
      user,
      id,
    ]),
  );
  await guarded(schema, () => writeLinks(tx, schema, id, write));
  await writeChildren(tx, schema, id, write, user);
}

/** Deletes a row; a foreign key still pointing at it is a 409. */
export async function deleteRow(tx: Tx, schema: EntitySchema, id: number): Promise<void> {
  try {
    await tx.query(`DELETE FROM ${q(schema.table)} WHERE id = $1`, [id]);
  } catch (e) {
    throw integrityError(e) ?? e;
  }
}
