import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Replies that are JSON or text (`application/json`, `application/hal+json`, `text/csv`,
 * `text/html`; not `text/event-stream`) and at least {@link COMPRESSION_THRESHOLD_BYTES} long are
 * sent Brotli- or gzip-compressed when the request's `Accept-Encoding` allows it. A page of 20
 * clients (about 12 KB of JSON) travels as about 2 KB, which a phone on a slow network feels.
 *
 * Not compressed: files and spreadsheets (`application/octet-stream`, Excel and Word types are
 * already zipped or binary, and their `Content-Length` drives the download's percent), replies
 * that already carry a `Content-Encoding` (the SPA's precompressed assets, `plugins/spa.ts`), and
 * the provider's pages, which it writes to the socket itself. Request bodies are read as sent:
 * a compressed request body is not decompressed (`globalDecompression: false`).
 *
 * Brotli runs at quality 4: close to gzip's speed with smaller output; the default (11) costs
 * tens of milliseconds per reply.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/** Replies shorter than this many bytes are sent as they are (compression would not pay). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Content types worth compressing: JSON (any `+json`) and text other than event streams. */
export const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)/;
