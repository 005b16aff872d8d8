import type { EntitySchema, Field, WireRecord } from '../../schemas/define';
import { columnName, LOCK_COLUMN, SYSTEM_COLUMNS } from '../db/naming';
import { badParam } from './errors';
import type { ValueKind } from './model';

/**
 * Value conversions: query-string values -> SQL parameters (by field type, CONTRACT "Filters"),
 * and database rows -> wire objects (numbers for numeric columns, ISO strings for timestamps).
 */

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_RE = /^\d{4}-\d{2}$/;
const INT_RE = /^-?\d{1,15}$/;
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** Whether `s` is a real calendar date `YYYY-MM-DD`. */
export const isIsoDate = (s: string): boolean =>
  DATE_RE.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * Parses one filter value by the kind of the path it applies to.
 * @throws HttpError 400 naming `param` for a value of the wrong shape
 */
export function parseFilterValue(kind: ValueKind, raw: string, param: string): unknown {
  const bad = (what: string) => badParam(param, `"${raw}" is not ${what}`);
  switch (kind.type) {
    case 'number':
      if (kind.integer) {
        if (!INT_RE.test(raw)) throw bad('an integer');
        return Number(raw);
      }
      if (!DECIMAL_RE.test(raw)) throw bad('a number');
      return raw;
    case 'durationMs':
      if (!INT_RE.test(raw)) throw bad('an integer');
      return Number(raw);
    case 'money':
    case 'percent':
      if (!DECIMAL_RE.test(raw)) throw bad('a number');
      return raw;
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw bad('true or false');
      return raw === 'true';
    case 'date':
    case 'month': {
      const v = MONTH_RE.test(raw)
        ? `${raw}-01`
        : raw.length > 10 && isIsoDate(raw.slice(0, 10)) && !Number.isNaN(Date.parse(raw))
          ? raw.slice(0, 10)
          : raw;
      if (!isIsoDate(v)) throw bad('a date (YYYY-MM-DD)');
      return v;
    }
    case 'dateTime': {
      const t = Date.parse(raw);
      if (Number.isNaN(t)) throw bad('a date-time (ISO 8601)');
      return new Date(t).toISOString();
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

/** `/core/api/clients` or `/auth/api/v2/users`: the collection's URL path (CONTRACT "Bases"). */
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
