import type { FastifyRequest } from 'fastify';
import { hasTrash } from '../../schemas/define';
import type { AuthUser } from '../auth/types';
import { authorize } from '../rest/service';
import type { RawQuery } from '../rest/query';
import { requireUser, type CollectionRouteContext } from '../rest/request';
import { listTrash, purgeRecord, restoreRecord } from './service';

/**
 * The trash routes of an entity with a trash (docs/api.md "Trash"), an entry of
 * `COLLECTION_ROUTES` (server/rest/routes.ts):
 * - `GET <collection>/trash`: a HAL page of the records in the trash, with `deletedAt`, `deletedBy`;
 * - `POST <collection>/{id}/restore`: 204, the record and what went with it are back;
 * - `DELETE <collection>/{id}/purge`: 204, removed for good.
 */
export function registerTrashRoutes({ app, db, schema, path, idParam }: CollectionRouteContext): void {
  if (!hasTrash(schema)) return;
  app.get(`${path}/trash`, async (request) => {
    const result = await listTrash(db, schema, requireUser(request), request.query as RawQuery);
    const url = new URL(request.url, 'http://local');
    const links: Record<string, { href: string }> = { self: { href: request.url } };
    const at = (page: number) => {
      url.searchParams.set('page', String(page));
      return { href: `${url.pathname}${url.search}` };
    };
    if (result.page.number + 1 < result.page.totalPages) links.next = at(result.page.number + 1);
    if (result.page.number > 0) links.prev = at(result.page.number - 1);
    return { _embedded: { [schema.name]: result.items }, _links: links, page: result.page };
  });
  // the privilege is judged before the path's id, so a user without it gets 403 whatever the id
  const deleter = (request: FastifyRequest): AuthUser => {
    const user = requireUser(request);
    authorize(schema, user, 'delete');
    return user;
  };
  app.post(`${path}/:id/restore`, async (request, reply) => {
    await restoreRecord(db, schema, deleter(request), idParam(request));
    return reply.code(204).send();
  });
  app.delete(`${path}/:id/purge`, async (request, reply) => {
    await purgeRecord(db, schema, deleter(request), idParam(request));
    return reply.code(204).send();
  });
}
