import { toMoney } from '../../schemas/money';
import type { Database } from '../db/database';
import { notFound } from '../rest/errors';

type Db = Pick<Database, 'query'>;

/** The figures of a position's report row that the diff compares (CASH-08, CASH-09). */
export const DIFF_FIGURES = {
  efficiencyAmountLocal: 'efficiency_amount_local',
  sumAmountLocal: 'sum_amount_local',
  profitAmountLocal: 'profit_amount_local',
  incomeAmount: 'income_amount',
  personalBudgetAmount: 'personal_budget_amount',
  paidExpenseAmount: 'paid_expense_amount',
  nonCashNotPrepaidExpenseAmount: 'non_cash_not_prepaid_expense_amount',
  cashBudgetAmount: 'cash_budget_amount',
  cashPrepaidExpenseAmount: 'cash_prepaid_expense_amount',
  transferAmount: 'transfer_amount',
} as const;

/** One record whose part in a position's figures differs between the versions. */
export interface SourceChange {
  /** `paymentHistories`, `times`, `expenses`, `budgets`, `invoiceQuotas`, ... */
  entity: string;
  id: number;
  /** Its part in the previous version (null: absent there) and in this one (null: absent here). */
  previous: string | null;
  current: string | null;
}

/** What changed for one position between two versions. */
export interface PositionChange {
  positionId: number;
  employeeId: number | null;
  /** Each figure that differs: previous and current (null when the row is absent in that version). */
  figures: Record<string, { previous: string | null; current: string | null }>;
  /** Why: the records behind its incomes and expenses whose parts differ. */
  sources: SourceChange[];
}

/** The answer of `GET /cashboxPeriods/{id}/diff`. */
export interface PeriodDiff {
  periodId: number;
  version: number | null;
  /** The previous version's period, or null for a month's first version (then `positions` is empty). */
  previousPeriodId: number | null;
  previousVersion: number | null;
  positions: PositionChange[];
}

const same = (a: unknown, b: unknown): boolean =>
  a === null || a === undefined || b === null || b === undefined ? a == b : toMoney(String(a)).eq(toMoney(String(b)));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : toMoney(String(v)).toFixed(4));

/**
 * Compares period version `periodId` with the previous version of the same office and month, line
 * by line (docs/areas/cashbox-store.md, "Versions"): for each position whose report row differs,
 * the figures that changed and the records behind its incomes and expenses (payments, time
 * entries, quotas, expenses, budgets, from the sources table) whose parts differ - a late payment,
 * another rate or quota, a new expense. Positions whose figures are all equal are left out.
 * @throws HttpError 404 when the period does not exist
 */
export async function cashboxPeriodDiff(db: Db, periodId: number): Promise<PeriodDiff> {
  const [current] = await db.query<{ office_id: number; gte: string; lte: string; version: number | null }>(
    `SELECT p.office_id, p.report_date_gte::text AS gte, p.report_date_lte::text AS lte, v.code::int AS version
       FROM cashbox_periods p LEFT JOIN base_dictionaries v ON v.id = p.version_id WHERE p.id = $1`,
    [periodId],
  );
  if (!current) throw notFound(`Cashbox period ${periodId}`);
  const [previous] = await db.query<{ id: number; version: number }>(
    `SELECT p.id, v.code::int AS version FROM cashbox_periods p JOIN base_dictionaries v ON v.id = p.version_id
      WHERE p.office_id = $1 AND p.report_date_gte = $2 AND p.report_date_lte = $3 AND v.code < $4
      ORDER BY v.code DESC LIMIT 1`,
    [current.office_id, current.gte, current.lte, current.version ?? 0],
  );
  const base = { periodId, version: current.version === null ? null : Number(current.version) };
  if (!previous) return { ...base, previousPeriodId: null, previousVersion: null, positions: [] };
  const prevId = Number(previous.id);
  const cols = Object.values(DIFF_FIGURES).join(', ');
  const rows = await db.query<Record<string, unknown>>(
    `SELECT cashbox_period_id AS period, recipient_position_id AS position, recipient_employee_id AS employee, ${cols}
       FROM cashbox_position_profits WHERE cashbox_period_id IN ($1, $2)`,
    [prevId, periodId],
  );
  const byPosition = new Map<
    number,
    { employee: number | null; prev?: Record<string, unknown>; cur?: Record<string, unknown> }
  >();
  for (const r of rows) {
    const pos = Number(r.position);
    const entry = byPosition.get(pos) ?? { employee: r.employee === null ? null : Number(r.employee) };
    if (Number(r.period) === prevId) entry.prev = r;
    else entry.cur = r;
    byPosition.set(pos, entry);
  }
  // the records behind each position's incomes and expenses, summed per record and version
  const parts = await db.query<{ period: number; position: number; entity: string; id: number; amount: string }>(
    `SELECT s.cashbox_period_id AS period, coalesce(i.recipient_position_id, e.position_id) AS position,
            s.source_entity AS entity, s.source_id AS id, sum(s.amount)::text AS amount
       FROM cashbox_sources s
       LEFT JOIN cashbox_position_incomes i ON s.line_entity = 'cashboxPositionIncomes' AND i.id = s.line_id
       LEFT JOIN cashbox_position_expenses e ON s.line_entity = 'cashboxPositionExpenses' AND e.id = s.line_id
      WHERE s.cashbox_period_id IN ($1, $2) AND coalesce(i.recipient_position_id, e.position_id) IS NOT NULL
      GROUP BY 1, 2, 3, 4`,
    [prevId, periodId],
  );
  const sourceMap = new Map<number, Map<string, SourceChange>>();
  for (const p of parts) {
    const pos = Number(p.position);
    const m = sourceMap.get(pos) ?? new Map<string, SourceChange>();
    const key = `${p.entity}:${p.id}`;
    const c = m.get(key) ?? { entity: p.entity, id: Number(p.id), previous: null, current: null };
    if (Number(p.period) === prevId) c.previous = str(p.amount);
    else c.current = str(p.amount);
    m.set(key, c);
    sourceMap.set(pos, m);
  }
  const positions: PositionChange[] = [];
  for (const [positionId, { employee, prev, cur }] of [...byPosition].sort((a, b) => a[0] - b[0])) {
    const figures: PositionChange['figures'] = {};
    for (const [name, col] of Object.entries(DIFF_FIGURES)) {
      const a = prev?.[col] ?? null;
      const b = cur?.[col] ?? null;
      if (!prev || !cur || !same(a, b)) figures[name] = { previous: str(a), current: str(b) };
    }
    if (Object.keys(figures).length === 0) continue;
    const sources = [...(sourceMap.get(positionId)?.values() ?? [])]
      .filter((s) => !same(s.previous, s.current))
      .sort((x, y) => x.entity.localeCompare(y.entity) || x.id - y.id);
    positions.push({ positionId, employeeId: employee, figures, sources });
  }
  return { ...base, previousPeriodId: prevId, previousVersion: Number(previous.version), positions };
}
