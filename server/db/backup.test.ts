import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clients, contacts } from '../../schemas/index';
import type { ServerConfig } from '../config';
import { freshPostgres } from '../test/database';
import { ROOT } from '../test/serverProcess';
import { backupKind, databaseDigest } from './backup';
import { connect } from './connect';
import { startDatabase } from './start';

const dirs: string[] = [];
const drops: Array<() => Promise<void>> = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bureau-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

/** A new empty database of the leg's engine. */
async function emptyTarget(): Promise<Pick<ServerConfig, 'databaseUrl' | 'dataDir'>> {
  if (!process.env.DATABASE_URL) return { dataDir: tempDir() };
  const fresh = await freshPostgres(process.env.DATABASE_URL);
  drops.push(fresh.drop);
  return { databaseUrl: fresh.url, dataDir: '' };
}

/** Runs `scripts/<script>` as `npm run db:*` does, with `env` as the database configuration. */
function cli(script: string, args: string[], target: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>) {
  const env = { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '' };
  return spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
}

describe('backup and restore', () => {
  // the demo data holds a year of time entries: seeding, dumping and restoring it takes minutes on a busy machine
  it(`backup and restore: db:backup then db:restore into a new ${process.env.DATABASE_URL ? 'PostgreSQL database' : 'data directory'} finds every row (per-table counts and checksums)`, async () => {
    const source = await emptyTarget();
    const before = await (async () => {
      const s = await startDatabase({ ...source, seed: 'demo' });
      try {
        return await databaseDigest(s.db);
      } finally {
        await s.close();
      }
    })();
    expect(before.counts[clients.table]).toBeGreaterThan(0);
    expect(before.counts[contacts.table]).toBeGreaterThan(0);

    const file = join(tempDir(), source.databaseUrl ? 'b.dump' : 'b.tar.gz');
    const backup = cli('db-backup.ts', ['--out', file], source);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backupKind(file)).toBe(source.databaseUrl ? 'postgres' : 'pglite');

    const target = await emptyTarget();
    const restoreArgs = target.databaseUrl ? ['--database-url', target.databaseUrl] : ['--data-dir', target.dataDir];
    const restore = cli('db-restore.ts', [file, ...restoreArgs], { dataDir: tempDir() });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(new RegExp(`${clients.table}\\s+${before.counts[clients.table]}\\n`));

    const db = await connect(target);
    try {
      expect(await databaseDigest(db)).toEqual(before);
    } finally {
      await db.close();
    }

    const again = cli('db-restore.ts', [file, ...restoreArgs], { dataDir: tempDir() });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds a database|has tables/);
  }, 240_000);
});
