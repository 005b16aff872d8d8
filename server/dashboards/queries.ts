import { currentApproverSql } from '../approvals/sql';
import { Params } from '../rest/model';
import { factFilters, factsSql } from './facts';
import type { ParamDef, ParamValue } from './params';
import { readableSql, scopeSql, type DashboardScope } from './scope';

/**
 * The analytics queries (DASH-03): named, typed, parameterised SQL declared here, never sent by a
 * client. Each has a fixed numeric id (what a dashboard tab lists and `POST
 * /analytics/api/queries/{id}/results` names) and a name (the same route accepts it). Money is
 * returned per currency as exact decimal strings, never summed across currencies.
 */

/** A column of a result, as Redash describes it. */
export interface ResultColumn {
  name: string;
  friendly_name: string;
  type: 'string' | 'integer' | 'decimal' | 'date';
}

/** What a query's `sql` gets: the checked values, the reader's scope, the statement's parameters. */
export interface QueryArgs {
  values: Record<string, ParamValue>;
  scope: DashboardScope;
  params: Params;
}

/** One declared analytics query. */
export interface AnalyticsQuery {
  id: number;
  name: string;
  description: string;
  parameters: readonly ParamDef[];
  columns: readonly ResultColumn[];
  /** The statement; every value goes through `args.params`. */
  sql(args: QueryArgs): string;
  /**
   * Who may run it at all (the home page's cards, docs/areas/dashboards.md "Home page"): the
   * reason a reader of `scope` is refused (answered 403), or null. Absent: every signed-in user,
   * their rows settled by the scope.
   */
  refuses?(scope: DashboardScope): string | null;
}

/**
 * The joins an invoice `i` needs for its open balance per currency and its scope: `di.currency`
 * (its currency's code), `di.office_id` (its transit account's office, else its relationship
 * manager's), `di.employee_id` (the relationship manager's employee), and `pd.paid` (what its live
 * payments add up to, null when none). Used by overdue receivables and the home page's open invoices.
 */
export const INVOICE_CURRENCY_OFFICE_PAID = `LEFT JOIN LATERAL (SELECT ic.code AS currency, COALESCE(ioa.office_id, ibrm.office_id) AS office_id, ibrm.employee_id
                                   FROM currencies ic
                                   LEFT JOIN office_transit_accounts iota ON iota.id = i.office_transit_account_id
                                   LEFT JOIN office_accounts ioa ON ioa.id = iota.office_account_id
                                   LEFT JOIN projects ipr ON ipr.id = i.project_id
                                   LEFT JOIN positions ibrm ON ibrm.id = COALESCE(i.brm_position_id, ipr.business_relationship_manager_position_id)
                                  WHERE ic.id = i.currency_id) di ON TRUE
              LEFT JOIN LATERAL (SELECT sum(p.amount) AS paid FROM payment_histories p
                                  WHERE p.invoice_id = i.id AND p.reversed_at IS NULL) pd ON TRUE`;

const col = (name: string, type: ResultColumn['type'], friendly = name): ResultColumn => ({
  name,
  friendly_name: friendly,
  type,
});

/** The period of a chart (DASH-12): `date_gte`/`date_lte`, also sent as `start_date`/`end_date`. */
const PERIOD: ParamDef[] = [
  { name: 'date_gte', type: 'date' },
  { name: 'date_lte', type: 'date' },
];

/** The filters of the money charts (DASH-13, DASH-14). */
const FILTERS: ParamDef[] = [
  { name: 'office_id', type: 'id' },
  { name: 'department_id', type: 'id' },
  { name: 'eid', type: 'id' },
  { name: 'object_type', type: 'enum', values: ['office', 'client', 'sector', 'country'] },
  { name: 'object_id', type: 'id' },
];

const where = (conditions: string[]): string => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');

/**
 * The dimensions the realisation query groups by: the group's id over the facts `f`, and its name
 * over the group id `g.group_id` (looked up once per group, after the sums).
 */
const DIMENSIONS: Record<string, { key: string; name: string }> = {
  office: { key: 'f.office_id', name: `(SELECT o.gfirm_name FROM offices o WHERE o.id = g.group_id)` },
  client: { key: 'f.client_id', name: `(SELECT c.gname FROM clients c WHERE c.id = g.group_id)` },
  sector: {
    key: '(SELECT c.sector_id FROM clients c WHERE c.id = f.client_id)',
    name: `(SELECT d.gname FROM departments d WHERE d.id = g.group_id)`,
  },
  service: { key: 'f.service_id', name: `(SELECT d.gname FROM departments d WHERE d.id = g.group_id)` },
  lawyer: {
    key: 'f.employee_id',
    name: `(SELECT concat_ws(' ', e.gfirst_name, e.glast_name) FROM employees e WHERE e.id = g.group_id)`,
  },
};

/** Income by month (DASH-16): payments of the period by payment month, rounded to 0 decimals, with a total per currency. */
const incomeByMonth: AnalyticsQuery = {
  id: 1,
  name: 'income_by_month',
  description:
    'Money collected (payments not reversed, by payment date) per month and currency, rounded to whole units; the row with month null is the total of the currency (the exact sum, rounded).',
  parameters: [...PERIOD, ...FILTERS],
  columns: [col('month', 'string'), col('currency', 'string'), col('income', 'decimal')],
  sql: ({ values, scope, params }) => {
    const facts = factsSql(['collected'], scope, params, values.date_gte, values.date_lte);
    return `SELECT to_char(date_trunc('month', f.day), 'YYYY-MM') AS month, f.currency,
                   round(sum(f.amount), 0)::text AS income
              FROM ${facts} f ${where(factFilters(values, params))}
             GROUP BY GROUPING SETS ((f.currency, date_trunc('month', f.day)), (f.currency))
             ORDER BY f.currency, month NULLS LAST`;
  },
};

/** Realisation (worked -> billed -> collected -> written off) per office, sector, service, client or lawyer. */
const realisation: AnalyticsQuery = {
  id: 2,
  name: 'realisation',
  description:
    'Worked (time value), billed (invoices approved or paid), collected (payments of the period) and written off (manually closed pre-invoices), per the group and currency, exact to the cent.',
  parameters: [
    ...PERIOD,
    ...FILTERS,
    { name: 'group_by', type: 'enum', values: Object.keys(DIMENSIONS), default: 'office' },
  ],
  columns: [
    col('group_id', 'integer'),
    col('group_name', 'string'),
    col('currency', 'string'),
    col('worked', 'decimal'),
    col('billed', 'decimal'),
    col('collected', 'decimal'),
    col('written_off', 'decimal'),
  ],
  sql: ({ values, scope, params }) => {
    const dim = DIMENSIONS[String(values.group_by)]!;
    const facts = factsSql(
      ['worked', 'billed', 'collected', 'written_off'],
      scope,
      params,
      values.date_gte,
      values.date_lte,
    );
    const sum = (kind: string) => `COALESCE(sum(f.amount) FILTER (WHERE f.kind = '${kind}'), 0)::numeric(19,2)::text`;
    return `SELECT g.group_id, ${dim.name} AS group_name, g.currency, g.worked, g.billed, g.collected, g.written_off
              FROM (SELECT ${dim.key} AS group_id, f.currency,
                           ${sum('worked')} AS worked, ${sum('billed')} AS billed,
                           ${sum('collected')} AS collected, ${sum('written_off')} AS written_off
                      FROM ${facts} f ${where(factFilters(values, params))}
                     GROUP BY 1, 2) g
             ORDER BY g.currency, group_name NULLS LAST, g.group_id`;
  },
};

/** Top clients by money collected in the period. */
const topClients: AnalyticsQuery = {
  id: 3,
  name: 'top_clients',
  description: 'The clients that paid the most in the period, per currency (payments by payment date).',
  parameters: [...PERIOD, ...FILTERS, { name: 'limit', type: 'number', min: 1, max: 100, default: 10 }],
  columns: [
    col('client_id', 'integer'),
    col('client', 'string'),
    col('currency', 'string'),
    col('collected', 'decimal'),
  ],
  sql: ({ values, scope, params }) => {
    const facts = factsSql(['collected'], scope, params, values.date_gte, values.date_lte);
    return `SELECT r.client_id, r.client, r.currency, r.collected::text AS collected FROM (
              SELECT f.client_id, (SELECT c.gname FROM clients c WHERE c.id = f.client_id) AS client, f.currency,
                     sum(f.amount)::numeric(19,2) AS collected,
                     row_number() OVER (PARTITION BY f.currency ORDER BY sum(f.amount) DESC, f.client_id) AS n
                FROM ${facts} f ${where(factFilters(values, params))}
               GROUP BY f.client_id, f.currency) r
             WHERE r.n <= ${params.add(Math.trunc(Number(values.limit)))}
             ORDER BY r.currency, r.n`;
  },
};

/** Money collected by the paying client's country. */
const byCountry: AnalyticsQuery = {
  id: 4,
  name: 'by_country',
  description: "Money collected in the period per the paying client's country and currency.",
  parameters: [...PERIOD, ...FILTERS],
  columns: [
    col('country_id', 'integer'),
    col('country', 'string'),
    col('currency', 'string'),
    col('collected', 'decimal'),
  ],
  sql: ({ values, scope, params }) => {
    const facts = factsSql(['collected'], scope, params, values.date_gte, values.date_lte);
    return `SELECT c.country_id, min(cn.gname) AS country, f.currency, sum(f.amount)::numeric(19,2)::text AS collected
              FROM ${facts} f
              LEFT JOIN clients c ON c.id = f.client_id
              LEFT JOIN base_dictionaries cn ON cn.id = c.country_id
              ${where(factFilters(values, params))}
             GROUP BY c.country_id, f.currency
             ORDER BY f.currency, sum(f.amount) DESC, c.country_id`;
  },
};

/** A lawyer's hours (time entries) this week and this month: the reader's own (home page). */
const myHours: AnalyticsQuery = {
  id: 5,
  name: 'my_hours',
  description:
    "The reader's own time entries (work type 1, live) this ISO week and this calendar month, in hours to 2 decimals; billable hours apart.",
  parameters: [],
  columns: [col('period', 'string'), col('hours', 'decimal'), col('billable_hours', 'decimal')],
  sql: ({ scope, params }) => {
    const me = `${params.add(scope.employeeId)}::bigint`;
    const readable = readableSql(scope, 'times', 't', params);
    // the period is [its start, the next one's start): an entry planned for next week is not this week's
    const sum = (from: string, billable: boolean) =>
      `COALESCE(round(sum(t.duration) FILTER (WHERE t.date_time >= ${from} AND t.date_time < ${from} + interval '1 ${from.includes("'week'") ? 'week' : 'month'}'${billable ? ' AND t.billable' : ''})::numeric / 3600000, 2), 0)::text`;
    return `SELECT x.period, x.hours, x.billable_hours FROM (
              SELECT 1 AS n, 'week' AS period, ${sum("date_trunc('week', now())", false)} AS hours, ${sum("date_trunc('week', now())", true)} AS billable_hours
                FROM times t JOIN base_dictionaries w ON w.id = t.work_type_id AND w.code = 1
               WHERE t.deleted_at IS NULL AND t.employee_id = ${me} AND t.date_time >= date_trunc('month', now()) - interval '7 days'
                 AND ${readable}
              UNION ALL
              SELECT 2, 'month', ${sum("date_trunc('month', now())", false)}, ${sum("date_trunc('month', now())", true)}
                FROM times t JOIN base_dictionaries w ON w.id = t.work_type_id AND w.code = 1
               WHERE t.deleted_at IS NULL AND t.employee_id = ${me} AND t.date_time >= date_trunc('month', now()) - interval '7 days'
                 AND ${readable}
            ) x ORDER BY x.n`;
  },
};

/** The reader's open tasks: their tasks (work types 2-5) from today on. */
const myOpenTasks: AnalyticsQuery = {
  id: 6,
  name: 'my_open_tasks',
  description: "The reader's own tasks (phone, meeting, e-mail, task) dated today or later, soonest first, at most 50.",
  parameters: [],
  columns: [col('id', 'integer'), col('date_time', 'date'), col('work_type', 'string'), col('description', 'string')],
  sql: ({ scope, params }) => `SELECT t.id, t.date_time, w.gname AS work_type, t.work_description AS description
      FROM times t JOIN base_dictionaries w ON w.id = t.work_type_id AND w.code <> 1
     WHERE t.deleted_at IS NULL AND t.employee_id = ${params.add(scope.employeeId)}::bigint
       AND t.date_time >= date_trunc('day', now()) AND ${readableSql(scope, 'times', 't', params)}
     ORDER BY t.date_time, t.id LIMIT 50`,
};

/** A billing manager's documents waiting for their decision. */
const waitingForMe: AnalyticsQuery = {
  id: 7,
  name: 'documents_waiting_for_me',
  description: "Approval chains whose current step waits for the reader's decision, by document type.",
  parameters: [],
  columns: [col('owner_type', 'string'), col('documents', 'integer')],
  sql: ({ scope, params }) => `SELECT v.owner_type, count(*)::int AS documents
      FROM verification_chains v
     WHERE COALESCE(${currentApproverSql('v')} = ${params.add(scope.employeeId)}::bigint, FALSE)
       AND ${readableSql(scope, 'verificationChains', 'v', params)}
     GROUP BY v.owner_type ORDER BY v.owner_type`,
};

/** Overdue receivables: invoices approved or partly paid whose open balance is older than `days`. */
const overdueReceivables: AnalyticsQuery = {
  id: 8,
  name: 'overdue_receivables',
  description:
    'Invoices Approved or Partly paid, dated more than `days` days ago (30 by default), with an open balance (total less payments not reversed), per currency, oldest first.',
  parameters: [
    { name: 'days', type: 'number', min: 0, max: 3650, default: 30 },
    { name: 'office_id', type: 'id' },
  ],
  columns: [
    col('invoice_id', 'integer'),
    col('number', 'string'),
    col('date', 'date'),
    col('client', 'string'),
    col('currency', 'string'),
    col('open_balance', 'decimal'),
  ],
  sql: ({ values, scope, params }) => {
    const office = values.office_id === undefined ? '' : ` AND di.office_id = ${params.add(values.office_id)}::bigint`;
    return `SELECT i.id AS invoice_id, i.number, i.date, c.gname AS client, di.currency,
                   (i.total_amount - COALESCE(pd.paid, 0))::numeric(19,2)::text AS open_balance
              FROM invoices i
              JOIN base_dictionaries ist ON ist.id = i.status_id AND ist.code IN (4, 6)
              LEFT JOIN clients c ON c.id = i.payer_client_id
              ${INVOICE_CURRENCY_OFFICE_PAID}
             WHERE i.date < current_date - ${params.add(Math.trunc(Number(values.days)))}::int
               AND i.total_amount - COALESCE(pd.paid, 0) > 0${office}
               AND ${scopeSql(scope, 'invoices', 'i', { office: 'di.office_id', employee: 'di.employee_id' }, params)}
             ORDER BY i.date, i.id LIMIT 200`;
  },
};

/** The earliest date the experience data reads (DASH-17). */
export const EXPERIENCE_FLOOR = '1990-01-01';

/** The firm's experience: matters opened per year and client country or sector, from 1990 on (DASH-17). */
const experience: AnalyticsQuery = {
  id: 9,
  name: 'experience',
  description:
    "Matters opened (matter date) per year and the group (the client's country or sector, the office of the responsible lawyer), counted; dates before 1990-01-01 are read as 1990-01-01.",
  parameters: [
    { name: 'date_gte', type: 'date', floor: EXPERIENCE_FLOOR, default: EXPERIENCE_FLOOR },
    { name: 'date_lte', type: 'date', floor: EXPERIENCE_FLOOR },
    { name: 'group_by', type: 'enum', values: ['country', 'sector', 'office'], default: 'country' },
    { name: 'object_id', type: 'id' },
  ],
  columns: [col('year', 'integer'), col('group_id', 'integer'), col('group_name', 'string'), col('matters', 'integer')],
  sql: ({ values, scope, params }) => {
    const group = {
      country: { key: 'c.country_id', name: '(SELECT b.gname FROM base_dictionaries b WHERE b.id = c.country_id)' },
      sector: { key: 'c.sector_id', name: '(SELECT d.gname FROM departments d WHERE d.id = c.sector_id)' },
      office: { key: 'rp.office_id', name: '(SELECT o.gfirm_name FROM offices o WHERE o.id = rp.office_id)' },
    }[String(values.group_by) as 'country' | 'sector' | 'office'];
    const conditions = [`m.date >= ${params.add(values.date_gte)}::date`];
    if (values.date_lte !== undefined) conditions.push(`m.date <= ${params.add(values.date_lte)}::date`);
    if (values.object_id !== undefined) conditions.push(`${group.key} = ${params.add(values.object_id)}::bigint`);
    conditions.push(scopeSql(scope, 'matters', 'm', { office: 'rp.office_id', employee: 'rp.employee_id' }, params));
    return `SELECT extract(year FROM m.date)::int AS year, ${group.key} AS group_id, min(${group.name}) AS group_name,
                   count(*)::int AS matters
              FROM matters m
              LEFT JOIN projects pr ON pr.id = m.project_id
              LEFT JOIN clients c ON c.id = pr.payer_client_id
              LEFT JOIN positions rp ON rp.id = m.responsible_position_id
             WHERE ${conditions.join(' AND ')}
             GROUP BY 1, 2 ORDER BY 1, 3 NULLS LAST, 2`;
  },
};

const declared: AnalyticsQuery[] = [
  incomeByMonth,
  realisation,
  topClients,
  byCountry,
  myHours,
  myOpenTasks,
  waitingForMe,
  overdueReceivables,
  experience,
];

const byKey = new Map<string, AnalyticsQuery>();

/**
 * Adds a query to the catalogue (the declared ones are added when this module loads).
 * @returns a function that removes it again (for a test's own query)
 * @throws Error when its id or name is taken
 */
export function registerAnalyticsQuery(query: AnalyticsQuery): () => void {
  if (byKey.has(String(query.id)) || byKey.has(query.name))
    throw new Error(`analytics query ${query.id} (${query.name}) is declared twice`);
  byKey.set(String(query.id), query);
  byKey.set(query.name, query);
  return () => {
    byKey.delete(String(query.id));
    byKey.delete(query.name);
  };
}

for (const query of declared) registerAnalyticsQuery(query);

/** The query a path names, by id (`2`) or name (`realisation`), or undefined. */
export const analyticsQuery = (key: string): AnalyticsQuery | undefined => byKey.get(key);

/** Every query of the catalogue, by id. */
export const analyticsQueries = (): AnalyticsQuery[] => [...new Set(byKey.values())].sort((a, b) => a.id - b.id);

/** A statement built for a reader: its SQL and values. */
export interface BuiltStatement {
  text: string;
  values: unknown[];
}

/** Builds the statement of `query` for `values` and `scope`. */
export function buildStatement(
  query: AnalyticsQuery,
  values: Record<string, ParamValue>,
  scope: DashboardScope,
): BuiltStatement {
  const params = new Params();
  const text = query.sql({ values, scope, params });
  return { text, values: params.values };
}
