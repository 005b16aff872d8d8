import { fileTypeFromBuffer, supportedExtensions } from 'file-type';
import { extensionOf } from './names';

/**
 * The type of an upload, decided from its bytes and checked against what the client claimed
 * (the part's `Content-Type` and the name's extension). The stored type is always the one the
 * bytes show, so a download never carries a type the client chose.
 *
 * - Bytes `file-type` recognises (images, PDF, office documents, archives, media): the name's
 *   extension (when it has one) must be one of that type's, and a declared type other than
 *   `application/octet-stream` must be that type (or a known alias); else 415.
 * - Bytes it cannot recognise are accepted only as UTF-8 text without NUL bytes (plain text,
 *   CSV, JSON, Markdown, HTML): the type comes from the extension ({@link TEXT_TYPES}, else
 *   `text/plain`). An extension of a recognisable binary format (`.pdf` holding text) or a
 *   declared non-text type is a mismatch (415); unrecognised binary bytes are refused (415).
 */

/** How many leading bytes the decision reads (file-type's sample size). */
export const SNIFF_BYTES = 4100;

/** Stored types of text files by extension; other text is `text/plain`. */
export const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
};

/** Declared types a browser may send for text (Windows sends `application/vnd.ms-excel` for `.csv`). */
const TEXT_DECLARED = new Set(['application/json', 'application/csv', 'application/vnd.ms-excel', 'application/xml']);

/** Types a client may declare for no particular type. */
const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

/** Other names browsers and systems use for a detected type. */
const MIME_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['image/jpg', 'image/pjpeg'],
  'image/png': ['image/x-png'],
  'image/bmp': ['image/x-bmp', 'image/x-ms-bmp'],
  'application/pdf': ['application/x-pdf'],
  'application/zip': ['application/x-zip-compressed', 'application/x-zip'],
  'application/gzip': ['application/x-gzip'],
  'audio/mpeg': ['audio/mp3'],
};

/** Other extensions of a detected extension. */
const EXT_ALIASES: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpeg', 'jpe', 'jfif'],
  tif: ['tiff'],
  mp4: ['m4v'],
  gz: ['tgz'],
  heic: ['heif'],
};

/** The decision: the type to store, or why the file is refused (the 415 message). */
export type TypeDecision = { contentType: string } | { refused: string };

const mediaType = (declared: string | undefined): string => (declared ?? '').split(';')[0]!.trim().toLowerCase();

/** Whether `head` reads as UTF-8 text without NUL; a multi-byte character cut at the end is allowed. */
function isText(head: Uint8Array, complete: boolean): boolean {
  if (head.includes(0)) return false;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let cut = 0; cut <= (complete ? 0 : 3); cut++) {
    try {
      decoder.decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // a character cut by the sample's end: try a shorter prefix
    }
  }
  return false;
}

/**
 * Decides the type of an upload from its first bytes.
 * @param head the first {@link SNIFF_BYTES} bytes (all of them for a smaller file)
 * @param complete whether `head` is the whole file
 * @param declared the part's `Content-Type`
 * @param name the sanitised file name
 */
export async function decideType(
  head: Uint8Array,
  complete: boolean,
  declared: string | undefined,
  name: string,
): Promise<TypeDecision> {
  const claimed = mediaType(declared);
  const ext = extensionOf(name);
  const sniffed = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  if (sniffed) {
    const exts = [sniffed.ext, ...(EXT_ALIASES[sniffed.ext] ?? [])] as string[];
    if (ext && !exts.includes(ext))
      return { refused: `The file "${name}" is named .${ext} but its content is ${sniffed.mime}` };
    if (!GENERIC.has(claimed) && claimed !== sniffed.mime && !MIME_ALIASES[sniffed.mime]?.includes(claimed))
      return { refused: `The file "${name}" was sent as ${claimed} but its content is ${sniffed.mime}` };
    return { contentType: sniffed.mime };
  }
  if (!isText(head, complete))
    return { refused: `The type of the file "${name}" could not be recognised from its content` };
  if (ext && !TEXT_TYPES[ext] && (supportedExtensions as ReadonlySet<string>).has(ext))
    return { refused: `The file "${name}" is named .${ext} but its content is text` };
  if (!GENERIC.has(claimed) && !claimed.startsWith('text/') && !TEXT_DECLARED.has(claimed))
    return { refused: `The file "${name}" was sent as ${claimed} but its content is text` };
  return { contentType: TEXT_TYPES[ext] ?? 'text/plain' };
}
