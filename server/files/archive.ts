import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { HttpError } from '../rest/errors';

/**
 * The gate every zip-based upload passes before a library unpacks it (xlsx imports,
 * server/transfer/sheet.ts; DOCX templates, server/documents/routes.ts): a zip bomb is refused
 * from its central directory when it declares too much, and by counting the bytes it really
 * inflates to when its declared sizes lie. The archive is read with yauzl (central directory,
 * local headers, inflation); inflation runs in node:zlib's streams, on libuv's thread pool, and
 * the inflated bytes are counted and dropped, never kept.
 */

/** Limits of one zip archive. */
export interface ArchiveLimits {
  /** Most bytes all entries together may hold once inflated. */
  maxInflatedBytes: number;
  /** Most entries (files and folders) in the archive. */
  maxEntries: number;
  /**
   * Highest ratio of inflated to compressed size of an entry that inflates to more than
   * {@link RATIO_FLOOR_BYTES}; office XML compresses about 10 to 1, a zip bomb about 1000 to 1.
   */
  maxRatio: number;
}

/** Entries smaller than this once inflated (bytes) are not held to the ratio: they cannot hurt. */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

/** A size for people: `50 MB` (2^20 bytes each), or bytes. */
export const inMegabytes = (n: number): string =>
  n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MB` : `${n} bytes`;

/**
 * The archive `bytes` opened with yauzl, and the entries its central directory declares, in its
 * order (a zip read from a buffer needs no closing). Entry sizes are not checked against the data here (`validateEntrySizes: false`): the gate
 * counts an entry's real bytes itself, against a budget shared by all entries.
 * @param maxEntries more entries than this are not read: resolves `entries` empty and
 *   `zip.entryCount` (from the end record) above it
 * @throws Error when the bytes hold no well-formed central directory, or an entry's name is an
 *   absolute path or climbs out with `..` (yauzl's checks)
 */
async function openZip(bytes: Buffer, maxEntries = Infinity): Promise<{ zip: ZipFile; entries: Entry[] }> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: false });
  const entries: Entry[] = [];
  if (zip.entryCount > maxEntries) return { zip, entries };
  for await (const entry of zip.eachEntry()) entries.push(entry);
  return { zip, entries };
}

/**
 * Inflates `entry` (yauzl's stream; a stored entry's bytes as they are) counting its bytes and
 * dropping them; stops as soon as the count passes `budget`. Resolves the count (more than
 * `budget` when it stopped early).
 * @throws Error when the entry's local header or data is broken, or it is encrypted
 */
async function countInflated(zip: ZipFile, entry: Entry, budget: number): Promise<number> {
  const stream = await zip.openReadStreamPromise(entry);
  let count = 0;
  // leaving the loop early destroys the stream: nothing more is inflated
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    count += chunk.length;
    if (count > budget) break;
  }
  return count;
}

/**
 * Refuses a zip archive that is or may be a bomb, before anything unpacks it: first from its
 * central directory (too many entries, declared sizes summing above the limit, an entry
 * compressed more than `maxRatio` to 1), then by inflating every entry and counting the bytes
 * (declared sizes can lie), stopping at the limit. Resolves the inflated size in bytes.
 * @param what the file in the user's terms, for the messages: `spreadsheet`, `template`
 * @throws HttpError 400 when the bytes are not a zip (or use a compression other than deflate,
 *   or name a packed file by an absolute path or with `..`), or hold more than `maxEntries`
 *   entries; 413 when the archive is larger than `maxInflatedBytes` once unpacked (declared or
 *   counted) or compressed beyond `maxRatio`
 */
export async function checkZip(bytes: Buffer, limits: ArchiveLimits, what: string): Promise<number> {
  const unreadable = () => new HttpError(400, `The ${what} is not a readable zip archive (xlsx and docx files are)`);
  const tooLarge = () =>
    new HttpError(413, `The ${what} is larger than ${inMegabytes(limits.maxInflatedBytes)} once unpacked`);
  let opened: { zip: ZipFile; entries: Entry[] };
  try {
    opened = await openZip(bytes, limits.maxEntries);
  } catch {
    throw unreadable();
  }
  const { zip, entries } = opened;
  if (zip.entryCount > limits.maxEntries)
    throw new HttpError(400, `The ${what} holds more than ${limits.maxEntries} packed files`);
  let declared = 0;
  for (const entry of entries) {
    declared += entry.uncompressedSize;
    if (declared > limits.maxInflatedBytes) throw tooLarge();
    if (
      entry.uncompressedSize > RATIO_FLOOR_BYTES &&
      entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio
    )
      throw new HttpError(
        413,
        `The ${what} is packed more than ${limits.maxRatio} to 1, which only a zip bomb is; it is refused`,
      );
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      throw new HttpError(400, `The ${what} uses a zip compression other than deflate`);
  }
  let inflated = 0;
  for (const entry of entries) {
    try {
      inflated += await countInflated(zip, entry, limits.maxInflatedBytes - inflated);
    } catch {
      throw unreadable();
    }
    if (inflated > limits.maxInflatedBytes) throw tooLarge();
  }
  return inflated;
}

/** The local file header's signature (APPNOTE.TXT 4.3.7). */
const LOCAL = 0x04034b50;
/** The end of central directory record's signature (APPNOTE.TXT 4.3.16). */
const EOCD = 0x06054b50;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8_NAME = 0x0800;

/**
 * The archive rewritten for a reader that walks local headers in order (exceljs' streaming
 * reader): the central directory's entries, no others, in the order `rank` gives (lowest first,
 * stable), each with a local header carrying the directory's method, sizes and CRC (no data
 * descriptor) and its name as yauzl decoded it (UTF-8), its compressed data copied as it is, then
 * an empty end record. So the reader inflates exactly what {@link checkZip} counted, and finds the
 * parts it needs before the ones it reads with them. Sizes are written in 32 bits: checkZip
 * refuses an archive whose entries need more.
 * @throws Error when the bytes are no zip or an entry's data lies outside the archive (checkZip
 *   refuses such an archive first)
 */
export async function sequentialZip(bytes: Buffer, rank: (name: string) => number): Promise<Buffer> {
  const { zip, entries } = await openZip(bytes);
  const parts: Buffer[] = [];
  // Array.prototype.sort is stable: entries of one rank keep the directory's order
  for (const entry of entries.sort((a, b) => rank(a.fileName) - rank(b.fileName))) {
    if (entry.compressedSize > 0xfffffffe || entry.uncompressedSize > 0xfffffffe)
      throw new Error(`${entry.fileName} needs ZIP64 sizes`);
    // yauzl finds the data after the entry's own local header and checks it lies in the archive
    const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
    const name = Buffer.from(entry.fileName, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(UTF8_NAME, 6);
    header.writeUInt16LE(entry.compressionMethod, 8);
    header.writeUInt16LE(entry.lastModFileTime, 10);
    header.writeUInt16LE(entry.lastModFileDate, 12);
    header.writeUInt32LE(entry.crc32, 14);
    header.writeUInt32LE(entry.compressedSize, 18);
    header.writeUInt32LE(entry.uncompressedSize, 22);
    header.writeUInt16LE(name.length, 26);
    parts.push(header, name, bytes.subarray(fileDataStart, fileDataStart + entry.compressedSize));
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  return Buffer.concat([...parts, end]);
}
