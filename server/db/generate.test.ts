import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateMigrationFiles } from './generate';
import { MIGRATIONS_DIR } from './migrate';
import { joinTables, tables } from './tables';

describe('db:generate derives the tables from the registry', () => {
  const dirs: string[] = [];
  const temp = () => {
    const dir = mkdtempSync(join(tmpdir(), 'bureau-migrations-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('finds nothing to migrate against the committed migrations: every derived table is in them', async () => {
    const dir = temp();
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    expect(await generateMigrationFiles(dir)).toBeNull();
    expect(readdirSync(dir).filter((f) => f.endsWith('.sql'))).toEqual(
      readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')),
    );
  });

  it('into an empty folder writes one migration creating every entity, join and auth table', async () => {
    const dir = temp();
    expect(await generateMigrationFiles(dir, 'init')).toBe('0000_init.sql');
    const sql = readFileSync(join(dir, '0000_init.sql'), 'utf8');
    const names = [...Object.values(tables), ...Object.values(joinTables)].map(
      (t) => (t as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')],
    );
    expect(names.length).toBeGreaterThan(15);
    for (const name of [...names, 'oidc_payloads', 'oidc_keys']) expect(sql).toContain(`CREATE TABLE "${name}"`);
    expect(JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')).entries).toHaveLength(1);
  });
});
