/**
 * What the cashbox invariants of the money check (MC-8, `cashbox*.ts` beside this file) share: how
 * a version is named in a message and which debts the calculation wrote. SQL over the stored
 * version (docs/areas/cashbox-store.md); written apart from `server/cashbox/` on purpose, so a
 * mistake in the store is not repeated by the check.
 */

/** `'Cashbox version 2 of office 3, 2026-10'` for a period joined as `p` with its version entry as `v`. */
export const versionName = (p = 'p', v = 'v') =>
  `('Cashbox version ' || COALESCE(${v}.code::text, '?') || ' of office ' || ${p}.office_id || ', ' || to_char(${p}.report_date_gte, 'YYYY-MM'))`;

/** The periods with their version entry: `FROM ${periods}` gives `p` and `v`. */
export const periods = `cashbox_periods p LEFT JOIN base_dictionaries v ON v.id = p.version_id`;

/**
 * The debts the calculation wrote for period `p` (`d`): the period's debts that pay no budget (a
 * budget's debt is entered for the budget, OFF-43, not calculated).
 */
export const calculatedDebts = (p = 'p') =>
  `(SELECT d.id FROM cashbox_office_debts d WHERE d.cashbox_period_id = ${p}.id AND d.budget_id IS NULL)`;

/** `COALESCE(sum(expr), 0)` of `table` rows of period `p`, with an extra condition. */
export const sumOf = (table: string, expr: string, where = 'TRUE', p = 'p') =>
  `(SELECT COALESCE(sum(${expr}), 0) FROM ${table} x WHERE x.cashbox_period_id = ${p}.id AND (${where}))`;
