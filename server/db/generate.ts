import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import * as tableModule from './allTables';

/**
 * Writes the next SQL migration for the tables derived from the registry, as `drizzle-kit generate`
 * does: diffs the tables against the last snapshot in `<dir>/meta`, writes
 * `<dir>/NNNN_<name>.sql` (statements split by `--> statement-breakpoint`), the new snapshot and
 * the journal entry. The tables come from `server/db/allTables.ts` - the entity tables derived from
 * the registry plus the spine's own tables it re-exports - so nobody lists entity tables by hand.
 *
 * @example await generateMigrationFiles(MIGRATIONS_DIR, 'ideas') // -> '0002_ideas.sql'
 * @returns the file written, or `null` when the tables match the last snapshot (nothing to migrate)
 */
export async function generateMigrationFiles(dir: string, name = 'migration'): Promise<string | null> {
  const imports: Record<string, unknown> = { ...tableModule.drizzleTables() };
  for (const [key, value] of Object.entries(tableModule)) if (is(value, PgTable)) imports[`module.${key}`] = value;
  const meta = join(dir, 'meta');
  mkdirSync(meta, { recursive: true });
  const journalFile = join(meta, '_journal.json');
  const journal: { version: string; dialect: string; entries: Array<Record<string, unknown>> } = existsSync(journalFile)
    ? JSON.parse(readFileSync(journalFile, 'utf8'))
    : { version: '7', dialect: 'postgresql', entries: [] };
  const last = journal.entries.at(-1);
  const prev = (
    last
      ? JSON.parse(readFileSync(join(meta, `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'))
      : generateDrizzleJson({})
  ) as DrizzleSnapshotJSON;
  const cur = generateDrizzleJson(imports, prev.id);
  const statements = await generateMigration(prev, cur);
  if (statements.length === 0) return null;
  const idx = journal.entries.length;
  const tag = `${String(idx).padStart(4, '0')}_${name.replace(/[^a-z0-9_]+/gi, '_')}`;
  writeFileSync(join(dir, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n') + '\n');
  writeFileSync(join(meta, `${String(idx).padStart(4, '0')}_snapshot.json`), JSON.stringify(cur, null, 2) + '\n');
  journal.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2) + '\n');
  return `${tag}.sql`;
}

/** The SQL files of a migrations folder, in order. */
export const migrationFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
