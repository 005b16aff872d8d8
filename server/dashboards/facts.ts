import type { Params } from '../rest/model';
import type { ParamValue } from './params';
import { scopeSql, type DashboardScope } from './scope';

/**
 * The money facts the dashboards' money queries read (docs/areas/dashboards.md, "Realisation"):
 * one row per time entry, invoice, payment or written-off pre-invoice, each with its currency, day
 * and the dimensions a chart groups by. Every source is scoped inside its own `WHERE`
 * ({@link scopeSql}) before anything is summed.
 *
 * | kind        | rows                                                                 | day            | amount                                  |
 * | ----------- | -------------------------------------------------------------------- | -------------- | --------------------------------------- |
 * | `worked`    | live billable time entries (work type 1) on rate-based matters        | the entry's    | hours x the matter rate of the title    |
 * | `billed`    | invoices Approved, Paid or Partly paid (codes 4, 5, 6)                | invoice date   | `total_amount`                          |
 * | `collected` | payments not reversed                                                 | payment date   | `amount`, in its document's currency    |
 * | `written_off` | pre-invoices with a manually closed amount                          | pre-invoice date | `manual_closed_amount`                |
 */

/** The columns of a fact row. */
export const FACT_COLUMNS = [
  'kind',
  'day',
  'currency',
  'amount',
  'office_id',
  'client_id',
  'employee_id',
  'service_id',
] as const;

/** Attributes of an invoice whose id is `id`: currency, office, payer, manager, service. */
const invoiceDoc = (
  id: string,
): string => `SELECT ic.code AS currency, COALESCE(ioa.office_id, ibrm.office_id) AS office_id,
    i2.payer_client_id AS client_id, ibrm.employee_id,
    (SELECT CASE WHEN count(DISTINCT m.service_department_id) = 1 AND count(*) = count(m.service_department_id)
                 THEN min(m.service_department_id) END
       FROM invoices_matter_list l JOIN matters m ON m.id = l.target_id WHERE l.owner_id = i2.id) AS service_id
   FROM invoices i2
   LEFT JOIN currencies ic ON ic.id = i2.currency_id
   LEFT JOIN office_transit_accounts iota ON iota.id = i2.office_transit_account_id
   LEFT JOIN office_accounts ioa ON ioa.id = iota.office_account_id
   LEFT JOIN projects ipr ON ipr.id = i2.project_id
   LEFT JOIN positions ibrm ON ibrm.id = COALESCE(i2.brm_position_id, ipr.business_relationship_manager_position_id)
  WHERE i2.id = ${id}`;

/** Attributes of a pre-invoice whose id is `id`. */
const preInvoiceDoc = (
  id: string,
): string => `SELECT pc.code AS currency, COALESCE(poa.office_id, pbrm.office_id) AS office_id,
    pi2.payer_client_id AS client_id, pbrm.employee_id, pm.service_department_id AS service_id
   FROM pre_invoices pi2
   LEFT JOIN currencies pc ON pc.id = pi2.currency_id
   LEFT JOIN office_transit_accounts pota ON pota.id = pi2.office_transit_account_id
   LEFT JOIN office_accounts poa ON poa.id = pota.office_account_id
   LEFT JOIN projects ppr ON ppr.id = pi2.project_id
   LEFT JOIN positions pbrm ON pbrm.id = ppr.business_relationship_manager_position_id
   LEFT JOIN matters pm ON pm.id = pi2.matter_id
  WHERE pi2.id = ${id}`;

/**
 * The fact rows of `kinds` dated within `[from, to]` (either open), scoped to `scope`, as one
 * SQL sub-select with the columns {@link FACT_COLUMNS}. Values are bound through `params`.
 */
export function factsSql(
  kinds: ReadonlyArray<'worked' | 'billed' | 'collected' | 'written_off'>,
  scope: DashboardScope,
  params: Params,
  from: ParamValue | undefined,
  to: ParamValue | undefined,
): string {
  const within = (day: string) =>
    [
      from === undefined ? '' : ` AND ${day} >= ${params.add(from)}::date`,
      to === undefined ? '' : ` AND ${day} <= ${params.add(to)}::date`,
    ].join('');
  const parts: string[] = [];
  if (kinds.includes('worked')) {
    // Written for plans that hold without table statistics (PGlite has no autovacuum): the time
    // entries are the only scan; their matter, position and rate are looked up by key per row
    // (OFFSET 0 keeps each lookup a per-row probe instead of a join the planner may misjudge), and
    // entries of one matter, person and day are summed before their rate is looked up.
    const day = `(t.date_time AT TIME ZONE 'UTC')::date`;
    parts.push(`SELECT 'worked'::text AS kind, x.day, x.currency,
        round(x.duration::numeric / 3600000 * COALESCE(r.rate, 0), 4) AS amount,
        x.office_id, x.client_id, x.employee_id, x.service_id
       FROM (SELECT t.matter_id, ${day} AS day, COALESCE(tp.employee_id, t.employee_id) AS who, m.currency,
                    tp.office_id, COALESCE(t.client_id, m.payer_client_id) AS client_id, t.employee_id,
                    m.service_id, sum(t.duration) AS duration
               FROM times t
               JOIN LATERAL (SELECT tm.service_department_id AS service_id, tpr.payer_client_id,
                                    (SELECT tc.code FROM currencies tc WHERE tc.id = COALESCE(tm.currency_id, tpr.invoice_currency_id)) AS currency
                               FROM matters tm
                               LEFT JOIN projects tpr ON tpr.id = tm.project_id
                              WHERE tm.id = t.matter_id
                                AND (SELECT b.code FROM base_dictionaries b WHERE b.id = tm.bill_type_id) = 2
                             OFFSET 0) m ON TRUE
               LEFT JOIN LATERAL (SELECT p.office_id, p.employee_id FROM positions p WHERE p.id = t.executor_position_id OFFSET 0) tp ON TRUE
              WHERE t.billable AND (SELECT w.code FROM base_dictionaries w WHERE w.id = t.work_type_id) = 1${within(day)}
                AND ${scopeSql(scope, 'times', 't', { office: 'tp.office_id', employee: 't.employee_id' }, params)}
              GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) x
       LEFT JOIN LATERAL (
         SELECT mr.rate FROM matter_rates mr
          WHERE mr.matter_id = x.matter_id AND mr.rate IS NOT NULL
            AND mr.title_id = (SELECT et.title_id FROM employee_titles et
                                WHERE et.employee_id = x.who AND et.title_id IS NOT NULL
                                  AND et.date_gte <= x.day AND (et.date_lte IS NULL OR et.date_lte >= x.day)
                                ORDER BY et.date_gte DESC, et.id LIMIT 1)
            AND (mr.date_gte IS NULL OR mr.date_gte <= x.day) AND (mr.date_lte IS NULL OR mr.date_lte >= x.day)
          ORDER BY mr.date_gte DESC NULLS LAST, mr.id LIMIT 1) r ON TRUE`);
  }
  if (kinds.includes('billed'))
    parts.push(`SELECT 'billed'::text, i.date, di.currency, i.total_amount, di.office_id, di.client_id, di.employee_id, di.service_id
       FROM invoices i
       JOIN base_dictionaries ist ON ist.id = i.status_id AND ist.code IN (4, 5, 6)
       LEFT JOIN LATERAL (${invoiceDoc('i.id')}) di ON TRUE
      WHERE i.total_amount IS NOT NULL${within('i.date')}
        AND ${scopeSql(scope, 'invoices', 'i', { office: 'di.office_id', employee: 'di.employee_id' }, params)}`);
  if (kinds.includes('collected')) {
    const col = (c: string) => `CASE WHEN p.invoice_id IS NOT NULL THEN di.${c} ELSE dp.${c} END`;
    parts.push(`SELECT 'collected'::text, p.payment_date, ${col('currency')}, p.amount, ${col('office_id')},
        ${col('client_id')}, ${col('employee_id')}, ${col('service_id')}
       FROM payment_histories p
       LEFT JOIN LATERAL (${invoiceDoc('p.invoice_id')}) di ON TRUE
       LEFT JOIN LATERAL (${preInvoiceDoc('p.pre_invoice_id')}) dp ON TRUE
      WHERE p.reversed_at IS NULL AND p.amount IS NOT NULL${within('p.payment_date')}
        AND ${scopeSql(scope, 'paymentHistories', 'p', { office: col('office_id'), employee: col('employee_id') }, params)}`);
  }
  if (kinds.includes('written_off'))
    parts.push(`SELECT 'written_off'::text, pi.date, dw.currency, pi.manual_closed_amount, dw.office_id, dw.client_id,
        dw.employee_id, dw.service_id
       FROM pre_invoices pi
       LEFT JOIN LATERAL (${preInvoiceDoc('pi.id')}) dw ON TRUE
      WHERE pi.manual_closed_amount > 0${within('pi.date')}
        AND ${scopeSql(scope, 'preInvoices', 'pi', { office: 'dw.office_id', employee: 'dw.employee_id' }, params)}`);
  return `(SELECT * FROM (${parts.map((p) => `(${p})`).join('\n UNION ALL\n')}) u(${FACT_COLUMNS.join(', ')}))`;
}

/**
 * The filters every money query takes (DASH-13, DASH-14) over the facts aliased `f`: `office_id`,
 * `department_id` (the service department of the matter), `eid` (the employee the figure belongs
 * to) and `object_type` + `object_id` (an office, client, sector or country).
 * @returns SQL conditions to AND, possibly empty
 */
export function factFilters(values: Record<string, ParamValue>, params: Params): string[] {
  const out: string[] = [];
  if (values.office_id !== undefined) out.push(`f.office_id = ${params.add(values.office_id)}::bigint`);
  if (values.department_id !== undefined) out.push(`f.service_id = ${params.add(values.department_id)}::bigint`);
  if (values.eid !== undefined) out.push(`f.employee_id = ${params.add(values.eid)}::bigint`);
  if (values.object_id !== undefined) {
    const id = `${params.add(values.object_id)}::bigint`;
    switch (values.object_type ?? 'office') {
      case 'office':
        out.push(`f.office_id = ${id}`);
        break;
      case 'client':
        out.push(`f.client_id = ${id}`);
        break;
      case 'sector':
        out.push(`EXISTS (SELECT 1 FROM clients fc WHERE fc.id = f.client_id AND fc.sector_id = ${id})`);
        break;
      case 'country':
        out.push(`EXISTS (SELECT 1 FROM clients fc WHERE fc.id = f.client_id AND fc.country_id = ${id})`);
        break;
    }
  }
  return out;
}
