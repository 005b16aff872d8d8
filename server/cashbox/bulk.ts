import type { Database } from '../db/database';
import { q } from '../rest/model';

type Db = Pick<Database, 'query'>;

/** A column of a bulk insert: its name and its SQL type in `jsonb_to_recordset`. */
export type BulkColumn = [name: string, type: 'bigint' | 'text' | 'numeric' | 'boolean' | 'date' | 'integer'];

/** Rows per statement: one `jsonb` parameter each, well under PostgreSQL's limits. */
const CHUNK = 5000;

/**
 * Takes `count` new ids of `table` from its `bigserial` sequence (`<table>_id_seq`), in order, so
 * a caller can link rows (a source to its line) before inserting them: one block, reserved with
 * `setval` in two statements (not one `nextval` per row, which cost a second per 10,000 rows on
 * PGlite). Takers of one table serialise on a transaction-scoped advisory lock, so two stores never
 * share a block; nothing else inserts into the cashbox result tables (their generic create is off).
 * @returns the ids, ascending
 */
export async function takeIds(db: Db, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('cashbox-ids:' || $1::text))`, [table]);
  const [row] = await db.query<{ first: string | number }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id')) AS first`,
    [table],
  );
  const first = Number(row!.first);
  if (count > 1)
    await db.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2::bigint)`, [table, first + count - 1]);
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * Inserts `rows` into `table` in statements of 5,000 rows, each row one object of the `jsonb`
 * array that `jsonb_to_recordset` reads with `columns` (the system columns take their defaults;
 * `created_by` and `last_modified_by` are `username`). No history is recorded: these are the
 * derived rows of a cashbox version (docs/areas/cashbox-store.md, "Writes").
 */
export async function bulkInsert(
  db: Db,
  table: string,
  columns: BulkColumn[],
  rows: Array<Record<string, unknown>>,
  username: string,
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([n]) => q(n)).join(', ');
  const record = columns.map(([n, t]) => `${q(n)} ${t}`).join(', ');
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.query(
      `INSERT INTO ${q(table)} (${names}, created_by, last_modified_by)
       SELECT ${names}, $2, $2 FROM jsonb_to_recordset($1::jsonb) AS x(${record})`,
      [JSON.stringify(rows.slice(i, i + CHUNK)), username],
    );
  }
}
