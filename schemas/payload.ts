import type { EntitySchema, Field, WireRecord } from './define';
import { SYSTEM_FIELDS } from './define';

const isReferenceField = (fd: Field) => fd.type === 'ref' || fd.type === 'dictionary';

/**
 * Empty for payload rules: `undefined`, `null`, `''`, or, for a reference, an object without an
 * id (EXP-05: "a supplier without an id is sent as null").
 */
export const isEmptyValue = (fd: Field, value: unknown): boolean => {
  if (value === undefined || value === null || value === '') return true;
  return isReferenceField(fd) && typeof value === 'object' && (value as { id?: unknown }).id == null;
};

/**
 * Applies a schema's payload rules to a record before it is sent (spec §5, DATA-MODEL H4):
 * drops read-only and system fields, applies `valueWhen`, `sendWhen`, `nullWhenEmpty` and
 * `omitWhenEmpty`, reduces references to `{ id }`, and recurses into nested-write children.
 *
 * @param schema the entity schema
 * @param record the record in wire units (percent already a fraction)
 * @returns a new object; the input is not changed
 *
 * @example
 * toWirePayload(clients, { gname: 'Acme', underSanctions: false, sanctionComments: 'x', vatEnabled: false, vatPercent: 0.12 })
 * // => { gname: 'Acme', underSanctions: false, vatEnabled: false, vatPercent: 0 }   (CLI-03, CLI-05)
 */
export function toWirePayload(schema: EntitySchema, record: WireRecord, childSchemas?: (name: string) => EntitySchema | undefined): WireRecord {
  const out: WireRecord = {};
  const system = new Set<string>(SYSTEM_FIELDS);
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (system.has(name) || fd.readOnly) continue;
    if (!(name in record) && !fd.valueWhen) continue;
    let value = record[name];
    if (fd.valueWhen && fd.valueWhen.when(record)) value = fd.valueWhen.value;
    if (fd.sendWhen && !fd.sendWhen(record)) continue;
    if (isEmptyValue(fd, value)) {
      if (fd.omitWhenEmpty) continue;
      if (fd.nullWhenEmpty || isReferenceField(fd)) {
        out[name] = null;
        continue;
      }
      if (value === '' && fd.type !== 'text' && fd.type !== 'longText') {
        out[name] = null;
        continue;
      }
    }
    if (isReferenceField(fd) && value && typeof value === 'object') {
      out[name] = { id: (value as { id: unknown }).id };
    } else if ((fd.type === 'refList' || fd.type === 'dictionaryList') && Array.isArray(value)) {
      out[name] = value.map((v) => (v && typeof v === 'object' ? { id: (v as { id: unknown }).id } : { id: v }));
    } else if (fd.type === 'children' && Array.isArray(value)) {
      const child = fd.target && childSchemas?.(fd.target);
      out[name] = child
        ? value.map((v) => {
            const row = toWirePayload(child, v as WireRecord, childSchemas);
            if ((v as WireRecord).id != null) row.id = (v as WireRecord).id;
            delete row[fd.via!];
            return row;
          })
        : value;
    } else {
      out[name] = value;
    }
  }
  if (record[schema.lockProperty] !== undefined) out[schema.lockProperty] = record[schema.lockProperty];
  return out;
}
