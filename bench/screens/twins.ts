/**
 * Hand-written SQL twins of the heavy menu entries' default list pages, on the app under test (same
 * Fastify instance, same auth hook): `GET /core/api/bench/screens/<collection>?page=&size=` answers
 * `{ rows, ids, total }` - the page's rows (the table's own columns and the embedded references'
 * display columns, JOINed) in the list's default order, and the exact count - under the same
 * access semantics as the generic route for the signed-in user, with the list's default and fixed
 * filters. Not the wire format: the twin is the SQL a hand-written route would run, the floor the
 * generic route is compared with; the bench checks the first page's ids and the total are equal.
 *
 * Access written by hand, as the schemas' rules read (schemas/engagements/access.ts and the rules
 * the raw time case already writes, bench/api/rawTimes.ts): admins and billing managers see every
 * row of times, matters, projects, invoices, pre-invoices and expenses; anyone else the time entries
 * that are theirs or whose matter is on their access list, the matters on it, the projects on it,
 * the expenses whose payer matter is on it, or that they pay (a payer position) or created (EXP-13).
 * Clients and contacts have no row rule (their module only). Rows in the trash are left out.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAdminOrBillingManager } from '../../schemas/access';
import type { AuthUser } from '../../server/auth/types';
import type { Database } from '../../server/db/database';
import { requireUser } from '../../server/rest/routes';
import { int } from '../api/raw';
import { matterListSql, projectListSql } from '../api/rawTimes';

/** A twin's SQL: FROM/JOINs, WHERE (access included, over `params`), ORDER BY. */
interface TwinSql {
  select: string;
  from: string;
  where: (restricted: boolean) => string;
  /** The row rule's parameters for a restricted user (none otherwise). */
  params?: (u: AuthUser) => unknown[];
  order: string;
}

const positionsAndUser = (u: AuthUser) => [u.positions.map((p) => p.id), u.username];

const open = (alias: string) => `${alias}.deleted_at IS NULL`;
const dict = (alias: string, column: string) => `LEFT JOIN base_dictionaries ${alias} ON ${alias}.id = ${column}`;

/** The twins by collection name (the heavy screens of the bench). */
export const TWINS: Record<string, TwinSql> = {
  times: {
    select:
      't.*, e.gfirst_name, e.glast_name, b.gname AS billing_status, p.number AS project_number, m.number AS matter_number',
    from: `times t JOIN base_dictionaries w ON w.id = t.work_type_id
      LEFT JOIN employees e ON e.id = t.employee_id ${dict('b', 't.billing_status_id')}
      LEFT JOIN projects p ON p.id = t.project_id LEFT JOIN matters m ON m.id = t.matter_id`,
    where: (r) =>
      `w.code = 1 AND ${open('t')}${
        r ? ` AND (t.employee_id = $1 OR ${matterListSql('t.matter_id', '$2', '$3')})` : ''
      }`,
    params: (u) => [u.employeeId, ...positionsAndUser(u)],
    order: 't.date_time DESC, t.id DESC',
  },
  matters: {
    select: 'x.*, s.gname AS status_name, p.number AS project_number',
    from: `matters x ${dict('s', 'x.status_id')} LEFT JOIN projects p ON p.id = x.project_id`,
    where: (r) => `s.code IS DISTINCT FROM 3 AND ${open('x')}${r ? ` AND ${matterListSql('x.id', '$1', '$2')}` : ''}`,
    params: positionsAndUser,
    order: 'x.last_modified_date DESC, x.id DESC',
  },
  projects: {
    select: 'x.*, c.gname AS payer_client_name',
    from: 'projects x LEFT JOIN clients c ON c.id = x.payer_client_id',
    where: (r) => `${open('x')}${r ? ` AND ${projectListSql('x.id', '$1', '$2')}` : ''}`,
    params: positionsAndUser,
    order: 'x.last_modified_date DESC, x.id DESC',
  },
  invoices: {
    select: 'x.*, s.gname AS status_name, c.gname AS payer_client_name, p.number AS project_number',
    from: `invoices x ${dict('s', 'x.status_id')} LEFT JOIN clients c ON c.id = x.payer_client_id
      LEFT JOIN projects p ON p.id = x.project_id`,
    where: () => 's.code IS DISTINCT FROM 3',
    order: 'x.date DESC, x.id DESC',
  },
  preInvoices: {
    select: 'x.*, s.gname AS status_name, p.number AS project_number',
    from: `pre_invoices x ${dict('s', 'x.status_id')} LEFT JOIN projects p ON p.id = x.project_id`,
    where: () => 'TRUE',
    order: 'x.date DESC, x.id DESC',
  },
  expenses: {
    select: 'x.*, b.gname AS billing_status, m.number AS matter_number',
    from: `expenses x ${dict('b', 'x.billing_status_id')} LEFT JOIN matters m ON m.id = x.payer_matter_id`,
    where: (r) =>
      `b.code IS DISTINCT FROM 5 AND ${open('x')}${
        r
          ? ` AND (${matterListSql('x.payer_matter_id', '$1', '$2')}
              OR EXISTS (SELECT 1 FROM expense_payers ep WHERE ep.expense_id = x.id AND ep.payer_position_id = ANY($1::bigint[]))
              OR x.created_by = $2)`
          : ''
      }`,
    params: positionsAndUser,
    order: 'x.date DESC, x.id DESC',
  },
  clients: {
    select: 'x.*, co.gname AS country_name',
    from: `clients x ${dict('co', 'x.country_id')}`,
    where: () => open('x'),
    order: 'x.last_modified_date DESC, x.id DESC',
  },
  contacts: {
    select: 'x.*',
    from: 'contacts x',
    where: () => 'TRUE',
    order: 'x.last_modified_date DESC, x.id DESC',
  },
};

/** Whether the user's reads of these collections carry a row rule (not for admins and billing managers). */
const restricted = (u: AuthUser) => !isAdminOrBillingManager(u.roles);

/**
 * Registers `GET /core/api/bench/screens/<collection>` for each of {@link TWINS}.
 * `page` (0-based) and `size` (default 20, at most 1000) as the generic list reads them.
 */
export function registerTwins(app: FastifyInstance, db: Database): void {
  for (const [name, sql] of Object.entries(TWINS)) {
    app.get(`/core/api/bench/screens/${name}`, async (request: FastifyRequest) => {
      const user = requireUser(request);
      const query = request.query as Record<string, string | undefined>;
      const page = int(query.page, 0);
      const size = Math.min(int(query.size, 20), 1000);
      const r = restricted(user);
      const where = sql.where(r);
      const bound = r && sql.params ? sql.params(user) : [];
      const n = bound.length;
      const [rows, total] = await Promise.all([
        db.query<Record<string, unknown>>(
          `SELECT ${sql.select} FROM ${sql.from} WHERE ${where} ORDER BY ${sql.order} LIMIT $${n + 1} OFFSET $${n + 2}`,
          [...bound, size, page * size],
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql.from} WHERE ${where}`, bound),
      ]);
      return { rows, ids: rows.map((row) => Number(row.id)), total: Number(total[0]?.n ?? 0) };
    });
  }
}
