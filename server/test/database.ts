import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, dumpPglite } from '../db/connect';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seed, type SeedResult } from '../db/seed/index';

/**
 * A fresh PostgreSQL database on the server of `url`, for one test run; `drop` removes it.
 * Used when `DATABASE_URL` is set (the PostgreSQL leg of `npm test`).
 */
export async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bureau_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
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

/**
 * A migrated database holding the default demo firm (`seed(db)`) and the seed's result, for tests
 * that read the demo data. One seed of the whole firm takes 20-40 s, so on PGlite the first call of
 * a test run seeds and dumps the database into the run's directory (`globalSetup.ts`), and every
 * later call - in any file or worker of the run - starts from that dump; a call made while another
 * worker seeds waits for its dump. On PostgreSQL (`DATABASE_URL`) each call seeds a fresh database.
 * The dump lives only as long as the run, so it is always the current code's seed.
 */
export async function seededDemoDatabase(): Promise<{ db: Database; result: SeedResult }> {
  if (process.env.DATABASE_URL) return seedFresh();
  const dir = inject('runDir');
  const base = join(dir, 'demo');
  const failed = join(dir, 'demo.failed');
  try {
    mkdirSync(join(dir, 'demo.lock'));
  } catch {
    // another file of the run is seeding (or has seeded): wait for its dump
    const deadline = Date.now() + 300_000;
    while (!existsSync(`${base}.json`) && !existsSync(failed) && Date.now() < deadline) await sleep(250);
    if (!existsSync(`${base}.json`)) return seedFresh();
    const { db, meta } = await loadDump<SeedResult>(base);
    return { db, result: meta };
  }
  try {
    const seeded = await seedFresh();
    await saveDump(seeded.db, base, seeded.result);
    return seeded;
  } catch (e) {
    writeFileSync(failed, String(e));
    throw e;
  }
}

/** A fresh test database, migrated and seeded with the default demo firm. */
async function seedFresh(): Promise<{ db: Database; result: SeedResult }> {
  const db = await openTestDatabase();
  await migrate(db);
  return { db, result: await seed(db) };
}
