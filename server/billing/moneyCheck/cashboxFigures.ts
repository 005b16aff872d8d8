import { calculatedDebts, versionName } from './cashboxCommon';
import { sqlInvariant } from './types';

export const CASHBOX_FIGURES = 'cashbox-figures';

/** The collections whose lines name their records in `cashbox_sources`, with their tables. */
const SOURCED: Array<[collection: string, table: string]> = [
  ['cashboxPositionIncomes', 'cashbox_position_incomes'],
  ['cashboxPositionExpenses', 'cashbox_position_expenses'],
  ['cashboxBudgetDistributions', 'cashbox_budget_distributions'],
  ['cashboxFundIncomes', 'cashbox_fund_incomes'],
  ['cashboxTechnicalExpenses', 'cashbox_technical_expenses'],
  ['cashboxNetIncomes', 'cashbox_net_incomes'],
];

/** Lines of `table` whose amount is not the sum of their sources (none: 0). */
const lineVsSources = ([collection, table]: [string, string]) => `
  SELECT '${collection}' AS collection, x.id,
         ${versionName()} || ': ${collection} ' || x.id || ' is ' || COALESCE(x.amount, 0) || ' but the records it opens add up to ' || COALESCE(s.total, 0) AS message
    FROM ${table} x
    JOIN cashbox_periods p ON p.id = x.cashbox_period_id LEFT JOIN base_dictionaries v ON v.id = p.version_id
    LEFT JOIN (SELECT line_id, sum(amount) AS total FROM cashbox_sources WHERE line_entity = '${collection}' GROUP BY line_id) s
      ON s.line_id = x.id
   WHERE COALESCE(x.amount, 0) <> COALESCE(s.total, 0)`;

/**
 * Every stored figure of a cashbox version equals the sum of the rows it opens (MC-8,
 * docs/areas/cashbox.md "Per position", "Per group", "Employee balance and office debts"):
 * - each sourced line (incomes, expenses, budget shares, fund incomes, technical expenses, net
 *   incomes, calculated debts' creditors) = its `cashbox_sources` parts;
 * - a position's seven side-panel lines = its incomes (every role but recoveries), its expense rows
 *   per category and its recoveries (Transfer Amount); Efficiency = its lawyer shares; Sum = Income -
 *   the expenses and budgets + Transfer Amount; a position without a group: Profit = Sum;
 * - a group's members' Sum = its positions' Sum, Total = members + GB, and Total = its members'
 *   profits + the group budget transfers out of it;
 * - an employee's balance = previous + profits, profits = the employee's position profits;
 * - a calculated debt's creditor office is owed the transfers to it (DEBTOR details) plus the
 *   incomes of its positions, and no office owed anything lacks a creditor row.
 */
export const cashboxFigures = sqlInvariant({
  name: CASHBOX_FIGURES,
  description:
    'Every stored cashbox figure equals the sum of the rows it opens: lines and their sources, position Sum and its side panel, group totals and profits, balances, office debts and their transfers',
  countSql: `SELECT (SELECT count(*) FROM cashbox_position_profits) + (SELECT count(*) FROM cashbox_group_profits)
                  + (SELECT count(*) FROM cashbox_employee_balances) + (SELECT count(*) FROM cashbox_office_debt_creditors)
                  + ${SOURCED.map(([, t]) => `(SELECT count(*) FROM ${t})`).join(' + ')} AS n`,
  sql: `WITH inc AS (
    SELECT cashbox_period_id AS period, recipient_position_id AS pos,
           COALESCE(sum(amount) FILTER (WHERE role IS DISTINCT FROM 'expenseRecovery'), 0) AS income,
           COALESCE(sum(amount) FILTER (WHERE role = 'expenseRecovery'), 0) AS transfer,
           COALESCE(sum(amount) FILTER (WHERE role = 'lawyer'), 0) AS efficiency
      FROM cashbox_position_incomes WHERE recipient_position_id IS NOT NULL GROUP BY 1, 2),
  exp AS (
    SELECT e.cashbox_period_id AS period, e.position_id AS pos,
           COALESCE(sum(e.amount) FILTER (WHERE c.code = 2), 0) AS personal,
           COALESCE(sum(e.amount) FILTER (WHERE c.code = 3), 0) AS paid,
           COALESCE(sum(e.amount) FILTER (WHERE c.code = 4), 0) AS noncash,
           COALESCE(sum(e.amount) FILTER (WHERE c.code = 5), 0) AS cashbudget,
           COALESCE(sum(e.amount) FILTER (WHERE c.code = 6), 0) AS cashprepaid
      FROM cashbox_position_expenses e LEFT JOIN base_dictionaries c ON c.id = e.category_id GROUP BY 1, 2),
  pos AS (
    SELECT pp.id, pp.cashbox_period_id, pp.recipient_position_id, pp.cashbox_group_profit_id,
           COALESCE(pp.income_amount, 0) AS s_income, COALESCE(i.income, 0) AS income,
           COALESCE(pp.transfer_amount, 0) AS s_transfer, COALESCE(i.transfer, 0) AS transfer,
           COALESCE(pp.efficiency_amount_local, 0) AS s_efficiency, COALESCE(i.efficiency, 0) AS efficiency,
           COALESCE(pp.personal_budget_amount, 0) AS s_personal, COALESCE(e.personal, 0) AS personal,
           COALESCE(pp.paid_expense_amount, 0) AS s_paid, COALESCE(e.paid, 0) AS paid,
           COALESCE(pp.non_cash_not_prepaid_expense_amount, 0) AS s_noncash, COALESCE(e.noncash, 0) AS noncash,
           COALESCE(pp.cash_budget_amount, 0) AS s_cashbudget, COALESCE(e.cashbudget, 0) AS cashbudget,
           COALESCE(pp.cash_prepaid_expense_amount, 0) AS s_cashprepaid, COALESCE(e.cashprepaid, 0) AS cashprepaid,
           COALESCE(pp.sum_amount_local, 0) AS s_sum, COALESCE(pp.profit_amount_local, 0) AS s_profit
      FROM cashbox_position_profits pp
      LEFT JOIN inc i ON i.period = pp.cashbox_period_id AND i.pos = pp.recipient_position_id
      LEFT JOIN exp e ON e.period = pp.cashbox_period_id AND e.pos = pp.recipient_position_id),
  owed AS (
    SELECT d.id AS debt, t.creditor_office_id AS office, t.amount
      FROM cashbox_periods p JOIN cashbox_office_debts d ON d.id IN ${calculatedDebts()}
      JOIN cashbox_office_debt_details t ON t.cashbox_office_debt_id = d.id AND t.detail_side = 'DEBTOR'
    UNION ALL
    SELECT d.id, po.office_id, i.amount
      FROM cashbox_periods p JOIN cashbox_office_debts d ON d.id IN ${calculatedDebts()}
      JOIN cashbox_position_incomes i ON i.cashbox_period_id = p.id AND i.role IS DISTINCT FROM 'expenseRecovery'
      JOIN positions po ON po.id = i.recipient_position_id AND po.office_id <> p.office_id),
  owed_per AS (SELECT debt, office, sum(amount) AS amount FROM owed GROUP BY 1, 2),
  creditors AS (
    SELECT c.id, c.cashbox_office_debt_id AS debt, c.office_id AS office, COALESCE(c.amount, 0) AS amount
      FROM cashbox_office_debt_creditors c
     WHERE c.cashbox_office_debt_id IN (SELECT d.id FROM cashbox_periods p JOIN cashbox_office_debts d ON d.id IN ${calculatedDebts()}))
  ${SOURCED.map(lineVsSources).join('\n  UNION ALL')}
  UNION ALL
  SELECT 'cashboxOfficeDebtCreditors', c.id,
         'Creditor ' || c.id || ' of debt ' || c.debt || ' is ' || c.amount || ' but the records it opens add up to ' || COALESCE(s.total, 0)
    FROM creditors c
    LEFT JOIN (SELECT line_id, sum(amount) AS total FROM cashbox_sources WHERE line_entity = 'cashboxOfficeDebtCreditors' GROUP BY line_id) s
      ON s.line_id = c.id
   WHERE c.amount <> COALESCE(s.total, 0)
  UNION ALL
  SELECT 'cashboxOfficeDebts', COALESCE(c.debt, o.debt),
         'Debt ' || COALESCE(c.debt, o.debt) || ' owes office ' || COALESCE(c.office, o.office) || ' ' || COALESCE(c.amount, 0)
           || ' but its transfers and the incomes of that office''s positions add up to ' || COALESCE(o.amount, 0)
    FROM creditors c FULL JOIN owed_per o ON o.debt = c.debt AND o.office = c.office
   WHERE COALESCE(c.amount, 0) <> COALESCE(o.amount, 0)
  UNION ALL
  SELECT 'cashboxPositionProfits', x.id,
         ${versionName()} || ': position ' || x.recipient_position_id || ': ' || concat_ws('; ',
           CASE WHEN x.s_income <> x.income THEN 'Income ' || x.s_income || ' <> its incomes ' || x.income END,
           CASE WHEN x.s_transfer <> x.transfer THEN 'Transfer Amount ' || x.s_transfer || ' <> its expense recoveries ' || x.transfer END,
           CASE WHEN x.s_efficiency <> x.efficiency THEN 'Efficiency ' || x.s_efficiency || ' <> its lawyer shares ' || x.efficiency END,
           CASE WHEN x.s_personal <> x.personal THEN 'Personal Budget ' || x.s_personal || ' <> its rows ' || x.personal END,
           CASE WHEN x.s_paid <> x.paid THEN 'Paid Expense ' || x.s_paid || ' <> its rows ' || x.paid END,
           CASE WHEN x.s_noncash <> x.noncash THEN 'Non Cash Not Prepaid Expense ' || x.s_noncash || ' <> its rows ' || x.noncash END,
           CASE WHEN x.s_cashbudget <> x.cashbudget THEN 'Cash Budget ' || x.s_cashbudget || ' <> its rows ' || x.cashbudget END,
           CASE WHEN x.s_cashprepaid <> x.cashprepaid THEN 'Cash Prepaid Expense ' || x.s_cashprepaid || ' <> its rows ' || x.cashprepaid END,
           CASE WHEN x.s_sum <> x.s_income - x.s_paid - x.s_noncash - x.s_cashprepaid - x.s_personal - x.s_cashbudget + x.s_transfer
                THEN 'Sum ' || x.s_sum || ' <> its side panel ' || (x.s_income - x.s_paid - x.s_noncash - x.s_cashprepaid - x.s_personal - x.s_cashbudget + x.s_transfer) END,
           CASE WHEN x.cashbox_group_profit_id IS NULL AND x.s_profit <> x.s_sum THEN 'Profit ' || x.s_profit || ' <> its Sum ' || x.s_sum || ' (no group)' END)
    FROM pos x JOIN cashbox_periods p ON p.id = x.cashbox_period_id LEFT JOIN base_dictionaries v ON v.id = p.version_id
   WHERE x.s_income <> x.income OR x.s_transfer <> x.transfer OR x.s_efficiency <> x.efficiency
      OR x.s_personal <> x.personal OR x.s_paid <> x.paid OR x.s_noncash <> x.noncash OR x.s_cashbudget <> x.cashbudget
      OR x.s_cashprepaid <> x.cashprepaid
      OR x.s_sum <> x.s_income - x.s_paid - x.s_noncash - x.s_cashprepaid - x.s_personal - x.s_cashbudget + x.s_transfer
      OR (x.cashbox_group_profit_id IS NULL AND x.s_profit <> x.s_sum)
  UNION ALL
  SELECT 'cashboxGroupProfits', g.id,
         ${versionName()} || ': group ' || g.group_department_id || ': ' || concat_ws('; ',
           CASE WHEN COALESCE(g.members_amount_sum, 0) <> m.sums THEN 'members'' Sum ' || COALESCE(g.members_amount_sum, 0) || ' <> its positions'' Sum ' || m.sums END,
           CASE WHEN COALESCE(g.total_amount, 0) <> COALESCE(g.members_amount_sum, 0) + COALESCE(g.group_budget_amount, 0)
                THEN 'Total ' || COALESCE(g.total_amount, 0) || ' <> members + GB ' || (COALESCE(g.members_amount_sum, 0) + COALESCE(g.group_budget_amount, 0)) END,
           CASE WHEN COALESCE(g.total_amount, 0) <> m.profits + m.moved
                THEN 'Total ' || COALESCE(g.total_amount, 0) || ' <> its profits ' || m.profits || ' + transfers out ' || m.moved END)
    FROM cashbox_group_profits g
    JOIN cashbox_periods p ON p.id = g.cashbox_period_id LEFT JOIN base_dictionaries v ON v.id = p.version_id
    CROSS JOIN LATERAL (SELECT
      (SELECT COALESCE(sum(pp.sum_amount_local), 0) FROM cashbox_position_profits pp WHERE pp.cashbox_group_profit_id = g.id) AS sums,
      (SELECT COALESCE(sum(pp.profit_amount_local), 0) FROM cashbox_position_profits pp WHERE pp.cashbox_group_profit_id = g.id) AS profits,
      (SELECT COALESCE(sum(t.amount), 0) FROM cashbox_group_budget_transfers t WHERE t.from_group_profit_id = g.id) AS moved) m
   WHERE COALESCE(g.members_amount_sum, 0) <> m.sums
      OR COALESCE(g.total_amount, 0) <> COALESCE(g.members_amount_sum, 0) + COALESCE(g.group_budget_amount, 0)
      OR COALESCE(g.total_amount, 0) <> m.profits + m.moved
  UNION ALL
  SELECT 'cashboxEmployeeBalances', b.id,
         ${versionName()} || ': employee ' || b.recipient_employee_id || ': ' || concat_ws('; ',
           CASE WHEN COALESCE(b.balance_amount, 0) <> COALESCE(b.previous_amount, 0) + COALESCE(b.profits, 0)
                THEN 'balance ' || COALESCE(b.balance_amount, 0) || ' <> previous ' || COALESCE(b.previous_amount, 0) || ' + profits ' || COALESCE(b.profits, 0) END,
           CASE WHEN COALESCE(b.profits, 0) <> m.profits THEN 'profits ' || COALESCE(b.profits, 0) || ' <> its position profits ' || m.profits END)
    FROM cashbox_employee_balances b
    JOIN cashbox_periods p ON p.id = b.cashbox_period_id LEFT JOIN base_dictionaries v ON v.id = p.version_id
    CROSS JOIN LATERAL (SELECT COALESCE(sum(pp.profit_amount_local), 0) AS profits FROM cashbox_position_profits pp
                         WHERE pp.cashbox_period_id = b.cashbox_period_id AND pp.recipient_employee_id = b.recipient_employee_id) m
   WHERE COALESCE(b.balance_amount, 0) <> COALESCE(b.previous_amount, 0) + COALESCE(b.profits, 0)
      OR COALESCE(b.profits, 0) <> m.profits
  ORDER BY 1, 2`,
});
