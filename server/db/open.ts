import { join, resolve } from 'node:path';
import type { ServerConfig } from '../config';
import { connect } from './connect';
import type { Database } from './database';
import { DataDirError, inspectDataDir } from './datadir';
import { lockDataDir, type DataDirLock } from './lock';

/** A database opened for one process, with the data directory's lock when it is embedded. */
export interface OpenDatabase {
  db: Database;
  /** `PGlite in /abs/.data/pg` or `PostgreSQL`, for messages. */
  where: string;
  /** The PGlite directory (`<dataDir>/pg`), absent for PostgreSQL. */
  pgDir?: string;
  /** Closes the database, then releases the lock. */
  close(): Promise<void>;
}

/** What {@link openDatabase} expects of an embedded data directory. */
export interface OpenOptions {
  /**
   * `existing`: the directory must already hold a database (a backup reads it); `new`: it must
   * be missing or empty (a restore fills it). Either way a mismatch is a DataDirError before
   * anything is written. Default: either.
   */
  require?: 'existing' | 'new';
  /** A `dumpDataDir` tarball the new database starts from (restore). */
  loadDataDir?: Blob;
}

/** The PGlite files' directory of a data directory. */
export const pgliteDir = (dataDir: string): string => resolve(join(dataDir, 'pg'));

/**
 * Opens the configured database for the server, the seed, backup and restore: PostgreSQL when
 * `databaseUrl` is set; otherwise the embedded PGlite of `dataDir`, after taking the directory's
 * exclusive lock (lock.ts) and checking that `<dataDir>/pg` is empty or a valid, undamaged
 * database directory (datadir.ts).
 *
 * @param purpose recorded in the lock (`server`, `seed`, `backup`, `restore`)
 * @param options what the PGlite directory must hold before it is opened, and a tarball to start
 *   a new one from (restore)
 * @throws DataDirLockedError when another process holds the directory; DataDirError when the
 *   directory is not a database directory, its control file is damaged or PGlite cannot open it
 */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  purpose: string,
  options: OpenOptions = {},
): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const db = await connect(config);
    return { db, where: 'PostgreSQL', close: () => db.close() };
  }
  const pgDir = pgliteDir(config.dataDir);
  const where = `PGlite in ${pgDir}`;
  const lock: DataDirLock = lockDataDir(config.dataDir, purpose);
  try {
    const state = inspectDataDir(pgDir);
    if (options.require === 'existing' && state === 'new') throw new DataDirError(`There is no database in ${pgDir}.`);
    if (options.require === 'new' && state !== 'new')
      throw new DataDirError(`${pgDir} already holds a database: use a new or empty data directory.`);
    let db: Database;
    try {
      db = await connect({ dataDir: config.dataDir, loadDataDir: options.loadDataDir });
    } catch (e) {
      throw new DataDirError(
        state === 'new'
          ? `Cannot create a database in ${pgDir}: ${(e as Error).message}`
          : `Cannot open the database in ${pgDir} (${(e as Error).message}): its files are damaged or were written by another PostgreSQL version. Restore a backup (npm run db:restore).`,
      );
    }
    return {
      db,
      where,
      pgDir,
      close: async () => {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (e) {
    lock.release();
    throw e;
  }
}
