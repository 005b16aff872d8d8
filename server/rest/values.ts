import type { EntitySchema, Field, WireRecord } from '../../schemas/define';
import { hasNul } from '../../schemas/fieldTypes/checks';
import { toWire, typeModule } from '../../schemas/fieldTypes/index';
import { columnName, LOCK_COLUMN, SYSTEM_COLUMNS } from '../db/naming';
import { badParam } from './errors';
import type { ValueKind } from './model';

/**
 * Value conversions: query-string values -> SQL parameters and database values -> wire values,
 * each by the field's type module (`schemas/fieldTypes/`); system columns of every row.
 */

export { dateOf, hasNul, isIsoDate, isoDateTime, isWebUrl } from '../../schemas/fieldTypes/checks';

/**
 * Parses one filter value by the kind of the path it applies to.
 * @throws HttpError 400 naming `param` for a value of the wrong shape
 */
export function parseFilterValue(kind: ValueKind, raw: string, param: string): unknown {
  if (hasNul(raw)) throw badParam(param, 'must not contain a NUL character');
  const filter = typeModule(kind).filter;
  if (!filter) throw badParam(param, `a ${kind.type} cannot be filtered`);
  const r = filter.parse(kind as Field, raw);
  if ('error' in r) throw badParam(param, r.error);
  return r.value;
}

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/**
 * A scalar column value in wire units, by the field's type module: numbers for numeric columns
 * (percent a fraction, money an exact `Decimal`), ISO strings for times.
 */
export const scalarToWire = (fd: Field, v: unknown): unknown => toWire(fd, v);

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
