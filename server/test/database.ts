import pg from 'pg';
import { connect } from '../db/connect';
import type { Database } from '../db/database';

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
