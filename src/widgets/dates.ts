/**
 * Pure date helpers of the spec (000 §9, 001 §5, §9): display format, range normalisation and the
 * Monday-first dayjs locale the date picker uses (WID-08).
 */
import dayjs, { type Dayjs } from 'dayjs';
import { datePatterns, dayjsLocale } from '../i18n/activeLocale';

/** WID-09: the value format the picker edits and stores. */
export const DATE_VALUE_FORMAT = 'YYYY-MM-DD';
/** CONST-11 / WID-09: the display format, e.g. `5 Nov '26`. */
export const DATE_DISPLAY_FORMAT = "D MMM 'YY";
/** CONST-08: the default date floor. */
export const DATE_FLOOR = '1970-01-01';
/** WID-14: the first year the picker offers. */
export const FIRST_YEAR = 1900;
/** WID-08: dayjs locale whose week starts on Monday (en-gb: weekStart 1, English month names). */
export const PICKER_LOCALE = 'en-gb';
/** The picker's dayjs locale for the user's language: `en-gb`, or `ru` (Russian names, Monday first). */
export const pickerLocale = (): string => dayjsLocale();

const parse = (value: unknown): Dayjs | undefined => {
  if (value == null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date) && !dayjs.isDayjs(value))
    return undefined;
  const d = dayjs(value);
  return d.isValid() ? d : undefined;
};

/**
 * `'2026-11-05'` -> `"5 Nov '26"` (CONST-11, WID-09), in Russian `'05.11.2026'`
 * (`src/i18n/activeLocale.ts`); empty or invalid -> `''`.
 */
export const formatDate = (value: unknown): string =>
  parse(value)?.locale(dayjsLocale()).format(datePatterns().date) ?? '';

/** `Dayjs | null` -> `'YYYY-MM-DD'` or `null`. */
export const toValue = (d: Dayjs | null | undefined): string | null =>
  d && d.isValid() ? d.format(DATE_VALUE_FORMAT) : null;

export interface DateRange {
  /** Start, `YYYY-MM-DD`, `YYYY-MM` or a bare year `YYYY`. */
  gte?: string | null;
  /** End, same shapes. */
  lte?: string | null;
}

export interface NormalizeOptions {
  /** Month mode: a start goes to the first of its month, an end to the last (CASH-15/16). */
  month?: boolean;
}

const isYear = (v: string) => /^\d{4}$/.test(v);

const bound = (v: string, side: 'start' | 'end', month: boolean): string => {
  if (isYear(v)) return side === 'start' ? `${v}-01-01` : `${v}-12-31`; // CASH-17/18
  const d = dayjs(v.length === 7 ? `${v}-01` : v);
  if (!d.isValid()) return v;
  const shaped = month || v.length === 7 ? (side === 'start' ? d.startOf('month') : d.endOf('month')) : d;
  return shaped.format(DATE_VALUE_FORMAT);
};

/**
 * A filter range as the server gets it (`YYYY-MM-DD` both ends or both empty): a bare year becomes
 * 1 Jan / 31 Dec (CASH-17/18), `YYYY-MM` or month mode the month's first / last day (CASH-15/16),
 * only a start gets `today` as its end (CONST-10), only an end gets 1970-01-01 as start (CONST-08/09).
 * `today` is `YYYY-MM-DD` (or a Dayjs), passed in so the function stays pure.
 */
export function normalizeRange(
  range: DateRange,
  today: string | Dayjs,
  options: NormalizeOptions = {},
): { gte: string | null; lte: string | null } {
  const month = options.month ?? false;
  const gte = range.gte ? bound(range.gte, 'start', month) : null;
  const lte = range.lte ? bound(range.lte, 'end', month) : null;
  if (gte && !lte) return { gte, lte: dayjs(today).format(DATE_VALUE_FORMAT) };
  if (!gte && lte) return { gte: DATE_FLOOR, lte };
  return { gte, lte };
}
