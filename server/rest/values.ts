import Decimal from 'decimal.js';
import type { EntitySchema, Field, WireRecord } from '../../schemas/define';
import { columnName, LOCK_COLUMN, SYSTEM_COLUMNS } from '../db/naming';
import { badParam } from './errors';
import type { ValueKind } from './model';

/**
 * Value conversions: query-string values -> SQL parameters (by field type, docs/api.md),
 * and database rows -> wire objects (numbers for numeric columns, ISO strings for timestamps).
 */

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_RE = /^\d{4}-\d{2}$/;
/** A decimal number, optionally with an exponent (`1e-7`); no `Infinity`, hex or binary forms. */
const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
/** `http://` or `https://`, any case. */
const WEB_SCHEME_RE = /^https?:\/\//i;
/** A scheme (`javascript:`, `data:`, `mailto:`) - but not a bare host with a port (`example.com:8080`). */
const OTHER_SCHEME_RE = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;
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

/** The limits of a numeric column: `numeric(p,s)` as integer digits and scale; integers as safe integers. */
interface NumericLimits {
  integer: boolean;
  /** Digits allowed before the decimal point. */
  digits: number;
  /** Decimal places kept (the value is rounded half-up to them, as PostgreSQL does); undefined = all. */
  scale?: number;
}

/**
 * The limits of a kind's column (`server/db/tables.ts`): integers, durations and ids are `bigint`
 * but travel as JSON numbers, so they stop at `Number.MAX_SAFE_INTEGER`; money is
 * `numeric(19,4)`, percent `numeric(12,8)`; a plain decimal is unconstrained `numeric`, held to
 * 1,000 digits either side of the point.
 */
function limitsOf(kind: ValueKind): NumericLimits {
  if (kind.type === 'money') return { integer: false, digits: 15, scale: 4 };
  if (kind.type === 'percent') return { integer: false, digits: 4, scale: 8 };
  if (kind.type === 'number' && !kind.integer) return { integer: false, digits: 1000 };
  return { integer: true, digits: 16 };
}

/**
 * Converts a JSON number or a numeric string (`"12.5"`, `1e-7`) to the SQL value of a numeric
 * kind: a JavaScript number for integer kinds (`number` with `integer`, `durationMs`, ids), a plain
 * decimal string for the others (never through a float: money stays exact), rounded to the
 * column's scale.
 * @returns `{ value }` or `{ error }` with the reason (not a number, not an integer, out of range)
 */
export function numericValue(kind: ValueKind, v: unknown): { value: number | string } | { error: string } {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!NUMBER_RE.test(s)) return { error: 'must be a number' };
  const limits = limitsOf(kind);
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
  return { value: d.toFixed() };
}

/**
 * Parses one filter value by the kind of the path it applies to.
 * @throws HttpError 400 naming `param` for a value of the wrong shape
 */
export function parseFilterValue(kind: ValueKind, raw: string, param: string): unknown {
  const bad = (what: string) => badParam(param, `"${raw}" is not ${what}`);
  if (hasNul(raw)) throw badParam(param, 'must not contain a NUL character');
  switch (kind.type) {
    case 'number':
    case 'durationMs':
    case 'money':
    case 'percent': {
      const r = numericValue(kind, raw);
      if ('error' in r) throw badParam(param, `"${raw}" ${r.error}`);
      return r.value;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw bad('true or false');
      return raw === 'true';
    case 'date':
    case 'month': {
      const v = dateOf(raw);
      if (v === undefined) throw bad('a date (YYYY-MM-DD) of the years 0001..9999');
      return v;
    }
    case 'dateTime': {
      const t = isoDateTime(raw);
      if (t === undefined) throw bad('a date-time (ISO 8601) of the years 0001..9999');
      return t;
    }
    case 'enum':
      if (!kind.values?.includes(raw)) throw bad(`one of ${kind.values?.join(', ')}`);
      return raw;
    default:
      return raw;
  }
}

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** A scalar column value in wire units: numbers for numeric columns (percent a fraction), ISO strings for times. */
export function scalarToWire(fd: Field, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (fd.type) {
    case 'number':
    case 'money':
    case 'percent':
    case 'durationMs':
    case 'refId':
      return Number(v);
    case 'dateTime':
      return iso(v);
    case 'date':
    case 'month':
      return v instanceof Date ? v.toISOString().slice(0, 10) : v;
    default:
      return v;
  }
}

/** `/core/api/clients` or `/auth/api/v2/users`: the collection's URL path (docs/api.md). */
export function collectionPath(schema: EntitySchema): string {
  const base = { core: '/core/api', auth: '/auth/api/v2', rating: '/rating/api', analytics: '/analytics/api' }[
    schema.base
  ];
  return `${base}/${schema.name}`;
}

/** The system properties of a row on the wire: id, lock, audit columns and `_links.self`. */
export function systemToWire(schema: EntitySchema, row: Record<string, unknown>): WireRecord {
  const id = Number(row[SYSTEM_COLUMNS.id]);
  return {
    id,
    [schema.lockProperty]: Number(row[LOCK_COLUMN]),
    createdDate: row[SYSTEM_COLUMNS.createdDate] == null ? null : iso(row[SYSTEM_COLUMNS.createdDate]),
    lastModifiedDate: row[SYSTEM_COLUMNS.lastModifiedDate] == null ? null : iso(row[SYSTEM_COLUMNS.lastModifiedDate]),
    createdBy: row[SYSTEM_COLUMNS.createdBy] ?? null,
    lastModifiedBy: row[SYSTEM_COLUMNS.lastModifiedBy] ?? null,
  };
}

/** The raw column value of a field in a database row. */
export const columnValue = (row: Record<string, unknown>, name: string, fd: Field): unknown =>
  row[columnName(name, fd)];
