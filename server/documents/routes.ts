import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { documentType as DOCUMENT_TYPE } from '../../schemas/finance/dictionaries';
import type { DocumentContext, EntitySchema, WireRecord } from '../../schemas/define';
import { generatedDocuments, storedFiles, storedSchemas } from '../../schemas/index';
import { DOCX_CONTENT_TYPE } from '../../schemas/offices/officeTemplates';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { sanitizeFileName } from '../files/names';
import { type FileStorage, StorageError } from '../files/storage';
import { storageUnavailable } from '../files/upload';
import { HttpError, notFound } from '../rest/errors';
import { idParam, requireUser } from '../rest/request';
import { getRecord } from '../rest/service';
import { hookWritable } from '../rest/system';
import { parseBody } from '../rest/validate';
import { collectionPath } from '../rest/values';
import { insertRow } from '../rest/write';
import { renderDocx } from './render';
import { checkZip } from '../files/archive';
import { archiveLimits } from '../transfer/limits';
import { serverOf } from '../rest/rooms';

/**
 * The document routes of every schema declaring `documents` (`DocumentsConfig`,
 * schemas/define.ts): `GET <collection>/<path>/:id/:<keyParam>` renders the record's office
 * template with docxtemplater, stores the DOCX as a new stored file, links it to the record in
 * `generatedDocuments` (so whoever reads the record reads the file) and answers
 * `{ document: { id, documentId, documentName, contentType, size, documentType, template } }`.
 */

/** What the route answers under `document`. */
export interface GeneratedDocument {
  /** The `generatedDocuments` row. */
  id: number;
  /** The stored file: `GET /core/api/storedFiles/{documentId}/content` downloads it. */
  documentId: number;
  documentName: string;
  contentType: string;
  /** Bytes. */
  size: number;
  documentType: { code: number; gname: string };
  /** The office template rendered. */
  template: { id: number };
  collection: string;
  ownerId: number;
}

/** The route of a schema's documents, in the router's syntax. */
export const documentPath = (schema: EntitySchema): string =>
  `${collectionPath(schema)}/${schema.documents!.path ?? 'template'}/:id/:${schema.documents!.keyParam ?? 'key'}`;

/**
 * The DOCUMENT_TYPE entry a key names: its `code` (digits) or its `charCode` (any case), among
 * the codes the entity renders.
 * @throws HttpError 404 for any other key
 */
async function documentTypeOf(
  db: Database,
  key: string,
  allowed: number[],
): Promise<{ id: number; code: number; gname: string }> {
  // a key is a code or a char code: anything else names no type (and never reaches SQL)
  if (!/^[\w.-]{1,64}$/.test(key)) throw notFound(`Document type "${key.slice(0, 40)}"`);
  const code = /^\d{1,9}$/.test(key) ? Number(key) : null;
  const rows = await db.query<{ id: string; code: string; gname: string }>(
    `SELECT id, code, gname FROM base_dictionaries
      WHERE type_id = $1 AND (code = $2 OR lower(char_code) = lower($3)) AND code = ANY($4) ORDER BY code LIMIT 1`,
    [DOCUMENT_TYPE.code, code, key, allowed],
  );
  const row = rows[0];
  if (!row) throw notFound(`Document type "${key.slice(0, 40)}"`);
  return { id: Number(row.id), code: Number(row.code), gname: String(row.gname) };
}

/**
 * The template of an office for a document type: one whose location is `location` first, then
 * one without a location, then the newest.
 */
async function templateOf(
  db: Database,
  office: number,
  documentType: number,
  location: number | null,
): Promise<{ id: number; storageKey: string } | undefined> {
  const [row] = await db.query<{ id: string; storage_key: string }>(
    `SELECT ot.id, sf.storage_key FROM office_templates ot
       JOIN stored_files sf ON sf.id = ot.document_id
       LEFT JOIN base_dictionaries l ON l.id = ot.location_type_id
      WHERE ot.office_id = $1 AND ot.document_type_id = $2
      ORDER BY CASE WHEN l.code = $3 THEN 0 WHEN l.id IS NULL THEN 1 ELSE 2 END, ot.id DESC LIMIT 1`,
    [office, documentType, location],
  );
  return row ? { id: Number(row.id), storageKey: String(row.storage_key) } : undefined;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Renders document `key` of record `id` of `schema` for `user`, stores it and links it.
 * @throws HttpError 403/404 as `GET <collection>/{id}`; 404 for an unknown key, a record without
 *   an office or an office without a template of that type; 422 for a template that does not
 *   render or is no zip; 413 for a template that unpacks beyond the limits
 *   (server/files/archive.ts); 503 when the file storage fails
 */
export async function renderDocument(
  db: Database,
  storage: FileStorage,
  log: FastifyBaseLogger,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  key: string,
): Promise<GeneratedDocument> {
  const bodies = serverOf(schema.name)?.documents;
  if (!bodies) throw new Error(`schema ${schema.name}: documents have no data`);
  const config = { ...schema.documents!, ...bodies };
  const record: WireRecord = await getRecord(db, schema, user, id);
  const type = await documentTypeOf(db, key, config.documentTypes);
  const ctx: DocumentContext = { tx: db, schema, user, record, documentType: { code: type.code, gname: type.gname } };
  const office = await config.office(ctx);
  const location = config.location ? await config.location(ctx) : null;
  const template = office === null ? undefined : await templateOf(db, office, type.id, location);
  if (!template)
    throw notFound(
      office === null
        ? `The office of ${schema.entityName} ${id}, whose ${type.gname} template`
        : `${type.gname} template of office ${office}`,
    );
  let bytes: Buffer;
  try {
    bytes = await readAll(await storage.get(template.storageKey));
  } catch (error) {
    if (error instanceof StorageError) throw storageUnavailable(log, error);
    throw error;
  }
  // a template is a zip: a bomb is refused (413) before docxtemplater unpacks it; a file that is
  // no zip is a template that cannot be rendered (422), as renderDocx says of other bad templates
  await checkZip(bytes, archiveLimits('template'), 'template').catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 400)
      throw new HttpError(422, `The template cannot be rendered: ${error.message}`);
    throw error;
  });
  const out = renderDocx(bytes, await config.data(ctx));
  let name = sanitizeFileName(config.fileName?.(ctx) ?? `${type.gname} ${id}.docx`);
  if (!name.toLowerCase().endsWith('.docx')) name = `${name}.docx`;
  let storageKey: string;
  try {
    storageKey = await storage.put(Readable.from([out]));
  } catch (error) {
    if (error instanceof StorageError) throw storageUnavailable(log, error);
    throw error;
  }
  const file = {
    name,
    contentType: DOCX_CONTENT_TYPE,
    size: out.length,
    sha256: createHash('sha256').update(out).digest('hex'),
    storageKey,
  };
  try {
    const ids = await db.transaction(async (tx) => {
      const fileId = await insertRow(
        tx,
        storedFiles,
        await parseBody(hookWritable(storedFiles), file, 'create'),
        user.username,
      );
      const documentId = await insertRow(
        tx,
        generatedDocuments,
        await parseBody(
          hookWritable(generatedDocuments),
          {
            collection: schema.name,
            ownerId: id,
            documentType: { id: type.id },
            template: { id: template.id },
            document: { id: fileId },
          },
          'create',
        ),
        user.username,
      );
      return { fileId, documentId };
    });
    return {
      id: ids.documentId,
      documentId: ids.fileId,
      documentName: name,
      contentType: DOCX_CONTENT_TYPE,
      size: out.length,
      documentType: { code: type.code, gname: type.gname },
      template: { id: template.id },
      collection: schema.name,
      ownerId: id,
    };
  } catch (error) {
    // the rows were not written: the stored object goes again
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/**
 * Registers the document route of every schema that declares `documents`. GET only: a HEAD would
 * render and store a document too, so none is exposed.
 * @example registerDocumentRoutes(app, db, storage);
 */
export function registerDocumentRoutes(
  app: FastifyInstance,
  db: Database,
  storage: FileStorage,
  schemas: EntitySchema[] = storedSchemas(),
): void {
  for (const schema of schemas) {
    if (!schema.documents) continue;
    const keyParam = schema.documents.keyParam ?? 'key';
    app.get(documentPath(schema), { exposeHeadRoute: false }, async (request) => {
      const user = requireUser(request);
      const id = idParam(request, schema);
      const key = (request.params as Record<string, string>)[keyParam] ?? '';
      return { document: await renderDocument(db, storage, request.log, schema, user, id, key) };
    });
  }
}
