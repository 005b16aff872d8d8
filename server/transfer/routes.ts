import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { servesGenericWrite } from '../../schemas/define';
import { HttpError } from '../rest/errors';
import type { CollectionRouteContext } from '../rest/request';
import { requireUser } from '../rest/request';
import { authorize } from '../rest/service';
import { accessSubject } from '../rest/access';
import { sendExport } from './export';
import { unpackLimits } from './limits';
import {
  IMPORT_MAX_BYTES,
  importFields,
  parseMapping,
  proposeMapping,
  readTable,
  runImport,
  type ImportResult,
  type Mapping,
  type Table,
} from './import';

/**
 * The import and export routes of one collection (a group of `COLLECTION_ROUTES`,
 * server/rest/routes.ts), in a scope of their own where multipart bodies are parsed:
 * - `GET <collection>/export?format=csv|xlsx&<the list's query>`: the entity's view access;
 * - `POST <collection>/import/mapping`: the file's headers, the proposed mapping, the fields;
 * - `POST <collection>/import/dryRun`, `POST <collection>/import/commit`: every row created as
 *   `POST <collection>` would, rolled back (dry run) or kept when no row is refused (commit).
 * The import routes need the entity's create access and exist only where the generic create is
 * served. Their body is `multipart/form-data`: a part `file` (CSV or xlsx, at most 10 MB, held to
 * the unpacked limits of server/transfer/limits.ts) and,
 * for the dry run and the commit, a part `mapping` (JSON: header -> field or null; the proposed
 * one when absent). With `Accept: application/x-ndjson` the dry run and the commit stream a
 * line `{"progress":{"done":n,"total":N}}` every 100 rows (and at the end), then
 * `{"result":{...}}`; otherwise they answer the result as one JSON object.
 */

/** The media type of a streamed import answer: one JSON object per line. */
export const NDJSON_TYPE = 'application/x-ndjson';

/** Rows between two progress lines of a streamed import. */
const PROGRESS_EVERY = 100;

const MAX_MAPPING_BYTES = 64 * 1024;

/** An import request's parts: the file's bytes and the mapping's JSON text, if sent. */
async function receiveImport(request: FastifyRequest): Promise<{ bytes: Buffer; mapping?: unknown }> {
  if (!request.isMultipart())
    throw new HttpError(415, 'An import is multipart/form-data with a part "file" (and optionally "mapping")');
  let bytes: Buffer | undefined;
  let mapping: unknown;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 1, fieldSize: MAX_MAPPING_BYTES, parts: 2 },
    })) {
      if (part.type === 'file' && part.fieldname === 'file') {
        bytes = await part.toBuffer();
      } else if (part.type === 'field' && part.fieldname === 'mapping') {
        if (part.valueTruncated) throw new HttpError(400, `"mapping" is longer than ${MAX_MAPPING_BYTES} bytes`);
        try {
          mapping = JSON.parse(String(part.value));
        } catch {
          throw new HttpError(400, '"mapping" must be JSON: { "<header>": "<field>" | null }');
        }
      } else {
        if (part.type === 'file') part.file.resume();
        throw new HttpError(
          400,
          `Unexpected part "${part.fieldname.slice(0, 40)}": an import holds "file" and "mapping"`,
        );
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, `The file is larger than the limit of ${IMPORT_MAX_BYTES / (1024 * 1024)} MB`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, 'An import holds one part "file" and at most one part "mapping"');
    throw new HttpError(
      400,
      `The upload is not a well-formed multipart body: ${(error as Error).message.slice(0, 200)}`,
    );
  }
  if (!bytes) throw new HttpError(400, 'An import needs a part named "file" holding a CSV or xlsx file');
  return { bytes, mapping };
}

/** Whether the client asked for the streamed answer. */
const wantsStream = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes(NDJSON_TYPE);

/** Registers the export and import routes of the collection. */
export function registerTransferRoutes({ app, db, schema, path }: CollectionRouteContext): void {
  app.register(async (scope) => {
    await scope.register(multipart);

    scope.get(`${path}/export`, async (request, reply) => sendExport(db, schema, requireUser(request), request, reply));

    if (!servesGenericWrite(schema, 'create')) return;

    /** The user, 403 without create access (before the body is read), then the file's table and mapping. */
    const prepare = async (request: FastifyRequest): Promise<{ table: Table; mapping: Mapping; sent: boolean }> => {
      const user = requireUser(request);
      authorize(schema, user, 'create');
      // an access rule that keeps the user out of every row: whatever the file holds is refused
      if (schema.accessRule?.(accessSubject(user)) === false)
        throw new HttpError(403, `Access denied: the ${schema.entityName} records you may create are none`);
      const { bytes, mapping } = await receiveImport(request);
      const table = await readTable(bytes);
      return mapping === undefined
        ? { table, mapping: proposeMapping(schema, table.headers), sent: false }
        : { table, mapping: parseMapping(schema, table.headers, mapping), sent: true };
    };

    scope.post(`${path}/import/mapping`, async (request) => {
      const { table, mapping } = await prepare(request);
      return {
        headers: table.headers,
        mapping,
        fields: importFields(schema),
        rows: table.rows.length,
        limits: { rows: unpackLimits().maxRows, bytes: IMPORT_MAX_BYTES },
      };
    });

    const run = (commit: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const user = requireUser(request);
      const { table, mapping } = await prepare(request);
      if (!Object.values(mapping).some(Boolean)) throw new HttpError(400, 'The mapping fills no field');
      if (!wantsStream(request)) return runImport(db, schema, user, table, mapping, { commit });
      // streamed: progress lines while the rows run, the result (or the failure) as the last line
      const out = new PassThrough();
      const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
      line({ progress: { done: 0, total: table.rows.length } });
      const progress = (done: number, total: number) => {
        if (done % PROGRESS_EVERY === 0 || done === total) line({ progress: { done, total } });
      };
      runImport(db, schema, user, table, mapping, { commit, progress })
        .then((result: ImportResult) => line({ result }))
        .catch((error: unknown) => {
          request.log.error({ err: error }, `import into ${schema.name} failed`);
          const status = (error as { statusCode?: number }).statusCode;
          const message = status && status < 500 ? (error as Error).message : 'The import failed; nothing was written';
          line({ error: { message } });
        })
        .finally(() => out.end());
      return reply.header('Content-Type', NDJSON_TYPE).header('Cache-Control', 'no-store').send(out);
    };
    scope.post(`${path}/import/dryRun`, run(false));
    scope.post(`${path}/import/commit`, run(true));
  });
}
