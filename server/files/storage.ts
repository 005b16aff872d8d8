import type { Readable } from 'node:stream';

/**
 * Where the bytes of uploaded files live. The database holds a file's metadata (`stored_files`)
 * and the opaque key its storage returned; the storage holds the bytes. Two implementations:
 * the local disk under the data directory (default, `localStorage.ts`) and S3-compatible object
 * storage (`s3Storage.ts`), chosen by `FILE_STORAGE` (`server/files/config.ts`).
 *
 * @example
 * const key = await storage.put(Readable.from([Buffer.from('hello')]));
 * (await storage.get(key)).pipe(reply.raw);
 * await storage.delete(key);
 */
export interface FileStorage {
  /** Human name for logs and errors (`local disk /srv/data/files`, `S3 bucket docs`). */
  readonly name: string;
  /**
   * Writes every byte of `stream` and returns a new key naming them. When `stream` errors (an
   * upload over the size limit, a dropped connection) nothing is kept and the promise rejects
   * with the stream's error.
   * @throws StorageError when the storage itself fails (disk full, bucket unreachable)
   */
  put(stream: Readable): Promise<string>;
  /**
   * The bytes stored under `key`, as a stream.
   * @throws StorageNotFoundError when nothing is stored under `key`
   * @throws StorageError when the storage fails
   */
  get(key: string): Promise<Readable>;
  /** Removes what is stored under `key`; a missing key is no error. @throws StorageError */
  delete(key: string): Promise<void>;
}

/** The storage failed (not the caller's input): answered 503 with a message naming no internals. */
export class StorageError extends Error {
  readonly statusCode = 503;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/** Nothing is stored under a key the database names: the bytes were lost (answered 500 by the caller). */
export class StorageNotFoundError extends StorageError {
  constructor(key: string) {
    super(`No stored bytes under key ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/**
 * The error a failed `put` rejects with: an error carrying an HTTP `statusCode` (the upload's
 * own, such as 413 for a file over the limit) is passed on; anything else is the storage's.
 */
export function storageFailure(error: unknown, message: string): Error {
  if (error instanceof StorageError) return error;
  if (typeof (error as { statusCode?: unknown })?.statusCode === 'number') return error as Error;
  return new StorageError(message, { cause: error });
}

/** A key of 32 hex digits split `ab/cd/abcd...` so no directory holds millions of entries. */
export function newKey(random: string): string {
  return `${random.slice(0, 2)}/${random.slice(2, 4)}/${random}`;
}

/** Whether `key` has the shape {@link newKey} makes (no path parts a key could smuggle in). */
export const isKey = (key: string): boolean => /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/.test(key);
