/**
 * Durations of time entries: stored as integer milliseconds, typed and shown as hours. One
 * parser serves the entry form and the weekly grid, so `1.5`, `1,5`, `1:30`, `90m` and `1h 30m`
 * mean the same everywhere.
 */

/** A new entry's duration: 15 minutes (TIME-03). */
export const DEFAULT_DURATION_MS = 900_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
/** The longest single entry the inputs accept: a day. */
export const MAX_DURATION_MS = 24 * HOUR_MS;

const HOURS_MINUTES = /^(\d{1,2}):([0-5]?\d)$/;
const DECIMAL_HOURS = /^(\d{1,2}(?:[.,]\d+)?|[.,]\d+)\s*h?$/i;
const MINUTES = /^(\d{1,4})\s*m(?:in)?$/i;
const H_AND_M = /^(\d{1,2})\s*h\s*(\d{1,2})\s*m(?:in)?$/i;

/**
 * Reads a duration typed as hours.
 *
 * @returns milliseconds rounded to the minute; `0` for an empty text; `undefined` when the text is
 *   not a duration or is longer than a day
 * @example
 * parseDuration('1.5')   // 5400000
 * parseDuration('1:30')  // 5400000
 * parseDuration('90m')   // 5400000
 * parseDuration('0:15')  // 900000
 * parseDuration('abc')   // undefined
 */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return 0;
  let minutes: number | undefined;
  let m = HOURS_MINUTES.exec(t);
  if (m) minutes = Number(m[1]) * 60 + Number(m[2]);
  else if ((m = H_AND_M.exec(t))) minutes = Number(m[1]) * 60 + Number(m[2]);
  else if ((m = MINUTES.exec(t))) minutes = Number(m[1]);
  else if ((m = DECIMAL_HOURS.exec(t))) minutes = Math.round(Number(m[1]!.replace(',', '.')) * 60);
  if (minutes === undefined || !Number.isFinite(minutes)) return undefined;
  const ms = minutes * MINUTE_MS;
  return ms > MAX_DURATION_MS ? undefined : ms;
}

/**
 * Milliseconds as `h:mm` (`5400000` -> `1:30`); `''` for nothing.
 * @example formatDuration(900000) // '0:15'
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms) || ms === 0) return '';
  const minutes = Math.round(ms / MINUTE_MS);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Milliseconds as decimal hours with at most two decimals (TIME-11): `5400000` -> `1.5`,
 * `900000` -> `0.25`, `0` -> `0`.
 */
export function hoursOf(ms: number): string {
  return String(Math.round((ms / HOUR_MS) * 100) / 100);
}
