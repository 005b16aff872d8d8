import { isAdminOrBillingManager } from '../../schemas/access';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { readableCondition } from '../rest/access';
import type { Params } from '../rest/model';

/**
 * Whose figures a dashboard query returns (docs/areas/dashboards.md, "Scope"), settled from the
 * signed-in user's session - never from the request:
 *
 * - `firm`: administrators, billing managers (BILL, LOCAL_BILLING) and top managers (a current
 *   position in a department of type 4 top management, 5 managing partners or 6 board);
 * - `office`: partners and junior partners (a current position of level code 4 or 5): the
 *   offices of those positions;
 * - `own`: everyone else with an employee: their own time, and the documents they manage;
 * - `none`: a user without an employee who is neither (no rows).
 *
 * On top of the level, every row must be one the user's lists show: the entity's own row rule
 * (`readableCondition`, the same SQL the lists AND into their `WHERE`), so a dashboard never
 * counts a row its reader could not open.
 */
export interface DashboardScope {
  level: 'firm' | 'office' | 'own' | 'none';
  /** The offices of an `office` scope. */
  officeIds: number[];
  /** The user's employee, or null. */
  employeeId: number | null;
  user: AuthUser;
}

const TOP_DEPARTMENT_TYPES = [4, 5, 6];
const PARTNER_LEVELS = [4, 5];

/**
 * Settles the scope of `user` (one query over their current positions).
 * @returns the scope; its `level` decides the SQL of {@link scopeSql}
 */
export async function scopeOf(db: Pick<Database, 'query'>, user: AuthUser): Promise<DashboardScope> {
  const base = { officeIds: [] as number[], employeeId: user.employeeId, user };
  if (isAdminOrBillingManager(user.roles)) return { ...base, level: 'firm' };
  if (user.employeeId === null) return { ...base, level: 'none' };
  const rows = await db.query<{ office_id: string | number | null; top: boolean; partner: boolean }>(
    `SELECT p.office_id, COALESCE(dt.code = ANY($2::bigint[]), FALSE) AS top, COALESCE(lv.code = ANY($3::bigint[]), FALSE) AS partner
       FROM positions p
       LEFT JOIN departments d ON d.id = p.department_id
       LEFT JOIN base_dictionaries dt ON dt.id = d.type_id
       LEFT JOIN base_dictionaries lv ON lv.id = p.level_id
      WHERE p.employee_id = $1 AND (p.date_gte IS NULL OR p.date_gte <= current_date)
        AND (p.date_lte IS NULL OR p.date_lte >= current_date)`,
    [user.employeeId, TOP_DEPARTMENT_TYPES, PARTNER_LEVELS],
  );
  if (rows.some((r) => r.top)) return { ...base, level: 'firm' };
  const offices = [
    ...new Set(rows.filter((r) => r.partner && r.office_id !== null).map((r) => Number(r.office_id))),
  ].sort((a, b) => a - b);
  if (offices.length) return { ...base, level: 'office', officeIds: offices };
  return { ...base, level: 'own' };
}

/**
 * The entity's own row rule for the reader over `alias` (what its list shows), for the queries of
 * the reader's own rows (their hours, tasks, approvals), whatever their level.
 */
export const readableSql = (scope: DashboardScope, collection: string, alias: string, params: Params): string =>
  `(${readableCondition(getSchema(collection), scope.user, alias, params)})`;

/** The columns of one fact row that a scope reads: its office and the employee it belongs to. */
export interface ScopedColumns {
  /** SQL of the row's office id. */
  office: string;
  /** SQL of the employee whose figure it is (time: its executor; a document: its manager). */
  employee: string;
}

/**
 * The scope's condition over one source of a query: the entity's row rule over `alias`
 * (`collection` names the entity) AND the level's restriction over the row's columns. Values are
 * bound through `params`.
 * @returns an SQL boolean expression
 */
export function scopeSql(
  scope: DashboardScope,
  collection: string,
  alias: string,
  columns: ScopedColumns,
  params: Params,
): string {
  if (scope.level === 'none') return 'FALSE';
  const readable = readableCondition(getSchema(collection), scope.user, alias, params);
  switch (scope.level) {
    case 'firm':
      return `(${readable})`;
    case 'office':
      return `(${readable} AND COALESCE(${columns.office} = ANY(${params.add(scope.officeIds)}::bigint[]), FALSE))`;
    case 'own':
      return `(${readable} AND COALESCE(${columns.employee} = ${params.add(scope.employeeId)}::bigint, FALSE))`;
  }
}
