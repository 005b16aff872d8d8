import { createHash } from 'node:crypto';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { HttpError, insufficientResources } from '../rest/errors';
import { sanitizeFileName } from './names';
import { decideType, SNIFF_BYTES } from './sniff';
import { type FileStorage, StorageError } from './storage';

/** One received file: stored bytes and the metadata of its `stored_files` row. */
export interface ReceivedFile {
  name: string;
  contentType: string;
  /** Bytes. */
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  storageKey: string;
}

/** Upload limits (`server/files/config.ts`). */
export interface UploadLimits {
  maxBytes: number;
  maxCount: number;
}

/** The multipart field name of file parts. */
export const FILE_PART = 'file';

/** A limit for people: `20 MB` (2^20 bytes each), `64 KB`, or bytes. */
const megabytes = (n: number): string =>
  n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MB` : n % 1024 === 0 ? `${n / 1024} KB` : `${n} bytes`;

/** Passes bytes through while computing their SHA-256 and length and keeping the first {@link SNIFF_BYTES}. */
class Measure extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  private readonly chunks: Buffer[] = [];
  private kept = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.kept < SNIFF_BYTES) {
      const part = chunk.subarray(0, SNIFF_BYTES - this.kept);
      this.chunks.push(part);
      this.kept += part.length;
    }
    done(null, chunk);
  }

  head(): Uint8Array {
    return Buffer.concat(this.chunks);
  }
}

/** The error a rejected multipart stream means to the client (413 for the limits), else undefined. */
function limitError(error: unknown, limits: UploadLimits, name?: string): HttpError | undefined {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, `The file "${name ?? ''}" is larger than the limit of ${megabytes(limits.maxBytes)}`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new HttpError(413, `An upload may hold at most ${limits.maxCount} files`);
  return undefined;
}

/** A storage failure as the client sees it: 503, the cause logged. */
export function storageUnavailable(log: FastifyBaseLogger, error: StorageError): HttpError {
  log.error({ err: error, cause: error.cause }, 'file storage failed');
  return new HttpError(503, 'The file storage is unavailable; try again later');
}

/**
 * Streams every `file` part of a multipart request to `storage`, computing size and SHA-256 on
 * the way and deciding each type from its bytes. All or nothing: when a part is refused (413
 * over a limit, 415 type mismatch, 400 another part) or the storage fails (503), everything this
 * request stored is deleted again.
 *
 * @throws HttpError 400 (not multipart, no file part, a part other than `file`), 413, 415, 503
 */
export async function receiveFiles(
  request: FastifyRequest,
  storage: FileStorage,
  limits: UploadLimits,
): Promise<ReceivedFile[]> {
  if (!request.isMultipart())
    throw new HttpError(415, `An upload is multipart/form-data with one or more parts named "${FILE_PART}"`);
  const received: ReceivedFile[] = [];
  let current: string | undefined;
  // the parser's failure of a part (a body cut short) is the client's, not the storage's
  let partFailed: Error | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxBytes,
        files: limits.maxCount,
        fields: 10,
        fieldSize: 1024,
        parts: limits.maxCount + 10,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== FILE_PART) {
        if (part.type === 'file') part.file.resume();
        throw new HttpError(
          400,
          `Unexpected part "${part.fieldname}": an upload holds only parts named "${FILE_PART}"`,
        );
      }
      const name = sanitizeFileName(part.filename ?? '');
      current = name;
      const measure = new Measure();
      // pipeline, not pipe: a part the parser already failed (a body cut short) fails `measure` too
      pipeline(part.file, measure, (error) => {
        if (error) partFailed ??= error;
      });
      const storageKey = await storage.put(measure);
      const file: ReceivedFile = {
        name,
        contentType: '',
        size: measure.size,
        sha256: measure.hash.digest('hex'),
        storageKey,
      };
      received.push(file);
      // busboy ends a part at the limit (its stream does not fail): a truncated part is over the limit
      if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      const decision = await decideType(measure.head(), measure.size <= SNIFF_BYTES, part.mimetype, name);
      if ('refused' in decision) throw new HttpError(415, decision.refused);
      file.contentType = decision.contentType;
      current = undefined;
    }
  } catch (error) {
    await Promise.all(received.map((f) => storage.delete(f.storageKey).catch(() => undefined)));
    const limit = limitError(error, limits, current);
    if (limit) throw limit;
    // a full disk fails the part's stream too (partFailed): it is the server's, not the client's
    const full = insufficientResources(error);
    if (full) {
      request.log.error({ err: error }, 'file storage has no room');
      throw full;
    }
    if (partFailed && !(error instanceof HttpError))
      throw new HttpError(400, `The upload is not a well-formed multipart body: ${partFailed.message}`);
    if (error instanceof StorageError) throw storageUnavailable(request.log, error);
    if (error instanceof HttpError) throw error;
    // anything else the parser raised: no boundary, a broken part header, a body cut short
    throw new HttpError(400, `The upload is not a well-formed multipart body: ${(error as Error).message}`);
  }
  if (received.length === 0)
    throw new HttpError(400, `An upload needs at least one part named "${FILE_PART}" holding a file`);
  return received;
}
