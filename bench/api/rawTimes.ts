/**
 * The hand-written baseline of the benchmark's time case, on the app under test (same Fastify
 * instance, same auth hook):
 *
 * - `GET /core/api/bench/raw/times?matterId=&page=&size=` answers the same HAL page as
 *   `GET /core/api/times?matter.id=<id>&sort=dateTime,desc` (default projection: work type,
 *   billing status, employee, project and matter embedded; the client as `{ id }`, as for the
 *   bench's user, who has no `client` privilege; the invoice as `{ id }` for every user, as the
 *   projection does not embed it) with one JOINed SQL for the rows and one exact count;
 * - `GET /core/api/bench/raw/times/totalDuration?matterId=` answers `{ durationTotal }` as
 *   `GET /core/api/times/totalDuration?matter.id=<id>` with one `sum`.
 *
 * The access condition is written by hand as the times' row filter reads (schemas/work/times.ts,
 * schemas/engagements/access.ts): admins and billing managers see every row; anyone else the rows
 * whose employee is theirs or whose matter's access list holds one of their employee's positions
 * (responsible, international responsible or hunter position, team, the project's business
 * relationship manager or managers) or was created by them. The embedded project and matter
 * are JOINed only when the user may read them (the projects' and matters' own access lists), as
 * the generic route checks every embedded record. The module chosen by the work type
 * (`time` for code 1, `TIME` otherwise) is checked once per request from the user's privileges,
 * as the bench's user holds both.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAdminOrBillingManager } from '../../schemas/access';
import type { AuthUser } from '../../server/auth/types';
import type { Database } from '../../server/db/database';
import { requireUser } from '../../server/rest/routes';
import { halPage, int } from './raw';

const isAdmin = (u: AuthUser) => isAdminOrBillingManager(u.roles);

/**
 * The matter whose id is `id` is on the user's access list; positions are `$p` (an array), the user name `$u`.
 * Read from the stored lists (`matter_access`, server/engagements/accessTables.ts), as a
 * hand-written route would: the rule's own statement.
 */
export const matterListSql = (id: string, p: string, u: string): string =>
  `${id} IN (SELECT ma.matter_id FROM matter_access ma WHERE ma.position_id = ANY(${p}::bigint[]) OR ma.created_by = ${u})`;

/** The project whose id is `id` is on the user's access list (`project_access`). */
export const projectListSql = (id: string, p: string, u: string): string =>
  `${id} IN (SELECT pa.project_id FROM project_access pa WHERE pa.position_id = ANY(${p}::bigint[]) OR pa.created_by = ${u})`;

/**
 * `AND (...)` of the hand-written row filter: the employee is parameter `$n`, the employee's
 * position ids `$n+1` (an array) and the user name `$n+2`; empty for admins and billing managers.
 */
const accessSql = (u: AuthUser, n: number): string =>
  isAdmin(u) ? '' : ` AND (t.employee_id = $${n} OR ${matterListSql('t.matter_id', `$${n + 1}`, `$${n + 2}`)})`;

/**
 * The embedded project and matter are shown only when the user may read them (else `{ id }`, as
 * the generic route answers): `AND (...)` of their JOINs, over the same parameters as {@link accessSql}.
 */
const embeddedSql = (u: AuthUser, n: number, alias: 'p' | 'm'): string =>
  isAdmin(u)
    ? ''
    : ` AND ${alias === 'p' ? projectListSql('p.id', `$${n + 1}`, `$${n + 2}`) : matterListSql('m.id', `$${n + 1}`, `$${n + 2}`)}`;

/** The parameters after the matter id: none for admins, else employee, position ids, user name. */
const accessParams = (u: AuthUser): unknown[] =>
  isAdmin(u) ? [] : [u.employeeId, u.positions.map((p) => p.id), u.username];

const pageSql = (
  u: AuthUser,
): string => `SELECT t.id, t.version, t.created_date, t.last_modified_date, t.created_by, t.last_modified_by, t.date_time,
  t.executor_position_id, t.work_description, t.duration, t.billable, t.client_id, t.lead_id, t.project_id, t.matter_id, t.flow_id, t.invoice_id,
  w.id AS w_id, w.code AS w_code, w.gname AS w_gname, w.lname AS w_lname, w.char_code AS w_char_code,
  e.id AS e_id, e.gfirst_name AS e_first, e.glast_name AS e_last,
  b.id AS b_id, b.code AS b_code, b.gname AS b_gname, b.lname AS b_lname, b.char_code AS b_char_code,
  p.id AS p_id, p.number AS p_number, p.description AS p_description,
  m.id AS m_id, m.number AS m_number, m.description AS m_description
  FROM times t
  LEFT JOIN base_dictionaries w ON w.id = t.work_type_id
  LEFT JOIN employees e ON e.id = t.employee_id
  LEFT JOIN base_dictionaries b ON b.id = t.billing_status_id
  LEFT JOIN projects p ON p.id = t.project_id${embeddedSql(u, 2, 'p')}
  LEFT JOIN matters m ON m.id = t.matter_id${embeddedSql(u, 2, 'm')}
  WHERE t.matter_id = $1`;

type Row = Record<string, unknown>;
const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v === null ? null : String(v));
const entry = (r: Row, k: string) =>
  r[`${k}_id`] == null
    ? null
    : {
        id: n(r[`${k}_id`]),
        code: n(r[`${k}_code`]),
        gname: r[`${k}_gname`],
        lname: r[`${k}_lname`],
        charCode: r[`${k}_char_code`],
      };
const self = (collection: string, id: unknown) => ({ self: { href: `/core/api/${collection}/${n(id)}` } });

/** A row of {@link pageSql} as the generic route writes it (same keys, same order). */
const toWire = (r: Row) => ({
  id: n(r.id),
  version: n(r.version),
  createdDate: iso(r.created_date),
  lastModifiedDate: iso(r.last_modified_date),
  createdBy: r.created_by,
  lastModifiedBy: r.last_modified_by,
  dateTime: iso(r.date_time),
  workType: entry(r, 'w'),
  executorPosition: r.executor_position_id == null ? null : { id: n(r.executor_position_id) },
  employee:
    r.e_id == null
      ? null
      : { id: n(r.e_id), gfirstName: r.e_first, glastName: r.e_last, _links: self('employees', r.e_id) },
  workDescription: r.work_description,
  duration: n(r.duration),
  billable: r.billable,
  billingStatus: entry(r, 'b'),
  // the bench's user has no `client` privilege: the generic route gives the reference only
  client: r.client_id == null ? null : { id: n(r.client_id) },
  lead: r.lead_id == null ? null : { id: n(r.lead_id) },
  project:
    r.p_id == null
      ? r.project_id == null
        ? null
        : { id: n(r.project_id) }
      : { id: n(r.p_id), number: r.p_number, description: r.p_description, _links: self('projects', r.p_id) },
  matter:
    r.m_id == null
      ? r.matter_id == null
        ? null
        : { id: n(r.matter_id) }
      : { id: n(r.m_id), number: r.m_number, description: r.m_description, _links: self('matters', r.m_id) },
  flowId: r.flow_id,
  // not embedded by the projection: the reference alone, whoever reads (no invoice access check)
  invoice: r.invoice_id == null ? null : { id: n(r.invoice_id) },
  _links: self('times', r.id),
});

/** Registers the two raw routes of the time case on the app under test. */
export function registerRawTimes(app: FastifyInstance, db: Database): void {
  const matterOf = (request: FastifyRequest) => {
    const id = (request.query as Record<string, string | undefined>).matterId;
    return id && /^\d+$/.test(id) ? Number(id) : null;
  };

  app.get('/core/api/bench/raw/times', async (request: FastifyRequest, reply) => {
    const user = requireUser(request);
    const matterId = matterOf(request);
    if (matterId === null) return reply.code(400).send({ message: 'matterId is required' });
    const query = request.query as Record<string, string | undefined>;
    const page = int(query.page, 0);
    const size = Math.min(int(query.size, 20), 1000);
    const params = [matterId, ...accessParams(user)];
    const access = accessSql(user, 2);
    const [rows, total] = await Promise.all([
      db.query<Row>(
        `${pageSql(user)}${access} ORDER BY t.date_time DESC, t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, size, page * size],
      ),
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM times t WHERE t.matter_id = $1${access}`, params),
    ]);
    const totalElements = Number(total[0]?.n ?? 0);
    return { _embedded: { times: rows.map(toWire) }, ...halPage(request.url, page, size, totalElements) };
  });

  app.get('/core/api/bench/raw/times/totalDuration', async (request: FastifyRequest, reply) => {
    const user = requireUser(request);
    const matterId = matterOf(request);
    if (matterId === null) return reply.code(400).send({ message: 'matterId is required' });
    const params = [matterId, ...accessParams(user)];
    const [row] = await db.query<{ total: number }>(
      `SELECT COALESCE(sum(t.duration), 0)::float8 AS total FROM times t WHERE t.matter_id = $1${accessSql(user, 2)}`,
      params,
    );
    return { durationTotal: Number(row?.total ?? 0) };
  });
}
