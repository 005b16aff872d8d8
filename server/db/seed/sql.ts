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
