import type { EntitySchema, Field, WireRecord } from '../../schemas/define';
import { isColumnField } from '../../schemas/define';
import { columnName } from '../db/naming';
import { scalarToWire } from '../rest/values';

/**
 * A stored row (or a write's columns, which are keyed the same way) as wire values of the
 * entity's own fields, without database round trips: references as `{ id }` (a `refId` as its
 * number), embedded values as objects, numbers and dates in wire units. Used for what hooks
 * and actions see of a record and for the values the record history keeps.
 */

type Row = Record<string, unknown>;

/** The wire value of one column field's stored value. */
export function columnToWire(fd: Field, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (fd.type === 'ref' || fd.type === 'dictionary') return { id: Number(v) };
  if (fd.type === 'embedded' || fd.type === 'embeddedList') return typeof v === 'string' ? JSON.parse(v) : v;
  return scalarToWire(fd, v);
}

/**
 * The own column fields of `row` (and `id` when the row has one) in wire units; write-only
 * fields are left out. With `only`, just the fields whose column `row` holds.
 */
export function rowToWire(schema: EntitySchema, row: Row, only = false): WireRecord {
  const out: WireRecord = {};
  if (row.id !== undefined && row.id !== null) out.id = Number(row.id);
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (!isColumnField(fd) || fd.writeOnly) continue;
    const col = columnName(name, fd);
    if (only && !Object.hasOwn(row, col)) continue;
    out[name] = columnToWire(fd, row[col]);
  }
  return out;
}
