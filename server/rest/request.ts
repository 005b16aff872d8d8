import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntitySchema } from '../../schemas/define';
import { languageOfHeader } from '../../schemas/languages';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { notFound, unauthorized } from './errors';
import type { RawQuery } from './query';

/**
 * What a route reads from its request - the signed-in user, the path's id, a list's query with its
 * language - and what a group of a collection's extra routes is given. Kept apart from
 * `routes.ts`, which registers those groups, so the rooms that add routes (trash, transfer,
 * exports, files, jobs, documents, search) import this and not the registrar.
 */

/** The signed-in user, or 401 with `WWW-Authenticate: Bearer`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A path segment's id: the number of up to 16 digits, else NaN (which names no row). */
export const pathNumber = (raw: string): number => (/^\d{1,16}$/.test(raw) ? Number(raw) : NaN);

/** The path's id: digits of a safe integer (the OpenAPI document's range); anything else names no row (404). */
export const idParam = (request: FastifyRequest, schema: EntitySchema): number => {
  const raw = (request.params as { id: string }).id;
  const id = pathNumber(raw);
  if (!Number.isSafeInteger(id)) throw notFound(`${schema.entityName} ${raw.slice(0, 40)}`);
  return id;
};

/**
 * The query of a list request with its reader's language: the `language` parameter as sent, else
 * the best of `LANGUAGES` for the `Accept-Language` header (docs/api.md "Languages").
 */
export function listQuery(request: FastifyRequest): RawQuery {
  const query = request.query as RawQuery;
  if (query.language !== undefined) return query;
  return { ...query, language: languageOfHeader(request.headers['accept-language']) };
}

/** What a group of extra routes of one collection needs to register itself. */
export interface CollectionRouteContext {
  app: FastifyInstance;
  db: Database;
  schema: EntitySchema;
  /** The collection's URL path (`/core/api/clients`). */
  path: string;
  /** The path's id (404 when it names no row). */
  idParam: (request: FastifyRequest) => number;
}
