import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Checks of an embedded (PGlite) data directory made before opening it: PGlite initialises any
 * directory without `PG_VERSION` as a new database, writing over what is there, and aborts with
 * an unexplained `RuntimeError: Aborted()` on a damaged control file.
 */

/** Thrown when a data directory cannot be used; the message names the directory or the file. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

/** Files the lock and the OS may leave in an otherwise empty directory. */
const IGNORED = new Set(['.DS_Store', 'lost+found']);

/**
 * Whether `pgDir` is to be created (missing or empty) or opened (a database directory).
 *
 * @returns `'new'` for a missing or empty directory, `'existing'` for a database directory
 * @throws DataDirError for a non-empty directory that is not a PostgreSQL data directory (no
 *   `PG_VERSION` or no `global/pg_control`), or whose control file fails its checksum
 */
export function inspectDataDir(pgDir: string): 'new' | 'existing' {
  const dir = resolve(pgDir);
  if (!existsSync(dir)) return 'new';
  if (!statSync(dir).isDirectory()) throw new DataDirError(`The database path ${dir} is not a directory.`);
  const entries = readdirSync(dir).filter((f) => !IGNORED.has(f));
  if (entries.length === 0) return 'new';
  for (const required of ['PG_VERSION', join('global', 'pg_control')]) {
    if (!existsSync(join(dir, required))) {
      throw new DataDirError(
        `${dir} is not empty but is not a PGlite/PostgreSQL data directory (${required} is missing). ` +
          'Nothing was written to it. Point DATA_DIR at the right directory, restore a backup (npm run db:restore), ' +
          'or move the directory away to start with a new database.',
      );
    }
  }
  checkControlFile(join(dir, 'global', 'pg_control'));
  return 'existing';
}

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32C (Castagnoli), the checksum PostgreSQL stores in its control file. */
export function crc32c(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC32C_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * Verifies PostgreSQL's control file: its record ends with a CRC-32C of every byte before it.
 * The record's length differs between PostgreSQL versions, so every 4-byte aligned end up to
 * 1 KB is tried (the record is a few hundred bytes); a damaged file matches none.
 *
 * @throws DataDirError naming the file when no checksum matches
 */
export function checkControlFile(file: string): void {
  const bytes = readFileSync(file);
  for (let end = 16; end + 4 <= Math.min(bytes.length, 1024); end += 4) {
    if (crc32c(bytes.subarray(0, end)) === bytes.readUInt32LE(end)) return;
  }
  throw new DataDirError(
    `The database control file ${resolve(file)} is damaged (checksum mismatch). The database cannot be opened: restore a backup (npm run db:restore).`,
  );
}
