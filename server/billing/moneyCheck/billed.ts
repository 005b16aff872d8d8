import { INVOICED, INVOICE_CANCELLED } from '../invoiceRules';
import { PRE_ACTED, PRE_APPROVED, PRE_CLOSED } from '../preInvoiceRules';
import { notTrashed } from '../../trash/columns';
import { sqlInvariant } from './types';

/**
 * The billed-item invariants of the money check (MC-8): no item is billed twice, and
 * every billed item met the billing rule. SQL over the stored links (`times.invoice_id`,
 * `expenses.invoice_id`, `pre_invoices.invoice_id`) and billing statuses (BILLING_STATUS 4
 * "Invoiced"). A time entry or an expense has one invoice column, so "twice" is its link and
 * its status disagreeing, or the same work billed both as itself and through the pre-invoice
 * that charged it.
 */

/** BILLING_STATUS code of a row the SQL joins as `bs`. */
const billingCode = (alias: string) =>
  `(SELECT bs.code FROM base_dictionaries bs WHERE bs.id = ${alias}.billing_status_id)`;

/** The rows of `table` (times, expenses) whose link and billing status disagree, as problems. */
const linkVsStatus = (table: 'times' | 'expenses', collection: string, what: string) => `
  SELECT '${collection}' AS collection, x.id,
         CASE WHEN x.invoice_id IS NULL
              THEN '${what} ' || x.id || ' is marked Invoiced but no invoice holds it'
              ELSE '${what} ' || x.id || ' is held by invoice ' || COALESCE(i.number, x.invoice_id::text) || ' but its billing status is ' || COALESCE(bs.gname, 'none') END AS message,
         x.invoice_id AS "invoiceId"
    FROM ${table} x
    LEFT JOIN base_dictionaries bs ON bs.id = x.billing_status_id
    LEFT JOIN invoices i ON i.id = x.invoice_id
   WHERE ${notTrashed('x')}
     AND ((x.invoice_id IS NULL AND bs.code = ${INVOICED}) OR (x.invoice_id IS NOT NULL AND bs.code IS DISTINCT FROM ${INVOICED}))`;

export const BILLED_ONCE = 'billed-once';

/**
 * No item is billed twice: a time entry or expense held by an invoice is marked Invoiced (4) and one
 * marked Invoiced is held by an invoice; a pre-invoice an invoice charges is not charged along with
 * the time it stands for: the invoice holds no time entry of the pre-invoice's project (and matter,
 * when it names one) dated within the pre-invoice's hours (`hoursAmount`) month - approximated as
 * the month before the pre-invoice's date, the month the seed and the SPA bill it for (a time entry
 * holds no link to the pre-invoice standing for it).
 */
export const billedOnce = sqlInvariant({
  name: BILLED_ONCE,
  description:
    'No item is billed twice: a linked time entry or expense is marked Invoiced and one marked Invoiced is linked; an invoice does not charge both a pre-invoice and the time it stands for',
  countSql: `SELECT (SELECT count(*) FROM times x WHERE ${notTrashed('x')} AND (x.invoice_id IS NOT NULL OR ${billingCode('x')} = ${INVOICED}))
                  + (SELECT count(*) FROM expenses x WHERE ${notTrashed('x')} AND (x.invoice_id IS NOT NULL OR ${billingCode('x')} = ${INVOICED}))
                  + (SELECT count(*) FROM pre_invoices WHERE invoice_id IS NOT NULL) AS n`,
  sql: `${linkVsStatus('times', 'times', 'Time entry')}
  UNION ALL ${linkVsStatus('expenses', 'expenses', 'Expense')}
  UNION ALL
  SELECT 'preInvoices' AS collection, p.id,
         'Pre-invoice ' || COALESCE(p.number, p.id::text) || ' is charged by invoice ' || COALESCE(i.number, i.id::text)
           || ', which also holds ' || count(t.id) || ' time entries of its project in ' || to_char(p.date - interval '1 month', 'YYYY-MM') AS message,
         i.id AS "invoiceId"
    FROM pre_invoices p
    JOIN invoices i ON i.id = p.invoice_id
    JOIN times t ON t.invoice_id = i.id AND ${notTrashed('t')}
    JOIN matters m ON m.id = t.matter_id
   WHERE m.project_id = p.project_id AND (p.matter_id IS NULL OR p.matter_id = t.matter_id)
     AND date_trunc('month', t.date_time) = date_trunc('month', p.date - interval '1 month')
   GROUP BY p.id, p.number, i.id, i.number
  ORDER BY 1, 2`,
});

export const BILLING_RULE = 'billing-rule';

/**
 * Every billed item met the billing rule (docs/areas/billing.md, MC-3): a time entry an
 * invoice holds is of the invoice's project (and of one of its matters when the invoice names
 * matters), dated within its period and billable; an expense is of the project, dated within the
 * period and approved (its chain decided Approved, VERIFICATION_DECISION 2); a pre-invoice is of
 * the project and approved (Approved, Acted or Closed). Read on the stored rows, whose billed
 * fields lock once billed. Items of a cancelled invoice are left out.
 * Written apart from `server/billing/billable.ts` (the predicate the preview and the writes use) on
 * purpose: a check that ran the same predicate would agree with any mistake in it.
 */
export const billingRule = sqlInvariant({
  name: BILLING_RULE,
  description:
    'Every billed item met the billing rule: of the invoice project (and matters), within its period, billable, approved',
  countSql: `SELECT (SELECT count(*) FROM times x WHERE x.invoice_id IS NOT NULL AND ${notTrashed('x')})
                  + (SELECT count(*) FROM expenses x WHERE x.invoice_id IS NOT NULL AND ${notTrashed('x')})
                  + (SELECT count(*) FROM pre_invoices WHERE invoice_id IS NOT NULL) AS n`,
  sql: `WITH inv AS (
    SELECT i.id, i.number, i.project_id, i.period_gte, i.period_lte,
           ARRAY(SELECT ml.target_id FROM invoices_matter_list ml WHERE ml.owner_id = i.id) AS matters
      FROM invoices i LEFT JOIN base_dictionaries st ON st.id = i.status_id
     WHERE st.code IS DISTINCT FROM ${INVOICE_CANCELLED})
  SELECT 'times' AS collection, t.id,
         'Time entry ' || t.id || ' billed by invoice ' || COALESCE(inv.number, inv.id::text) || ': ' || concat_ws('; ',
           CASE WHEN m.project_id IS DISTINCT FROM inv.project_id THEN 'it is of another project (' || COALESCE(m.project_id::text, 'none') || ')' END,
           CASE WHEN cardinality(inv.matters) > 0 AND NOT (t.matter_id = ANY(inv.matters)) THEN 'its matter is not among the invoice''s matters' END,
           CASE WHEN t.date_time::date < inv.period_gte OR t.date_time::date > inv.period_lte THEN 'its date ' || to_char(t.date_time, 'YYYY-MM-DD') || ' is outside the period' END,
           CASE WHEN t.billable IS NOT TRUE THEN 'it is not billable' END) AS message,
         inv.id AS "invoiceId"
    FROM times t JOIN inv ON inv.id = t.invoice_id LEFT JOIN matters m ON m.id = t.matter_id
   WHERE ${notTrashed('t')} AND (m.project_id IS DISTINCT FROM inv.project_id
      OR (cardinality(inv.matters) > 0 AND NOT (t.matter_id = ANY(inv.matters)))
      OR t.date_time::date < inv.period_gte OR t.date_time::date > inv.period_lte
      OR t.billable IS NOT TRUE)
  UNION ALL
  SELECT 'expenses', e.id,
         'Expense ' || e.id || ' billed by invoice ' || COALESCE(inv.number, inv.id::text) || ': ' || concat_ws('; ',
           CASE WHEN m.project_id IS DISTINCT FROM inv.project_id THEN 'it is of another project (' || COALESCE(m.project_id::text, 'none') || ')' END,
           CASE WHEN e.date < inv.period_gte OR e.date > inv.period_lte THEN 'its date ' || to_char(e.date, 'YYYY-MM-DD') || ' is outside the period' END,
           CASE WHEN d.code IS DISTINCT FROM 2 THEN 'it is not approved' END),
         inv.id
    FROM expenses e JOIN inv ON inv.id = e.invoice_id LEFT JOIN matters m ON m.id = e.payer_matter_id
    LEFT JOIN verification_chains vc ON vc.id = e.verification_chain_id
    LEFT JOIN base_dictionaries d ON d.id = vc.decision_id
   WHERE ${notTrashed('e')} AND (m.project_id IS DISTINCT FROM inv.project_id
      OR e.date < inv.period_gte OR e.date > inv.period_lte OR d.code IS DISTINCT FROM 2)
  UNION ALL
  SELECT 'preInvoices', p.id,
         'Pre-invoice ' || COALESCE(p.number, p.id::text) || ' billed by invoice ' || COALESCE(inv.number, inv.id::text) || ': ' || concat_ws('; ',
           CASE WHEN p.project_id IS DISTINCT FROM inv.project_id THEN 'it is of another project (' || p.project_id || ')' END,
           CASE WHEN ps.code IS NULL OR ps.code NOT IN (${PRE_APPROVED}, ${PRE_ACTED}, ${PRE_CLOSED}) THEN 'it is ' || COALESCE(ps.gname, 'without status') || ', not approved' END),
         inv.id
    FROM pre_invoices p JOIN inv ON inv.id = p.invoice_id LEFT JOIN base_dictionaries ps ON ps.id = p.status_id
   WHERE p.project_id IS DISTINCT FROM inv.project_id OR ps.code IS NULL OR ps.code NOT IN (${PRE_APPROVED}, ${PRE_ACTED}, ${PRE_CLOSED})
  ORDER BY 1, 2`,
});
