import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { servesGenericWrite, type EntitySchema } from '../../schemas/define';
import { storedSchemas } from '../../schemas/index';
import type { Database } from '../db/database';
import type { RawQuery } from './query';
import { createRecord, deleteRecord, getRecord, listRecords, parseIfMatch, updateRecord } from './service';
import { registerStatusRoutes } from './statuses';
import { collectionPath } from './values';
import { registerActions } from './actions';
import { listHistory } from '../history/read';
import { revertEntry } from '../history/revert';
import { registerTransferRoutes } from '../transfer/routes';
import { bulkChange } from './bulk';
import { registerTrashRoutes } from '../trash/routes';
import { idParam, listQuery, pathNumber, requireUser, type CollectionRouteContext } from './request';

export { idParam, listQuery, requireUser, type CollectionRouteContext } from './request';

/**
 * Spring-Data-REST style routes for every stored schema (docs/api.md "Collections", "Items and
 * writes"): `GET/POST <base>/<name>`, `GET/PUT/PATCH/DELETE <base>/<name>/:id`, and POST at the
 * trailing-slash path too (H12); then the routes of {@link COLLECTION_ROUTES} (the record
 * history, the bulk change of a selection, the schema's actions). Presets have no routes (the SPA lists their collection); the writes an entity turns off with
 * `genericWrites` are not registered (its own routes serve them).
 */

/** The request URL with `page` replaced, for HAL `_links`. */
function pageHref(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, 'http://local');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

const projectionParam = (request: FastifyRequest): string | undefined => {
  const p = (request.query as RawQuery).projection;
  return Array.isArray(p) ? p[p.length - 1] : p;
};

/** The HAL page of a list result under `key`, with `self`/`next`/`prev` links. */
function halPage(
  request: FastifyRequest,
  key: string,
  result: { items: unknown[]; page: { number: number; totalPages: number } },
) {
  const links: Record<string, { href: string }> = { self: { href: request.url } };
  if (result.page.number + 1 < result.page.totalPages) links.next = { href: pageHref(request, result.page.number + 1) };
  if (result.page.number > 0) links.prev = { href: pageHref(request, result.page.number - 1) };
  return { _embedded: { [key]: result.items }, _links: links, page: result.page };
}

/**
 * Routes every collection gets beyond CRUD, each group registering its own paths. Add a group
 * here to give every stored schema a new route.
 * @example
 * // an entry of the array below: POST <collection>/:id/transition for every collection
 * ({ app, db, schema, path, idParam }) =>
 *   app.post(`${path}/:id/transition`, async (request) =>
 *     transition(db, schema, requireUser(request), idParam(request), request.body)),
 */
export const COLLECTION_ROUTES: Array<(ctx: CollectionRouteContext) => void> = [
  // the record history, newest first (server/history/read.ts)
  ({ app, db, schema, path, idParam: id }) =>
    schema.history !== false &&
    app.get(`${path}/:id/history`, async (request) =>
      halPage(
        request,
        'history',
        await listHistory(db, schema, requireUser(request), id(request), request.query as RawQuery),
      ),
    ),
  // taking back a recorded change, as an edit of the record (server/history/revert.ts)
  ({ app, db, schema, path, idParam: id }) =>
    schema.history !== false &&
    servesGenericWrite(schema, 'update') &&
    app.post(`${path}/:id/history/:entryId/revert`, async (request, reply) => {
      const user = requireUser(request);
      const recordId = id(request);
      const entryId = pathNumber((request.params as { entryId: string }).entryId);
      await revertEntry(db, schema, user, recordId, entryId, request.body, parseIfMatch(request.headers['if-match']));
      const item = await getRecord(db, schema, user, recordId);
      reply.header('ETag', `"${item[schema.lockProperty]}"`);
      return item;
    }),
  // one patch, status move or delete over a selection of records, per id as its own request (server/rest/bulk.ts)
  ({ app, db, schema, path }) =>
    servesGenericWrite(schema, 'update') &&
    app.post(`${path}/bulk`, async (request) => bulkChange(db, schema, requireUser(request), request.body)),
  // the schema's actions (server/rest/actions.ts)
  ({ app, db, schema, path, idParam: id }) => registerActions(app, db, schema, path, { requireUser, idParam: id }),
  // export of the list (CSV, xlsx) and import of a file (server/transfer/routes.ts)
  registerTransferRoutes,
  // the trash of an entity with one: list, restore, purge (server/trash/routes.ts)
  (ctx) => registerTrashRoutes(ctx),
];

/** Registers the routes of one schema. */
export function registerCollection(app: FastifyInstance, db: Database, schema: EntitySchema): void {
  const path = collectionPath(schema);

  const sendOne = async (request: FastifyRequest, reply: FastifyReply, id: number, status = 200) => {
    const item = await getRecord(db, schema, requireUser(request), id, projectionParam(request));
    reply.header('ETag', `"${item[schema.lockProperty]}"`);
    return reply.code(status).send(item);
  };

  app.get(path, async (request) => {
    const result = await listRecords(db, schema, requireUser(request), listQuery(request));
    return halPage(request, schema.name, result);
  });

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = await createRecord(db, schema, requireUser(request), request.body);
    reply.header('Location', `${path}/${id}`);
    return sendOne(request, reply, id, 201);
  };
  if (servesGenericWrite(schema, 'create')) {
    app.post(path, create);
    app.post(`${path}/`, create);
  }

  app.get(`${path}/:id`, async (request, reply) => sendOne(request, reply, idParam(request, schema)));

  for (const method of servesGenericWrite(schema, 'update') ? (['put', 'patch'] as const) : []) {
    app[method](`${path}/:id`, async (request, reply) => {
      const id = idParam(request, schema);
      await updateRecord(
        db,
        schema,
        requireUser(request),
        id,
        request.body,
        method,
        parseIfMatch(request.headers['if-match']),
      );
      return sendOne(request, reply, id);
    });
  }

  if (servesGenericWrite(schema, 'delete'))
    app.delete(`${path}/:id`, async (request, reply) => {
      await deleteRecord(
        db,
        schema,
        requireUser(request),
        idParam(request, schema),
        parseIfMatch(request.headers['if-match']),
      );
      return reply.code(204).send();
    });

  for (const routes of COLLECTION_ROUTES) routes({ app, db, schema, path, idParam: (r) => idParam(r, schema) });
}

/** Registers the routes of every stored schema (presets excluded). */
export function registerRestRoutes(
  app: FastifyInstance,
  db: Database,
  schemas: EntitySchema[] = storedSchemas(),
): void {
  for (const schema of schemas) registerCollection(app, db, schema);
  for (const schema of schemas) registerStatusRoutes(app, db, schema);
}
