import { calculatedDebts, periods, sumOf, versionName } from './cashboxCommon';
import { sqlInvariant } from './types';

export const CASHBOX_CONSERVATION = 'cashbox-conservation';

/**
 * Conservation of every stored cashbox version (MC-8, docs/areas/cashbox.md "The waterfall"): per
 * office and month, for each version, to the cent:
 * - net income (its `cashboxNetIncomes`) = technical expenses + fund incomes + transfers to other
 *   offices (the DEBTOR details of its calculated debts) + position incomes (every role but expense
 *   recoveries, unattributed income included);
 * - the payments received = their VAT + the expense recoveries + net income.
 * Each side is read from its own table, so a line lost, doubled or changed by a write around the
 * calculation breaks it.
 */
export const cashboxConservation = sqlInvariant({
  name: CASHBOX_CONSERVATION,
  description:
    'Every cashbox version conserves its money: net income = technical expenses + fund incomes + transfers + position incomes, and payments = VAT + recoveries + net income',
  countSql: `SELECT count(*) AS n FROM cashbox_periods`,
  sql: `WITH f AS (
    SELECT p.id, ${versionName()} AS name,
           ${sumOf('cashbox_net_incomes', 'x.amount')} AS net,
           ${sumOf('cashbox_net_incomes', 'x.payment_amount')} AS payments,
           ${sumOf('cashbox_net_incomes', 'x.vat_amount')} AS vat,
           ${sumOf('cashbox_technical_expenses', 'x.amount')} AS technical,
           ${sumOf('cashbox_fund_incomes', 'x.amount')} AS funds,
           (SELECT COALESCE(sum(t.amount), 0) FROM cashbox_office_debt_details t
             WHERE t.detail_side = 'DEBTOR' AND t.cashbox_office_debt_id IN ${calculatedDebts()}) AS transfers,
           ${sumOf('cashbox_position_incomes', 'x.amount', "x.role IS DISTINCT FROM 'expenseRecovery'")} AS incomes,
           ${sumOf('cashbox_position_incomes', 'x.amount', "x.role = 'expenseRecovery'")} AS recoveries
      FROM ${periods})
  SELECT 'cashboxPeriods' AS collection, f.id,
         f.name || ': ' || concat_ws('; ',
           CASE WHEN f.net <> f.technical + f.funds + f.transfers + f.incomes
                THEN 'net income ' || f.net || ' <> technical expenses ' || f.technical || ' + fund incomes ' || f.funds
                     || ' + transfers ' || f.transfers || ' + position incomes ' || f.incomes END,
           CASE WHEN f.payments <> f.vat + f.recoveries + f.net
                THEN 'payments ' || f.payments || ' <> VAT ' || f.vat || ' + recoveries ' || f.recoveries || ' + net income ' || f.net END) AS message,
         f.net::text AS net, f.technical::text AS technical, f.funds::text AS funds, f.transfers::text AS transfers,
         f.incomes::text AS incomes, f.payments::text AS payments, f.vat::text AS vat, f.recoveries::text AS recoveries
    FROM f
   WHERE f.net <> f.technical + f.funds + f.transfers + f.incomes OR f.payments <> f.vat + f.recoveries + f.net
   ORDER BY f.id`,
});
