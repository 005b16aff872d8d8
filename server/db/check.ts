import { storedSchemas } from '../../schemas/index';
import type { Database } from './database';
import { quote, storedTables } from './seed/sql';

/**
 * The start-up check of the database: every table the application uses must exist and its pages
 * must read back. PGlite (and PostgreSQL with data checksums) verify a page's checksum when it is
 * read into memory, so a damaged table file shows up only on a read of that very page; without
 * this check the server starts and answers 500 on that collection forever.
 *
 * What is read: the heap of every table of the current schema (the schemas' tables, their join
 * tables, the auth module's `oidc_*` tables and any other) - in full when it has up to
 * {@link FULL_READ_PAGES} pages (all of the demo data), otherwise a fixed sample of
 * {@link SAMPLE_PAGES} pages spread evenly from the first to the last, read by a TID scan (one
 * page each, no tuple decoding), so the cost at a million rows stays a few hundred page reads a
 * table instead of a full scan. `count(ctid)` forces the heap itself to be read (a plain
 * `count(*)` may be answered from an index and the visibility map).
 */

/** Tables up to this many 8 KB pages (16 MB) are read in full. */
export const FULL_READ_PAGES = 2048;
/** Pages read from a larger table: the first, the last and evenly spaced ones between. */
export const SAMPLE_PAGES = 256;

/** Thrown when a table is missing or does not read back; the message names the table and its file. */
export class DatabaseCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseCheckError';
  }
}

export interface CheckResult {
  tables: number;
  /** Heap pages read. */
  pages: number;
  /** Milliseconds the check took. */
  ms: number;
}

/** Page numbers to sample from a heap of `pages` pages: all when small, else first, last and between. */
export function pagesToRead(pages: number): number[] | 'all' {
  if (pages <= FULL_READ_PAGES) return 'all';
  return Array.from({ length: SAMPLE_PAGES }, (_, i) => Math.round((i * (pages - 1)) / (SAMPLE_PAGES - 1)));
}

/**
 * Reads every application table as described above.
 *
 * @param where how to name the database in messages (`PGlite in /srv/bureau/.data/pg`, `PostgreSQL`)
 * @throws DatabaseCheckError naming the missing table, or the damaged table with its relation file
 */
export async function checkDatabase(db: Pick<Database, 'query'>, where: string): Promise<CheckResult> {
  const started = performance.now();
  const present = await db
    .query<{ name: string; file: string | null; pages: number }>(
      `SELECT c.relname AS name, pg_relation_filepath(c.oid) AS file,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')
      ORDER BY c.relname`,
    )
    .catch((e: unknown) => {
      throw new DatabaseCheckError(`The database (${where}) cannot list its tables: ${(e as Error).message}`);
    });
  const names = new Set(present.map((t) => t.name));
  const missing = storedTables(storedSchemas()).filter((t) => !names.has(t));
  if (missing.length > 0) {
    throw new DatabaseCheckError(
      `The database (${where}) lacks table${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: it was not created by this application's migrations or has been damaged.`,
    );
  }
  let pages = 0;
  for (const table of present) {
    const plan = pagesToRead(table.pages);
    try {
      if (plan === 'all') {
        await db.query(`SELECT count(ctid) FROM ${quote(table.name)}`);
        pages += table.pages;
      } else {
        const tids = plan.map((p) => `(${p},1)`);
        await db.query(`SELECT count(*) FROM ${quote(table.name)} WHERE ctid = ANY($1::tid[])`, [tids]);
        pages += plan.length;
      }
    } catch (e) {
      throw new DatabaseCheckError(
        `The database (${where}) is damaged: table ${table.name} (file ${table.file ?? '?'}) does not read back: ${(e as Error).message}. ` +
          'Restore a backup (npm run db:restore).',
      );
    }
  }
  return { tables: present.length, pages, ms: Math.round(performance.now() - started) };
}
