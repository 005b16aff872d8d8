import { createInflateRaw } from 'node:zlib';
import { HttpError } from '../rest/errors';

/**
 * The gate every zip-based upload passes before a library unpacks it (xlsx imports,
 * server/transfer/sheet.ts; DOCX templates, server/documents/routes.ts): a zip bomb is refused
 * from its central directory when it declares too much, and by counting the bytes it really
 * inflates to when its declared sizes lie. Inflation runs in node:zlib's streams, on libuv's
 * thread pool, and the inflated bytes are counted and dropped, never kept.
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

/** One entry of a zip's central directory, as it declares itself. */
export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflated. */
  method: number;
  /** Declared bytes of the compressed data. */
  compressedSize: number;
  /** Declared bytes once inflated. */
  uncompressedSize: number;
  /** Offset of the entry's local header in the archive. */
  localOffset: number;
  /** CRC-32 of the inflated bytes. */
  crc32: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end-of-central-directory record: 22 bytes and a comment of at most 65,535. */
const EOCD_SEARCH = 22 + 0xffff;

/** A size for people: `50 MB` (2^20 bytes each), or bytes. */
export const inMegabytes = (n: number): string =>
  n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MB` : `${n} bytes`;

/**
 * The entries a zip's central directory declares (APPNOTE.TXT, sections 4.3.12 and 4.3.16).
 * A ZIP64 size or offset (0xFFFFFFFF) is read as it is, so it counts as over any limit.
 * @throws Error when the bytes hold no well-formed central directory
 */
export function zipDirectory(bytes: Buffer): ZipEntry[] {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - EOCD_SEARCH); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw new Error('broken central directory');
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (next > bytes.length) throw new Error('broken central directory');
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      crc32: bytes.readUInt32LE(at + 16),
    });
    at = next;
  }
  return entries;
}

/** The compressed data of `entry`, found through its local header. @throws Error when it lies outside the archive */
function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw new Error('broken local header');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw new Error('entry data beyond the archive');
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates `data` (raw deflate) counting its bytes and dropping them; stops as soon as the count
 * passes `budget`. Resolves the count (more than `budget` when it stopped early).
 * @throws Error when the data is not well-formed deflate
 */
function countInflated(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    // large chunks: fewer callbacks on the event loop while the thread pool inflates
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    let count = 0;
    inflate.on('data', (chunk: Buffer) => {
      count += chunk.length;
      if (count > budget) {
        inflate.destroy();
        resolve(count);
      }
    });
    inflate.on('end', () => resolve(count));
    inflate.on('error', reject);
    inflate.end(data);
  });
}

/**
 * Refuses a zip archive that is or may be a bomb, before anything unpacks it: first from its
 * central directory (too many entries, declared sizes summing above the limit, an entry
 * compressed more than `maxRatio` to 1), then by inflating every entry and counting the bytes
 * (declared sizes can lie), stopping at the limit. Resolves the inflated size in bytes.
 * @param what the file in the user's terms, for the messages: `spreadsheet`, `template`
 * @throws HttpError 400 when the bytes are not a zip (or use a compression other than deflate),
 *   or hold more than `maxEntries` entries; 413 when the archive is larger than
 *   `maxInflatedBytes` once unpacked (declared or counted) or compressed beyond `maxRatio`
 */
export async function checkZip(bytes: Buffer, limits: ArchiveLimits, what: string): Promise<number> {
  const unreadable = () => new HttpError(400, `The ${what} is not a readable zip archive (xlsx and docx files are)`);
  const tooLarge = () =>
    new HttpError(413, `The ${what} is larger than ${inMegabytes(limits.maxInflatedBytes)} once unpacked`);
  let entries: ZipEntry[];
  try {
    entries = zipDirectory(bytes);
  } catch {
    throw unreadable();
  }
  if (entries.length > limits.maxEntries)
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
    if (entry.method !== 0 && entry.method !== 8)
      throw new HttpError(400, `The ${what} uses a zip compression other than deflate`);
  }
  let inflated = 0;
  for (const entry of entries) {
    let data: Buffer;
    try {
      data = entryData(bytes, entry);
    } catch {
      throw unreadable();
    }
    const budget = limits.maxInflatedBytes - inflated;
    try {
      inflated += entry.method === 0 ? data.length : await countInflated(data, budget);
    } catch {
      throw unreadable();
    }
    if (inflated > limits.maxInflatedBytes) throw tooLarge();
  }
  return inflated;
}

/**
 * The archive rewritten for a reader that walks local headers in order (exceljs' streaming
 * reader): the central directory's entries, no others, in the order `rank` gives (lowest first,
 * stable), each with a local header carrying the directory's sizes and CRC (no data descriptor),
 * its compressed data copied as it is, then the end record. So the reader inflates exactly what
 * {@link checkZip} counted, and finds the parts it needs before the ones it reads with them.
 * @throws Error when an entry's data lies outside the archive (checkZip refuses such an archive first)
 */
export function sequentialZip(bytes: Buffer, rank: (name: string) => number): Buffer {
  const entries = zipDirectory(bytes)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry.name) - rank(b.entry.name) || a.index - b.index)
    .map(({ entry }) => entry);
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt32LE(entry.crc32, 14);
    header.writeUInt32LE(entry.compressedSize, 18);
    header.writeUInt32LE(entry.uncompressedSize, 22);
    header.writeUInt16LE(name.length, 26);
    parts.push(header, name, entryData(bytes, entry));
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  return Buffer.concat([...parts, end]);
}
