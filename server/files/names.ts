/**
 * File names as stored and offered back in `Content-Disposition`: only the last path part of what
 * the browser sent, without control or bidirectional-override characters (which can make
 * `invoice.exe` look like `invoice.pdf` - U+202E) nor the characters Windows forbids, at most
 * {@link MAX_NAME_LENGTH} characters with the extension kept.
 */

/** Longest stored name, in characters (the column holds 255). */
export const MAX_NAME_LENGTH = 200;

/** Longest extension kept, dot excluded. */
const MAX_EXTENSION_LENGTH = 16;

/**
 * The safe form of a file name a client sent.
 *
 * @example
 * sanitizeFileName('C:\\Users\\me\\..\\report\u202Efdp.exe') // 'reportfdp.exe'
 * sanitizeFileName('../../etc/passwd') // 'passwd'
 * sanitizeFileName('') // 'file'
 */
export function sanitizeFileName(raw: string): string {
  const last = raw.split(/[/\\]/).pop() ?? '';
  let name = last
    .normalize('NFC')
    // control (Cc) and format (Cf: bidi overrides, zero-width) characters, and unpaired surrogates
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // no hidden files, no names made of dots, no trailing dots or spaces (Windows drops them)
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot - 1 <= MAX_EXTENSION_LENGTH ? name.slice(dot) : '';
  let stem = ext ? name.slice(0, dot) : name;
  if (stem === '') stem = 'file';
  const chars = Array.from(stem);
  const room = MAX_NAME_LENGTH - Array.from(ext).length;
  if (chars.length > room) stem = chars.slice(0, room).join('').trimEnd();
  name = `${stem}${ext}`;
  return name;
}

/** The extension of a name in lower case without the dot (`Report.PDF` -> `pdf`), or `''`. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback `filename` and the exact name as
 * RFC 5987 `filename*` (UTF-8, percent-encoded).
 *
 * @example
 * contentDisposition('Отчёт 1.pdf') // `attachment; filename="___ 1.pdf"; filename*=UTF-8''%D0%9E...`
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
