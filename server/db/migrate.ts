import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

/** Where `npm run db:generate` (server/db/generate.ts) writes the SQL files. */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the SQL migrations of `dir` not applied yet, in file-name order, each in one
 * transaction, recording them in `__migrations (name, applied_at)`. Statements are split on
 * drizzle's `--> statement-breakpoint`. Idempotent: a second run applies nothing.
 * Works for PGlite and PostgreSQL alike (one statement per query call); an advisory lock makes
 * concurrent starts of several instances safe.
 *
 * @returns the names of the files applied by this call
 */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(8150514)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS "__migrations" (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM "__migrations"')).map((r) => r.name));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const statements = readFileSync(join(dir, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    const ran = await db.transaction(async (tx) => {
      // several server instances may start at once on one PostgreSQL: one migrates, the others wait and skip
      await tx.query('SELECT pg_advisory_xact_lock(8150514)');
      if ((await tx.query('SELECT 1 FROM "__migrations" WHERE name = $1', [file])).length > 0) return false;
      for (const statement of statements) await tx.query(statement);
      await tx.query('INSERT INTO "__migrations" (name) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
