/**
 * The hand-written baseline of the API benchmark: `GET /core/api/bench/raw/contacts?clientId=&page=&size=` (under /core/api so the same auth hook runs)
 * answers the same HAL page as `GET /core/api/contacts?client.id=&sort=lastModifiedDate,desc&projection=flat`
 * with one SQL for the rows and one for the total; with `embed=1` it answers `projection=withClient`
 * (the client's `{ id, gname }` and the stage entry) from one hand-written JOIN, (exact `count(*)` when filtered, the planner's
 * `reltuples` when not, as the generic route does at this size), behind the same auth hooks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../server/db/database';
import { requireUser } from '../../server/rest/routes';

interface Row {
  id: number;
  version: number;
  created_date: Date;
  last_modified_date: Date;
  created_by: string | null;
  last_modified_by: string | null;
  client_id: number | null;
  gname: string | null;
  gjob_title: string | null;
  first_email: string | null;
  first_phone_number: string | null;
  email_subscribed: boolean | null;
  linkedin: string | null;
}

const PAGE_SQL = `SELECT id, version, created_date, last_modified_date, created_by, last_modified_by, client_id,
  gname, gjob_title, first_email, first_phone_number, email_subscribed, linkedin FROM contacts`;
const ORDER = 'ORDER BY last_modified_date DESC, id DESC';

/** The page of `projection=withClient` by hand: the client's name and the stage entry JOINed in the same query. */
const JOIN_SQL = `SELECT c.id, c.version, c.created_date, c.last_modified_date, c.created_by, c.last_modified_by,
  c.client_id, c.gname, c.gjob_title, c.first_email, c.first_phone_number, c.email_subscribed, c.linkedin,
  cl.gname AS client_gname, c.stage_id, s.code AS stage_code, s.gname AS stage_gname, s.lname AS stage_lname,
  s.char_code AS stage_char_code
  FROM contacts c LEFT JOIN clients cl ON cl.id = c.client_id LEFT JOIN base_dictionaries s ON s.id = c.stage_id
  WHERE c.client_id = $1 ORDER BY c.last_modified_date DESC, c.id DESC LIMIT $2 OFFSET $3`;

interface JoinRow extends Row {
  client_gname: string | null;
  stage_id: number | null;
  stage_code: number | null;
  stage_gname: string | null;
  stage_lname: string | null;
  stage_char_code: string | null;
}

/** A whole-number query parameter, else `def`. */
export const int = (v: unknown, def: number): number => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : def);

/**
 * The `_links` (self, next, prev: the request's address with another `page`) and `page` of a HAL
 * page as the generic list writes them, for the raw routes' answers; `extra` ends the `page` object.
 */
export function halPage(
  requestUrl: string,
  page: number,
  size: number,
  totalElements: number,
  extra: Record<string, unknown> = {},
): { _links: Record<string, { href: string }>; page: Record<string, unknown> } {
  const totalPages = Math.ceil(totalElements / size);
  const links: Record<string, { href: string }> = { self: { href: requestUrl } };
  const href = (p: number) => {
    const url = new URL(requestUrl, 'http://local');
    url.searchParams.set('page', String(p));
    return `${url.pathname}${url.search}`;
  };
  if (page + 1 < totalPages) links.next = { href: href(page + 1) };
  if (page > 0) links.prev = { href: href(page - 1) };
  return { _links: links, page: { size, totalElements, totalPages, number: page, ...extra } };
}

const toWire = (r: Row) => ({
  id: Number(r.id),
  version: Number(r.version),
  createdDate: r.created_date.toISOString(),
  lastModifiedDate: r.last_modified_date.toISOString(),
  createdBy: r.created_by,
  lastModifiedBy: r.last_modified_by,
  client: r.client_id == null ? null : { id: Number(r.client_id) },
  gname: r.gname,
  gjobTitle: r.gjob_title,
  firstEmail: r.first_email,
  firstPhoneNumber: r.first_phone_number,
  emailSubscribed: r.email_subscribed,
  linkedin: r.linkedin,
  _links: { self: { href: `/core/api/contacts/${Number(r.id)}` } },
});

const toWireJoined = (r: JoinRow) => {
  const { _links, ...own } = toWire(r);
  return {
    ...own,
    client:
      r.client_id == null
        ? null
        : {
            id: Number(r.client_id),
            gname: r.client_gname,
            _links: { self: { href: `/core/api/clients/${Number(r.client_id)}` } },
          },
    stage:
      r.stage_id == null
        ? null
        : {
            id: Number(r.stage_id),
            code: r.stage_code == null ? null : Number(r.stage_code),
            gname: r.stage_gname,
            lname: r.stage_lname,
            charCode: r.stage_char_code,
          },
    _links,
  };
};

/** Registers the raw route on the app under test (same instance, same hooks as the generic routes). */
export function registerRawContacts(app: FastifyInstance, db: Database): void {
  app.get('/core/api/bench/raw/contacts', async (request: FastifyRequest) => {
    requireUser(request);
    const query = request.query as Record<string, string | undefined>;
    const clientId = query.clientId ? Number(query.clientId) : undefined;
    const page = int(query.page, 0);
    const size = Math.min(int(query.size, 20), 1000);
    const joined = query.embed === '1' && clientId !== undefined;
    const [rows, total] = await Promise.all(
      clientId === undefined
        ? [
            db.query<Row>(`${PAGE_SQL} ${ORDER} LIMIT $1 OFFSET $2`, [size, page * size]),
            db.query<{ n: number }>(
              `SELECT greatest(reltuples, 0)::bigint AS n FROM pg_class WHERE oid = 'contacts'::regclass`,
            ),
          ]
        : [
            db.query<Row>(joined ? JOIN_SQL : `${PAGE_SQL} WHERE client_id = $1 ${ORDER} LIMIT $2 OFFSET $3`, [
              clientId,
              size,
              page * size,
            ]),
            db.query<{ n: number }>('SELECT count(*)::int AS n FROM contacts WHERE client_id = $1', [clientId]),
          ],
    );
    const totalElements = Number(total[0]?.n ?? 0);
    return {
      _embedded: { contacts: joined ? (rows as JoinRow[]).map(toWireJoined) : rows.map(toWire) },
      ...halPage(
        request.url,
        page,
        size,
        totalElements,
        clientId === undefined ? { totalElementsEstimated: true } : {},
      ),
    };
  });
}
