import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { RawQuery } from '../rest/query';
import { requireUser } from '../rest/request';
import { globalSearch, SEARCH_PATH } from './service';

/**
 * `GET /core/api/search?q=<words>&size=5[&collections=clients,contacts]`: the global search of
 * server/search/service.ts for the signed-in user (401 without one).
 */
export function registerSearchRoutes(app: FastifyInstance, db: Database): void {
  app.get(SEARCH_PATH, async (request) => globalSearch(db, requireUser(request), request.query as RawQuery));
}
