import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storedFiles } from '../../schemas/index';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import { HttpError, notFound } from '../rest/errors';
import type { RawQuery } from '../rest/query';
import { requireUser } from '../rest/request';
import { createRecord, deleteRecord, getRecord, listRecords } from '../rest/service';
import { listHistory } from '../history/read';
import { TRASH_COLUMNS } from '../trash/columns';
import { listTrash, purgeRecord, restoreRecord, type Purged } from '../trash/service';
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
 *   as an attachment, `GET <base>/storedFiles/{id}/history` its history, each only to those
 *   `server/files/access.ts` lets read the file (else 404); a file in the trash is 404 to all;
 * - `DELETE <base>/storedFiles/{id}` moves the file to the trash: its uploader or an
 *   administrator (others who may read it: 403); 409 while a record references it;
 * - the trash (docs/api.md "Trash"): `GET <base>/storedFiles/trash` (the caller's own deleted
 *   files; administrators: every one), `POST <base>/storedFiles/{id}/restore` and
 *   `DELETE <base>/storedFiles/{id}/purge` (404 for a file in the trash that is not the caller's);
 *   the purge removes the bytes from the storage once it committed.
 * There is no PUT or PATCH: a stored file never changes.
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

/** The file row `id`: a live one, or with `trashed` one in the trash; undefined when there is none. */
async function loadFile(db: Database, id: number, trashed = false): Promise<FileRow | undefined> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT id, created_by, ${col('name')} AS name, ${col('contentType')} AS content_type, ${col('size')} AS size,
       ${col('sha256')} AS sha256, ${col('storageKey')} AS storage_key FROM "${storedFiles.table}"
      WHERE id = $1 AND ${TRASH_COLUMNS.deletedAt} IS ${trashed ? 'NOT NULL' : 'NULL'}`,
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

/** Whether `user` may delete `file` and owns it in the trash: its uploader, or an administrator. */
const deletes = (user: AuthUser, file: FileRow): boolean =>
  isAdmin(user.roles) || (file.createdBy !== null && file.createdBy === user.username);

/** The file in the trash that `user` may restore or purge, or 404 (also when it is not theirs). */
async function trashedFile(db: Database, user: AuthUser, id: number): Promise<FileRow> {
  const file = await loadFile(db, id, true);
  if (!file || !deletes(user, file)) throw notFound(`${storedFiles.entityName} ${id} in the trash`);
  return file;
}

/**
 * What follows a committed purge: the bytes of the stored files it removed leave `storage`. A
 * failure is logged, not thrown - the row is gone, and the bytes stay as an orphan the storage
 * keeps until someone removes them.
 * @example jobs.register(trashPurgeJobKind(app.log, purgedBytesRemover(storage, app.log)))
 */
export const purgedBytesRemover =
  (storage: FileStorage, log?: FastifyBaseLogger) =>
  async (purged: Purged): Promise<void> => {
    const key = columnName('storageKey', storedFiles.fields.storageKey);
    for (const { schema, rows } of purged) {
      if (schema.name !== storedFiles.name) continue;
      for (const row of rows)
        await storage.delete(String(row[key])).catch((error: unknown) => {
          if (!(error instanceof StorageNotFoundError))
            log?.error(
              { err: error, file: row.id },
              'the bytes of a purged file could not be removed from the storage',
            );
        });
    }
  };

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

    scope.get(`${path}/:id/history`, async (request) => {
      const user = requireUser(request);
      const file = await readableFile(db, user, fileId(request));
      const result = await listHistory(db, storedFiles, user, file.id, request.query as RawQuery);
      return { _embedded: { history: result.items }, _links: { self: { href: request.url } }, page: result.page };
    });

    scope.delete(`${path}/:id`, async (request, reply) => {
      const user = requireUser(request);
      const file = await readableFile(db, user, fileId(request));
      if (!deletes(user, file)) throw new HttpError(403, 'Only the uploader or an administrator deletes a file');
      await deleteRecord(db, storedFiles, user, file.id);
      return reply.code(204).send();
    });

    scope.get(`${path}/trash`, async (request) => {
      const user = requireUser(request);
      const query = { ...(request.query as RawQuery) };
      if (!isAdmin(user.roles)) query.createdBy = user.username;
      const result = await listTrash(db, storedFiles, user, query);
      return {
        _embedded: { [storedFiles.name]: result.items },
        _links: { self: { href: request.url } },
        page: result.page,
      };
    });

    scope.post(`${path}/:id/restore`, async (request, reply) => {
      const user = requireUser(request);
      const file = await trashedFile(db, user, fileId(request));
      await restoreRecord(db, storedFiles, user, file.id);
      return reply.code(204).send();
    });

    const removeBytes = purgedBytesRemover(store, app.log);
    scope.delete(`${path}/:id/purge`, async (request, reply) => {
      const user = requireUser(request);
      const file = await trashedFile(db, user, fileId(request));
      await removeBytes(await purgeRecord(db, storedFiles, user, file.id));
      return reply.code(204).send();
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
