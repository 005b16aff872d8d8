/**
 * The hand-written baseline of the benchmark's invoice case, on the app under test (same Fastify
 * instance, same auth hook):
 *
 * - `GET /core/api/bench/raw/invoices?payerClientId=|projectId=&page=&size=` answers the same HAL
 *   page as `GET /core/api/invoices?payerClient.id=<id>|project.id=<id>&status.code.ne=3&projection=invoiceList&sort=date,desc`
 *   (the list screen's default: cancelled invoices hidden, newest first) with one JOINed SQL for
 *   the rows and one exact count;
 * - `GET /core/api/bench/raw/invoices/totalAmount?payerClientId=|projectId=` answers
 *   `{ totalAmount, totalAmountUsd, byCurrency }` as `GET /core/api/invoices/totalAmount` with the
 *   same filters, with one `sum` of each per currency (exact decimals, as the generic route sums
 *   money; per currency, MC-4).
 *
 * The access condition is written by hand as the invoices' row filter reads
 * (schemas/billing/invoiceRules.ts `invoiceAccess`): admins and billing managers see every
 * invoice; anyone else the invoices whose project is on their access list, that bill one of the
 * matters on their access list, or that they created. Embedded records follow what the user may
 * read: the project through the projects' access list, the payer client with the `client`
 * privilege (else `{ id }`); every signed-in user reads currencies, and an invoice's approval
 * chain is read by whoever reads the invoice (checked equal before driving).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAdminOrBillingManager } from '../../schemas/access';
import { CURRENCY_GROUP, totalsByCurrency } from '../../schemas/currencyTotals';
import { toMoney } from '../../schemas/money';
import type { AuthUser } from '../../server/auth/types';
import type { Database } from '../../server/db/database';
import { requireUser } from '../../server/rest/routes';
import { halPage, int } from './raw';
import { matterListSql, projectListSql } from './rawTimes';

const isAdmin = (u: AuthUser) => isAdminOrBillingManager(u.roles);

/**
 * `AND (...)` of the hand-written row filter over the invoice `i`: the employee's position ids
 * are parameter `$n` (an array), the user name `$n+1`; empty for admins and billing managers.
 */
const accessSql = (u: AuthUser, n: number): string =>
  isAdmin(u)
    ? ''
    : ` AND (${projectListSql('i.project_id', `$${n}`, `$${n + 1}`)}
          OR EXISTS (SELECT 1 FROM invoices_matter_list iml
                      WHERE iml.owner_id = i.id AND ${matterListSql('iml.target_id', `$${n}`, `$${n + 1}`)})
          OR i.created_by = $${n + 1})`;

/** The parameters after the filter's id: none for admins, else position ids and user name. */
const accessParams = (u: AuthUser): unknown[] => (isAdmin(u) ? [] : [u.positions.map((p) => p.id), u.username]);

/** Which embedded records the user reads (privileges by module; the project's own access list below). */
const reads = (u: AuthUser, module: string): boolean => isAdmin(u) || u.privileges.get(module)?.view === true;

type Filter = { column: 'payer_client_id' | 'project_id'; id: number };

const pageSql = (u: AuthUser): string => `SELECT i.id, i.version, i.created_date, i.last_modified_date, i.created_by,
  i.last_modified_by, i.number, i.number_suffix, to_char(i.date, 'YYYY-MM-DD') AS date,
  to_char(i.period_gte, 'YYYY-MM-DD') AS period_gte, to_char(i.period_lte, 'YYYY-MM-DD') AS period_lte,
  i.project_id, i.payer_client_id, i.currency_id, i.total_amount::text AS total_amount,
  i.total_amount_usd::text AS total_amount_usd, i.signed, i.paid, i.verification_chain_id,
  CASE WHEN i.signed AND i.paid THEN 'Paid & Acted' WHEN i.signed THEN 'Acted & Not Paid'
       WHEN i.paid THEN 'Paid & Not Acted' END AS act_paid_state,
  p.id AS p_id, p.number AS p_number, p.description AS p_description,
  c.gname AS c_gname, cu.code AS cu_code, cu.gname AS cu_gname,
  st.id AS st_id, st.code AS st_code, st.gname AS st_gname, st.lname AS st_lname, st.char_code AS st_char_code,
  vd.id AS vd_id, vd.code AS vd_code, vd.gname AS vd_gname, vd.lname AS vd_lname, vd.char_code AS vd_char_code
  FROM invoices i
  JOIN base_dictionaries st ON st.id = i.status_id
  LEFT JOIN projects p ON p.id = i.project_id${isAdmin(u) ? '' : ` AND ${projectListSql('p.id', '$2', '$3')}`}
  LEFT JOIN clients c ON c.id = i.payer_client_id
  LEFT JOIN currencies cu ON cu.id = i.currency_id
  LEFT JOIN verification_chains vc ON vc.id = i.verification_chain_id
  LEFT JOIN base_dictionaries vd ON vd.id = vc.decision_id`;

type Row = Record<string, unknown>;
const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v === null ? null : String(v));
const money = (v: unknown) => (v === null || v === undefined ? null : toMoney(v as string));
const self = (collection: string, id: unknown) => ({ self: { href: `/core/api/${collection}/${n(id)}` } });
const ref = (id: unknown) => (id == null ? null : { id: n(id) });
/** A dictionary entry selected with the column prefix `k` (`k_id`, `k_code`, ...), as embedded. */
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

/** A row of {@link pageSql} as the generic route writes it (same keys, same order). */
const wire = (u: AuthUser) => {
  const clients = reads(u, 'client');
  return (r: Row) => ({
    id: n(r.id),
    version: n(r.version),
    createdDate: iso(r.created_date),
    lastModifiedDate: iso(r.last_modified_date),
    createdBy: r.created_by,
    lastModifiedBy: r.last_modified_by,
    number: r.number,
    numberSuffix: r.number_suffix,
    date: r.date,
    periodGte: r.period_gte,
    periodLte: r.period_lte,
    project:
      r.p_id == null
        ? ref(r.project_id)
        : { id: n(r.p_id), number: r.p_number, description: r.p_description, _links: self('projects', r.p_id) },
    payerClient:
      r.payer_client_id == null
        ? null
        : clients
          ? { id: n(r.payer_client_id), gname: r.c_gname, _links: self('clients', r.payer_client_id) }
          : ref(r.payer_client_id),
    currency:
      r.currency_id == null
        ? null
        : { id: n(r.currency_id), code: r.cu_code, gname: r.cu_gname, _links: self('currencies', r.currency_id) },
    totalAmount: money(r.total_amount),
    totalAmountUsd: money(r.total_amount_usd),
    status: entry(r, 'st'),
    signed: r.signed,
    paid: r.paid,
    verificationChain:
      r.verification_chain_id == null
        ? null
        : {
            id: n(r.verification_chain_id),
            decision: entry(r, 'vd'),
            _links: self('verificationChains', r.verification_chain_id),
          },
    actPaidState: r.act_paid_state,
    _links: self('invoices', r.id),
  });
};

/** Registers the two raw routes of the invoice case on the app under test. */
export function registerRawInvoices(app: FastifyInstance, db: Database): void {
  const filterOf = (request: FastifyRequest): Filter | null => {
    const query = request.query as Record<string, string | undefined>;
    for (const [key, column] of [
      ['payerClientId', 'payer_client_id'],
      ['projectId', 'project_id'],
    ] as const) {
      const id = query[key];
      if (id && /^\d+$/.test(id)) return { column, id: Number(id) };
    }
    return null;
  };
  const where = (user: AuthUser, filter: Filter) =>
    `WHERE i.${filter.column} = $1 AND st.code <> 3${accessSql(user, 2)}`;

  app.get('/core/api/bench/raw/invoices', async (request: FastifyRequest, reply) => {
    const user = requireUser(request);
    const filter = filterOf(request);
    if (filter === null) return reply.code(400).send({ message: 'payerClientId or projectId is required' });
    const query = request.query as Record<string, string | undefined>;
    const page = int(query.page, 0);
    const size = Math.min(int(query.size, 20), 1000);
    const params = [filter.id, ...accessParams(user)];
    const [rows, total] = await Promise.all([
      db.query<Row>(
        `${pageSql(user)} ${where(user, filter)} ORDER BY i.date DESC, i.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, size, page * size],
      ),
      db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM invoices i JOIN base_dictionaries st ON st.id = i.status_id ${where(user, filter)}`,
        params,
      ),
    ]);
    const totalElements = Number(total[0]?.n ?? 0);
    return { _embedded: { invoices: rows.map(wire(user)) }, ...halPage(request.url, page, size, totalElements) };
  });

  app.get('/core/api/bench/raw/invoices/totalAmount', async (request: FastifyRequest, reply) => {
    const user = requireUser(request);
    const filter = filterOf(request);
    if (filter === null) return reply.code(400).send({ message: 'payerClientId or projectId is required' });
    const rows = await db.query<{ code: string | null; id: string | number | null; total: string; usd: string }>(
      `SELECT c.code, i.currency_id AS id, COALESCE(sum(i.total_amount), 0)::text AS total,
              COALESCE(sum(i.total_amount_usd), 0)::text AS usd
         FROM invoices i JOIN base_dictionaries st ON st.id = i.status_id
         LEFT JOIN currencies c ON c.id = i.currency_id ${where(user, filter)}
        GROUP BY 1, 2 ORDER BY 1 NULLS LAST, 2 NULLS LAST`,
      [filter.id, ...accessParams(user)],
    );
    return totalsByCurrency(
      rows.map((r) => ({
        group: { [CURRENCY_GROUP[0]]: r.code, [CURRENCY_GROUP[1]]: r.id === null ? null : Number(r.id) },
        values: { totalAmount: toMoney(r.total), totalAmountUsd: toMoney(r.usd) },
      })),
      ['totalAmount', 'totalAmountUsd'],
    );
  });
}
