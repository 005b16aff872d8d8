import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { type FileStorage, isKey, newKey, StorageError, StorageNotFoundError, storageFailure } from './storage';

/** Connection settings of S3-compatible storage (`S3_*` variables, `server/files/config.ts`). */
export interface S3Settings {
  /** Endpoint URL (`S3_ENDPOINT`, e.g. `http://minio:9000`); absent = AWS for the region. */
  endpoint?: string;
  /** Bucket name (`S3_BUCKET`), required. */
  bucket: string;
  /** Region (`S3_REGION`, default `us-east-1`). */
  region: string;
  /** Static credentials (`S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`); absent = the SDK's default chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs `endpoint/bucket/key` (`S3_FORCE_PATH_STYLE=true`), as MinIO and most fakes need. */
  forcePathStyle: boolean;
}

/**
 * Files as objects of one S3-compatible bucket (AWS S3, MinIO, Ceph, R2), keyed `ab/cd/<32 hex>`.
 * A PUT needs the length up front, so `put` spools the stream to a temporary file first (uploads
 * are bounded by `FILE_MAX_BYTES`), then sends it; the temporary file is removed either way.
 *
 * @example
 * const storage = new S3Storage({ bucket: 'bureau', region: 'eu-central-1', forcePathStyle: false });
 */
export class S3Storage implements FileStorage {
  readonly name: string;
  private readonly client: S3Client;

  /** @param client extra client options (tests pass a `requestHandler` standing in for the network) */
  constructor(
    private readonly settings: S3Settings,
    client: Partial<S3ClientConfig> = {},
  ) {
    this.name = `S3 bucket ${settings.bucket}`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      maxAttempts: 2,
      // plain bodies: several S3-compatible stores refuse the SDK's default aws-chunked checksum trailers
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...client,
    });
  }

  async put(stream: Readable): Promise<string> {
    // an error before the pipeline below listens is still its to report, not an unhandled one
    stream.on('error', () => undefined);
    const key = newKey(randomBytes(16).toString('hex'));
    const dir = await mkdtemp(join(tmpdir(), 'bureau-upload-'));
    const spool = join(dir, 'part');
    try {
      try {
        await pipeline(stream, createWriteStream(spool));
      } catch (error) {
        throw storageFailure(error, 'Cannot spool the upload to a temporary file');
      }
      const { size } = await stat(spool);
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.settings.bucket,
            Key: key,
            Body: createReadStream(spool),
            ContentLength: size,
          }),
        );
      } catch (error) {
        throw new StorageError(`Cannot write to ${this.name}`, { cause: error });
      }
      return key;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string): Promise<Readable> {
    if (!isKey(key)) throw new StorageNotFoundError(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!out.Body) throw new StorageNotFoundError(key);
      return out.Body instanceof Readable ? out.Body : Readable.fromWeb(out.Body.transformToWebStream() as never);
    } catch (error) {
      if (error instanceof StorageError) throw error;
      if ((error as { name?: string }).name === 'NoSuchKey') throw new StorageNotFoundError(key);
      throw new StorageError(`Cannot read from ${this.name}`, { cause: error });
    }
  }

  async delete(key: string): Promise<void> {
    if (!isKey(key)) return;
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    } catch (error) {
      throw new StorageError(`Cannot delete from ${this.name}`, { cause: error });
    }
  }
}
