import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { findPostgresBin } from '../../scripts/postgres';
import type { ServerConfig } from '../config';
import { checkDatabase } from './check';
import { connect, dumpPglite } from './connect';
import type { Database } from './database';
import { openDatabase } from './open';
import { quote } from './seed/sql';

/**
 * Backups of either engine. PostgreSQL: `pg_dump` custom format (`-Fc`), restored with
 * `pg_restore` into an empty database. PGlite: the tarball of the data directory's files
 * (`dumpDataDir`), opened like the server opens it (open.ts: under the directory's lock, so no
 * server is writing it), and restored into a new, empty data directory.
 */

/** Thrown for a backup or restore that cannot be done; the message says why. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A PostgreSQL client program (`pg_dump`, `pg_restore`): Debian's newest, else the one on PATH. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  try {
    return join(findPostgresBin(), name);
  } catch {
    return name;
  }
}

function run(tool: 'pg_dump' | 'pg_restore', args: string[]): void {
  const result = spawnSync(pgTool(tool), args, { encoding: 'utf8' });
  if (result.error)
    throw new BackupError(`${tool} could not run: ${result.error.message} (install the PostgreSQL client tools)`);
  if (result.status !== 0) throw new BackupError(`${tool} failed (${result.status}): ${result.stderr.trim()}`);
}

/** `backups/bureau-20261122T172200Z.<ext>` under the working directory. */
export function defaultBackupFile(kind: Database['kind'], now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return resolve('backups', `bureau-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
}

/**
 * Writes a backup of the configured database to `out` (directories created).
 *
 * @returns the file's absolute path and size in bytes
 * @throws DataDirLockedError while a server holds the PGlite directory; BackupError when pg_dump fails
 */
export async function backupDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  out?: string,
): Promise<{ file: string; bytes: number }> {
  const file = resolve(out ?? defaultBackupFile(config.databaseUrl ? 'postgres' : 'pglite'));
  mkdirSync(dirname(file), { recursive: true });
  if (config.databaseUrl) {
    run('pg_dump', ['--format=custom', '--file', file, '--dbname', config.databaseUrl]);
  } else {
    const { db, close } = await openDatabase(config, 'backup', { require: 'existing' });
    try {
      // a checkpoint first, so the tarball's files need no WAL replay when restored
      await db.exec('CHECKPOINT');
      writeFileSync(file, Buffer.from(await (await dumpPglite(db, 'gzip')).arrayBuffer()));
    } finally {
      await close();
    }
  }
  return { file, bytes: statSync(file).size };
}

/** Which engine wrote a backup file: `PGDMP` starts a pg_dump archive; a gzip or tar is PGlite's. */
export function backupKind(file: string): Database['kind'] {
  const head = Buffer.alloc(512);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 512, 0);
  } finally {
    closeSync(fd);
  }
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if ((head[0] === 0x1f && head[1] === 0x8b) || head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
  throw new BackupError(`${file} is neither a pg_dump custom-format archive nor a PGlite data directory tarball.`);
}

/**
 * Restores a backup into a new database: a pg_dump archive into the PostgreSQL database of
 * `target.databaseUrl` (which must have no table), a PGlite tarball into `<target.dataDir>/pg`
 * (which must be missing or empty; the directory is locked meanwhile). The result is read back
 * (check.ts) before this returns.
 *
 * @returns the rows of every table, by table name
 * @throws BackupError for a wrong target or a non-empty PostgreSQL database; DataDirError for a non-empty
 *   data directory; DataDirLockedError while a server holds the directory
 */
export async function restoreDatabase(
  file: string,
  target: { dataDir?: string; databaseUrl?: string },
): Promise<Record<string, number>> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const kind = backupKind(file);
  if (kind === 'postgres') {
    if (!target.databaseUrl)
      throw new BackupError(
        `${file} is a PostgreSQL backup: restore it into a PostgreSQL database (--database-url or DATABASE_URL).`,
      );
    const db = await connect({ databaseUrl: target.databaseUrl, dataDir: '' });
    try {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema()',
      );
      if (row!.n > 0)
        throw new BackupError('The target PostgreSQL database has tables: restore into a new, empty database.');
      run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        '--dbname',
        target.databaseUrl,
        file,
      ]);
      await checkDatabase(db, 'PostgreSQL');
      return (await databaseDigest(db)).counts;
    } finally {
      await db.close();
    }
  }
  if (!target.dataDir)
    throw new BackupError(`${file} is a PGlite backup: restore it into a data directory (--data-dir or DATA_DIR).`);
  const { db, where, close } = await openDatabase({ dataDir: target.dataDir }, 'restore', {
    require: 'new',
    loadDataDir: new Blob([readFileSync(file)]),
  });
  try {
    await checkDatabase(db, where);
    return (await databaseDigest(db)).counts;
  } finally {
    await close();
  }
}

/**
 * Row counts and an MD5 of every row of every table of the current schema (rows as text, sorted),
 * to compare a database with its restored copy.
 */
export async function databaseDigest(
  db: Pick<Database, 'query'>,
): Promise<{ counts: Record<string, number>; md5: Record<string, string> }> {
  const tables = await db.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  );
  const counts: Record<string, number> = {};
  const md5: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ n: number; sum: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS sum FROM ${quote(name)} t`,
    );
    counts[name] = row!.n;
    md5[name] = row!.sum ?? '';
  }
  return { counts, md5 };
}
