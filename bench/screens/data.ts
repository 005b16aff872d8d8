/**
 * The databases of `bench:screens`, each seeded once into `bench/.work/screens-<name>` and reused
 * by later runs (`seeded.json` marks a finished seed; `--reseed` starts over):
 *
 * - `pglite-demo`: PGlite with the demo firm (`seed(db)`, as `npm run db:seed` seeds);
 * - `pg-real`: a throwaway PostgreSQL (its cluster kept in the directory) at the firm's real size:
 *   `seed(db, { scale: 300, times: 1_000_000, invoices: 100_000 })` (300 clients, 1,000,000 time
 *   entries + 4 % tasks, 100,000 invoices, 6,667 matters: the seed `bench:api`'s time and invoice
 *   cases use), then {@link topUp} copies clients up to 10,000, contacts up to 1,000,000, matters
 *   (with their teams) up to 10,000 and expenses up to 100,000 with `INSERT ... SELECT ...
 *   generate_series`, one statement each (the seed's own clients and contacts, client by client,
 *   took more than 20 minutes at scale 10,000 on the loaded machine before its engagements began);
 * - `pglite-tiny` and `pg-tiny` (`--tiny`, the smoke run): 30 clients, 2,000 time entries, 50
 *   invoices, the top-up adding 10 matters and 50 expenses so the generator runs too.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seed, type SeedOptions } from '../../server/db/seed/index';
import { startPostgres } from '../../scripts/postgres';
import { BENCH_PG_SETTINGS } from '../api/postgres';

export type DataSet = 'pglite-demo' | 'pg-real' | 'pglite-tiny' | 'pg-tiny';

interface Plan {
  pg: boolean;
  seed: SeedOptions;
  /** Row counts {@link topUp} fills up to (absolute), or adds (`+n`). */
  topUp: { clients?: number; contacts?: number; matters?: number | `+${number}`; expenses?: number | `+${number}` };
}

const PLANS: Record<DataSet, Plan> = {
  'pglite-demo': { pg: false, seed: {}, topUp: {} },
  'pg-real': {
    pg: true,
    seed: { scale: 300, times: 1_000_000, invoices: 100_000 },
    topUp: { clients: 10_000, contacts: 1_000_000, matters: 10_000, expenses: 100_000 },
  },
  'pglite-tiny': {
    pg: false,
    seed: { scale: 30, times: 2_000, invoices: 50 },
    topUp: { matters: '+10', expenses: '+50' },
  },
  'pg-tiny': { pg: true, seed: { scale: 30, times: 2_000, invoices: 50 }, topUp: { matters: '+10', expenses: '+50' } },
};

export interface Opened {
  db: Database;
  env: Record<string, string>;
  /** Row counts of the data set (the seed's, with the top-up's) and its size. */
  counts: Record<string, number | string>;
  stop: () => Promise<void>;
}

const WORK = resolve('bench/.work');

/** A table's columns but `id`, in order. */
async function columnsOf(db: Database, table: string): Promise<string[]> {
  const rows = await db.query<{ c: string }>(
    `SELECT column_name AS c FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'id' ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.c);
}

/** Columns of a table under a unique index other than the primary key (text ones get a suffix in copies). */
async function uniqueColumns(db: Database, table: string): Promise<Set<string>> {
  const rows = await db.query<{ c: string }>(
    `SELECT a.attname AS c FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(i.indkey)
      WHERE t.relname = $1 AND i.indisunique AND NOT i.indisprimary`,
    [table],
  );
  return new Set(rows.map((r) => r.c));
}

const count = async (db: Database, table: string) =>
  Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? 0);

/**
 * Copies rows of `table` until it holds `target` rows: copy k of source row r gets id
 * `r.id + k * max(id)` (so children can follow by the same arithmetic), unique text columns a
 * `-k` suffix, the rest as in the source; then the id sequence moves past the copies. Returns the
 * id offset unit (`max(id)`), the number of copies per row and the rows added.
 */
async function copyRows(db: Database, table: string, target: number) {
  const have = await count(db, table);
  const add = target - have;
  if (add <= 0) return { unit: 0, copies: 0, added: 0 };
  const unit = Number((await db.query<{ m: number }>(`SELECT max(id)::bigint AS m FROM ${table}`))[0]?.m ?? 0);
  const copies = Math.ceil(add / have);
  const cols = await columnsOf(db, table);
  const unique = await uniqueColumns(db, table);
  const types = new Map(
    (
      await db.query<{ c: string; t: string }>(
        `SELECT column_name AS c, data_type AS t FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
        [table],
      )
    ).map((r) => [r.c, r.t]),
  );
  const expr = cols.map((c) =>
    unique.has(c) && /char|text/.test(types.get(c) ?? '') ? `s.${c} || '-' || k` : unique.has(c) ? 'NULL' : `s.${c}`,
  );
  await db.exec(
    `INSERT INTO ${table} (id, ${cols.join(', ')})
     SELECT s.id + k * ${unit}, ${expr.join(', ')}
       FROM (SELECT * FROM ${table} ORDER BY id LIMIT ${have}) s, generate_series(1, ${copies}) k
      ORDER BY k, s.id LIMIT ${add}`,
  );
  await db.exec(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  return { unit, copies, added: add };
}

/**
 * Fills the data set up to the plan's matters (with a copy of each source matter's team, so the
 * access rule has the same shape) and expenses.
 */
async function topUp(db: Database, plan: Plan['topUp'], log: (m: string) => void): Promise<void> {
  const target = async (table: string, t: number | string | undefined) =>
    t === undefined ? 0 : typeof t === 'string' ? (await count(db, table)) + Number(t.slice(1)) : t;
  const matters = await copyRows(db, 'matters', await target('matters', plan.matters));
  if (matters.added) {
    const cols = (await columnsOf(db, 'matter_teams')).filter((c) => c !== 'matter_id');
    await db.exec(
      `INSERT INTO matter_teams (matter_id, ${cols.join(', ')})
       SELECT mt.matter_id + k * ${matters.unit}, ${cols.map((c) => `mt.${c}`).join(', ')}
         FROM matter_teams mt, generate_series(1, ${matters.copies}) k
        WHERE EXISTS (SELECT 1 FROM matters m WHERE m.id = mt.matter_id + k * ${matters.unit})`,
    );
    log(`matters: ${matters.added} copies (with their teams)`);
  }
  const clients = await copyRows(db, 'clients', await target('clients', plan.clients));
  if (clients.added) log(`clients: ${clients.added} copies`);
  const contacts = await copyRows(db, 'contacts', await target('contacts', plan.contacts));
  if (contacts.added) log(`contacts: ${contacts.added} copies`);
  const expenses = await copyRows(db, 'expenses', await target('expenses', plan.expenses));
  if (expenses.added) log(`expenses: ${expenses.added} copies`);
}

/**
 * Opens a data set, seeding it first when it has no finished seed (or `reseed`). PostgreSQL runs
 * from the data set's directory and is stopped by `stop`.
 */
export async function openDataSet(name: DataSet, reseed: boolean, log: (m: string) => void): Promise<Opened> {
  const plan = PLANS[name];
  const dir = join(WORK, `screens-${name}`);
  const marker = join(dir, 'seeded.json');
  // the seed proper done, the top-up not (it failed or was stopped): the top-up runs again, not the seed
  const baseMarker = join(dir, 'seeded-base.json');
  const reuse = !reseed && existsSync(marker);
  const reuseBase = !reseed && !reuse && plan.pg && existsSync(baseMarker);
  if (!reuse && !reuseBase) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  let env: Record<string, string> = { DATA_DIR: dir };
  if (plan.pg) {
    const pg = await startPostgres({
      dir: join(dir, 'cluster'),
      reuse: reuse || reuseBase,
      settings: BENCH_PG_SETTINGS,
    });
    stops.push(pg.stop);
    env = { DATABASE_URL: pg.url };
    log(`PostgreSQL started (pid ${pg.pid})`);
  }
  const db = await connect(loadConfig(env));
  stops.unshift(() => db.close());
  const stop = async () => {
    for (const s of stops) await s().catch((e) => console.error(e));
  };
  try {
    await migrate(db);
    if (!reuse) {
      log(`seeding ${name}: ${JSON.stringify(plan.seed)}, top-up ${JSON.stringify(plan.topUp)}`);
      const started = performance.now();
      if (!reuseBase) {
        await seed(db, { ...plan.seed, log: (m) => log(`  ${m}`) });
        writeFileSync(baseMarker, JSON.stringify(plan.seed));
      }
      await topUp(db, plan.topUp, log);
      await db.exec('VACUUM ANALYZE');
      const counts: Record<string, number | string> = {};
      for (const table of [
        'times',
        'matters',
        'projects',
        'invoices',
        'pre_invoices',
        'expenses',
        'clients',
        'contacts',
      ])
        counts[table] = await count(db, table);
      const [size] = await db.query<{ size: string }>(
        'SELECT pg_size_pretty(pg_database_size(current_database())) AS size',
      );
      counts.size = size?.size ?? '?';
      counts.seconds = Math.round((performance.now() - started) / 1000);
      writeFileSync(marker, JSON.stringify(counts, null, 2));
      log(`seeded in ${counts.seconds} s: ${JSON.stringify(counts)}`);
      return { db, env, counts, stop };
    }
    const counts = JSON.parse(readFileSync(marker, 'utf8')) as Record<string, number | string>;
    log(`reusing ${dir}: ${JSON.stringify(counts)}`);
    return { db, env, counts, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
