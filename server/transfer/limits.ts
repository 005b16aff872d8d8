import type { ArchiveLimits } from '../files/archive';

/**
 * The limits of what an import reads from an uploaded file, and of the DOCX templates documents
 * are rendered from (docs/hardening.md, H2-01). The compressed upload is capped by
 * `IMPORT_MAX_BYTES` (server/transfer/import.ts); these cap what it unpacks to, so that no file
 * can hold the event loop or the memory of the server.
 */
export interface UnpackLimits {
  /** Most bytes an xlsx may inflate to, all its packed files together (`IMPORT_MAX_UNPACKED_MB`, default 50 MB). */
  maxInflatedBytes: number;
  /** Most data rows of an import (`IMPORT_MAX_ROWS`, default 10,000). */
  maxRows: number;
  /** Most columns of an import's rows (`IMPORT_MAX_COLUMNS`, default 500). */
  maxColumns: number;
  /** Most characters of one cell (`IMPORT_MAX_CELL_CHARS`, default 32,767, Excel's own limit). */
  maxCellChars: number;
  /** Most packed files of an xlsx or DOCX (default 2,000). */
  maxEntries: number;
  /** Highest ratio of unpacked to packed size of a large packed file (default 200; see {@link ArchiveLimits}). */
  maxRatio: number;
  /** Milliseconds a spreadsheet's reading may take before it is abandoned (`IMPORT_READ_TIMEOUT_MS`, default 30,000). */
  readTimeoutMs: number;
  /** Heap of the thread that reads spreadsheets, MB (`IMPORT_READER_HEAP_MB`, default 512). */
  readerHeapMb: number;
  /** Most bytes a DOCX template may inflate to (`TEMPLATE_MAX_UNPACKED_MB`, default 20 MB). */
  maxTemplateBytes: number;
}

const MB = 1024 * 1024;

/**
 * The defaults. The largest legitimate import, a time export of 10,000 rows and 12 columns,
 * unpacks to about 5 MB; 50 MB leaves ten times that. Exports have at most a few dozen columns.
 */
export const DEFAULT_UNPACK_LIMITS: Readonly<UnpackLimits> = {
  maxInflatedBytes: 50 * MB,
  maxRows: 10_000,
  maxColumns: 500,
  maxCellChars: 32_767,
  maxEntries: 2_000,
  maxRatio: 200,
  readTimeoutMs: 30_000,
  readerHeapMb: 512,
  maxTemplateBytes: 20 * MB,
};

let current: UnpackLimits = { ...DEFAULT_UNPACK_LIMITS };

/** The limits in force: the defaults, or what {@link configureUnpackLimits} set at start. */
export const unpackLimits = (): Readonly<UnpackLimits> => current;

/** Sets the limits in force (the server's start, from {@link loadUnpackLimits}); absent ones keep their default. */
export function configureUnpackLimits(limits: Partial<UnpackLimits> | undefined): void {
  current = { ...DEFAULT_UNPACK_LIMITS, ...limits };
}

/** The archive limits of a spreadsheet or, with `template`, of a DOCX template. */
export const archiveLimits = (kind: 'spreadsheet' | 'template'): ArchiveLimits => ({
  maxInflatedBytes: kind === 'template' ? current.maxTemplateBytes : current.maxInflatedBytes,
  maxEntries: current.maxEntries,
  maxRatio: current.maxRatio,
});

/** A positive whole number from `env[name]`, or undefined when unset. @throws Error for another value */
function positive(env: Record<string, string | undefined>, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/**
 * Reads the limits from the environment (README, "Configuration"); unset ones are left out.
 * @throws Error when a variable is set to something other than a positive whole number
 */
export function loadUnpackLimits(env: Record<string, string | undefined>): Partial<UnpackLimits> {
  const unpacked = positive(env, 'IMPORT_MAX_UNPACKED_MB');
  const template = positive(env, 'TEMPLATE_MAX_UNPACKED_MB');
  const limits: Partial<UnpackLimits> = {
    maxInflatedBytes: unpacked && unpacked * MB,
    maxRows: positive(env, 'IMPORT_MAX_ROWS'),
    maxColumns: positive(env, 'IMPORT_MAX_COLUMNS'),
    maxCellChars: positive(env, 'IMPORT_MAX_CELL_CHARS'),
    readTimeoutMs: positive(env, 'IMPORT_READ_TIMEOUT_MS'),
    readerHeapMb: positive(env, 'IMPORT_READER_HEAP_MB'),
    maxTemplateBytes: template && template * MB,
  };
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
}
