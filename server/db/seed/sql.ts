import type { Database } from '../database';
import type { EntitySchema } from '../../../schemas/define';
import { isColumnField, isLinkList, shapeOf } from '../../../schemas/define';
import { LOCK_COLUMN, SYSTEM_COLUMNS, columnName, joinTableName } from '../naming';

/** The handle the seed writes through (a transaction's, or the database itself). */
export type Tx = Pick<Database, 'query' | 'kind'>;

/**
 * A row to insert, keyed by wire names: the schema's column fields (references as plain ids,
 * embedded values as objects), the system fields (`id`, `createdDate`, ...) and the lock property.
 */
export type SeedRow = Record<string, unknown>;

/** Postgres accepts at most 65535 parameters per statement; smaller statements plan faster. */
const MAX_PARAMS = 30_000;

export const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/** The SQL column of a wire name of `schema` (naming.ts rules). @throws for unknown or non-column fields. */
export function columnOf(schema: EntitySchema, name: string): string {
  if (name in SYSTEM_COLUMNS) return SYSTEM_COLUMNS[name as keyof typeof SYSTEM_COLUMNS];
  if (name === schema.lockProperty) return LOCK_COLUMN;
  const fd = schema.fields[name];
  if (!fd) throw new Error(`seed: ${schema.name} has no field "${name}"`);
  if (!isColumnField(fd)) throw new Error(`seed: ${schema.name}.${name} is not a column (use insertJoin)`);
  return columnName(name, fd);
}

const toParam = (schema: EntitySchema, name: string, value: unknown): unknown => {
  if (value === undefined) return null;
  const fd = schema.fields[name];
  if (value !== null && fd && shapeOf(fd) === 'embedded') return JSON.stringify(value);
  return value;
};

async function insertValues(tx: Tx, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const head = `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES `;
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const slots = row.map((v) => {
        params.push(v);
        return `$${params.length}`;
      });
      return `(${slots.join(', ')})`;
    });
    await tx.query(head + tuples.join(', '), params);
  }
}

/**
 * Inserts rows into the table of `schema` with multi-row parameterised INSERTs in chunks.
 * Columns are the union of the rows' keys (missing values are NULL), named by naming.ts.
 */
export async function insertRows(tx: Tx, schema: EntitySchema, rows: readonly SeedRow[]): Promise<void> {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const columns = names.map((n) => columnOf(schema, n));
  const values = rows.map((r) => names.map((n) => toParam(schema, n, r[n])));
  await insertValues(tx, schema.table, columns, values);
}

/** Rows per statement of {@link insertColumns}: bounds the size of one message. */
const COLUMN_CHUNK = 50_000;

/**
 * Inserts rows given column by column (`{ field: values[] }`, all of one length) with one
 * `INSERT ... SELECT * FROM unnest($1::type[], ...)` per 50,000 rows: one parameter per column,
 * so a million rows cost a few statements instead of thousands (the bulk sections of the seed).
 * `types` gives each field's SQL type (`bigint`, `timestamptz`, `text`, `boolean`, `numeric`, `date`).
 *
 * @example await insertColumns(tx, times, { matter: 'bigint' }, { matter: [1, 1, 2] })
 * @throws Error for unknown fields (see {@link columnOf}) or columns of different lengths
 */
export async function insertColumns(
  tx: Tx,
  schema: EntitySchema,
  types: Record<string, string>,
  columns: Record<string, unknown[]>,
): Promise<void> {
  const names = Object.keys(columns);
  const length = columns[names[0]!]?.length ?? 0;
  if (names.some((n) => columns[n]!.length !== length))
    throw new Error(`seed: ${schema.name}: columns differ in length`);
  const sqlColumns = names.map((n) => quote(columnOf(schema, n))).join(', ');
  const unnest = names.map((n, i) => {
    const type = types[n];
    if (!type) throw new Error(`seed: ${schema.name}.${n} has no SQL type`);
    return `$${i + 1}::${type}[]`;
  });
  for (let start = 0; start < length; start += COLUMN_CHUNK) {
    await tx.query(
      `INSERT INTO ${quote(schema.table)} (${sqlColumns}) SELECT * FROM unnest(${unnest.join(', ')})`,
      names.map((n) => columns[n]!.slice(start, start + COLUMN_CHUNK)),
    );
  }
}

/**
 * Runs `load` with the foreign keys and secondary indexes of `table` set aside: they are read from
 * the catalog (`pg_get_constraintdef`, `pg_indexes`), dropped, and created again with the same
 * names and definitions afterwards, so the rows are checked and indexed in one pass each instead
 * of row by row (a bulk load is several times faster). Call it inside a transaction: a failure
 * rolls the drops back with the rows; re-adding a key validates every row loaded.
 *
 * @example await tx ... bulkLoad(tx, 'times', () => insertColumns(tx, times, types, columns))
 */
export async function bulkLoad<T>(tx: Tx, table: string, load: () => Promise<T>): Promise<T> {
  const keys = await tx.query<{ name: string; def: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid = $1::regclass AND contype = 'f' ORDER BY conname`,
    [quote(table)],
  );
  const indexes = await tx.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.conrelid = $2::regclass)
      ORDER BY i.indexname`,
    [table, quote(table)],
  );
  for (const k of keys) await tx.query(`ALTER TABLE ${quote(table)} DROP CONSTRAINT ${quote(k.name)}`);
  for (const i of indexes) await tx.query(`DROP INDEX ${quote(i.name)}`);
  const result = await load();
  for (const i of indexes) await tx.query(i.def);
  for (const k of keys) await tx.query(`ALTER TABLE ${quote(table)} ADD CONSTRAINT ${quote(k.name)} ${k.def}`);
  return result;
}

/** Inserts `[ownerId, targetId]` pairs into the join table of a `refList`/`dictionaryList` field. */
export async function insertJoin(
  tx: Tx,
  schema: EntitySchema,
  field: string,
  pairs: ReadonlyArray<readonly [number, number]>,
): Promise<void> {
  const fd = schema.fields[field];
  if (!fd || !isLinkList(fd) || fd.via) {
    throw new Error(`seed: ${schema.name}.${field} has no join table`);
  }
  await insertValues(
    tx,
    joinTableName(schema, field),
    ['owner_id', 'target_id'],
    pairs.map((p) => [...p]),
  );
}

/** Moves the id sequence of `schema`'s table past its highest id (after inserts with explicit ids, H7). */
export async function syncIdSequence(tx: Tx, schema: EntitySchema): Promise<void> {
  const table = quote(schema.table);
  await tx.query(
    `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${table})) WHERE EXISTS (SELECT 1 FROM ${table})`,
    [table],
  );
}

/** Every table the schemas own: entity tables and the join tables of their list fields. */
export function storedTables(schemas: readonly EntitySchema[]): string[] {
  return schemas.flatMap((s) => [
    s.table,
    ...Object.entries(s.fields)
      .filter(([, fd]) => isLinkList(fd) && !fd.via)
      .map(([name]) => joinTableName(s, name)),
  ]);
}

/** Hands out explicit ids from 1 upwards, skipping reserved ones (the pinned H7 ids). */
export class IdCounter {
  private next = 1;
  constructor(private readonly reserved: ReadonlySet<number> = new Set()) {}
  take(): number {
    while (this.reserved.has(this.next)) this.next++;
    return this.next++;
  }
}
