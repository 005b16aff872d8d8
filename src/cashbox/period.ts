/**
 * The cashbox report's period (CASH-14..18): the previous month by default, and a range whose
 * ends are widened to whole months - a start to the first day of its month (CASH-15), an end to
 * the last day of its month (CASH-16), a bare year to 1 January (CASH-17) or 31 December
 * (CASH-18). Dates are `YYYY-MM-DD` strings of the calendar (no time zone: the server reads them
 * as dates). The server normalises again (`POST /cashbox/calculate`); the SPA does it first so
 * the pickers show, and the requests carry, the range the report covers.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The last day (28..31) of `month` (1..12) of `year`. */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A cashbox range: first and last day, `YYYY-MM-DD`. */
export interface CashboxRange {
  dateGte: string;
  dateLte: string;
}

/**
 * The month before `now`'s month (CASH-14), in the local calendar.
 * @example previousMonthRange(new Date(2026, 0, 15)) // { dateGte: '2025-12-01', dateLte: '2025-12-31' }
 */
export function previousMonthRange(now: Date = new Date()): CashboxRange {
  const year = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
  const month = now.getMonth() === 0 ? 12 : now.getMonth(); // 1..12 of the previous month
  return { dateGte: `${year}-${pad(month)}-01`, dateLte: `${year}-${pad(month)}-${pad(lastDay(year, month))}` };
}

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (a longer ISO text is cut to its date); `null` otherwise. */
const parse = (value: string): { year: number; month?: number } | null => {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value.trim());
  if (!m) return null;
  const year = Number(m[1]);
  if (m[2] === undefined) return { year };
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year, month } : null;
};

/**
 * A range start normalised: `2026-10-17` and `2026-10` -> `2026-10-01` (CASH-15); a bare year
 * `2026` -> `2026-01-01` (CASH-17).
 * @throws Error for a text that is no year, month or date
 */
export function normaliseStart(value: string): string {
  const p = parse(value);
  if (!p) throw new Error(`"${value}" is not a year, a month or a date`);
  return `${p.year}-${pad(p.month ?? 1)}-01`;
}

/**
 * A range end normalised: `2026-02-03` and `2026-02` -> `2026-02-28` (CASH-16); a bare year
 * `2026` -> `2026-12-31` (CASH-18).
 * @throws Error for a text that is no year, month or date
 */
export function normaliseEnd(value: string): string {
  const p = parse(value);
  if (!p) throw new Error(`"${value}" is not a year, a month or a date`);
  const month = p.month ?? 12;
  return `${p.year}-${pad(month)}-${pad(lastDay(p.year, month))}`;
}

/**
 * Both ends normalised (CASH-15..18); an end before the start is moved to the start's month end,
 * so the range is never empty.
 * @throws Error for a text that is no year, month or date
 */
export function normaliseRange(range: { dateGte: string; dateLte: string }): CashboxRange {
  const dateGte = normaliseStart(range.dateGte);
  const dateLte = normaliseEnd(range.dateLte);
  return { dateGte, dateLte: dateLte < dateGte ? normaliseEnd(dateGte.slice(0, 7)) : dateLte };
}

/** The report month `YYYY-MM` of a range (its start's month), as the balance report sends it (CASH-03). */
export const monthOf = (date: string): string => date.slice(0, 7);
