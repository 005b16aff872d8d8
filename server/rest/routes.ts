import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { servesGenericWrite, type EntitySchema } from '../../schemas/define';
import { storedSchemas } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { notFound, unauthorized } from './errors';
import type { RawQuery } from './query';
import { createRecord, deleteRecord, getRecord, listRecords, parseIfMatch, updateRecord } from './service';
import { collectionPath } from './values';

/**
 * Spring-Data-REST style routes for every stored schema (docs/api.md "Collections", "Items and
 * writes"): `GET/POST <base>/<name>`, `GET/PUT/PATCH/DELETE <base>/<name>/:id`, and POST at the
 * trailing-slash path too (H12). Presets have no routes (the SPA lists their collection); the writes
 * an entity turns off with `genericWrites` are not registered (its own routes serve them).
 */

/** The signed-in user, or 401 with `WWW-Authenticate: Bearer`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The path's id: digits of a safe integer (the OpenAPI document's range); anything else names no row (404). */
const idParam = (request: FastifyRequest, schema: EntitySchema): number => {
  const raw = (request.params as { id: string }).id;
  const id = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(`${schema.entityName} ${raw.slice(0, 40)}`);
  return id;
};

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

/** Registers the routes of one schema. */
export function registerCollection(app: FastifyInstance, db: Database, schema: EntitySchema): void {
  const path = collectionPath(schema);

  const sendOne = async (request: FastifyRequest, reply: FastifyReply, id: number, status = 200) => {
    const item = await getRecord(db, schema, requireUser(request), id, projectionParam(request));
    reply.header('ETag', `"${item[schema.lockProperty]}"`);
    return reply.code(status).send(item);
  };

  app.get(path, async (request) => {
    const result = await listRecords(db, schema, requireUser(request), request.query as RawQuery);
    const links: Record<string, { href: string }> = { self: { href: request.url } };
    if (result.page.number + 1 < result.page.totalPages)
      links.next = { href: pageHref(request, result.page.number + 1) };
    if (result.page.number > 0) links.prev = { href: pageHref(request, result.page.number - 1) };
    return { _embedded: { [schema.name]: result.items }, _links: links, page: result.page };
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

  if (!servesGenericWrite(schema, 'delete')) return;
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
}

/** Registers the routes of every stored schema (presets excluded). */
export function registerRestRoutes(
  app: FastifyInstance,
  db: Database,
  schemas: EntitySchema[] = storedSchemas(),
): void {
  for (const schema of schemas) registerCollection(app, db, schema);
}
