/**
 * The cashbox period from what a user or a caller gives (docs/areas/cashbox.md "Periods"): whole
 * months, the previous month by default.
 */

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of a month (1-12), leap years included. */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** Thrown for a bound that is not `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
export class CashboxPeriodError extends Error {
  constructor(
    readonly property: 'dateGte' | 'dateLte',
    value: string,
  ) {
    super(`${property} must be a year, a month or a date (YYYY, YYYY-MM or YYYY-MM-DD), not "${value}"`);
    this.name = 'CashboxPeriodError';
  }
}

function parse(property: 'dateGte' | 'dateLte', value: string): { year: number; month: number | null } {
  const m = DATE.exec(value.trim());
  const month = m?.[2] === undefined ? null : Number.parseInt(m[2], 10);
  if (!m || (month !== null && (month < 1 || month > 12))) throw new CashboxPeriodError(property, value);
  return { year: Number.parseInt(m[1]!, 10), month };
}

/**
 * Normalises a cashbox range to whole months.
 * - No bounds: the month before `today`'s (CASH-14).
 * - A start becomes the first day of its month (CASH-15); a bare year, 1 January (CASH-17).
 * - An end becomes the last day of its month (CASH-16); a bare year, 31 December (CASH-18).
 * - One bound only: the other is taken from the same month (a bare year: the same year).
 * @param range the bounds as given (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`; empty as absent)
 * @param today `YYYY-MM-DD`, the caller's date (the function reads no clock)
 * @returns `YYYY-MM-DD` bounds, start <= end when the inputs were ordered
 * @throws CashboxPeriodError for a bound in another format
 */
export function normaliseCashboxPeriod(
  range: { dateGte?: string | null; dateLte?: string | null },
  today: string,
): { dateGte: string; dateLte: string } {
  const gte = range.dateGte?.trim() ? parse('dateGte', range.dateGte) : null;
  const lte = range.dateLte?.trim() ? parse('dateLte', range.dateLte) : null;
  const start = gte ?? lte;
  const end = lte ?? gte;
  if (!start || !end) {
    const t = parse('dateLte', today.slice(0, 7));
    const year = t.month === 1 ? t.year - 1 : t.year;
    const month = t.month === 1 ? 12 : t.month! - 1;
    return { dateGte: `${year}-${pad(month)}-01`, dateLte: `${year}-${pad(month)}-${pad(lastDay(year, month))}` };
  }
  const startMonth = start.month ?? 1;
  const endMonth = end.month ?? 12;
  return {
    dateGte: `${start.year}-${pad(startMonth)}-01`,
    dateLte: `${end.year}-${pad(endMonth)}-${pad(lastDay(end.year, endMonth))}`,
  };
}
