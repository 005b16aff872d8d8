import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { ServerConfig } from '../config';
import type { Database } from './database';

/** OIDs whose text form we keep: numeric stays a string (never parseFloat money), date stays `YYYY-MM-DD`. */
const NUMERIC = 1700;
const DATE = 1082;
const INT8 = 20;
const TIMESTAMPTZ = 1184;

/** bigint ids and counts fit in a JS number for this product (< 2^53). */
const toNumber = (v: string): number => Number(v);
const keep = (v: string): string => v;
/**
 * PostgreSQL's text of a `timestamptz` (`0026-11-20 22:20:42.735+00`) as a `Date`. The engine's own
 * parser hands `Date` the text as it is, which JavaScript cannot read before the year 100 or with
 * an hour-only offset, so the date would come back invalid.
 */
const toDate = (v: string): Date => new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));

/**
 * Session settings of every connection. `join_collapse_limit = 1` keeps explicit JOINs in the
 * order the statement writes them. The server's list statements start from the listed table and
 * LEFT JOIN each embedded record and dictionary entry by primary key: the written order is the
 * good one, and searching the others cost the planner 10-17 ms for an invoice page with six
 * embeds (1.2 ms with the setting), twenty times the statement's execution (bench/api/README.md,
 * the invoice case). `EXISTS` conditions (the access rules) are planned as before.
 *
 * `jit = off`: the planner's cost of a list under an access rule runs past `jit_above_cost` (its
 * sub-plans are costed per row), so PostgreSQL compiled the statement with LLVM before running
 * it - 5-12 s of compilation for the member's time list page and count at 1,000,000 time entries,
 * for a statement that runs in milliseconds (bench/api/README.md, "The member's screens at the
 * real size"). Our statements are short reads: compiling them never pays.
 */
const SESSION_SETTINGS: Record<string, string> = { join_collapse_limit: '1', jit: 'off' };

const pglites = new WeakMap<Database, PGlite>();

/**
 * A tarball of an open PGlite database's files (for `connect({ memory: true, loadDataDir })`,
 * e.g. the test harness's migrated template), uncompressed or gzipped. Never dump a
 * database a server is using (backup.ts holds the directory's lock).
 * @throws Error for a PostgreSQL connection
 */
export async function dumpPglite(db: Database, compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  const pglite = pglites.get(db);
  if (!pglite) throw new Error('dumpPglite needs a PGlite database');
  return pglite.dumpDataDir(compression);
}

/** Applies {@link SESSION_SETTINGS} to PGlite's one session. */
async function withSessionSettings(db: PGlite): Promise<PGlite> {
  for (const [k, v] of Object.entries(SESSION_SETTINGS)) await db.exec(`SET ${k} = ${v}`);
  return db;
}

function pgliteDatabase(db: PGlite): Database {
  const query = async <T>(text: string, params?: unknown[]): Promise<T[]> => (await db.query<T>(text, params)).rows;
  const database: Database = {
    kind: 'pglite',
    query,
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          kind: 'pglite',
          query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        }),
      ),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
  pglites.set(database, db);
  return database;
}

function postgresDatabase(url: string): Database {
  const typeParsers: Record<number, (v: string) => unknown> = { [NUMERIC]: keep, [DATE]: keep, [INT8]: toNumber };
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: Object.entries(SESSION_SETTINGS)
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' '),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  let closed = false;
  // an idle client's error (server restart, dropped database) must not crash the process (pg docs)
  pool.on('error', (e) => {
    if (!closed) console.error('PostgreSQL idle client error:', e.message);
  });
  const query = async <T>(text: string, params?: unknown[]): Promise<T[]> =>
    (await pool.query(text, params)).rows as T[];
  return {
    kind: 'postgres',
    query,
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          kind: 'postgres',
          query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
        });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: async () => {
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Opens the database: PostgreSQL through a `pg` pool when `config.databaseUrl` is set, otherwise
 * PGlite with its files in `<dataDir>/pg` (one process per directory: programs open it through
 * `openDatabase` in open.ts, which locks and checks the directory), or an in-memory PGlite with
 * `{ memory: true }` (tests). `loadDataDir` starts a new PGlite from a `dumpDataDir()` tarball.
 * `numeric` and `date` come back as strings, `bigint` as numbers, `timestamptz` as `Date`.
 */
export async function connect(
  config:
    (Pick<ServerConfig, 'databaseUrl' | 'dataDir'> & { loadDataDir?: Blob }) | { memory: true; loadDataDir?: Blob },
): Promise<Database> {
  if ('databaseUrl' in config && config.databaseUrl) return postgresDatabase(config.databaseUrl);
  const parsers = { [NUMERIC]: keep, [DATE]: keep, [INT8]: toNumber, [TIMESTAMPTZ]: toDate };
  if ('memory' in config) {
    const db = await PGlite.create({ parsers, ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}) });
    return pgliteDatabase(await withSessionSettings(db));
  }
  const dir = join(config.dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create({
    dataDir: dir,
    parsers,
    ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
  });
  return pgliteDatabase(await withSessionSettings(db));
}
