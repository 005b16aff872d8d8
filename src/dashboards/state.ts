/**
 * The dashboards' state (DASH-02) and where it lives: the address, so a dashboard can be shared and
 * Back undoes a change. `?from=2026-01-01&to=2026-10-31&sector=7&service=3&office=2&department=5&
 * employee=9&expClient=4&expSector=7&expCountry=11&expOffice=2&expBy=sector&byYear=1`.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The tabs of `/dashboards/<tab>` (NAV-61), sectors the default (NAV-60). */
export const DASHBOARD_TABS = [
  'global',
  'sectors',
  'services',
  'offices',
  'experience',
  'personal',
  'departments',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
/** NAV-60: `/dashboards` opens this tab. */
export const DEFAULT_TAB: DashboardTab = 'sectors';

/** What the experience chart groups by (query `experience`, `group_by`). */
export const EXPERIENCE_BY = ['country', 'sector', 'office'] as const;
export type ExperienceBy = (typeof EXPERIENCE_BY)[number];

/** DASH-02: what a dashboard shows; ids are record ids, dates `YYYY-MM-DD`. */
export interface DashboardState {
  dateStart: string;
  dateEnd: string;
  sector?: number;
  service?: number;
  office?: number;
  department?: number;
  employee?: number;
  experienceClient?: number;
  experienceSector?: number;
  experienceCountry?: number;
  experienceOffice?: number;
  /** The experience chart's grouping (country by default). */
  experienceBy: ExperienceBy;
  /** The experience chart per year (true) or over the whole period. */
  groupByYear: boolean;
}

/** The address key of each id field of the state. */
const ID_KEYS = {
  sector: 'sector',
  service: 'service',
  office: 'office',
  department: 'department',
  employee: 'employee',
  experienceClient: 'expClient',
  experienceSector: 'expSector',
  experienceCountry: 'expCountry',
  experienceOffice: 'expOffice',
} as const satisfies Partial<Record<keyof DashboardState, string>>;
type IdField = keyof typeof ID_KEYS;

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string =>
  !!v &&
  DATE.test(v) &&
  !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const id = (v: string | null): number | undefined => (v && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : undefined);

/** The default period: the 1st of January of `now`'s year to `now` (local calendar days). */
export const defaultPeriod = (now: Date = new Date()) => ({
  dateStart: `${now.getFullYear()}-01-01`,
  dateEnd: day(now),
});

/**
 * The state read from an address's query (DASH-02): unknown or malformed values are ignored, a
 * missing period is the year to date, an end before the start is swapped.
 * @example parseDashboardState(new URLSearchParams('from=2026-10-01&to=2026-10-31&office=2'))
 */
export function parseDashboardState(params: URLSearchParams, now: Date = new Date()): DashboardState {
  const fallback = defaultPeriod(now);
  let dateStart = isDay(params.get('from')) ? params.get('from')! : fallback.dateStart;
  let dateEnd = isDay(params.get('to')) ? params.get('to')! : fallback.dateEnd;
  if (dateEnd < dateStart) [dateStart, dateEnd] = [dateEnd, dateStart];
  const by = params.get('expBy');
  const state: DashboardState = {
    dateStart,
    dateEnd,
    experienceBy: EXPERIENCE_BY.includes(by as ExperienceBy) ? (by as ExperienceBy) : 'country',
    groupByYear: params.get('byYear') === '1',
  };
  for (const [field, key] of Object.entries(ID_KEYS) as [IdField, string][]) {
    const value = id(params.get(key));
    if (value !== undefined) state[field] = value;
  }
  return state;
}

/**
 * `prev` with `change` written in (DASH-02): the keys the state owns are set or removed, any other
 * key of the address is kept.
 */
export function writeDashboardState(prev: URLSearchParams, change: Partial<DashboardState>): URLSearchParams {
  const next = new URLSearchParams(prev);
  const put = (key: string, value: string | undefined) =>
    value === undefined || value === '' ? next.delete(key) : next.set(key, value);
  if ('dateStart' in change) put('from', change.dateStart);
  if ('dateEnd' in change) put('to', change.dateEnd);
  if ('experienceBy' in change) put('expBy', change.experienceBy === 'country' ? undefined : change.experienceBy);
  if ('groupByYear' in change) put('byYear', change.groupByYear ? '1' : undefined);
  for (const [field, key] of Object.entries(ID_KEYS) as [IdField, string][])
    if (field in change) put(key, change[field]?.toString());
  return next;
}

/** The dashboards' state from the address and a setter writing changes into it (a new history entry each). */
export function useDashboardState(now?: Date): [DashboardState, (change: Partial<DashboardState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseDashboardState(params, now), [params, now]);
  const update = useCallback(
    (change: Partial<DashboardState>) => setParams((prev) => writeDashboardState(prev, change)),
    [setParams],
  );
  return [state, update];
}
