import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFileConfig } from './config';
import { LocalStorage } from './localStorage';
import { S3Storage } from './s3Storage';
import { StorageError, StorageNotFoundError } from './storage';

/**
 * The two storages behind one interface. The S3 one runs the real SDK (serialisation, signing,
 * parsing of answers) against an in-memory bucket that stands in for the network as the
 * client's `requestHandler`.
 */
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bureau-storage-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const streamOf = (s: string) => Readable.from([Buffer.from(s)]);

/** An HTTP request as the SDK hands it to its request handler. */
interface SdkRequest {
  method: string;
  hostname: string;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

const bodyBytes = async (body: unknown): Promise<Buffer> => {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string' || Buffer.isBuffer(body)) return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const c of body as AsyncIterable<Buffer>) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};

/** An S3 bucket in memory behind the SDK's request handler (path-style URLs), recording requests. */
function fakeBucket(failWith?: number) {
  const objects = new Map<string, Buffer>();
  const seen: SdkRequest[] = [];
  const answer = (statusCode: number, body: Buffer | string = '', headers: Record<string, string> = {}) => ({
    response: { statusCode, headers, body: Readable.from([Buffer.from(body)]) },
  });
  const requestHandler = {
    handle: async (request: SdkRequest) => {
      seen.push(request);
      if (failWith) return answer(failWith, '<Error><Code>InternalError</Code><Message>down</Message></Error>');
      const key = decodeURIComponent(request.path.replace(/^\/bucket-a\//, ''));
      if (request.method === 'PUT') {
        objects.set(key, await bodyBytes(request.body));
        return answer(200, '', { etag: '"x"' });
      }
      if (request.method === 'GET') {
        const found = objects.get(key);
        if (!found) return answer(404, '<Error><Code>NoSuchKey</Code><Message>no such key</Message></Error>');
        return answer(200, found, { 'content-length': String(found.length) });
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        return answer(204);
      }
      return answer(405);
    },
  };
  const storage = new S3Storage(
    {
      endpoint: 'http://s3.test:9000',
      bucket: 'bucket-a',
      region: 'eu-central-1',
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    },
    { requestHandler: requestHandler as never, maxAttempts: 1 },
  );
  return { storage, objects, seen };
}

describe('storage', () => {
  it('storage: local disk stores under the data directory, reads back, deletes, and keeps nothing of a failed stream', async () => {
    const root = tempDir();
    const storage = new LocalStorage(root);
    const key = await storage.put(streamOf('hello world'));
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(await text(await storage.get(key))).toBe('hello world');
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    const failing = new Readable({ read() {} });
    const put = storage.put(failing);
    failing.push('half');
    setTimeout(() => failing.destroy(Object.assign(new Error('too large'), { statusCode: 413 })), 10);
    await expect(put).rejects.toMatchObject({ statusCode: 413 });
    const left = readdirSync(root, { recursive: true }).filter((f) => String(f).split('/').length === 3);
    expect(left).toEqual([]);
  });

  it('storage: local disk refuses keys that are not its own (no path traversal)', async () => {
    const storage = new LocalStorage(tempDir());
    await expect(storage.get('../../etc/passwd')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('storage: a local directory that cannot be written is a StorageError (503), not a hang', async () => {
    const file = join(tempDir(), 'plain-file');
    writeFileSync(file, 'x');
    await expect(new LocalStorage(file).put(streamOf('x'))).rejects.toMatchObject({ statusCode: 503 });
  });

  it('storage: S3 puts with a length, signs, uses path-style URLs, reads back and deletes (SDK request handler stubbed)', async () => {
    const { storage, objects, seen } = fakeBucket();
    const key = await storage.put(streamOf('bytes on S3'));
    expect(objects.get(key)?.toString()).toBe('bytes on S3');
    const put = seen[0]!;
    expect(put.method).toBe('PUT');
    expect(put.hostname).toBe('s3.test');
    expect(put.path).toBe(`/bucket-a/${key}`);
    expect(put.headers['content-length']).toBe('11');
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATEST\/\d{8}\/eu-central-1\/s3\//);
    expect(await text(await storage.get(key))).toBe('bytes on S3');
    await storage.delete(key);
    expect(objects.size).toBe(0);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('storage: an S3 failure is a StorageError naming the bucket', async () => {
    const { storage } = fakeBucket(503);
    const error = await storage.put(streamOf('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toBe('Cannot write to S3 bucket bucket-a');
  });

  it('storage: FILE_STORAGE=s3 reads the S3_* settings; wrong settings fail at start with a message', () => {
    const config = loadFileConfig(
      {
        FILE_STORAGE: 's3',
        S3_BUCKET: 'docs',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
        FILE_MAX_BYTES: '1048576',
        FILE_MAX_COUNT: '3',
      },
      './.data',
    );
    expect(config).toMatchObject({
      storage: 's3',
      maxBytes: 1048576,
      maxCount: 3,
      s3: { bucket: 'docs', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true },
    });
    expect(loadFileConfig({}, './.data')).toMatchObject({
      storage: 'local',
      dir: join('.data', 'files'),
      maxBytes: 20 * 1024 * 1024,
      maxCount: 10,
    });
    expect(() => loadFileConfig({ FILE_STORAGE: 's3' }, '.')).toThrow('FILE_STORAGE=s3 needs S3_BUCKET');
    expect(() => loadFileConfig({ FILE_STORAGE: 'ftp' }, '.')).toThrow('FILE_STORAGE must be "local" or "s3"');
    expect(() => loadFileConfig({ FILE_MAX_BYTES: '20MB' }, '.')).toThrow(
      'FILE_MAX_BYTES must be a positive whole number',
    );
  });
});
