import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';
import { findPostgresBin } from '../../scripts/postgres';
import type { ServerConfig } from '../config';
import { type FileConfig, loadFileConfig, storageOf } from '../files/config';
import { LocalStorage } from '../files/localStorage';
import { isKey, StorageNotFoundError } from '../files/storage';
import { describeProblem, type FileProblem, listStoredFiles, verifyStoredFiles } from '../files/verify';
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
 *
 * Since H2-03 a backup is an uncompressed tar (the "bundle") holding, in this order:
 * `bureau-backup.json` (the {@link BackupManifest}: engine, file storage, files and bytes),
 * `database.dump` or `database.tar.gz` (the database as above), and with the local file storage
 * `files/<key>` for every row of `stored_files` (the bytes, checked against the row's size and
 * SHA-256 on the way in). With S3 the bucket is backed up by the provider's tools; the manifest
 * records that. A bare pg_dump archive or PGlite tarball (a backup made before) still restores:
 * its rows, with a notice that it holds no files.
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

/** The first entry of a bundle: what the backup holds and where its files were. */
export interface BackupManifest {
  format: 'bureau-backup';
  version: 1;
  createdAt: string;
  database: Database['kind'];
  /** The file storage the backup was made with; `local` means the files are in the bundle. */
  storage: { kind: 'local' | 's3'; name: string };
  /** Rows of `stored_files` and the bytes they reference. */
  files: number;
  bytes: number;
}

const MANIFEST = 'bureau-backup.json';
/** The last entry of a bundle made without some stored files: what they are and why. */
const PROBLEMS = 'bureau-backup-problems.json';
const FILE_PREFIX = 'files/';

/** `backups/bureau-20261122T172200Z.tar` under the working directory. */
export function defaultBackupFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return resolve('backups', `bureau-${stamp}.tar`);
}

/** A stream of `bytes` from memory. */
const fromBuffer = (bytes: Buffer): Readable => {
  const s = new PassThrough();
  s.end(bytes);
  return s;
};

/** Adds one entry of known size to `pack`, streaming `body` into it; rejects when the size differs. */
async function addEntry(pack: tar.Pack, name: string, size: number, body: Readable): Promise<void> {
  await new Promise<void>((done, fail) => {
    body.on('error', fail);
    body.pipe(pack.entry({ name, size, mode: 0o600 }, (e) => (e ? fail(e) : done())));
  });
}

/**
 * Writes a backup bundle of the configured database and file storage to `out` (directories
 * created; written to `<out>.part` and renamed when complete). With the local storage every file
 * the database references goes in, checked against its row's size and SHA-256. A file missing or
 * with other content does not stop the backup - a firm that lost one file must still be able to
 * back up the rest: the bundle is written with every other file and a last entry,
 * `bureau-backup-problems.json`, listing those, and {@link BackupIncompleteError} names them.
 *
 * @returns the file's absolute path, size in bytes and manifest
 * @throws DataDirLockedError while a server holds the PGlite directory; BackupError when pg_dump
 *   fails; BackupFilesError (no backup left) when a file's size differs from its row, which breaks
 *   the archive; BackupIncompleteError (the backup written) when files are missing or differ
 */
export async function backupDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'files'>,
  out?: string,
): Promise<{ file: string; bytes: number; manifest: BackupManifest }> {
  const file = resolve(out ?? defaultBackupFile());
  mkdirSync(dirname(file), { recursive: true });
  const files = config.files ?? loadFileConfig({}, config.dataDir);
  const work = mkdtempSync(join(tmpdir(), 'bureau-backup-'));
  try {
    const database: Database['kind'] = config.databaseUrl ? 'postgres' : 'pglite';
    const dump = join(work, 'database');
    let rows;
    if (config.databaseUrl) {
      // rows listed after the dump: a file uploaded meanwhile is extra, never missing from the dump's rows
      run('pg_dump', ['--format=custom', '--file', dump, '--dbname', config.databaseUrl]);
      const db = await connect({ databaseUrl: config.databaseUrl, dataDir: '' });
      try {
        rows = await listStoredFiles(db);
      } finally {
        await db.close();
      }
    } else {
      const { db, close } = await openDatabase(config, 'backup', { require: 'existing' });
      try {
        // a checkpoint first, so the tarball's files need no WAL replay when restored
        await db.exec('CHECKPOINT');
        await pipeline(
          fromBuffer(Buffer.from(await (await dumpPglite(db, 'gzip')).arrayBuffer())),
          createWriteStream(dump),
        );
        rows = await listStoredFiles(db);
      } finally {
        await close();
      }
    }
    const storage = await storageOf(files);
    const manifest: BackupManifest = {
      format: 'bureau-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database,
      storage: { kind: files.storage, name: storage.name },
      files: rows.length,
      bytes: rows.reduce((n, r) => n + r.size, 0),
    };
    const part = `${file}.part`;
    const pack = tar.pack();
    const written = pipeline(pack, createWriteStream(part));
    written.catch(() => undefined);
    const problems: FileProblem[] = [];
    try {
      await addEntry(
        pack,
        MANIFEST,
        Buffer.byteLength(JSON.stringify(manifest, null, 2)),
        fromBuffer(Buffer.from(JSON.stringify(manifest, null, 2))),
      );
      await addEntry(
        pack,
        database === 'postgres' ? 'database.dump' : 'database.tar.gz',
        statSync(dump).size,
        createReadStream(dump),
      );
      if (files.storage === 'local') {
        for (const row of rows) {
          let body: Readable;
          try {
            body = await storage.get(row.storageKey);
          } catch (e) {
            problems.push({ ...row, problem: e instanceof StorageNotFoundError ? 'missing' : (e as Error).message });
            continue;
          }
          const hash = createHash('sha256');
          body.on('data', (chunk: Buffer) => hash.update(chunk));
          try {
            await addEntry(pack, FILE_PREFIX + row.storageKey, row.size, body);
          } catch (e) {
            // the entry is broken: the tar cannot go on, so the backup fails here
            problems.push({ ...row, problem: `not ${row.size} bytes as its row says (${(e as Error).message})` });
            throw new BackupFilesError('The backup failed', problems);
          }
          const sha256 = hash.digest('hex');
          if (sha256 !== row.sha256) problems.push({ ...row, problem: `SHA-256 ${sha256}, ${row.sha256} expected` });
        }
      }
      if (problems.length > 0) {
        const listed = Buffer.from(JSON.stringify(problems, null, 2));
        await addEntry(pack, PROBLEMS, listed.length, fromBuffer(listed));
      }
      pack.finalize();
      await written;
    } catch (e) {
      pack.destroy();
      await written.catch(() => undefined);
      rmSync(part, { force: true });
      throw e;
    }
    renameSync(part, file);
    if (problems.length > 0) throw new BackupIncompleteError(file, problems);
    return { file, bytes: statSync(file).size, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Stored files missing or differing from their rows, every one named in the message. */
export class BackupFilesError extends BackupError {
  readonly problems: FileProblem[];
  constructor(what: string, problems: FileProblem[], note = '') {
    super(
      `${what}: ${problems.length} stored file(s) missing or not as their rows say:\n` +
        problems.map((p) => `  ${describeProblem(p)}`).join('\n') +
        (note ? `\n${note}` : ''),
    );
    this.name = 'BackupFilesError';
    this.problems = problems;
  }
}

/**
 * A backup written without some stored files (missing from the storage, or with other content than
 * their rows say): `file` holds everything else and lists them in `bureau-backup-problems.json`.
 */
export class BackupIncompleteError extends BackupFilesError {
  readonly file: string;
  constructor(file: string, problems: FileProblem[]) {
    super('The backup is incomplete', problems, `Everything else is backed up in ${file}.`);
    this.name = 'BackupIncompleteError';
    this.file = file;
  }
}

/**
 * What a backup file is: `bundle` (a tar whose first entry is `bureau-backup.json`, H2-03), or a
 * bare database backup made before: `PGDMP` starts a pg_dump archive; a gzip or tar is PGlite's.
 */
export function backupKind(file: string): Database['kind'] | 'bundle' {
  const head = Buffer.alloc(512);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 512, 0);
  } finally {
    closeSync(fd);
  }
  const ustar = head.subarray(257, 262).toString('latin1') === 'ustar';
  if (ustar && head.subarray(0, MANIFEST.length + 1).toString('latin1') === `${MANIFEST}\0`) return 'bundle';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if ((head[0] === 0x1f && head[1] === 0x8b) || ustar) return 'pglite';
  throw new BackupError(
    `${file} is neither a backup bundle, a pg_dump custom-format archive nor a PGlite data directory tarball.`,
  );
}

/**
 * Reads the entries of a bundle in order; `onEntry` consumes each entry's stream (or leaves it to
 * be skipped) and returns `stop` to read no further.
 */
async function readBundle(
  file: string,
  onEntry: (name: string, body: Readable) => Promise<'stop' | void>,
): Promise<void> {
  const extract = tar.extract();
  const source = createReadStream(file);
  let stopped = false;
  extract.on('entry', (headers, body, next) => {
    // listened to before the handler reads: a handler that reads to the end has seen 'end' go by
    let ended = false;
    body.on('end', () => (ended = true));
    onEntry(headers.name, body).then(
      (result) => {
        if (result === 'stop') {
          stopped = true;
          // an error, so the pipeline below settles at once instead of reading on
          extract.destroy(new Error('stopped'));
          return;
        }
        // whatever the handler left unread is skipped
        if (ended) next();
        else {
          body.on('end', () => next());
          body.resume();
        }
      },
      (e: unknown) => {
        body.resume();
        next(e);
      },
    );
  });
  try {
    await pipeline(source, extract);
  } catch (e) {
    if (!stopped) throw e;
  }
}

const readAll = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** What {@link restoreDatabase} restored. */
export interface RestoreReport {
  /** The rows of every table, by table name. */
  counts: Record<string, number>;
  /** The bundle's manifest; absent for a backup made before bundles (no files in it). */
  manifest?: BackupManifest;
  /** Stored files read back from the target storage, every one as its row says, and their bytes. */
  files: number;
  bytes: number;
  /** What the operator must know about the files (none in the backup, or kept in S3). */
  notice?: string;
}

/**
 * Restores a backup into a new database and file storage: the database of a bundle (or a bare
 * backup made before) - a pg_dump archive into the PostgreSQL database of `target.databaseUrl`
 * (which must have no table), a PGlite tarball into `<target.dataDir>/pg` (which must be missing or
 * empty; the directory is locked meanwhile) - then the bundle's files into `target.files` (a local
 * directory, which must be missing or empty; default `<dataDir>/files`). Before it returns, the database is read back
 * (check.ts) and every file `stored_files` references is read back from `target.files` and
 * compared with its row's size and SHA-256.
 *
 * @throws BackupError for a wrong target, a non-empty PostgreSQL database or file directory;
 *   DataDirError for a non-empty data directory; DataDirLockedError while a server holds the
 *   directory; BackupFilesError naming every stored file missing or different after the restore
 *   (the rows are restored by then, and the message says so)
 */
export async function restoreDatabase(
  file: string,
  target: { dataDir?: string; databaseUrl?: string; files?: FileConfig },
): Promise<RestoreReport> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  // no file settings: the local storage's default place, `<dataDir>/files`
  const files = target.files ?? loadFileConfig({}, target.dataDir ?? '.data');
  target = { ...target, files };
  const kind = backupKind(file);
  if (kind !== 'bundle') {
    const notice =
      'This backup holds no uploaded files (it was made before backups kept them): ' +
      'copy the file storage of its server into the target storage yourself.';
    return restoreDump(file, kind, target, async (db, where) => {
      const checked = await verifyStoredFiles(db, await storageOf(files));
      if (checked.problems.length > 0)
        throw new BackupFilesError(
          'The restore failed',
          checked.problems,
          `The rows were restored into ${where}. ${notice}`,
        );
      return { files: checked.files, bytes: checked.bytes, notice };
    });
  }
  const work = mkdtempSync(join(tmpdir(), 'bureau-restore-'));
  try {
    let manifest: BackupManifest | undefined;
    let dump: { path: string; kind: Database['kind'] } | undefined;
    await readBundle(file, async (name, body) => {
      if (name === MANIFEST) manifest = JSON.parse((await readAll(body)).toString('utf8')) as BackupManifest;
      else if (name === 'database.dump' || name === 'database.tar.gz') {
        dump = { path: join(work, name), kind: name === 'database.dump' ? 'postgres' : 'pglite' };
        await pipeline(body, createWriteStream(dump.path));
        return 'stop';
      }
    });
    if (!manifest || manifest.format !== 'bureau-backup' || !dump)
      throw new BackupError(`${file} is not a complete backup bundle (no manifest or no database in it).`);
    const m = manifest;
    const withFiles = m.storage.kind === 'local';
    if (withFiles) {
      if (files.storage !== 'local')
        throw new BackupError(
          `${file} holds the files of a local file storage: restore it with FILE_STORAGE=local (--file-dir DIR).`,
        );
      if (existsSync(files.dir) && readdirSync(files.dir).length > 0)
        throw new BackupError(
          `The file directory ${files.dir} is not empty: restore into a new, empty one (--file-dir DIR).`,
        );
    }
    const notice = withFiles
      ? undefined
      : `This backup was made with the S3 file storage (${m.storage.name}): its files are not in it. ` +
        "Restore the bucket with your provider's tools; the files were read back from the configured storage.";
    return await restoreDump(dump.path, dump.kind, target, async (db, where) => {
      if (withFiles) {
        const storage = new LocalStorage(files.dir);
        await readBundle(file, async (name, body) => {
          if (!name.startsWith(FILE_PREFIX)) return;
          const key = name.slice(FILE_PREFIX.length);
          if (!isKey(key)) throw new BackupError(`${file} holds ${name}, which names no stored file key.`);
          await storage.putAt(key, body);
        });
      }
      const checked = await verifyStoredFiles(db, await storageOf(files));
      if (checked.problems.length > 0)
        throw new BackupFilesError(
          'The restore',
          checked.problems,
          `The rows were restored into ${where}${withFiles ? ` and the backup's files into ${files.dir}` : ''}.` +
            (notice ? ` ${notice}` : ''),
        );
      return { manifest: m, files: checked.files, bytes: checked.bytes, notice };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores the database backup `dump` (pg_dump archive or PGlite tarball) into the new target
 * database, reads it back, and runs `after` on it before closing it.
 */
async function restoreDump<T extends Omit<RestoreReport, 'counts'>>(
  dump: string,
  kind: Database['kind'],
  target: { dataDir?: string; databaseUrl?: string },
  after: (db: Database, where: string) => Promise<T>,
): Promise<T & { counts: Record<string, number> }> {
  if (kind === 'postgres') {
    if (!target.databaseUrl)
      throw new BackupError(
        'This is a PostgreSQL backup: restore it into a PostgreSQL database (--database-url or DATABASE_URL).',
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
        dump,
      ]);
      await checkDatabase(db, 'PostgreSQL');
      const counts = (await databaseDigest(db)).counts;
      return { ...(await after(db, 'PostgreSQL')), counts };
    } finally {
      await db.close();
    }
  }
  if (!target.dataDir)
    throw new BackupError('This is a PGlite backup: restore it into a data directory (--data-dir or DATA_DIR).');
  const { db, where, close } = await openDatabase({ dataDir: target.dataDir }, 'restore', {
    require: 'new',
    loadDataDir: new Blob([readFileSync(dump)]),
  });
  try {
    await checkDatabase(db, where);
    const counts = (await databaseDigest(db)).counts;
    return { ...(await after(db, where)), counts };
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
