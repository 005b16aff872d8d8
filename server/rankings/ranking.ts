import { sumExact, toMoney } from '../../schemas/money';
import {
  FEW_DATA_BELOW,
  FORMULA_TEXT,
  rankDensely,
  rate,
  RATING_WEIGHTS,
  TIE_BREAK,
  WILSON_Z,
  type Rating,
} from '../../schemas/rankings/formula';
import type { Database } from '../db/database';
import type { DashboardScope } from '../dashboards/scope';
import {
  BASE_CURRENCY,
  countRows,
  moneyRows,
  placements,
  RATE_SOURCE,
  rankingWindow,
  type CountRow,
  type MoneyRow,
  type Placement,
  type RankingWindow,
} from './figures';

/**
 * The rankings (RANK-01..13, docs/areas/rankings.md): the managers or the departments of each
 * office, rated by the formula of `schemas/rankings/formula.ts` over the window of the latest
 * closed cashbox month, ranked densely, then narrowed to what the reader may see and to the filters.
 */

type Db = Pick<Database, 'query'>;

/** Whose ranking: one row per manager, or per department of an office. */
export type RankingType = 'MANAGER' | 'DEPARTMENT';

/** The filters of RANK-07, each an id. */
export interface RankingFilters {
  targetOfficeId?: number;
  countryId?: number;
  targetEmployeeId?: number;
  targetDepartmentId?: number;
}

/** A unit's figures over a span (the window, or one month). */
export interface Figures {
  originationUsd: string;
  collectionsUsd: string;
  workedUsd: string;
  leads: number;
  won: number;
  invoices: number;
  paid: number;
  /** Exact sums per currency, never added across currencies; `unconverted`: records without a USD rate. */
  perCurrency: Array<{
    currency: string | null;
    origination: string;
    collections: string;
    worked: string;
    unconverted: number;
  }>;
}

/** A ranking item (RANK-01) with its rank (RANK-02), parts and figures. */
export interface RankingItem {
  employee_id: number | null;
  targetEmployee: { id: number; name: string } | null;
  targetDepartment: { id: number; name: string | null } | null;
  targetOfficeId: number | null;
  targetOfficeName: string | null;
  countryId: number | null;
  countryName: string | null;
  rating: string;
  qualityScore: string;
  fewData: boolean;
  rank: number;
  tied: boolean;
  parts: Rating['parts'];
  figures: Figures;
}

/** The formula as answered with every ranking, for the page to show (RANK-05/06). */
export const FORMULA = {
  text: FORMULA_TEXT,
  weights: RATING_WEIGHTS,
  wilsonZ: WILSON_Z,
  fewDataBelow: FEW_DATA_BELOW,
  tieBreak: TIE_BREAK,
  baseCurrency: BASE_CURRENCY,
  rateSource: RATE_SOURCE,
};

/** What the ranking's units are made of: the window's rows and everyone's placement. */
export interface RankingData {
  window: RankingWindow;
  money: MoneyRow[];
  counts: CountRow[];
  places: Map<number, Placement>;
}

/** Reads the window and its figures; null while no cashbox month is closed. */
export async function loadRankingData(db: Db): Promise<RankingData | null> {
  const window = await rankingWindow(db);
  if (!window) return null;
  const [money, counts] = await Promise.all([moneyRows(db, window), countRows(db, window)]);
  const ids = [...new Set([...money.map((r) => r.employeeId), ...counts.map((r) => r.employeeId)])];
  const places = new Map((await placements(db, ids, window)).map((p) => [p.employeeId, p]));
  return { window, money, counts, places };
}

/** The key of the unit an employee's figures count for; null when they count for none (no department). */
export function unitKey(type: RankingType, place: Placement | undefined, employeeId: number): string | null {
  if (type === 'MANAGER') return String(employeeId);
  if (!place || place.departmentId === null) return null;
  return `${place.departmentId}:${place.officeId ?? ''}`;
}

/** Sums rows into {@link Figures}. */
export function figuresOf(money: MoneyRow[], counts: CountRow[]): Figures {
  const usd = (kind: MoneyRow['kind']) =>
    sumExact(money.filter((r) => r.kind === kind).map((r) => r.usd))
      .toDecimalPlaces(4)
      .toFixed(4);
  const currencies = [...new Set(money.map((r) => r.currency))].sort((a, b) => String(a).localeCompare(String(b)));
  const amount = (currency: string | null, kind: MoneyRow['kind']) =>
    sumExact(money.filter((r) => r.currency === currency && r.kind === kind).map((r) => r.amount)).toFixed(4);
  const count = (k: 'leads' | 'won' | 'invoices' | 'paid') => counts.reduce((s, r) => s + r[k], 0);
  return {
    originationUsd: usd('origination'),
    collectionsUsd: usd('collections'),
    workedUsd: usd('worked'),
    leads: count('leads'),
    won: count('won'),
    invoices: count('invoices'),
    paid: count('paid'),
    perCurrency: currencies.map((currency) => ({
      currency,
      origination: amount(currency, 'origination'),
      collections: amount(currency, 'collections'),
      worked: amount(currency, 'worked'),
      unconverted: money.filter((r) => r.currency === currency).reduce((s, r) => s + r.unconverted, 0),
    })),
  };
}

/** The rows of one unit. */
function unitRows(data: RankingData, type: RankingType) {
  const units = new Map<string, { employeeIds: Set<number>; money: MoneyRow[]; counts: CountRow[] }>();
  const unit = (employeeId: number) => {
    const key = unitKey(type, data.places.get(employeeId), employeeId);
    if (key === null) return null;
    let u = units.get(key);
    if (!u) units.set(key, (u = { employeeIds: new Set(), money: [], counts: [] }));
    u.employeeIds.add(employeeId);
    return u;
  };
  for (const r of data.money) unit(r.employeeId)?.money.push(r);
  for (const r of data.counts) unit(r.employeeId)?.counts.push(r);
  return units;
}

/**
 * Every unit of the firm rated and ranked densely (before any narrowing, so a filter never
 * changes a rating or a rank).
 */
export function rankAll(data: RankingData, type: RankingType): RankingItem[] {
  const units = [...unitRows(data, type).values()].map((u) => {
    const place = data.places.get([...u.employeeIds][0]!);
    return { place, employeeId: [...u.employeeIds][0]!, figures: figuresOf(u.money, u.counts) };
  });
  const max = (pick: (f: Figures) => string) =>
    units.reduce((m, u) => (toMoney(pick(u.figures)).gt(m) ? toMoney(pick(u.figures)) : m), toMoney(0)).toFixed();
  const best = { origination: max((f) => f.originationUsd), collections: max((f) => f.collectionsUsd) };
  const rated = units.map(({ place, employeeId, figures }) => {
    const r = rate(
      {
        origination: figures.originationUsd,
        collections: figures.collectionsUsd,
        worked: figures.workedUsd,
        leads: figures.leads,
        won: figures.won,
        invoices: figures.invoices,
        paid: figures.paid,
      },
      best,
    );
    const manager = type === 'MANAGER';
    const name = manager ? (place?.name ?? '') : `${place?.departmentName ?? ''} ${place?.officeName ?? ''}`;
    return {
      id: manager ? employeeId : (place?.departmentId ?? 0),
      name,
      employee_id: manager ? employeeId : null,
      targetEmployee: manager ? { id: employeeId, name: place?.name ?? '' } : null,
      targetDepartment: place?.departmentId != null ? { id: place.departmentId, name: place.departmentName } : null,
      targetOfficeId: place?.officeId ?? null,
      targetOfficeName: place?.officeName ?? null,
      countryId: place?.countryId ?? null,
      countryName: place?.countryName ?? null,
      rating: r.rating,
      qualityScore: r.qualityScore,
      fewData: r.fewData,
      parts: r.parts,
      figures,
    };
  });
  return rankDensely(rated).map(({ id: _id, name: _name, ...item }) => item);
}

/** Whether the reader's scope (dashboards' levels, `server/dashboards/scope.ts`) reaches a unit. */
export function inScope(
  scope: DashboardScope,
  unit: { employeeId: number | null; departmentId: number | null; officeId: number | null },
  window: Pick<RankingWindow, 'dateGte' | 'dateLte'>,
): boolean {
  switch (scope.level) {
    case 'firm':
      return true;
    case 'office':
      return unit.officeId !== null && scope.officeIds.includes(unit.officeId);
    case 'own':
      if (unit.employeeId !== null) return unit.employeeId === scope.employeeId;
      return scope.user.positions.some(
        (p) =>
          p.departmentId === unit.departmentId &&
          p.officeId === unit.officeId &&
          (!p.dateGte || p.dateGte <= window.dateLte) &&
          (!p.dateLte || p.dateLte >= window.dateGte),
      );
    case 'none':
      return false;
  }
}

/** The items the reader may see that pass the filters (RANK-07), in rank order. */
export function narrow(
  items: RankingItem[],
  scope: DashboardScope,
  filters: RankingFilters,
  window: RankingWindow,
  places: Map<number, Placement>,
): RankingItem[] {
  return items.filter((item) => {
    const unit = {
      employeeId: item.employee_id,
      departmentId: item.targetDepartment?.id ?? null,
      officeId: item.targetOfficeId,
    };
    if (!inScope(scope, unit, window)) return false;
    if (filters.targetOfficeId !== undefined && item.targetOfficeId !== filters.targetOfficeId) return false;
    if (filters.countryId !== undefined && item.countryId !== filters.countryId) return false;
    if (filters.targetDepartmentId !== undefined && item.targetDepartment?.id !== filters.targetDepartmentId)
      return false;
    if (filters.targetEmployeeId !== undefined) {
      if (item.employee_id !== null) return item.employee_id === filters.targetEmployeeId;
      // a department's row: the employee counts in it
      const place = places.get(filters.targetEmployeeId);
      return place?.departmentId === unit.departmentId && place?.officeId === unit.officeId;
    }
    return true;
  });
}

/** The figures of one unit month by month over the window (RANK-11/12). */
export function monthsOf(data: RankingData, type: RankingType, key: string) {
  const belongs = (employeeId: number) => unitKey(type, data.places.get(employeeId), employeeId) === key;
  return data.window.months.map((month) => {
    const f = figuresOf(
      data.money.filter((r) => r.month === month && belongs(r.employeeId)),
      data.counts.filter((r) => r.month === month && belongs(r.employeeId)),
    );
    const worked = toMoney(f.workedUsd);
    const realisation = worked.gt(0) ? toMoney(f.collectionsUsd).div(worked).toDecimalPlaces(4).toFixed() : null;
    const conversion = f.leads > 0 ? toMoney(f.won).div(f.leads).toDecimalPlaces(4).toFixed() : null;
    return { month, ...f, realisation, conversion };
  });
}
