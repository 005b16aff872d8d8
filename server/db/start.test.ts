import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify } from '@node-rs/bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICTIONARY_TYPES } from '../../schemas/dictionaries';
import { ROLES } from '../../schemas/modules';
import { baseDictionaries, baseDictionaryTypes, clients, employees, offices, roles, users } from '../../schemas/index';
import type { EntitySchema } from '../../schemas/define';
import { loadConfig, type ServerConfig } from '../config';
import { freshPostgres } from '../test/database';
import { ROOT, spawnServer, untilRunning } from '../test/serverProcess';
import { pagesToRead, SAMPLE_PAGES } from './check';
import { joinTableName } from './naming';
import { quote } from './seed/sql';
import { startDatabase } from './start';

const dirs: string[] = [];
const drops: Array<() => Promise<void>> = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bureau-start-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

type StartConfig = Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'seed' | 'admin'>;

/** A new empty database of the leg's engine: a fresh PostgreSQL database, or a new PGlite directory. */
async function emptyTarget(): Promise<Pick<ServerConfig, 'databaseUrl' | 'dataDir'>> {
  if (!process.env.DATABASE_URL) return { dataDir: tempDir() };
  const fresh = await freshPostgres(process.env.DATABASE_URL);
  drops.push(fresh.drop);
  return { databaseUrl: fresh.url, dataDir: '' };
}

/** Starts the database as the server does, runs `fn` on it, closes it. */
async function withStart<T>(
  config: StartConfig,
  fn: (s: Awaited<ReturnType<typeof startDatabase>>) => Promise<T>,
): Promise<T> {
  const started = await startDatabase(config);
  try {
    return await fn(started);
  } finally {
    await started.close();
  }
}

const count = async (s: Awaited<ReturnType<typeof startDatabase>>, table: string) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(table)}`))[0]!.n;
const rowsOf = (s: Awaited<ReturnType<typeof startDatabase>>, schema: EntitySchema) => count(s, schema.table);

/** Every file under `dir` with its size and modification time, to prove nothing was written. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((f) => {
      const st = statSync(join(dir, f));
      return `${f} ${st.size} ${st.mtimeMs}`;
    });
}

/** Overwrites 64 bytes of `file` at `offset` with 0x5a. */
function damage(file: string, offset: number): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, offset);
  } finally {
    closeSync(fd);
  }
}

describe('PGlite data directory at start', () => {
  let template: string;
  let dictionariesFile: string;

  beforeAll(async () => {
    template = tempDir();
    await withStart({ dataDir: template, seed: 'none' }, async (s) => {
      const [row] = await s.db.query<{ file: string }>('SELECT pg_relation_filepath($1) AS file', [
        baseDictionaries.table,
      ]);
      dictionariesFile = row!.file;
      expect(await s.db.query(`SELECT 1 FROM ${quote(baseDictionaries.table)} WHERE ctid = '(1,1)'`)).toHaveLength(1);
    });
  });

  const copy = () => {
    const dataDir = tempDir();
    cpSync(join(template, 'pg'), join(dataDir, 'pg'), { recursive: true });
    return dataDir;
  };

  it('PROBE-2 a non-empty data directory without PG_VERSION stops the start, naming the directory, and nothing is written into it', async () => {
    const dataDir = copy();
    const pgDir = join(dataDir, 'pg');
    rmSync(join(pgDir, 'PG_VERSION'));
    const before = snapshot(pgDir);
    await expect(startDatabase({ dataDir, seed: 'demo' })).rejects.toThrow(
      `${pgDir} is not empty but is not a PGlite/PostgreSQL data directory (PG_VERSION is missing)`,
    );
    expect(snapshot(pgDir)).toEqual(before);
  });

  it('PROBE-14 a damaged table file stops the start, naming the table and its file', async () => {
    const dataDir = copy();
    damage(join(dataDir, 'pg', dictionariesFile), 8192 + 4000);
    await expect(startDatabase({ dataDir, seed: 'none' })).rejects.toThrow(
      `is damaged: table ${baseDictionaries.table} (file ${dictionariesFile}) does not read back`,
    );
  });

  it('PROBE-14 a damaged control file stops the server with a message naming global/pg_control', async () => {
    const dataDir = copy();
    damage(join(dataDir, 'pg', 'global', 'pg_control'), 16);
    const server = await spawnServer({ DATA_DIR: dataDir, SEED: 'none' });
    expect(await untilRunning(server)).toBe(1);
    expect(server.output()).toContain(
      `The database control file ${join(dataDir, 'pg', 'global', 'pg_control')} is damaged`,
    );
    expect(server.output()).not.toContain('Aborted');
  });

  it('PROBE-14 a table beyond 2,048 pages is read on a fixed sample of pages, first and last included', () => {
    expect(pagesToRead(2048)).toBe('all');
    const sample = pagesToRead(1_000_000) as number[];
    expect(sample).toHaveLength(SAMPLE_PAGES);
    expect([sample[0], sample.at(-1)]).toEqual([0, 999_999]);
    expect(new Set(sample).size).toBe(SAMPLE_PAGES);
  });
});

// each test seeds a whole demo database (a year of work and billing): about a minute alone,
// several on a loaded machine
describe('seeding at start', { timeout: 300_000 }, () => {
  it('PROBE-2 deleting every user does not make the next start re-seed (seeding needs a database without any row)', async () => {
    const target = await emptyTarget();
    const dictionaries = await withStart({ ...target, seed: 'demo' }, async (s) => {
      expect(s.report.seeded).toBe('demo');
      await s.db.query(`DELETE FROM ${quote(joinTableName(users, 'roles'))}`);
      await s.db.query(`DELETE FROM ${quote(users.table)}`);
      return rowsOf(s, baseDictionaries);
    });
    await withStart({ ...target, seed: 'demo' }, async (s) => {
      expect(s.report.seeded).toBeUndefined();
      expect(s.report.noUsers).toBe(true);
      expect(await rowsOf(s, users)).toBe(0);
      expect(await rowsOf(s, baseDictionaries)).toBe(dictionaries);
    });
  });

  it('PROBE-2 without SEED=demo (the production default) an empty database gets the reference data and no demo people or accounts; ADMIN_USERNAME/ADMIN_PASSWORD create the first administrator once', async () => {
    const target = await emptyTarget();
    const { seed } = loadConfig({ NODE_ENV: 'production' });
    await withStart({ ...target, seed }, async (s) => {
      expect(s.report).toMatchObject({ seeded: 'reference', adminCreated: false, noUsers: true });
      expect(await rowsOf(s, baseDictionaryTypes)).toBe(DICTIONARY_TYPES.length);
      expect(await rowsOf(s, baseDictionaries)).toBeGreaterThan(200);
      expect(await rowsOf(s, roles)).toBe(ROLES.length);
      for (const schema of [users, employees, offices, clients]) expect(await rowsOf(s, schema)).toBe(0);
    });
    const admin = { username: 'root', password: 'a long admin secret' };
    await withStart({ ...target, seed, admin }, async (s) => {
      expect(s.report).toMatchObject({ adminCreated: true, noUsers: false });
      const [user] = await s.db.query<{ username: string; password: string; role: string }>(
        `SELECT u.username, u.password, r.name AS role FROM ${quote(users.table)} u
           JOIN ${quote(joinTableName(users, 'roles'))} j ON j.owner_id = u.id JOIN ${quote(roles.table)} r ON r.id = j.target_id`,
      );
      expect(user).toMatchObject({ username: 'root', role: 'ADMIN' });
      expect(await verify(admin.password, user!.password)).toBe(true);
    });
    await withStart({ ...target, seed, admin: { username: 'other', password: 'another secret' } }, async (s) => {
      expect(s.report).toMatchObject({ adminCreated: false, seeded: undefined });
      expect(await rowsOf(s, users)).toBe(1);
    });
  });

  it('PROBE-14 a missing table stops the start, naming it', async () => {
    const target = await emptyTarget();
    const joinTable = joinTableName(users, 'roles');
    await withStart({ ...target, seed: 'none' }, (s) => s.db.query(`DROP TABLE ${quote(joinTable)}`));
    await expect(startDatabase({ ...target, seed: 'none' })).rejects.toThrow(`lacks table ${joinTable}`);
  });

  it('PROBE-2 SEED is the one seeding variable: demo by default, none in production unless SEED=demo', () => {
    expect(loadConfig({}).seed).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ SEED: 'false' }).seed).toBe('none');
    expect(loadConfig({ SEED: 'none' }).seed).toBe('none');
    expect(() => loadConfig({ SEED: 'yes' })).toThrow(/SEED/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'root' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'pw12' }).admin).toEqual({
      username: 'root',
      password: 'pw12',
    });
  });

  it('PROBE-2 npm run seed refuses the demo accounts when NODE_ENV=production without SEED=demo', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/seed/cli.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', SEED: '', DATA_DIR: tempDir() },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('SEED=demo');
  });
});
