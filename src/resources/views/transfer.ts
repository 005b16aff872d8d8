/**
 * The wire side of a list's export and import (server/transfer/routes.ts), framework-free so the
 * buttons and the import dialog share it and tests drive it: the export's URL for a list's
 * state, reading a streamed answer, saving a file.
 */
import type { EntitySchema } from '../../../schemas/define';
import { DEFAULT_BASES, resolveResource, type ResolvedResource } from '../../../dataProvider/resources';
import type { QueryParams } from '../../../dataProvider/query';
import { schemas } from '../../../schemas/registry';
import { listFilterQuery } from '../listQuery';

/** The formats of an export. */
export type ExportFormat = 'csv' | 'xlsx';

/** One refused row of an import: its number in the file and its field errors. */
export interface RejectedRow {
  row: number;
  errors: Array<{ property: string; message: string }>;
}

/** A row named like a record already there (`existing`, its id) or like an earlier row (`sameAsRow`): a warning. */
export interface DuplicateRow {
  row: number;
  property: string;
  value: string;
  existing?: number;
  sameAsRow?: number;
}

/** What a dry run or a commit answers. */
export interface ImportResult {
  total: number;
  created: number;
  rejected: RejectedRow[];
  /** Absent from a server older than the duplicate check. */
  duplicates?: DuplicateRow[];
  committed: boolean;
}

/** The mapping step's answer: the file's headers, the proposed mapping, the fields that can be filled. */
export interface MappingProposal {
  headers: string[];
  mapping: Record<string, string | null>;
  fields: Array<{ name: string; label: string; type: string; required: boolean }>;
  rows: number;
}

/**
 * Where a list's resource lives on the wire: the data provider's `resolve` (presets map to their
 * collection and fixed filter), or the registry's answer at the default bases for a provider
 * without it (test fakes).
 */
export function resolvedOf(
  dataProvider: { resolve?: (resource: string) => ResolvedResource },
  resource: string,
): Pick<ResolvedResource, 'url' | 'fixedFilter' | 'collection'> {
  return typeof dataProvider.resolve === 'function'
    ? dataProvider.resolve(resource)
    : resolveResource(resource, schemas, DEFAULT_BASES);
}

/** The media type of a streamed import answer. */
export const NDJSON = 'application/x-ndjson';

/**
 * The query of `GET <collection>/export?format=..`: the list's filters (a preset's fixed filter
 * first, then as the data provider sends them) and its sort.
 * @example exportQuery(resolved, clients, 'csv', { q: 'acme' }, { field: 'gname', order: 'ASC' })
 * // { format: 'csv', search: 'acme', sort: 'gname,asc' }
 */
export function exportQuery(
  resolved: Pick<ResolvedResource, 'fixedFilter'>,
  schema: EntitySchema,
  format: ExportFormat,
  filterValues: Record<string, unknown>,
  sort?: { field?: string; order?: string },
): QueryParams {
  return {
    format,
    ...resolved.fixedFilter,
    ...listFilterQuery(schema, filterValues),
    ...(sort?.field ? { sort: `${sort.field},${(sort.order ?? 'ASC').toLowerCase()}` } : {}),
  };
}

/** Reads a byte stream to its end, reporting the bytes received so far; resolves with them all. */
export async function readAll(
  stream: ReadableStream<Uint8Array> | null | undefined,
  progress: (bytes: number) => void,
): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  if (!stream) return chunks;
  const reader = stream.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
    bytes += value.length;
    progress(bytes);
  }
}

/** Calls `onLine` with each JSON line of a streamed answer (`application/x-ndjson`) as it arrives. */
export async function readJsonLines(
  stream: ReadableStream<Uint8Array> | null | undefined,
  onLine: (value: unknown) => void,
): Promise<void> {
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = done ? '' : lines.pop()!;
    for (const line of lines) if (line.trim() !== '') onLine(JSON.parse(line));
    if (done) return;
  }
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''...` first), if any. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}

/** Saves a blob as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}

/** The rejected rows as a CSV (UTF-8 with a byte order mark): row, field, message; one line per error. */
export function rejectedCsv(rejected: RejectedRow[]): Blob {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = ['row,field,message'];
  for (const r of rejected)
    for (const e of r.errors) lines.push([String(r.row), cell(e.property), cell(e.message)].join(','));
  return new Blob(['\ufeff', lines.join('\r\n')], { type: 'text/csv;charset=utf-8' });
}
