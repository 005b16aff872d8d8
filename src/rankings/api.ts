/**
 * The rankings' calls (RANK-08..12), through the data provider's `serviceRequest` on the rating
 * catalogue (`rating` base, `/rating/api`, RANK-08): the only place the page names the wire. A
 * failed call is only logged and answers nothing (RANK-14): the page then shows its empty state.
 */
import type { SpringDataProvider } from '../../dataProvider';
import { ranksFromPositions } from '../../schemas/rankings/formula';
import { toMoney } from '../../schemas/money';

/** The verb the rankings use. */
export type RankingApi = Pick<SpringDataProvider, 'serviceRequest'>;

export type RankingType = 'MANAGER' | 'DEPARTMENT';

/** The filters of RANK-07, each an id, as the address holds them. */
export interface RankingFilters {
  targetOfficeId?: number;
  countryId?: number;
  targetEmployeeId?: number;
  targetDepartmentId?: number;
}

/** The filter names, in the order the page shows them. */
export const FILTER_NAMES = ['targetOfficeId', 'countryId', 'targetEmployeeId', 'targetDepartmentId'] as const;

/** A ranking item as the server answers it (RANK-01). */
export interface RankingItem {
  employee_id: number | null;
  targetEmployee?: { id: number; name: string } | null;
  targetDepartment?: { id: number; name: string | null } | null;
  targetOfficeId?: number | null;
  targetOfficeName?: string | null;
  countryName?: string | null;
  rating: string;
  qualityScore: string;
  fewData?: boolean;
}

/** The formula the server rates by, shown on the page (RANK-05/06). */
export interface Formula {
  text: string;
  fewDataBelow: number;
  tieBreak: string;
  baseCurrency: string;
  rateSource: string;
}

export interface RankingWindow {
  dateGte: string;
  dateLte: string;
  months: string[];
}

export interface Ranking {
  type: RankingType;
  window: RankingWindow | null;
  formula: Formula;
  items: RankingItem[];
}

/** One month of a unit's figures (RANK-11/12), amounts in the base currency. */
export interface MonthFigures {
  month: string;
  originationUsd: string;
  collectionsUsd: string;
  workedUsd: string;
  realisation: string | null;
  leads: number;
  won: number;
  invoices: number;
  paid: number;
}

export interface Last3Months {
  type: RankingType;
  window: RankingWindow | null;
  formula: Formula;
  item: RankingItem | null;
  months: MonthFigures[];
}

const logged = (what: string, error: unknown): null => {
  console.error(`${what} could not be loaded`, error);
  return null;
};

/**
 * The ranking of managers (RANK-09) or departments (RANK-10):
 * `GET <rating>/request/getAllDepartmentsOrEmployee?type&targetOfficeId&countryId&targetEmployeeId&targetDepartmentId`.
 * @returns the answer, or null when the call failed (logged, RANK-14)
 */
export async function loadRanking(
  api: RankingApi,
  type: RankingType,
  filters: RankingFilters,
  signal?: AbortSignal,
): Promise<Ranking | null> {
  try {
    const { data } = await api.serviceRequest<Ranking>('rating', {
      path: 'request/getAllDepartmentsOrEmployee',
      query: { type, ...filters },
      signal,
    });
    return data;
  } catch (error) {
    return logged(type === 'MANAGER' ? 'The ranking' : 'The department ranking', error);
  }
}

/**
 * A manager's (RANK-11: `type=MANAGER&targetEmployeeId`) or a department's of an office (RANK-12:
 * `type=DEPARTMENT&targetOfficeId&targetDepartmentId`) last 3 months:
 * `GET <rating>/request/getLast3MonthData`.
 * @returns the answer, or null when the call failed (logged, RANK-14)
 */
export async function loadLast3Months(
  api: RankingApi,
  target:
    | { type: 'MANAGER'; targetEmployeeId: number }
    | { type: 'DEPARTMENT'; targetOfficeId: number; targetDepartmentId: number },
  signal?: AbortSignal,
): Promise<Last3Months | null> {
  try {
    const { data } = await api.serviceRequest<Last3Months>('rating', {
      path: 'request/getLast3MonthData',
      query: { ...target },
      signal,
    });
    return data;
  } catch (error) {
    return logged('The last 3 months', error);
  }
}

/** A row of the ranking table (RANK-02..06). */
export interface RankingRow {
  rank: number;
  /** The employee's id (a manager), or the department's. */
  id: number | null;
  fullName: string;
  office: string;
  officeId: number | null;
  /** The country, or `null` for "no country" (the page shows its text, RANK-04). */
  country: string | null;
  /** To 2 decimals (RANK-05). */
  rating: string;
  /** To 2 decimals (RANK-06). */
  quality: string;
  fewData: boolean;
}

const twoDecimals = (v: string | number | null | undefined): string =>
  v === null || v === undefined || v === '' ? '' : toMoney(v).toFixed(2);

/**
 * The table's rows from the items in the server's order: the rank from the position, equal
 * ratings sharing one (RANK-02); id, name, office and country from the item (RANK-03), country
 * null when the item has none (RANK-04); rating and quality to 2 decimals (RANK-05/06).
 */
export function rankingRows(items: readonly RankingItem[]): RankingRow[] {
  const ranks = ranksFromPositions(items.map((i) => i.rating));
  return items.map((item, i) => ({
    rank: ranks[i]!,
    id: item.employee_id ?? item.targetDepartment?.id ?? null,
    fullName: item.employee_id !== null ? (item.targetEmployee?.name ?? '') : (item.targetDepartment?.name ?? ''),
    office: item.targetOfficeName ?? '',
    officeId: item.targetOfficeId ?? null,
    country: item.countryName ? item.countryName : null,
    rating: twoDecimals(item.rating),
    quality: twoDecimals(item.qualityScore),
    fewData: Boolean(item.fewData),
  }));
}

/** The filters in an address's query (`?targetOfficeId=2`): ids only, anything else left out (RANK-07). */
export function filtersFrom(search: URLSearchParams): RankingFilters {
  const out: RankingFilters = {};
  for (const name of FILTER_NAMES) {
    const v = search.get(name);
    if (v && /^[1-9]\d{0,15}$/.test(v)) out[name] = Number(v);
  }
  return out;
}
