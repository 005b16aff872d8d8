import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Test helpers of the file routes: multipart bodies built byte by byte, and real sample files. */

/** One part of a multipart body. */
export interface Part {
  /** Field name; `file` for files. */
  field?: string;
  /** The part's file name as sent (nothing is escaped: tests send hostile names as they are). */
  filename?: string;
  /** The part's `Content-Type`; omitted when undefined. */
  type?: string;
  data: Buffer | string;
}

/** A `multipart/form-data` payload and its content type. */
export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----bureau-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field ?? 'file'}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head, 'utf8'),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const here = new URL('.', import.meta.url).pathname;

/** A real 16x16 RGB PNG and a one-page PDF (`server/files/testdata/`). */
export const samples = {
  png: (): Buffer => readFileSync(join(here, 'testdata', 'pixel.png')),
  pdf: (): Buffer => readFileSync(join(here, 'testdata', 'letter.pdf')),
};
