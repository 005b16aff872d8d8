import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileStorage, isKey, newKey, StorageError, StorageNotFoundError, storageFailure } from './storage';

/**
 * Files on the local disk under `root` (default `<DATA_DIR>/files`): each key is a path
 * `ab/cd/<32 hex>`. A file is written to `<key>.part` and renamed when complete, so a reader
 * never sees half a file and a failed upload leaves nothing behind.
 *
 * @example
 * const storage = new LocalStorage('./.data/files');
 */
export class LocalStorage implements FileStorage {
  readonly root: string;
  readonly name: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.name = `local disk ${this.root}`;
  }

  private path(key: string): string {
    if (!isKey(key)) throw new StorageNotFoundError(key);
    return join(this.root, ...key.split('/'));
  }

  async put(stream: Readable): Promise<string> {
    // an error before the pipeline below listens is still its to report, not an unhandled one
    stream.on('error', () => undefined);
    const key = newKey(randomBytes(16).toString('hex'));
    const path = this.path(key);
    const part = `${path}.part`;
    try {
      await mkdir(dirname(path), { recursive: true });
    } catch (error) {
      stream.resume();
      throw new StorageError(`Cannot write files under ${this.root}`, { cause: error });
    }
    try {
      await pipeline(stream, createWriteStream(part, { flags: 'wx' }));
      await rename(part, path);
      return key;
    } catch (error) {
      await rm(part, { force: true });
      throw storageFailure(error, `Cannot write files under ${this.root}`);
    }
  }

  /**
   * Writes `stream` under the given `key` (a restore puts each file back under the key the
   * database names), through `<key>.part` and a rename like {@link put}.
   * @throws StorageError when something is already stored under `key` or the disk fails
   */
  async putAt(key: string, stream: Readable): Promise<void> {
    stream.on('error', () => undefined);
    const path = this.path(key);
    const part = `${path}.part`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await pipeline(stream, createWriteStream(part, { flags: 'wx' }));
      // never replace a file already there: a restore goes into an empty storage
      if (
        await stat(path).then(
          () => true,
          () => false,
        )
      )
        throw new StorageError(`${key} is already stored under ${this.root}`);
      await rename(part, path);
    } catch (error) {
      stream.resume();
      await rm(part, { force: true });
      throw storageFailure(error, `Cannot write files under ${this.root}`);
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.path(key);
    try {
      await stat(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw new StorageError(`Cannot read files under ${this.root}`, { cause: error });
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    if (!isKey(key)) return;
    await rm(this.path(key), { force: true });
  }
}
