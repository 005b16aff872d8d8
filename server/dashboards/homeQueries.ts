import { HOME_CARD_RULES, type HomeCardId } from '../../schemas/homeCards';
import { currentApproverSql, waitingSinceSql } from '../approvals/sql';
import type { ParamDef } from './params';
import {
  INVOICE_CURRENCY_OFFICE_PAID,
  registerAnalyticsQuery,
  type AnalyticsQuery,
  type ResultColumn,
} from './queries';
import { readableSql, scopeSql, type DashboardScope } from './scope';

/**
 * The home page's own queries (docs/areas/dashboards.md, "Home page"), beside the catalogue of
 * `queries.ts` and registered the same way. Each is refused (403) to a reader whose role does not
 * see its card (`schemas/homeCards.ts`, the rule the SPA reads too); the rows are scoped as every
 * analytics query is (`scope.ts`).
 */

const col = (name: string, type: ResultColumn['type']): ResultColumn => ({ name, friendly_name: name, type });

/** The reader as the card rules read them. */
const readerOf = (scope: DashboardScope) => ({
  roles: scope.user.roles,
  privileges: scope.user.privileges,
  employeeId: scope.employeeId,
});

/** The refusal of a reader who does not see any of `cards`, or null. */
const unlessCard =
  (cards: HomeCardId[], levels?: DashboardScope['level'][]) =>
  (scope: DashboardScope): string | null => {
    const reader = readerOf(scope);
    const sees = cards.some(
      (card) => HOME_CARD_RULES[card](reader) && (card !== 'office-month' || !levels || levels.includes(scope.level)),
    );
    return sees ? null : `This query belongs to the home page of another role: ${cards.join(' or ')} is not yours`;
  };

const PERIOD: ParamDef[] = [
  { name: 'date_gte', type: 'date' },
  { name: 'date_lte', type: 'date' },
];

/** The documents whose approval waits for the reader, one row each, oldest wait first (at most 100). */
const waitingDocuments: AnalyticsQuery = {
  id: 10,
  name: 'my_waiting_documents',
  description:
    "Each document whose approval chain waits for the reader's decision: its type, id, number (invoices and pre-invoices) and since when, oldest first, at most 100.",
  parameters: [],
  columns: [
    col('chain_id', 'integer'),
    col('owner_type', 'string'),
    col('owner_id', 'integer'),
    col('number', 'string'),
    col('description', 'string'),
    col('waiting_since', 'date'),
  ],
  refuses: unlessCard(['waiting-documents']),
  sql: ({ scope, params }) => `SELECT v.id AS chain_id, v.owner_type, v.owner_id,
           CASE v.owner_type
             WHEN 'INVOICE' THEN (SELECT i.number FROM invoices i WHERE i.id = v.owner_id)
             WHEN 'PRE_INVOICE' THEN (SELECT pi.number FROM pre_invoices pi WHERE pi.id = v.owner_id)
             WHEN 'MATTER' THEN (SELECT m.number FROM matters m WHERE m.id = v.owner_id)
           END AS number,
           v.description, ${waitingSinceSql('v')} AS waiting_since
      FROM verification_chains v
     WHERE COALESCE(${currentApproverSql('v')} = ${params.add(scope.employeeId)}::bigint, FALSE)
       AND ${readableSql(scope, 'verificationChains', 'v', params)}
     ORDER BY waiting_since, v.id LIMIT 100`,
};

/** Hours logged in the reader's offices (time entries of work type 1, by the executor's office). */
const officeHours: AnalyticsQuery = {
  id: 11,
  name: 'office_hours',
  description:
    "Hours (and billable hours) of the live time entries (work type 1) of the period in the reader's scope - a partner's offices, a top manager's firm - by the office of the executor's position; `office_id` narrows to one office. To 2 decimals.",
  parameters: [...PERIOD, { name: 'office_id', type: 'id' }],
  columns: [col('hours', 'decimal'), col('billable_hours', 'decimal')],
  refuses: unlessCard(['office-month'], ['office', 'firm']),
  sql: ({ values, scope, params }) => {
    const day = `(t.date_time AT TIME ZONE 'UTC')::date`;
    const conditions = [
      't.deleted_at IS NULL',
      `(SELECT w.code FROM base_dictionaries w WHERE w.id = t.work_type_id) = 1`,
    ];
    if (values.date_gte !== undefined) conditions.push(`${day} >= ${params.add(values.date_gte)}::date`);
    if (values.date_lte !== undefined) conditions.push(`${day} <= ${params.add(values.date_lte)}::date`);
    if (values.office_id !== undefined) conditions.push(`tp.office_id = ${params.add(values.office_id)}::bigint`);
    conditions.push(scopeSql(scope, 'times', 't', { office: 'tp.office_id', employee: 't.employee_id' }, params));
    return `SELECT COALESCE(round(sum(t.duration)::numeric / 3600000, 2), 0)::numeric(19,2)::text AS hours,
                   COALESCE(round((sum(t.duration) FILTER (WHERE t.billable))::numeric / 3600000, 2), 0)::numeric(19,2)::text AS billable_hours
              FROM times t
              LEFT JOIN LATERAL (SELECT p.office_id FROM positions p WHERE p.id = t.executor_position_id) tp ON TRUE
             WHERE ${conditions.join(' AND ')}`;
  },
};

/**
 * Open invoices (Approved or Partly paid with an open balance) per currency: how many and their
 * open balance; `days` keeps those dated more than that many days ago (the overdue ones).
 */
const openInvoices: AnalyticsQuery = {
  id: 12,
  name: 'open_invoices',
  description:
    'Invoices Approved or Partly paid with an open balance (total less payments not reversed), per currency: their count and open balance, exact; `days` keeps those dated more than that many days ago (as `overdue_receivables`), `office_id` one office. Never summed across currencies.',
  parameters: [
    { name: 'days', type: 'number', min: 0, max: 3650 },
    { name: 'office_id', type: 'id' },
  ],
  columns: [col('currency', 'string'), col('invoices', 'integer'), col('open_balance', 'decimal')],
  refuses: unlessCard(['office-month', 'overdue-receivables'], ['office', 'firm']),
  sql: ({ values, scope, params }) => {
    const office = values.office_id === undefined ? '' : ` AND di.office_id = ${params.add(values.office_id)}::bigint`;
    // as overdue_receivables: "older than `days`" is dated before today less `days`
    const older =
      values.days === undefined
        ? ''
        : ` AND i.date < current_date - ${params.add(Math.trunc(Number(values.days)))}::int`;
    return `SELECT di.currency, count(*)::int AS invoices,
                   sum(i.total_amount - COALESCE(pd.paid, 0))::numeric(19,2)::text AS open_balance
              FROM invoices i
              JOIN base_dictionaries ist ON ist.id = i.status_id AND ist.code IN (4, 6)
              ${INVOICE_CURRENCY_OFFICE_PAID}
             WHERE i.total_amount - COALESCE(pd.paid, 0) > 0${older}${office}
               AND ${scopeSql(scope, 'invoices', 'i', { office: 'di.office_id', employee: 'di.employee_id' }, params)}
             GROUP BY di.currency ORDER BY di.currency`;
  },
};

/** The home page's queries (ids 10-12). */
export const homeQueries: readonly AnalyticsQuery[] = [waitingDocuments, officeHours, openInvoices];

for (const query of homeQueries) registerAnalyticsQuery(query);
