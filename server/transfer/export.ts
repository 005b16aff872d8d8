import { PassThrough, type Writable } from 'node:stream';
import { format } from '@fast-csv/format';
import type Decimal from 'decimal.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isColumnField, type EntitySchema, type WireRecord } from '../../schemas/define';
import { toMoney } from '../../schemas/money';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import {
  cellValue,
  exportColumn,
  readableSources,
  valueAt,
  writeWorkbook,
  XLSX_TYPE,
  type ExportColumn,
} from '../exports/excel';
import { disposition, exportBatches } from '../exports/routes';
import { badParam } from '../rest/errors';
import type { RawQuery } from '../rest/query';

/**
 * The export of any list (`GET <collection>/export?format=csv|xlsx&<the list's query>`): the rows
 * the list shows the user (filters, search, sort, access and access rule: `exportBatches`,
 * server/exports/routes.ts) streamed in batches of 1,000 as CSV (UTF-8 with a byte order mark,
 * so Excel reads Cyrillic) or xlsx (the streaming writer of server/exports/excel.ts, without
 * the total row). Cells beginning with `= + - @`, tab or CR are prefixed with `'` in both.
 */

/** The formats of an export. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The MIME type of a CSV export. */
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** Field types an export never writes (values without one cell's text). */
const UNEXPORTED = new Set(['password', 'children', 'embedded', 'embeddedList', 'file', 'files']);

/**
 * The columns of a schema's export: `excel.columns`, else the list's columns, else every column
 * field that has a readable value; each titled by its field's label. Columns of personal fields
 * `user` does not read are left out (H2-05).
 */
export function exportColumnsOf(schema: EntitySchema, user: AuthUser): ExportColumn[] {
  const sources =
    schema.excel?.columns ??
    schema.list?.columns ??
    Object.entries(schema.fields)
      .filter(([, fd]) => isColumnField(fd) && !fd.writeOnly && !UNEXPORTED.has(fd.type))
      .map(([name]) => name);
  return readableSources(schema, sources, user).map((source) => exportColumn(schema, source));
}

/**
 * A record's cell as CSV text: dates `YYYY-MM-DD`, date-times ISO 8601, durations in hours, money
 * with its exact decimal digits, percents as shown (`12%` for 0.12), booleans `true`/`false`, references by their representation;
 * formula-like text prefixed with `'` (as `cellValue` does for xlsx), and so is formula-like text
 * after a `;` inside a cell: a spreadsheet whose list separator is `;` (ru-RU, kk-KZ) splits
 * `x;=1+1` into two cells there, quotes or not, and would run the second (`x;'=1+1` stays text).
 */
export function csvCell(column: ExportColumn, record: WireRecord): string {
  const cell = cellValue(column, record);
  if (cell === null || cell === undefined) return '';
  switch (column.kind) {
    case 'date':
      return (cell as Date).toISOString().slice(0, 10);
    case 'month':
      return (cell as Date).toISOString().slice(0, 7);
    case 'dateTime':
      return (cell as Date).toISOString();
    case 'money':
      return toMoney(valueAt(record, column.source) as string | Decimal).toFixed();
    case 'percent':
      // as the screens show it (`12%`), and as the import reads it back
      return `${toMoney(valueAt(record, column.source) as string | number)
        .times(100)
        .toFixed()}%`;
    default:
      return String(cell).replace(/;(?=[=+\-@\t\r])/g, ";'");
  }
}

/**
 * Streams a CSV into `out`: a byte order mark, the header row, a row per record of every batch
 * `next()` yields (until an empty one). Resolves with the number of rows when `out` has them all.
 */
export async function writeCsv(
  out: Writable,
  columns: ExportColumn[],
  next: () => Promise<WireRecord[]>,
): Promise<{ rows: number }> {
  // the byte order mark and the header row even when no row matches (fast-csv writes its own
  // byte order mark with the first row only)
  out.write('\ufeff');
  const csv = format({ rowDelimiter: '\r\n', headers: columns.map((c) => c.title), alwaysWriteHeaders: true });
  csv.pipe(out);
  const write = (row: string[]) =>
    new Promise<void>((resolve) => (csv.write(row) ? resolve() : csv.once('drain', () => resolve())));
  let rows = 0;
  for (let batch = await next(); batch.length > 0; batch = await next()) {
    for (const record of batch) {
      await write(columns.map((c) => csvCell(c, record)));
      rows++;
    }
  }
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    csv.end(() => resolve());
  });
  return { rows };
}

/** The `format` parameter of an export. @throws HttpError 400 for another value */
export function exportFormat(query: RawQuery): ExportFormat {
  const raw = Array.isArray(query.format) ? query.format[query.format.length - 1] : (query.format ?? 'xlsx');
  if (!(EXPORT_FORMATS as readonly string[]).includes(raw!))
    throw badParam('format', `must be one of ${EXPORT_FORMATS.join(', ')}`);
  return raw as ExportFormat;
}

/** The list's query of an export: its own parameters (`format`) and the page (`page`, `size`) left out. */
const listQueryOf = (query: RawQuery): RawQuery => {
  const { format: _format, page: _page, size: _size, ...rest } = query;
  return rest;
};

/**
 * Answers `GET <collection>/export`: checks everything refusable first (401, 403, 400 for the
 * format, a filter, the sort or more than 100,000 rows), then streams the file as an attachment
 * named `<collection>.csv` / `.xlsx`.
 */
export async function sendExport(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const query = request.query as RawQuery;
  const kind = exportFormat(query);
  const columns = exportColumnsOf(schema, user);
  const next = await exportBatches(db, schema, user, listQueryOf(query));
  const out = new PassThrough();
  const written =
    kind === 'csv' ? writeCsv(out, columns, next) : writeWorkbook(out, schema.label, columns, next, { totals: false });
  written.catch((err: unknown) => {
    request.log.error({ err }, `${kind} export of ${schema.name} failed`);
    out.destroy(err as Error);
  });
  return reply
    .header('Content-Type', kind === 'csv' ? CSV_TYPE : XLSX_TYPE)
    .header('Content-Disposition', disposition(`${schema.name}.${kind}`))
    .header('Cache-Control', 'no-store')
    .send(out);
}
