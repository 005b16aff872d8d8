import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { COMPRESSIBLE, COMPRESSION_THRESHOLD_BYTES } from './compression';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('compressed replies', () => {
  it('sends a list page Brotli-encoded to a browser, gzip when only gzip is accepted, and plain otherwise; the JSON is the same', async () => {
    const url = '/core/api/clients?page=0&size=20&projection=clientList';
    const plain = await h.request('admin', 'GET', url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await h.request('admin', 'GET', url, undefined, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));

    const gzip = await h.request('admin', 'GET', url, undefined, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it('leaves short replies as they are', async () => {
    const missing = await h.request('admin', 'GET', '/core/api/clients/999999999', undefined, {
      'accept-encoding': 'br',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('compresses JSON and text, not files, spreadsheets or event streams', () => {
    for (const type of [
      'application/json',
      'application/hal+json',
      'application/json; charset=utf-8',
      'text/csv',
      'text/html; charset=utf-8',
    ])
      expect(COMPRESSIBLE.test(type), type).toBe(true);
    for (const type of [
      'application/octet-stream',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/pdf',
      'image/png',
      'text/event-stream',
    ])
      expect(COMPRESSIBLE.test(type), type).toBe(false);
  });
});
