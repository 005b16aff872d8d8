import Decimal from 'decimal.js';

/**
 * Value checks shared by the field types: the server and the SPA's forms read dates, URLs,
 * e-mail addresses, phone numbers and decimals with these and nothing else, so they agree.
 */

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_RE = /^\d{4}-\d{2}$/;
/** An integer of at most 15 digits: always within `Number.MAX_SAFE_INTEGER`. */
const SAFE_INTEGER_RE = /^-?\d{1,15}$/;
/** A decimal number, optionally with an exponent (`1e-7`); no `Infinity`, hex or binary forms. */
const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
/** `http://` or `https://`, any case. */
const WEB_SCHEME_RE = /^https?:\/\//i;
/** A scheme (`javascript:`, `data:`, `mailto:`) - but not a bare host with a port (`example.com:8080`). */
const OTHER_SCHEME_RE = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;

/** An e-mail address: something, `@`, a host with a dot; no blanks. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A phone number: digits, blanks, `()` and `-`, 5 to 20 of them, an optional leading `+`. */
export const PHONE_RE = /^\+?[0-9 ()-]{5,20}$/;

/** Whether `s` holds a C0 control character or DEL: browsers drop some inside URLs (`java\tscript:` runs). */
const hasControl = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
};

/** Whether a string holds a NUL character, which a PostgreSQL `text` or `jsonb` value cannot hold. */
export const hasNul = (s: string): boolean => s.includes('\u0000');

/** Whether `s` is a real calendar date `YYYY-MM-DD` of the years 0001..9999 (PostgreSQL and the product agree there). */
export const isIsoDate = (s: string): boolean =>
  DATE_RE.test(s) &&
  !s.startsWith('0000') &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * A date-time string (as `Date.parse` reads it, ISO 8601 on the wire) as a UTC ISO string, or
 * undefined when it is not one or falls outside the years 0001..9999 (UTC).
 */
export function isoDateTime(s: string): string | undefined {
  const t = Date.parse(s);
  if (Number.isNaN(t)) return undefined;
  const year = new Date(t).getUTCFullYear();
  return year >= 1 && year <= 9999 ? new Date(t).toISOString() : undefined;
}

/**
 * The calendar date (`YYYY-MM-DD`) a date or month value names: `YYYY-MM-DD` itself, `YYYY-MM`
 * (its first day), or a date-time (its date part); undefined when it is none of these within the
 * years 0001..9999.
 */
export function dateOf(s: string): string | undefined {
  const d = MONTH_RE.test(s) ? `${s}-01` : s.length > 10 && isoDateTime(s) !== undefined ? s.slice(0, 10) : s;
  return isIsoDate(d) ? d : undefined;
}

/** The last day of the month of a `YYYY-MM-DD` date. */
export const lastDayOfMonth = (d: string): string => {
  const [y, m] = d.split('-').map(Number) as [number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0..99 as 1900..1999
  const last = new Date(0);
  last.setUTCFullYear(y, m, 0);
  return last.toISOString().slice(0, 10);
};

/**
 * Whether a URL may be stored in a `url` field: `http(s)://...` or a bare host (`example.com/a`),
 * never another scheme (`javascript:`, `data:`, `file:`, `vbscript:`) nor control characters.
 */
export function isWebUrl(s: string): boolean {
  if (hasControl(s) || /\s/.test(s)) return false;
  // a host with a dot inside it: `[^/$.?#]\S*\.\S+`, checked without a backtracking regular expression
  const rest = WEB_SCHEME_RE.test(s) ? s.replace(WEB_SCHEME_RE, '') : s;
  const dot = rest.lastIndexOf('.');
  if (rest === '' || '/$.?#'.includes(rest[0]!) || dot < 1 || dot === rest.length - 1) return false;
  return WEB_SCHEME_RE.test(s) || !OTHER_SCHEME_RE.test(s);
}

/** The limits of a numeric column: integer or decimal, digits before the point, decimal places kept. */
export interface NumericLimits {
  integer: boolean;
  /** Digits allowed before the decimal point. */
  digits: number;
  /** Decimal places kept (the value is rounded half-up to them, as PostgreSQL does); undefined = all. */
  scale?: number;
}

/**
 * Reads a JSON number or a numeric string (`"12.5"`, `1e-7`) exactly, never through a float:
 * integers as JavaScript numbers (they stop at `Number.MAX_SAFE_INTEGER`, as they travel as JSON
 * numbers), decimals as a `Decimal` rounded half-up to the column's scale.
 * @returns `{ value }` or `{ error }` with the reason (not a number, not an integer, out of range)
 */
export function readNumeric(limits: NumericLimits, v: unknown): { value: number | Decimal } | { error: string } {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  // the common case (ids, page numbers): a plain integer of at most 15 digits is exact as a number
  if (limits.integer && SAFE_INTEGER_RE.test(s)) return { value: Number(s) };
  if (!NUMBER_RE.test(s)) return { error: 'must be a number' };
  let d: Decimal;
  try {
    d = new Decimal(s);
  } catch {
    return { error: 'must be a number' };
  }
  if (limits.integer) {
    if (!d.isInteger()) return { error: 'must be an integer' };
    if (d.abs().gt(Number.MAX_SAFE_INTEGER))
      return { error: `must be between ${-Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}` };
    return { value: d.toNumber() };
  }
  if (limits.scale !== undefined) d = d.toDecimalPlaces(limits.scale, Decimal.ROUND_HALF_UP);
  if (d.abs().gte(new Decimal(10).pow(limits.digits)))
    return { error: `must be less than 10^${limits.digits} in absolute value` };
  if (limits.scale === undefined && d.decimalPlaces() > 1000) return { error: 'has too many decimal places' };
  return { value: d };
}
