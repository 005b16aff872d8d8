import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPrivilege } from '../../schemas/access';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { closesCashbox } from '../../schemas/cashbox/access';
import { scopeOf, type DashboardScope } from '../dashboards/scope';
import { badParam, forbidden } from '../rest/errors';
import { requireUser } from '../rest/request';
import {
  FORMULA,
  inScope,
  loadRankingData,
  monthsOf,
  narrow,
  rankAll,
  unitKey,
  type RankingFilters,
  type RankingType,
} from './ranking';

/** The rating catalogue's base (RANK-08): the SPA's `rating` service (`dataProvider/resources.ts`). */
export const RATING_PATH = '/rating/api';

/** The filter parameters of RANK-07, each an id. */
const FILTERS = ['targetOfficeId', 'countryId', 'targetEmployeeId', 'targetDepartmentId'] as const;

/** `type`: MANAGER or DEPARTMENT; 400 naming the parameter otherwise. */
function typeOf(query: Record<string, unknown>): RankingType {
  const type = query.type;
  if (type !== 'MANAGER' && type !== 'DEPARTMENT') throw badParam('type', 'must be MANAGER or DEPARTMENT');
  return type;
}

/** The filters given, each a positive whole number; 400 naming a parameter that is not. */
function filtersOf(query: Record<string, unknown>): RankingFilters {
  const out: RankingFilters = {};
  for (const name of FILTERS) {
    const raw = query[name];
    if (raw === undefined || raw === '') continue;
    if (typeof raw !== 'string' || !/^[1-9]\d{0,15}$/.test(raw)) throw badParam(name, 'must be an id');
    out[name] = Number(raw);
  }
  return out;
}

/** 403 unless the user may view rankings (module RANKING, NAV-122); administrators may (PERM-03). */
function requireRanking(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!hasPrivilege(user.roles, user.privileges, 'RANKING', 'view'))
    throw forbidden('Rankings need the view privilege on RANKING');
  return user;
}

/**
 * Whose rankings the reader sees: the dashboards' levels (`scopeOf`: firm, office, own, none),
 * and the firm for the top managers' roles that close cashbox months (GLOBAL_TOP, TOP_AND_SECTOR:
 * `closesCashbox`), whose months the rankings read.
 */
export async function rankingScope(db: Database, user: AuthUser): Promise<DashboardScope> {
  if (closesCashbox(user.roles)) return { level: 'firm', officeIds: [], employeeId: user.employeeId, user };
  return scopeOf(db, user);
}

/**
 * The rankings' routes under the rating catalogue `/rating/api` (RANK-08..13, docs/api.md
 * "Rankings"):
 *
 * - `GET /request/getAllDepartmentsOrEmployee?type=MANAGER|DEPARTMENT` with the filters
 *   `targetOfficeId`, `countryId`, `targetEmployeeId`, `targetDepartmentId` (RANK-07, 09, 10):
 *   `{ type, window, formula, items }`, items in rank order (RANK-01/02);
 * - `GET /request/getLast3MonthData?type=MANAGER&targetEmployeeId` or
 *   `?type=DEPARTMENT&targetOfficeId&targetDepartmentId` (RANK-11/12): `{ type, window, formula,
 *   target, item, months }`, the unit's figures month by month.
 *
 * Ratings are the firm's (computed over every manager or department of the window, whoever asks);
 * the answer holds only the units the reader's scope reaches (`scopeOf`, as the dashboards: firm,
 * office, own). 401 anonymous; 403 without view on RANKING, or for a target outside the reader's
 * scope; 400 for a bad `type` or id. While no cashbox month is closed, `window` is null and
 * there is nothing to rank.
 */
export function registerRankingRoutes(app: FastifyInstance, db: Database): void {
  app.get(`${RATING_PATH}/request/getAllDepartmentsOrEmployee`, async (request) => {
    const user = requireRanking(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const type = typeOf(query);
    const filters = filtersOf(query);
    const data = await loadRankingData(db);
    if (!data) return { type, window: null, formula: FORMULA, items: [] };
    const scope = await rankingScope(db, user);
    const items = narrow(rankAll(data, type), scope, filters, data.window, data.places);
    return { type, window: data.window, formula: FORMULA, items };
  });

  app.get(`${RATING_PATH}/request/getLast3MonthData`, async (request) => {
    const user = requireRanking(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const type = typeOf(query);
    const filters = filtersOf(query);
    const need =
      type === 'MANAGER' ? (['targetEmployeeId'] as const) : (['targetOfficeId', 'targetDepartmentId'] as const);
    for (const name of need) if (filters[name] === undefined) throw badParam(name, `is required for type ${type}`);
    const data = await loadRankingData(db);
    const scope = await rankingScope(db, user);
    const target =
      type === 'MANAGER'
        ? { employeeId: filters.targetEmployeeId!, departmentId: null, officeId: null }
        : { employeeId: null, departmentId: filters.targetDepartmentId!, officeId: filters.targetOfficeId! };
    if (type === 'MANAGER' && scope.level === 'office') {
      // a manager's office is where their position is in the window
      const [row] = await db.query<{ office_id: string | number | null }>(
        `SELECT COALESCE((SELECT p.office_id FROM positions p WHERE p.employee_id = e.id
                           ORDER BY p.main DESC NULLS LAST, p.date_gte DESC NULLS LAST, p.id DESC LIMIT 1), e.office_id) AS office_id
           FROM employees e WHERE e.id = $1`,
        [target.employeeId],
      );
      target.officeId = row?.office_id == null ? null : Number(row.office_id);
    }
    const windowOrToday = data?.window ?? { dateGte: '0001-01-01', dateLte: '9999-12-31' };
    if (!inScope(scope, target, windowOrToday)) throw forbidden('This ranking is outside what you may see');
    if (!data) return { type, window: null, formula: FORMULA, target, item: null, months: [] };
    const key =
      type === 'MANAGER'
        ? unitKey(type, data.places.get(target.employeeId!), target.employeeId!)!
        : `${target.departmentId}:${target.officeId}`;
    const item =
      rankAll(data, type).find((i) =>
        type === 'MANAGER'
          ? i.employee_id === target.employeeId
          : i.targetDepartment?.id === target.departmentId && i.targetOfficeId === target.officeId,
      ) ?? null;
    return { type, window: data.window, formula: FORMULA, target, item, months: monthsOf(data, type, key) };
  });
}
