import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { LocalStorage } from './localStorage';
import { storageFailure } from './storage';
import { multipartBody, type Part, samples } from './testing';

/**
 * Files over HTTP: upload (multipart, limits, sniffing, names), download (attachment, nosniff,
 * byte-identical), who may read, and storage failures, through `app.inject`.
 */
let h: Harness;
let dir: string;
const MAX_BYTES = 64 * 1024;
const MAX_COUNT = 3;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bureau-files-'));
  h = await createHarness({
    files: { storage: 'local', dir, maxBytes: MAX_BYTES, maxCount: MAX_COUNT },
  });
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function upload(username: string | null, parts: Part[]): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(parts);
  return h.app.inject({
    method: 'POST',
    url: '/core/api/storedFiles',
    payload,
    headers: {
      'content-type': contentType,
      ...(username ? { authorization: `Bearer ${await h.token(username)}` } : {}),
    },
  });
}

const get = (username: string | null, url: string) => h.request(username, 'GET', url);

/** Every file under the storage directory (not counting directories). */
const storedObjects = (root = dir): string[] =>
  readdirSync(root).flatMap((f) => (statSync(join(root, f)).isDirectory() ? storedObjects(join(root, f)) : [f]));

const rowCount = async (): Promise<number> =>
  Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files'))[0]!.n);

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('files: upload and download', () => {
  it('files: a PNG and a PDF upload and download byte-identical, as attachments with nosniff and their sniffed type', async () => {
    for (const [file, type, bytes] of [
      ['pixel.png', 'image/png', samples.png()],
      ['letter.pdf', 'application/pdf', samples.pdf()],
    ] as const) {
      const res = await upload('billing', [{ filename: file, type, data: bytes }]);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<{ id: number; name: string; contentType: string; size: number }>();
      expect(body).toEqual({ id: expect.any(Number), name: file, contentType: type, size: bytes.length });
      expect(res.headers.location).toBe(`/core/api/storedFiles/${body.id}`);
      const down = await get('billing', `/core/api/storedFiles/${body.id}/content`);
      expect(down.statusCode).toBe(200);
      expect(Buffer.compare(down.rawPayload, bytes)).toBe(0);
      expect(down.headers['content-type']).toBe(type);
      expect(down.headers['content-length']).toBe(String(bytes.length));
      expect(down.headers['x-content-type-options']).toBe('nosniff');
      expect(down.headers['content-disposition']).toBe(`attachment; filename="${file}"; filename*=UTF-8''${file}`);
      expect(down.headers.etag).toBe(`"${sha256(bytes)}"`);
      const again = await get('billing', `/core/api/storedFiles/${body.id}/content`);
      expect(again.rawPayload.equals(bytes)).toBe(true);
      const meta = await h.json<Record<string, unknown>>('billing', 'GET', `/core/api/storedFiles/${body.id}`);
      expect(meta.status).toBe(200);
      expect(meta.body).toMatchObject({ name: file, contentType: type, size: bytes.length, sha256: sha256(bytes) });
      expect(meta.body).not.toHaveProperty('storageKey');
    }
  });

  it('files: several parts in one request answer a list, in order', async () => {
    const res = await upload('billing', [
      { filename: 'a.png', type: 'image/png', data: samples.png() },
      { filename: 'b.csv', type: 'text/csv', data: 'name;amount\nAral;12.50\n' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual([
      expect.objectContaining({ name: 'a.png', contentType: 'image/png' }),
      expect.objectContaining({ name: 'b.csv', contentType: 'text/csv', size: 23 }),
    ]);
  });

  it('files: a non-ASCII name is offered back as RFC 5987 filename* with an ASCII fallback', async () => {
    const res = await upload('billing', [{ filename: 'Отчёт 2026.pdf', type: 'application/pdf', data: samples.pdf() }]);
    expect(res.statusCode, res.body).toBe(201);
    const down = await get('billing', `/core/api/storedFiles/${res.json<{ id: number }>().id}/content`);
    expect(down.headers['content-disposition']).toBe(
      `attachment; filename="_____ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('Отчёт 2026.pdf')}`,
    );
  });

  it('files: names are sanitised - no path parts, no control or bidi characters, length bounded, extension kept', async () => {
    const cases: Array<[string, string]> = [
      ['../../etc/notes.txt', 'notes.txt'],
      ['C:\\Users\\me\\report.txt', 'report.txt'],
      ['bad\u0007na\u202Eme.txt', 'badname.txt'],
      [`${'x'.repeat(400)}.txt`, `${'x'.repeat(196)}.txt`],
      ['...', 'file'],
    ];
    for (const [sent, stored] of cases) {
      const res = await upload('billing', [{ filename: sent, type: 'text/plain', data: 'hello' }]);
      expect(res.statusCode, `${sent}: ${res.body}`).toBe(201);
      expect(res.json<{ name: string }>().name, sent).toBe(stored);
    }
  });
});

describe('files: limits and types', () => {
  it('files: a file over FILE_MAX_BYTES is 413 with the contract body, and nothing is stored', async () => {
    const [rows, objects] = [await rowCount(), storedObjects().length];
    const res = await upload('billing', [
      { filename: 'ok.png', type: 'image/png', data: samples.png() },
      { filename: 'big.txt', type: 'text/plain', data: 'a'.repeat(MAX_BYTES + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The file "big.txt" is larger than the limit of 64 KB' });
    expect(await rowCount()).toBe(rows);
    expect(storedObjects()).toHaveLength(objects);
  });

  it('files: more parts than FILE_MAX_COUNT is 413, and nothing is stored', async () => {
    const [rows, objects] = [await rowCount(), storedObjects().length];
    const parts = Array.from({ length: MAX_COUNT + 1 }, (_, i) => ({
      filename: `n${i}.txt`,
      type: 'text/plain',
      data: 'x',
    }));
    const res = await upload('billing', parts);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: `An upload may hold at most ${MAX_COUNT} files` });
    expect(await rowCount()).toBe(rows);
    expect(storedObjects()).toHaveLength(objects);
  });

  it('files: bytes that contradict the declared type or the extension are 415, and nothing is stored', async () => {
    const [rows, objects] = [await rowCount(), storedObjects().length];
    const refused: Array<[Part, string]> = [
      [
        { filename: 'photo.pdf', type: 'application/pdf', data: samples.png() },
        'named .pdf but its content is image/png',
      ],
      [
        { filename: 'photo.png', type: 'application/pdf', data: samples.png() },
        'sent as application/pdf but its content is image/png',
      ],
      [{ filename: 'letter.pdf', type: 'application/pdf', data: 'just text' }, 'named .pdf but its content is text'],
      [{ filename: 'notes.txt', type: 'image/png', data: 'just text' }, 'sent as image/png but its content is text'],
      [
        { filename: 'blob.bin', type: 'application/octet-stream', data: Buffer.from([0, 1, 2, 3, 255, 0]) },
        'could not be recognised',
      ],
    ];
    for (const [part, why] of refused) {
      const res = await upload('billing', [part]);
      expect(res.statusCode, `${part.filename}: ${res.body}`).toBe(415);
      expect(res.json<{ message: string }>().message).toContain(why);
    }
    expect(await rowCount()).toBe(rows);
    expect(storedObjects()).toHaveLength(objects);
  });

  it('files: a part sent as application/octet-stream without extension is stored with the type its bytes show; the stored type is the sniffed one', async () => {
    const res = await upload('billing', [{ filename: 'scan', type: 'application/octet-stream', data: samples.pdf() }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'scan', contentType: 'application/pdf' });
  });

  it('files: a request that is not multipart, has no file part, or a part of another name is refused with a message', async () => {
    const json = await h.request('billing', 'POST', '/core/api/storedFiles', { name: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json<{ message: string }>().message).toMatch(/multipart/);
    const other = await upload('billing', [{ field: 'attachment', filename: 'a.txt', type: 'text/plain', data: 'x' }]);
    expect(other.statusCode).toBe(400);
    expect(other.json<{ message: string }>().message).toMatch(/Unexpected part "attachment"/);
    const none = await upload('billing', [{ field: 'comment', data: 'hello' }]);
    expect(none.statusCode).toBe(400);
  });
});

describe('files: malformed bodies', () => {
  it('files: a multipart body cut anywhere, without or with a wrong boundary, is a 400 with a message, never a hang, and stores nothing', async () => {
    const [rows, objects] = [await rowCount(), storedObjects().length];
    const { payload, contentType } = multipartBody([
      { filename: 'a.txt', type: 'text/plain', data: 'hello world' },
      { filename: 'b.txt', type: 'text/plain', data: 'more text' },
    ]);
    const token = await h.token('billing');
    const cases: Array<[string, Buffer, string]> = [
      ['no boundary', payload, 'multipart/form-data'],
      ['wrong boundary', payload, 'multipart/form-data; boundary=other'],
    ];
    for (let n = 5; n < payload.length - 2; n += 17) cases.push([`cut at ${n}`, payload.subarray(0, n), contentType]);
    for (const [what, body, type] of cases) {
      const res = await Promise.race([
        h.app.inject({
          method: 'POST',
          url: '/core/api/storedFiles',
          payload: body,
          headers: { 'content-type': type, authorization: `Bearer ${token}` },
        }),
        new Promise<undefined>((resolve) => setTimeout(resolve, 5000)),
      ]);
      expect(res?.statusCode, `${what}: ${res?.body ?? 'no answer in 5 s'}`).toBe(400);
      expect(typeof res!.json<{ message: string }>().message).toBe('string');
    }
    expect(await rowCount()).toBe(rows);
    expect(storedObjects()).toHaveLength(objects);
  });
});

describe('files: who may read', () => {
  let id: number;
  beforeAll(async () => {
    id = (await upload('billing', [{ filename: 'mine.png', type: 'image/png', data: samples.png() }])).json<{
      id: number;
    }>().id;
  });

  it('files: anonymous callers get 401 on upload, metadata, content and list', async () => {
    expect((await upload(null, [{ filename: 'a.txt', type: 'text/plain', data: 'x' }])).statusCode).toBe(401);
    for (const url of [`/core/api/storedFiles/${id}`, `/core/api/storedFiles/${id}/content`, '/core/api/storedFiles'])
      expect((await get(null, url)).statusCode, url).toBe(401);
  });

  it('files: the uploader and administrators read a file; another user gets 404 as for a missing one', async () => {
    expect((await get('billing', `/core/api/storedFiles/${id}/content`)).statusCode).toBe(200);
    expect((await get('admin', `/core/api/storedFiles/${id}/content`)).statusCode).toBe(200);
    for (const url of [`/core/api/storedFiles/${id}`, `/core/api/storedFiles/${id}/content`]) {
      const res = await get('member', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: `StoredFile ${id} not found` });
    }
  });

  it('files: the list shows a user only their own uploads, administrators every file', async () => {
    const own = await h.json<{ _embedded: { storedFiles: Array<{ createdBy: string }> } }>(
      'member',
      'GET',
      '/core/api/storedFiles?size=100&createdBy=billing',
    );
    expect(own.status).toBe(200);
    expect(own.body._embedded.storedFiles).toEqual([]);
    const all = await h.json<{ _embedded: { storedFiles: Array<{ createdBy: string }> } }>(
      'admin',
      'GET',
      '/core/api/storedFiles?size=100',
    );
    expect(all.body._embedded.storedFiles.some((f) => f.createdBy === 'billing')).toBe(true);
  });

  it('files: no PUT or PATCH changes a stored file (a DELETE moves it to the trash: server/files/trash.test.ts)', async () => {
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await h.request('admin', method, `/core/api/storedFiles/${id}`, { name: 'renamed.png' });
      expect(res.statusCode, method).toBe(404);
    }
    const meta = await h.json<{ name: string }>('admin', 'GET', `/core/api/storedFiles/${id}`);
    expect(meta.body.name).toBe('mine.png');
  });
});

describe('files: storage failures', () => {
  it('files: a storage that cannot write answers 503 with a message, promptly, and keeps no row', async () => {
    const blocked = join(dir, 'not-a-directory');
    writeFileSync(blocked, 'x');
    const broken = await createHarness({ files: { storage: 'local', dir: blocked, maxBytes: MAX_BYTES, maxCount: 2 } });
    try {
      const count = async () =>
        Number((await broken.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files'))[0]!.n);
      const before = await count();
      const { payload, contentType } = multipartBody([{ filename: 'a.png', type: 'image/png', data: samples.png() }]);
      const started = Date.now();
      const res = await broken.app.inject({
        method: 'POST',
        url: '/core/api/storedFiles',
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${await broken.token('billing')}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The file storage is unavailable; try again later' });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await count()).toBe(before);
    } finally {
      await broken.close();
    }
  });

  it('H2-08 files: a storage whose disk is full answers 503 with Retry-After and keeps no row, not a 400 blaming the upload', async () => {
    // the bytes go to /dev/full, so the write fails with the kernel's own ENOSPC, as on a full disk
    const put = vi.spyOn(LocalStorage.prototype, 'put').mockImplementation(async (stream) => {
      try {
        await pipeline(stream, createWriteStream('/dev/full'));
      } catch (error) {
        throw storageFailure(error, 'Cannot write files');
      }
      throw new Error('/dev/full took the bytes');
    });
    try {
      const count = async () =>
        Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files'))[0]!.n);
      const before = await count();
      const res = await upload('billing', [{ filename: 'full.pdf', type: 'application/pdf', data: samples.pdf() }]);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json()).toEqual({
        message: 'The server has no room to store this: nothing was saved. Try again later.',
      });
      expect(await count()).toBe(before);
      expect(put).toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
  });

  it('files: bytes missing from the storage are a 500 naming the file, not a hang', async () => {
    const res = await upload('billing', [{ filename: 'gone.txt', type: 'text/plain', data: 'soon gone' }]);
    const id = res.json<{ id: number }>().id;
    const [row] = await h.db.query<{ storage_key: string }>('SELECT storage_key FROM stored_files WHERE id = $1', [id]);
    rmSync(join(dir, ...row!.storage_key.split('/')));
    const down = await get('billing', `/core/api/storedFiles/${id}/content`);
    expect(down.statusCode).toBe(500);
    expect(down.json()).toEqual({ message: `The content of file ${id} is missing from the storage` });
  });
});
