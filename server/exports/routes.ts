import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { EntitySchema, WireRecord } from '../../schemas/define';
import { storedSchemas } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { HttpError } from '../rest/errors';
import type { RawQuery } from '../rest/query';
import { requireUser } from '../rest/request';
import { aggregateRecords, authorize, listRows } from '../rest/service';
import { exportColumn, readableSources, writeWorkbook, XLSX_TYPE, type ExportColumn } from './excel';
import { enqueueJob } from '../jobs/queue';
import { JOBS_PATH } from '../jobs/files';

/**
 * `POST /core/api/excel/generate/<name>` for every schema declaring `excel`
 * (`ExcelExport`, schemas/define.ts): the rows of the list for the same query string and user
 * (`listStatement` in server/rest/service.ts: filters, search, sort, access and access rule),
 * read in batches and streamed as an xlsx download. Everything that can be refused (401, 403,
 * 400 for a filter, a column or too many rows) is checked before the first byte is sent.
 */

/** The URL of a schema's export. */
export const exportPath = (name: string): string => `/core/api/excel/generate/${name}`;

/** At most this many rows per export; more is 400 (narrow the filters). */
export const EXPORT_ROW_LIMIT = 100_000;

/** The job kind of an Excel export too large to answer at once. */
export const EXPORT_EXCEL = 'export.excel';

/**
 * An export larger than this many rows runs as a job (`POST /core/api/excel/generate/<name>`
 * answers 202 with the job); smaller ones stream in the answer. A 62,000-row time export held a
 * request for 31 s, about 2,000 rows a second: 5,000 rows keep an answered export under 3 s.
 */
export const EXPORT_JOB_ROWS = 5_000;

/** The payload of an {@link EXPORT_EXCEL} job: what the request asked for. */
export interface ExportJobPayload {
  /** The schema's name (`times`). */
  schema: string;
  /** The list's query string, as parsed. */
  query: RawQuery;
  /** The request's body (`{ columns }`), or null. */
  body: unknown;
}

/** Rows read per statement while streaming. */
const BATCH = 1000;

const bad = (message: string) => new HttpError(400, message);

/**
 * The columns of an export: the body's `columns` (`[{ source, title? }]`, sources among the
 * declared ones, in the body's order) or every declared column with its label; a column of a
 * personal field `user` does not read is no declared one for them (H2-05: `readableSources`).
 * @throws HttpError 400 for a body of another shape or an unknown source
 */
export function requestedColumns(schema: EntitySchema, body: unknown, user: AuthUser): ExportColumn[] {
  const declared = readableSources(schema, schema.excel?.columns ?? schema.list?.columns ?? [], user);
  if (body === undefined || body === null) return declared.map((s) => exportColumn(schema, s));
  if (typeof body !== 'object' || Array.isArray(body))
    throw bad('The body must be a JSON object: { "columns": [...] }');
  const extra = Object.keys(body).filter((k) => k !== 'columns');
  if (extra.length > 0) throw bad(`Unknown property "${extra[0]!.slice(0, 40)}": the body takes "columns" only`);
  const asked = (body as { columns?: unknown }).columns;
  if (asked === undefined || asked === null) return declared.map((s) => exportColumn(schema, s));
  if (!Array.isArray(asked) || asked.length === 0 || asked.length > declared.length)
    throw bad(`"columns" must list 1 to ${declared.length} of: ${declared.join(', ')}`);
  return asked.map((c: unknown, i) => {
    const item = (typeof c === 'string' ? { source: c } : c) as { source?: unknown; title?: unknown } | null;
    const source = item && typeof item === 'object' ? item.source : undefined;
    if (typeof source !== 'string' || !declared.includes(source))
      throw bad(`columns[${i}].source must be one of: ${declared.join(', ')}`);
    const title = item!.title;
    if (title !== undefined && (typeof title !== 'string' || title.length > 200 || title.includes('\0')))
      throw bad(`columns[${i}].title must be a text of at most 200 characters`);
    return exportColumn(schema, source, title === undefined || title.trim() === '' ? undefined : title);
  });
}

/**
 * How many rows an export of the list `GET <collection>?<query>` would hold for `user`: the
 * list's own check and its filters first.
 * @throws HttpError 400, 403 as `listStatement` (server/rest/service.ts), 400 over {@link EXPORT_ROW_LIMIT}
 */
export async function countExport(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  query: RawQuery,
): Promise<number> {
  // the list's own check first: an export is a read of the list
  authorize(schema, user, 'view');
  const { n } = await aggregateRecords(db, schema, user, query, { n: { count: true } });
  if (n! > EXPORT_ROW_LIMIT)
    throw bad(`${n} rows match; an export holds at most ${EXPORT_ROW_LIMIT}: narrow the filters`);
  return n!;
}

/**
 * The rows of the list `GET <collection>?<query>` answers `user`, for an export: 401/403/400 and
 * more than {@link EXPORT_ROW_LIMIT} rows are refused now ({@link countExport}, unless `counted`
 * says it ran), and the first batch is read now (a bad sort is a 400 rather than a broken
 * download); each call of the returned function yields the next batch of at most 1,000 wire
 * records in the list's projection, an empty one at the end. Its `total` is the row count.
 * @throws HttpError 400, 403 as `listStatement` (server/rest/service.ts), 400 over the row limit
 */
export async function exportBatches(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  query: RawQuery,
  counted?: number,
): Promise<(() => Promise<WireRecord[]>) & { total: number }> {
  const total = counted ?? (await countExport(db, schema, user, query));
  const projection = schema.list?.projection;
  let offset = 0;
  let done = false;
  let first: WireRecord[] | undefined = await listRows(db, schema, user, query, BATCH, 0, projection);
  const next = async () => {
    if (done) return [];
    const batch = first ?? (await listRows(db, schema, user, query, BATCH, offset, projection));
    first = undefined;
    offset += batch.length;
    if (batch.length < BATCH || offset >= EXPORT_ROW_LIMIT) done = true;
    return batch;
  };
  return Object.assign(next, { total });
}

/** `attachment; filename="times.xlsx"; filename*=UTF-8''times.xlsx`. */
export const disposition = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Registers the export route of every schema that declares one. An export of more than
 * `jobRows` rows (default {@link EXPORT_JOB_ROWS}) is answered 202 `{ message, job: { id, href } }`
 * with `Location: /core/api/jobs/<id>`: it runs as an `export.excel` job of the user's
 * (`server/exports/jobs.ts`), whose file they download from their jobs.
 */
export function registerExportRoutes(
  app: FastifyInstance,
  db: Database,
  schemas: EntitySchema[] = storedSchemas(),
  { jobRows = EXPORT_JOB_ROWS }: { jobRows?: number } = {},
): void {
  for (const schema of schemas) {
    const excel = schema.excel;
    if (!excel) continue;
    app.post(exportPath(excel.name), async (request, reply) => {
      const user = requireUser(request);
      const query = request.query as RawQuery;
      const columns = requestedColumns(schema, request.body, user);
      // 403 / 400 for the filters, and the size, before anything is streamed
      const total = await countExport(db, schema, user, query);
      if (total > jobRows) {
        // too long for one answer: a job of the user's, downloadable from their jobs when done
        const payload: ExportJobPayload = { schema: schema.name, query, body: request.body ?? null };
        const id = await enqueueJob(db, EXPORT_EXCEL, payload, { createdBy: user.username });
        return reply
          .code(202)
          .header('Location', `${JOBS_PATH}/${id}`)
          .send({ message: `${total} rows: the export runs as job ${id}`, job: { id, href: `${JOBS_PATH}/${id}` } });
      }
      const next = await exportBatches(db, schema, user, query, total);
      const out = new PassThrough();
      writeWorkbook(out, schema.label, columns, next).catch((err: unknown) => {
        request.log.error({ err }, `excel export of ${schema.name} failed`);
        out.destroy(err as Error);
      });
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', disposition(excel.fileName))
        .header('Cache-Control', 'no-store')
        .send(out);
    });
  }
}
