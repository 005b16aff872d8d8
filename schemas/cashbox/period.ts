/**
 * The cashbox period of a request (CASH-14..18), shared by the SPA and the server: a range start
 * becomes the first day of its month (CASH-15) and a bare year 1 January (CASH-17); a range end
 * becomes the last day of its month (CASH-16) and a bare year 31 December (CASH-18); no range is
 * the previous month (CASH-14). Dates are `YYYY-MM-DD` strings, computed on the calendar (no time
 * zone enters).
 */

const pad = (n: number): string => String(n).padStart(2, '0');

/** Days in month `month` (1-12) of `year`. */
const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (anything after the day, such as a time, is ignored). */
const PARTS = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/;

/**
 * Reads `value` as a year, a month or a day.
 * @throws Error when it is none of them (or the month is not 1-12)
 */
function parse(value: string): { year: number; month: number | null } {
  const m = PARTS.exec(value.trim());
  if (!m) throw new Error(`"${value}" is not a year, a month (YYYY-MM) or a date (YYYY-MM-DD)`);
  const year = Number(m[1]);
  const month = m[2] === undefined ? null : Number(m[2]);
  if (month !== null && (month < 1 || month > 12)) throw new Error(`"${value}" has no month ${month}`);
  return { year, month };
}

/** First day of the month of `value` (CASH-15), or 1 January of a bare year (CASH-17). @throws Error for a value that is no date */
export function normalizeRangeStart(value: string): string {
  const { year, month } = parse(value);
  return `${year}-${pad(month ?? 1)}-01`;
}

/** Last day of the month of `value` (CASH-16), or 31 December of a bare year (CASH-18). @throws Error for a value that is no date */
export function normalizeRangeEnd(value: string): string {
  const { year, month } = parse(value);
  const mm = month ?? 12;
  return `${year}-${pad(mm)}-${pad(daysIn(year, mm))}`;
}

/** The previous calendar month of `now` (CASH-14), local calendar: `{ dateGte, dateLte }`. */
export function defaultCashboxPeriod(now: Date = new Date()): { dateGte: string; dateLte: string } {
  const y = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
  const m = now.getMonth() === 0 ? 12 : now.getMonth();
  return { dateGte: `${y}-${pad(m)}-01`, dateLte: `${y}-${pad(m)}-${pad(daysIn(y, m))}` };
}

/**
 * The normalised range of a request (CASH-14..18): both ends normalised, the previous month when
 * neither is given, the start's month when only the start is given (and the end's when only the
 * end is).
 * @throws Error for a value that is no date, or an end before the start
 */
export function normalizeCashboxRange(
  dateGte: string | null | undefined,
  dateLte: string | null | undefined,
  now: Date = new Date(),
): { dateGte: string; dateLte: string } {
  if (!dateGte && !dateLte) return defaultCashboxPeriod(now);
  const gte = normalizeRangeStart((dateGte || dateLte)!);
  const lte = normalizeRangeEnd((dateLte || dateGte)!);
  if (lte < gte) throw new Error(`The range ends (${lte}) before it starts (${gte})`);
  return { dateGte: gte, dateLte: lte };
}
