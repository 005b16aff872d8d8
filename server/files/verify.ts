import { createHash } from 'node:crypto';
import { storedFiles } from '../../schemas/index';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import { type FileStorage, StorageNotFoundError } from './storage';

/** One `stored_files` row as a backup and its check need it (trashed rows too: they can be restored). */
export interface StoredFileRef {
  id: number;
  name: string;
  size: number;
  sha256: string;
  storageKey: string;
}

/** A stored file whose bytes are not what its row says: missing, or of another size or SHA-256. */
export interface FileProblem extends StoredFileRef {
  problem: string;
}

const col = (field: keyof typeof storedFiles.fields): string => `"${columnName(field, storedFiles.fields[field])}"`;

/** Every row of `stored_files`, in the trash or not, by id. */
export async function listStoredFiles(db: Pick<Database, 'query'>): Promise<StoredFileRef[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT id, ${col('name')} AS name, ${col('size')} AS size, ${col('sha256')} AS sha256,
       ${col('storageKey')} AS storage_key FROM "${storedFiles.table}" ORDER BY id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    size: Number(r.size),
    sha256: String(r.sha256),
    storageKey: String(r.storage_key),
  }));
}

/** `#12 letter.pdf (key ab/cd/...): missing` - how a problem is named to an operator. */
export const describeProblem = (p: FileProblem): string => `#${p.id} ${p.name} (key ${p.storageKey}): ${p.problem}`;

/**
 * Reads every file the database references back through `storage` and compares its length and
 * SHA-256 with its row, so a restore is known to serve every download.
 *
 * @returns the files read and the bytes they hold, and every file that is missing or differs
 */
export async function verifyStoredFiles(
  db: Pick<Database, 'query'>,
  storage: FileStorage,
): Promise<{ files: number; bytes: number; problems: FileProblem[] }> {
  const rows = await listStoredFiles(db);
  const problems: FileProblem[] = [];
  let bytes = 0;
  for (const row of rows) {
    try {
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of await storage.get(row.storageKey)) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      const sha256 = hash.digest('hex');
      if (size !== row.size) problems.push({ ...row, problem: `${size} bytes stored, ${row.size} expected` });
      else if (sha256 !== row.sha256) problems.push({ ...row, problem: `SHA-256 ${sha256}, ${row.sha256} expected` });
      else bytes += size;
    } catch (e) {
      problems.push({ ...row, problem: e instanceof StorageNotFoundError ? 'missing' : (e as Error).message });
    }
  }
  return { files: rows.length, bytes, problems };
}
