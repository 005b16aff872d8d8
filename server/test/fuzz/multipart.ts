import fc from 'fast-check';
import { hostileString } from './values';

/**
 * Multipart bodies for operations whose request body is `multipart/form-data` (the upload of
 * stored files): valid ones of one to three `file` parts with any name, declared type and text
 * content, and broken ones (cut short, a wrong or missing boundary, extra parts).
 */

const BOUNDARY = 'fuzz-boundary-7f3a';

const partText = (field: string, filename: string | undefined, type: string | undefined, data: string): string =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"` +
  `${filename !== undefined ? `; filename="${filename.replace(/["\r\n]/g, '_')}"` : ''}\r\n` +
  `${type ? `Content-Type: ${type.replace(/[\r\n]/g, '')}\r\n` : ''}\r\n${data}\r\n`;

const typeArb = fc.oneof(
  fc.constantFrom(undefined, 'text/plain', 'text/csv', 'application/octet-stream', 'image/png', 'application/pdf'),
  hostileString,
);

/** A valid multipart body and its content type. */
export const multipartArb: fc.Arbitrary<{ payload: string; contentType: string }> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom('a.txt', 'data.csv', 'x.pdf'), hostileString), typeArb, fc.string()), {
    minLength: 1,
    maxLength: 3,
  })
  .map((parts) => ({
    payload: parts.map(([name, type, data]) => partText('file', name, type, data)).join('') + `--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  }));

/** One hostile change of a valid multipart body. */
export const brokenMultipart = (valid: { payload: string; contentType: string }) =>
  fc.oneof(
    fc
      .nat({ max: valid.payload.length })
      .map((n) => ({ ...valid, payload: valid.payload.slice(0, n), mutation: `cut at ${n}` })),
    fc.constant({ ...valid, contentType: 'multipart/form-data', mutation: 'no boundary' }),
    fc.constant({ ...valid, contentType: 'multipart/form-data; boundary=other', mutation: 'wrong boundary' }),
    hostileString.map((field) => ({
      ...valid,
      payload: partText(field, undefined, undefined, 'x') + valid.payload,
      mutation: `extra part ${field.slice(0, 20)}`,
    })),
  );
