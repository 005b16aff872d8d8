import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storedFiles } from '../../schemas/index';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import { HttpError, notFound } from '../rest/errors';
import type { RawQuery } from '../rest/query';
import { requireUser } from '../rest/request';
import { createRecord, getRecord, listRecords } from '../rest/service';
import { collectionPath } from '../rest/values';
import { isAdmin } from '../../schemas/access';
import type { AuthUser } from '../auth/types';
import { canReadFile } from './access';
import { DEFAULT_FILE_MAX_BYTES, DEFAULT_FILE_MAX_COUNT, type FileConfig, loadFileConfig, storageOf } from './config';
import { contentDisposition } from './names';
import { type FileStorage, StorageError, StorageNotFoundError } from './storage';
import { receiveFiles, storageUnavailable } from './upload';

/**
 * The routes of stored files (docs/api.md "Files"):
 * - `GET <base>/storedFiles` lists the caller's own uploads (administrators: every file);
 * - `POST <base>/storedFiles` uploads one or more multipart parts named `file` -> 201
 *   `{ id, name, contentType, size }`, or a list of those for several parts;
 * - `GET <base>/storedFiles/{id}` the metadata, `GET <base>/storedFiles/{id}/content` the bytes
 *   as an attachment, both only to those `server/files/access.ts` lets read the file (else 404).
 * There is no PUT, PATCH or DELETE: a stored file never changes.
 */

/** What the upload answers per file. */
export interface UploadedFile {
  id: number;
  name: string;
  contentType: string;
  size: number;
}

interface FileRow {
  id: number;
  createdBy: string | null;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
}

const col = (field: keyof typeof storedFiles.fields): string => `"${columnName(field, storedFiles.fields[field])}"`;

async function loadFile(db: Database, id: number): Promise<FileRow | undefined> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT id, created_by, ${col('name')} AS name, ${col('contentType')} AS content_type, ${col('size')} AS size,
       ${col('sha256')} AS sha256, ${col('storageKey')} AS storage_key FROM "${storedFiles.table}" WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    createdBy: (row.created_by as string | null) ?? null,
    name: String(row.name),
    contentType: String(row.content_type),
    size: Number(row.size),
    sha256: String(row.sha256),
    storageKey: String(row.storage_key),
  };
}

/** The path's id as a number, or 404 for anything that names no row. */
function fileId(request: FastifyRequest): number {
  const raw = (request.params as { id: string }).id;
  const id = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(`${storedFiles.entityName} ${raw.slice(0, 40)}`);
  return id;
}

/** The file the user may read, or 404 (also when it exists but is not theirs to read). */
async function readableFile(db: Database, user: AuthUser, id: number): Promise<FileRow> {
  const file = await loadFile(db, id);
  if (!file || !(await canReadFile(db, user, file))) throw notFound(`${storedFiles.entityName} ${id}`);
  return file;
}

/** Dependencies of the file routes. */
export interface FileRouteDeps {
  db: Database;
  config: ServerConfig;
  /** Replaces the configured storage (tests). */
  storage?: FileStorage;
}

/** The file settings of a configuration, defaults filled in. */
export const fileConfigOf = (config: ServerConfig): FileConfig => config.files ?? loadFileConfig({}, config.dataDir);

/**
 * Registers the file routes in their own scope (multipart parsing exists only there).
 * @example await registerFileRoutes(app, { db, config });
 */
export async function registerFileRoutes(app: FastifyInstance, { db, config, storage }: FileRouteDeps): Promise<void> {
  const files = fileConfigOf(config);
  const store = storage ?? (await storageOf(files));
  const limits = {
    maxBytes: files.maxBytes ?? DEFAULT_FILE_MAX_BYTES,
    maxCount: files.maxCount ?? DEFAULT_FILE_MAX_COUNT,
  };
  const path = collectionPath(storedFiles);

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: limits.maxBytes, files: limits.maxCount } });

    scope.get(path, async (request) => {
      const user = requireUser(request);
      const query = { ...(request.query as RawQuery) };
      if (!isAdmin(user.roles)) query.createdBy = user.username;
      const result = await listRecords(db, storedFiles, user, query);
      return {
        _embedded: { [storedFiles.name]: result.items },
        _links: { self: { href: request.url } },
        page: result.page,
      };
    });

    const upload = async (request: FastifyRequest, reply: FastifyReply) => {
      const user = requireUser(request);
      const received = await receiveFiles(request, store, limits);
      const created: UploadedFile[] = [];
      try {
        for (const file of received) {
          const id = await createRecord(db, storedFiles, user, file);
          created.push({ id, name: file.name, contentType: file.contentType, size: file.size });
        }
      } catch (error) {
        // all or nothing: the rows written so far and every stored object go again
        if (created.length > 0)
          await db.query(`DELETE FROM "${storedFiles.table}" WHERE id = ANY($1)`, [created.map((c) => c.id)]);
        await Promise.all(received.map((f) => store.delete(f.storageKey).catch(() => undefined)));
        throw error;
      }
      if (created.length === 1) reply.header('Location', `${path}/${created[0]!.id}`);
      return reply.code(201).send(created.length === 1 ? created[0] : created);
    };
    scope.post(path, upload);
    scope.post(`${path}/`, upload);

    scope.get(`${path}/:id`, async (request, reply) => {
      const user = requireUser(request);
      const file = await readableFile(db, user, fileId(request));
      const item = await getRecord(db, storedFiles, user, file.id);
      reply.header('ETag', `"${item[storedFiles.lockProperty]}"`);
      return item;
    });

    scope.get(`${path}/:id/content`, async (request, reply) => {
      const user = requireUser(request);
      const file = await readableFile(db, user, fileId(request));
      const etag = `"${file.sha256}"`;
      reply.header('ETag', etag);
      reply.header('Cache-Control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      let body;
      try {
        body = await store.get(file.storageKey);
      } catch (error) {
        if (error instanceof StorageNotFoundError) {
          request.log.error({ err: error, file: file.id }, 'the bytes of a stored file are missing');
          throw new HttpError(500, `The content of file ${file.id} is missing from the storage`);
        }
        if (error instanceof StorageError) throw storageUnavailable(request.log, error);
        throw error;
      }
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.name))
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    });
  });
}
