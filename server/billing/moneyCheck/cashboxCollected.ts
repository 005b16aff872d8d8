import { periods, versionName } from './cashboxCommon';
import { sqlInvariant } from './types';

export const CASHBOX_COLLECTED = 'cashbox-collected';

/**
 * The collected money of a cashbox version is the payments of the period it read, per currency
 * (MC-8, docs/areas/cashbox-store.md "Inputs"). For every version, per currency: what it recorded
 * as received (`cashboxNetIncomes.receivedAmount`, in the invoice's currency) equals those payments
 * as they stand now - still there, of the same amount and currency, dated in the period. For the
 * latest closed version of an office's month, also: equals every payment of the period on the
 * office's invoices (payment date in the month; invoice -> transit account -> office account ->
 * office; a pre-invoice's payment counts for its invoice), so money collected in a closed month
 * and left out of it is found. (An open or superseded version may lag a late payment: recalculating
 * mends it.) Problems are reported on the period, with the payments that differ.
 */
export const cashboxCollected = sqlInvariant({
  name: CASHBOX_COLLECTED,
  description:
    'The collected money of a cashbox version equals, per currency, the payments of the period it read (and, for a closed month, every payment of the period)',
  countSql: `SELECT count(*) AS n FROM cashbox_periods`,
  sql: `WITH latest_closed AS (
    SELECT DISTINCT ON (p.office_id, p.report_date_gte, p.report_date_lte) p.id
      FROM ${periods} WHERE p.status = 'CLOSED'
     ORDER BY p.office_id, p.report_date_gte, p.report_date_lte, v.code DESC NULLS LAST, p.id DESC),
  now AS (
    SELECT ph.id, ph.amount, i.currency_id, ph.payment_date, oa.office_id
      FROM payment_histories ph
      LEFT JOIN pre_invoices pi ON pi.id = ph.pre_invoice_id
      JOIN invoices i ON i.id = COALESCE(ph.invoice_id, pi.invoice_id)
      LEFT JOIN office_transit_accounts ota ON ota.id = i.office_transit_account_id
      LEFT JOIN office_accounts oa ON oa.id = ota.office_account_id),
  recorded AS (
    SELECT n.cashbox_period_id AS period, n.received_currency_id AS currency, n.payment_id, n.received_amount AS amount
      FROM cashbox_net_incomes n),
  current AS (
    -- the payments each version read, as they stand now (gone, moved out of the period: nothing)
    SELECT r.period, n.currency_id AS currency, n.id AS payment_id, n.amount
      FROM recorded r JOIN cashbox_periods p ON p.id = r.period
      JOIN now n ON n.id = r.payment_id AND n.payment_date BETWEEN p.report_date_gte AND p.report_date_lte
    UNION
    -- a closed month: every payment of the period on the office's invoices
    SELECT p.id, n.currency_id, n.id, n.amount
      FROM cashbox_periods p JOIN latest_closed l ON l.id = p.id
      JOIN now n ON n.office_id = p.office_id AND n.payment_date BETWEEN p.report_date_gte AND p.report_date_lte),
  sides AS (
    SELECT period, currency, payment_id, amount AS recorded, NULL::numeric AS current FROM recorded
    UNION ALL SELECT period, currency, payment_id, NULL, amount FROM current),
  per AS (
    SELECT period, currency, COALESCE(sum(recorded), 0) AS recorded, COALESCE(sum(current), 0) AS current,
           array_agg(DISTINCT payment_id) FILTER (WHERE payment_id IS NOT NULL) AS payments
      FROM sides GROUP BY period, currency),
  differing AS (
    -- the payments whose recorded and current amounts differ
    SELECT period, currency, array_agg(payment_id::int ORDER BY payment_id) AS payments FROM (
      SELECT period, currency, payment_id, sum(recorded) AS r, sum(current) AS c FROM sides GROUP BY 1, 2, 3) x
     WHERE COALESCE(r, 0) <> COALESCE(c, 0) OR r IS NULL OR c IS NULL OR payment_id IS NULL
     GROUP BY 1, 2)
  SELECT 'cashboxPeriods' AS collection, x.period AS id,
         ${versionName()} || ': collected ' || x.recorded || ' ' || COALESCE(c.code, '?') || ' but the payments of the period it read are '
           || x.current || ' ' || COALESCE(c.code, '?') || ' now' AS message,
         x.recorded::text AS recorded, x.current::text AS current, c.code AS currency, d.payments AS "differingPayments"
    FROM per x
    JOIN cashbox_periods p ON p.id = x.period LEFT JOIN base_dictionaries v ON v.id = p.version_id
    LEFT JOIN currencies c ON c.id = x.currency
    LEFT JOIN differing d ON d.period = x.period AND d.currency IS NOT DISTINCT FROM x.currency
   WHERE x.recorded <> x.current
   ORDER BY 2, c.code`,
});
