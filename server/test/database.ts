import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, dumpPglite } from '../db/connect';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seed, type SeedResult } from '../db/seed/index';
import { POSTGRES_TEMPLATE_SUFFIX } from './globalSetup';

/**
 * A fresh PostgreSQL database on the server of `url`, for one test run; `drop` removes it.
 * Used when `DATABASE_URL` is set (the PostgreSQL leg of `npm test`). With `template` (a database
 * no session is connected to) the new database is a copy of it (`CREATE DATABASE ... TEMPLATE`).
 */
export async function freshPostgres(
  url: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bureau_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * An empty, unmigrated test database: a fresh PostgreSQL database when `DATABASE_URL` is set
 * (dropped on `close()`), otherwise an in-memory PGlite. API tests that need no fixture use it,
 * so both legs of `npm test` run them on both engines.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return connect({ memory: true });
  const fresh = await freshPostgres(url);
  const db = await connect({ databaseUrl: fresh.url, dataDir: '' });
  return {
    kind: db.kind,
    query: (text, params) => db.query(text, params),
    transaction: (fn) => db.transaction(fn),
    exec: (sql) => db.exec(sql),
    close: async () => {
      await db.close();
      await fresh.drop();
    },
  };
}

/**
 * Saves an in-memory PGlite database and `meta` as `<base>.tar` (its files) and `<base>.json`.
 * Each file is written aside under this process's id and then renamed, so a reader - in another
 * worker - sees it whole or not at all; `<base>.tar` is renamed first.
 */
export async function saveDump(db: Database, base: string, meta: unknown): Promise<void> {
  const aside = `${base}.${process.pid}`;
  writeFileSync(`${aside}.tar`, Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
  writeFileSync(`${aside}.json`, JSON.stringify(meta));
  renameSync(`${aside}.tar`, `${base}.tar`);
  renameSync(`${aside}.json`, `${base}.json`);
}

/** A new in-memory PGlite started from `<base>.tar` (`saveDump`), and the `meta` saved with it. */
export async function loadDump<T>(base: string): Promise<{ db: Database; meta: T }> {
  const db = await connect({ memory: true, loadDataDir: new Blob([readFileSync(`${base}.tar`)]) });
  return { db, meta: JSON.parse(readFileSync(`${base}.json`, 'utf8')) as T };
}

/** Where a test database lives: a PGlite data directory, or a PostgreSQL database's URL. */
export type DatabaseTarget = { dataDir: string; databaseUrl?: undefined } | { databaseUrl: string; dataDir: '' };

/**
 * A migrated database holding the default demo firm (`seed(db)`) and the seed's result, for tests
 * that read the demo data. One seed of the whole firm takes 20-40 s (a minute and more on a loaded
 * machine), so the firm is seeded once per test run and copied for every caller:
 * - on PGlite the first call of a run seeds an in-memory database and dumps it into the run's
 *   directory (`globalSetup.ts`); every later call - in any file or worker of the run - starts a
 *   new in-memory PGlite from that dump;
 * - on PostgreSQL (`DATABASE_URL`) the first call seeds a template database, and every call gets a
 *   new database made from it (`CREATE DATABASE ... TEMPLATE`, about a second), dropped on
 *   `close()`; `globalSetup.ts` drops the template when the run ends.
 * A call made while another worker seeds waits for it. The seeded copy lives only as long as the
 * run, so it is always the current code's seed.
 */
export async function seededDemoDatabase(): Promise<{ db: Database; result: SeedResult }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { target, result, drop } = await postgresDemoCopy(url);
    const db = await connect(target);
    return {
      db: {
        kind: db.kind,
        query: (text, params) => db.query(text, params),
        transaction: (fn) => db.transaction(fn),
        exec: (sql) => db.exec(sql),
        close: () => db.close().then(drop),
      },
      result,
    };
  }
  const demo = await pgliteDemo();
  if (demo.seeded) return demo.seeded;
  const { db, meta } = await loadDump<SeedResult>(demo.base);
  return { db, result: meta };
}

/**
 * The demo firm of {@link seededDemoDatabase} as a database of its own that programs can open (the
 * CLI, a server process): a new PGlite data directory under `dataDir` (a new, empty directory the
 * caller owns and removes), or a new PostgreSQL database made from the run's template.
 * `drop()` removes the PostgreSQL database (nothing on PGlite). No connection stays open.
 */
export async function seededDemoTarget(
  dataDir: string,
): Promise<{ target: DatabaseTarget; result: SeedResult; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) return postgresDemoCopy(url);
  const demo = await pgliteDemo();
  if (demo.seeded) await demo.seeded.db.close();
  const db = await connect({ dataDir, loadDataDir: new Blob([readFileSync(`${demo.base}.tar`)]) });
  await db.close();
  const result = JSON.parse(readFileSync(`${demo.base}.json`, 'utf8')) as SeedResult;
  return { target: { dataDir }, result, drop: async () => undefined };
}

/**
 * Runs `make` once per test run, across files and workers: the first caller takes
 * `<runDir>/<name>.lock`, makes the thing and writes what it returned to `<runDir>/<name>.json`;
 * later callers wait for that file (up to 10 minutes) and read it.
 * @throws Error when the maker failed (with its error) or the wait timed out
 */
async function oncePerRun<T>(name: string, make: () => Promise<T>): Promise<T> {
  const dir = inject('runDir');
  const done = join(dir, `${name}.json`);
  const failed = join(dir, `${name}.failed`);
  try {
    mkdirSync(join(dir, `${name}.lock`));
  } catch {
    // another file of the run is making it (or has made it): wait for it
    const deadline = Date.now() + 600_000;
    while (!existsSync(done) && !existsSync(failed) && Date.now() < deadline) await sleep(250);
    if (!existsSync(done))
      throw new Error(
        `the run's ${name} was not made: ${existsSync(failed) ? readFileSync(failed, 'utf8') : 'timed out'}`,
      );
    return JSON.parse(readFileSync(done, 'utf8')) as T;
  }
  try {
    const made = await make();
    writeFileSync(`${done}.${process.pid}`, JSON.stringify(made));
    renameSync(`${done}.${process.pid}`, done);
    return made;
  } catch (e) {
    writeFileSync(failed, String(e));
    throw e;
  }
}

/**
 * PGlite: the base path of the run's demo dump (`<runDir>/demo.tar` and `.json`, `saveDump`),
 * seeding and dumping it if no caller has; `seeded` is the seeded database when this call made it.
 */
async function pgliteDemo(): Promise<{ base: string; seeded?: { db: Database; result: SeedResult } }> {
  const base = join(inject('runDir'), 'demo');
  let seeded: { db: Database; result: SeedResult } | undefined;
  await oncePerRun('demo-pglite', async () => {
    seeded = await seedFresh();
    await saveDump(seeded.db, base, seeded.result);
    return {};
  });
  return { base, seeded };
}

/**
 * PostgreSQL: a new database on the server of `url` copied from the run's template `name`
 * (`CREATE DATABASE ... TEMPLATE`, about a second whatever its size), with `drop` to remove it.
 * The first caller of the run makes the template - a new database that `make` fills, its
 * connection closed after (a template must have none while it is copied) - and every caller,
 * in any file or worker, gets its own copy and `make`'s result.
 */
export async function postgresTemplateCopy<T>(
  url: string,
  name: string,
  make: (db: Database) => Promise<T>,
): Promise<{ url: string; drop: () => Promise<void>; meta: T }> {
  const template = await oncePerRun<{ name: string; meta: T }>(
    `${name}${POSTGRES_TEMPLATE_SUFFIX.replace(/\.json$/, '')}`,
    async () => {
      const fresh = await freshPostgres(url);
      const db = await connect({ databaseUrl: fresh.url, dataDir: '' });
      try {
        return { name: new URL(fresh.url).pathname.slice(1), meta: await make(db) };
      } finally {
        await db.close();
      }
    },
  );
  const copy = await freshPostgres(url, template.name);
  return { ...copy, meta: template.meta };
}

/**
 * PostgreSQL: a new database copied from the run's demo template (seeding the template first if
 * no caller has), with `drop` to remove it.
 */
async function postgresDemoCopy(
  url: string,
): Promise<{ target: DatabaseTarget; result: SeedResult; drop: () => Promise<void> }> {
  const copy = await postgresTemplateCopy(url, 'demo', async (db) => {
    await migrate(db);
    return seed(db);
  });
  return { target: { databaseUrl: copy.url, dataDir: '' }, result: copy.meta, drop: copy.drop };
}

/** A fresh test database, migrated and seeded with the default demo firm. */
async function seedFresh(): Promise<{ db: Database; result: SeedResult }> {
  const db = await openTestDatabase();
  await migrate(db);
  return { db, result: await seed(db) };
}
