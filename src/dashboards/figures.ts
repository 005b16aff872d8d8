/**
 * The dashboards' figures from the analytics rows: income per month rounded and totalled per
 * currency (DASH-16), the realisation chain, top clients and countries per currency, experience per
 * year. Money stays decimal text, exact (`schemas/money.ts`); a chart's bar heights are the only
 * numbers made from it. Never a sum across currencies.
 */
import type Decimal from 'decimal.js';
import { sumExact, toMoney } from '../../schemas/money';
import type { QueryData } from './analytics';

/** A chart's load: its rows, or none and `failed` when the query failed (DASH-15). */
export interface ChartLoad<Row> {
  rows: Row[];
  failed: boolean;
}

/**
 * DASH-15: runs a chart's query; a failure is caught, logged (`console.error` with the chart's
 * name) and yields an empty list marked `failed`, so the chart shows an empty state with Retry and
 * the page stays whole. An abort (the page moved on) is passed through, not logged.
 */
export async function loadChart<Row>(name: string, run: () => Promise<QueryData<Row>>): Promise<ChartLoad<Row>> {
  try {
    return { rows: (await run()).rows, failed: false };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error(`Dashboard chart "${name}" failed`, error);
    return { rows: [], failed: true };
  }
}

/** A row of `income_by_month`: `month` `YYYY-MM` (null on the currency's total row). */
export interface IncomeRow {
  month: string | null;
  currency: string;
  income: string;
}

/** One currency's income: whole units per month and their total (DASH-16). */
export interface IncomeSeries {
  currency: string;
  months: Array<{ month: string; income: string }>;
  total: string;
}

const whole = (v: string | number | Decimal | null | undefined) =>
  toMoney(v ?? 0)
    .toDecimalPlaces(0)
    .toFixed(0);

/**
 * DASH-16: income per currency, each month rounded to 0 decimals, and the currency's total: the
 * server's total row (the exact sum, rounded) when it sent one, else the sum of the months.
 * Currencies are never added together.
 * @example incomeSeries([{ month: '2026-01', currency: 'USD', income: '10.6' }]) // [{ currency: 'USD', months: [{ month: '2026-01', income: '11' }], total: '11' }]
 */
export function incomeSeries(rows: readonly IncomeRow[]): IncomeSeries[] {
  const by = new Map<string, { months: IncomeSeries['months']; total?: string }>();
  for (const row of rows) {
    const entry = by.get(row.currency) ?? { months: [] };
    if (row.month === null || row.month === undefined) entry.total = whole(row.income);
    else entry.months.push({ month: row.month, income: whole(row.income) });
    by.set(row.currency, entry);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, e]) => ({
      currency,
      months: [...e.months].sort((a, b) => a.month.localeCompare(b.month)),
      total: e.total ?? whole(sumExact(e.months.map((m) => m.income))),
    }));
}

/** A row of `realisation`. */
export interface RealisationRow {
  group_id: number | null;
  group_name: string | null;
  currency: string;
  worked: string;
  billed: string;
  collected: string;
  written_off: string;
}

/** The four figures of the realisation chain, in order. */
export const REALISATION_FIGURES = ['worked', 'billed', 'collected', 'written_off'] as const;
export type RealisationFigure = (typeof REALISATION_FIGURES)[number];

/** Rows grouped by currency (ordered by code), keeping their order within a currency. */
export function byCurrency<Row extends { currency: string }>(
  rows: readonly Row[],
): Array<{ currency: string; rows: Row[] }> {
  const by = new Map<string, Row[]>();
  for (const row of rows) by.set(row.currency, [...(by.get(row.currency) ?? []), row]);
  return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, list]) => ({ currency, rows: list }));
}

/** The exact total of one figure over a currency's rows (decimal text, to the cent). */
export const figureTotal = (rows: readonly object[], figure: string): string =>
  sumExact(rows.map((r) => ((r as Record<string, unknown>)[figure] as string | null | undefined) ?? 0)).toFixed(2);

/** A bar's height from an exact amount: the only place money becomes a float (drawing, never showing). */
export const barHeight = (value: string | number | null | undefined): number => toMoney(value ?? 0).toNumber();

/** A row of `experience`. */
export interface ExperienceRow {
  year: number;
  group_id: number | null;
  group_name: string | null;
  matters: number;
}

/**
 * Experience per group: per year (`byYear`, one count per year of the period) or summed over the
 * period; groups by most matters first.
 */
export function experienceSeries(rows: readonly ExperienceRow[], byYear: boolean) {
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
  const groups = new Map<string, { id: number | null; name: string; counts: Map<number, number> }>();
  for (const r of rows) {
    const key = String(r.group_id);
    const g = groups.get(key) ?? { id: r.group_id, name: r.group_name ?? '-', counts: new Map() };
    g.counts.set(r.year, (g.counts.get(r.year) ?? 0) + Number(r.matters));
    groups.set(key, g);
  }
  const list = [...groups.values()]
    .map((g) => ({ ...g, total: [...g.counts.values()].reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return {
    years: byYear ? years : [],
    groups: list.map((g) => ({
      id: g.id,
      name: g.name,
      total: g.total,
      perYear: byYear ? years.map((y) => g.counts.get(y) ?? 0) : [],
    })),
  };
}
