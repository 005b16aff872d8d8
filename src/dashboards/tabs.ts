/**
 * What each dashboard tab shows (NAV-61): the dimension its realisation chart groups by, the
 * filters its header offers, and the typed parameters its charts send (DASH-12..14).
 */
import type { DashboardState, DashboardTab } from './state';

/** The realisation chart's groupings (query `realisation`, `group_by`). */
export type Dimension = 'office' | 'sector' | 'service' | 'client' | 'lawyer';

/** The header's filters of the money tabs (state fields). */
export type MoneyFilter = 'sector' | 'service' | 'office' | 'department' | 'employee';

/** A money tab: its realisation dimension and the filters it offers. */
export interface MoneyTab {
  dimension: Dimension;
  filters: readonly MoneyFilter[];
}

/** The money tabs; `experience` has a chart of its own. */
export const MONEY_TABS: Readonly<Record<Exclude<DashboardTab, 'experience'>, MoneyTab>> = {
  global: { dimension: 'client', filters: ['office', 'sector', 'service', 'employee'] },
  sectors: { dimension: 'sector', filters: ['sector'] },
  services: { dimension: 'service', filters: ['service'] },
  offices: { dimension: 'office', filters: ['office'] },
  personal: { dimension: 'client', filters: ['employee'] },
  departments: { dimension: 'lawyer', filters: ['department'] },
};

/** Query ids of the analytics catalogue (docs/areas/dashboards.md, "The queries"). */
export const QUERY = { incomeByMonth: 1, realisation: 2, topClients: 3, byCountry: 4, experience: 9 } as const;

/**
 * The parameters of a money tab's charts (DASH-12..14): the period as `date_gte`/`date_lte`, then
 * each filter the tab offers that is set - office `office_id`, service and department
 * `department_id` (the matter's service department), employee `eid`, sector `object_type` sector
 * with `object_id`. On the personal tab the employee is the reader's own unless one is picked.
 * @example moneyParameters('offices', { dateStart: '2026-10-01', dateEnd: '2026-10-31', office: 2, ... })
 * // { date_gte: '2026-10-01', date_lte: '2026-10-31', office_id: 2 }
 */
export function moneyParameters(
  tab: keyof typeof MONEY_TABS,
  state: DashboardState,
  myEmployeeId?: number | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = { date_gte: state.dateStart, date_lte: state.dateEnd };
  const filters = MONEY_TABS[tab].filters;
  if (filters.includes('office') && state.office !== undefined) out.office_id = state.office;
  if (filters.includes('service') && state.service !== undefined) out.department_id = state.service;
  if (filters.includes('department') && state.department !== undefined) out.department_id = state.department;
  const employee = state.employee ?? (tab === 'personal' ? (myEmployeeId ?? undefined) : undefined);
  if (filters.includes('employee') && employee !== undefined) out.eid = employee;
  if (filters.includes('sector') && state.sector !== undefined) {
    out.object_type = 'sector';
    out.object_id = state.sector;
  }
  return out;
}

/**
 * The experience chart's parameters (DASH-17: the server raises a date before 1990-01-01 to it):
 * the period, `group_by` country, sector or office, and the picked group of that kind as `object_id`.
 */
export function experienceParameters(state: DashboardState): Record<string, unknown> {
  const picked = {
    country: state.experienceCountry,
    sector: state.experienceSector,
    office: state.experienceOffice,
  }[state.experienceBy];
  return {
    date_gte: state.dateStart,
    date_lte: state.dateEnd,
    group_by: state.experienceBy,
    ...(picked !== undefined ? { object_id: picked } : {}),
  };
}
