import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, contacts } from '../../schemas/index';
import type { ServerConfig } from '../config';
import { loadFileConfig } from '../files/config';
import { LocalStorage } from '../files/localStorage';
import { samples } from '../files/testing';
import { listStoredFiles } from '../files/verify';
import { freshPostgres, seededDemoTarget } from '../test/database';
import { ROOT } from '../test/serverProcess';
import { backupKind, databaseDigest } from './backup';
import { connect, dumpPglite } from './connect';
import { openDatabase } from './open';
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
function cli(script: string, args: string[], target: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>, fileDir?: string) {
  const env = {
    ...process.env,
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl ?? '',
    FILE_STORAGE: 'local',
    FILE_DIR: fileDir ?? '',
  };
  return spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
}

describe('backup and restore', () => {
  let source: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>;
  // the run's demo firm (seeded once per run, server/test/database.ts: a file of the run may be
  // seeding it now, which takes minutes on a busy machine), copied into a database of its own
  // that the CLI opens
  beforeAll(async () => {
    const demo = await seededDemoTarget(tempDir());
    drops.push(demo.drop);
    source = demo.target;
  }, 600_000);

  // the demo data holds a year of time entries: dumping and restoring it takes minutes on a busy machine
  it(`backup and restore: db:backup then db:restore into a new ${process.env.DATABASE_URL ? 'PostgreSQL database' : 'data directory'} finds every row (per-table counts and checksums)`, async () => {
    const before = await (async () => {
      const db = await connect(source);
      try {
        return await databaseDigest(db);
      } finally {
        await db.close();
      }
    })();
    expect(before.counts[clients.table]).toBeGreaterThan(0);
    expect(before.counts[contacts.table]).toBeGreaterThan(0);

    const file = join(tempDir(), 'b.tar');
    const backup = cli('db-backup.ts', ['--out', file], source);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backupKind(file)).toBe('bundle');

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

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * A new database of the leg's engine (reference data only) with `uploads` stored as uploads are:
 * bytes in a local file directory, one `stored_files` row each (the last one in the trash).
 */
async function sourceWithFiles(uploads: Array<[string, string, Buffer]>) {
  const source = await emptyTarget();
  const fileDir = join(tempDir(), 'files');
  const files = loadFileConfig({ FILE_DIR: fileDir }, source.dataDir);
  const storage = new LocalStorage(fileDir);
  const s = await startDatabase({ ...source, files, seed: 'none' });
  try {
    for (const [i, [name, type, bytes]] of uploads.entries()) {
      const key = await storage.put(Readable.from([bytes]));
      await s.db.query(
        `INSERT INTO stored_files (name, content_type, size, sha256, storage_key, deleted_at)
         VALUES ($1, $2, $3, $4, $5, ${i === uploads.length - 1 ? 'now()' : 'NULL'})`,
        [name, type, bytes.length, sha256(bytes), key],
      );
    }
    return { source, fileDir, rows: await listStoredFiles(s.db) };
  } finally {
    await s.close();
  }
}

const uploads = (): Array<[string, string, Buffer]> => [
  ['pixel.png', 'image/png', samples.png()],
  ['letter.pdf', 'application/pdf', samples.pdf()],
  ['empty.txt', 'text/plain', Buffer.alloc(0)],
  ['noise.bin', 'application/octet-stream', randomBytes(300_000)],
  ['trashed.txt', 'text/plain', Buffer.from('in the trash, still restorable')],
];

/** A copy of the bundle `file` without the entry named `drop`. */
async function withoutEntry(file: string, drop: string): Promise<string> {
  const out = join(tempDir(), 'cut.tar');
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(out));
  const extract = tar.extract();
  extract.on('entry', (headers, body, next) => {
    if (headers.name === drop) {
      body.on('end', () => next());
      body.resume();
    } else body.pipe(pack.entry(headers, (e) => next(e)));
  });
  await pipeline(createReadStream(file), extract);
  pack.finalize();
  await written;
  return out;
}

const restoreArgsOf = (target: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>) =>
  target.databaseUrl ? ['--database-url', target.databaseUrl] : ['--data-dir', target.dataDir];

describe('backup and restore of uploaded files (H2-03)', () => {
  it('H2-03 a backup of a database with uploaded files, restored into a new database and a new file directory, gives back every file byte for byte', async () => {
    const originals = uploads();
    const { source, fileDir, rows } = await sourceWithFiles(originals);
    expect(rows).toHaveLength(originals.length);
    const file = join(tempDir(), 'b.tar');
    const backup = cli('db-backup.ts', ['--out', file], source, fileDir);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`uploaded files in it: ${originals.length}`);

    // the source's files are gone: only the backup holds them now
    rmSync(fileDir, { recursive: true, force: true });
    const target = await emptyTarget();
    const targetFiles = join(tempDir(), 'restored-files');
    const restore = cli('db-restore.ts', [file, ...restoreArgsOf(target), '--file-dir', targetFiles], {
      dataDir: tempDir(),
    });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain(`stored files read back: ${originals.length}`);

    const db = await connect(target);
    try {
      const restored = await listStoredFiles(db);
      expect(restored).toEqual(rows);
      const storage = new LocalStorage(targetFiles);
      for (const [i, row] of restored.entries()) {
        const chunks: Buffer[] = [];
        for await (const c of await storage.get(row.storageKey)) chunks.push(c as Buffer);
        expect(Buffer.compare(Buffer.concat(chunks), originals[i]![2]), row.name).toBe(0);
      }
    } finally {
      await db.close();
    }
  }, 240_000);

  it('H2-03 a restore from a backup with a file missing exits 1 naming that file', async () => {
    const { source, fileDir, rows } = await sourceWithFiles(uploads());
    const file = join(tempDir(), 'b.tar');
    expect(cli('db-backup.ts', ['--out', file], source, fileDir).status).toBe(0);
    const lost = rows[1]!;
    const cut = await withoutEntry(file, `files/${lost.storageKey}`);

    const target = await emptyTarget();
    const restore = cli('db-restore.ts', [cut, ...restoreArgsOf(target), '--file-dir', join(tempDir(), 'f')], {
      dataDir: tempDir(),
    });
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain('1 stored file(s) missing');
    expect(restore.stderr).toContain(`#${lost.id} ${lost.name} (key ${lost.storageKey}): missing`);
    for (const other of rows.filter((r) => r !== lost)) expect(restore.stderr).not.toContain(other.storageKey);
  }, 240_000);

  it('H2-03 a stored file missing from the storage does not stop the backup: every other file is in it, the missing one is named (exit 2) and listed in the backup', async () => {
    const originals = uploads();
    const { source, fileDir, rows } = await sourceWithFiles(originals);
    const lost = rows[0]!;
    rmSync(join(fileDir, ...lost.storageKey.split('/')));
    const file = join(tempDir(), 'b.tar');
    const backup = cli('db-backup.ts', ['--out', file], source, fileDir);
    expect(backup.status).toBe(2);
    expect(backup.stderr).toContain('The backup is incomplete: 1 stored file(s) missing');
    expect(backup.stderr).toContain(`#${lost.id} ${lost.name} (key ${lost.storageKey}): missing`);
    expect(backup.stderr).toContain(`Everything else is backed up in ${file}`);
    expect(existsSync(`${file}.part`)).toBe(false);
    const entries: Record<string, Buffer> = {};
    const extract = tar.extract();
    extract.on('entry', (headers, body, next) => {
      const chunks: Buffer[] = [];
      body.on('data', (c: Buffer) => chunks.push(c));
      body.on('end', () => {
        entries[headers.name] = Buffer.concat(chunks);
        next();
      });
    });
    await pipeline(createReadStream(file), extract);
    for (const [i, row] of rows.entries())
      if (row !== lost) expect(Buffer.compare(entries[`files/${row.storageKey}`]!, originals[i]![2]), row.name).toBe(0);
    expect(entries[`files/${lost.storageKey}`]).toBeUndefined();
    const listed = JSON.parse(entries['bureau-backup-problems.json']!.toString('utf8')) as Array<{ id: number }>;
    expect(listed.map((p) => p.id)).toEqual([lost.id]);
  }, 240_000);

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'H2-03 an old backup without files restores its rows, says the files were not in it, and exits 1 naming every file missing',
    async () => {
      const { source, fileDir, rows } = await sourceWithFiles(uploads().slice(0, 2));
      const old = join(tempDir(), 'old.tar.gz');
      const { db, close } = await openDatabase(source, 'backup', { require: 'existing' });
      try {
        await db.exec('CHECKPOINT');
        writeFileSync(old, Buffer.from(await (await dumpPglite(db, 'gzip')).arrayBuffer()));
      } finally {
        await close();
      }
      expect(backupKind(old)).toBe('pglite');

      const target = await emptyTarget();
      const restore = cli('db-restore.ts', [old, '--data-dir', target.dataDir], { dataDir: tempDir() });
      expect(restore.status).toBe(1);
      expect(restore.stderr).toContain('This backup holds no uploaded files');
      for (const r of rows) expect(restore.stderr).toContain(`#${r.id} ${r.name} (key ${r.storageKey}): missing`);
      const restored = await connect(target);
      try {
        expect(await listStoredFiles(restored)).toEqual(rows);
      } finally {
        await restored.close();
      }

      // with the old file directory copied in by hand, the same backup restores cleanly
      const again = await emptyTarget();
      const ok = cli('db-restore.ts', [old, '--data-dir', again.dataDir, '--file-dir', fileDir], {
        dataDir: tempDir(),
      });
      expect(ok.status).toBe(0);
      expect(ok.stdout).toContain(`stored files read back: ${rows.length}`);
      expect(ok.stderr).toContain('This backup holds no uploaded files');
    },
    240_000,
  );
});
