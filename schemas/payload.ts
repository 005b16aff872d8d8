import type { EntitySchema, Field, WireRecord } from './define';
import { isLinkList, isToMany, shapeOf, SYSTEM_FIELDS } from './define';

/** References written nested, `{ id }` (`ref`, `dictionary`, `file`). */
const isReferenceField = (fd: Field) => shapeOf(fd) === 'toOne';

/** Fields written as a set of rows or links: a present array replaces the whole set on the server. */
const isCollectionField = isToMany;

/** Whether `record` holds a value (even `null`) under `name`. */
const holds = (record: WireRecord, name: string) =>
  Object.prototype.hasOwnProperty.call(record, name) && record[name] !== undefined;

/** The row of `rows` whose id is `id`, if `rows` is an array of objects. */
const rowById = (rows: unknown, id: unknown): WireRecord | undefined =>
  Array.isArray(rows) ? (rows as WireRecord[]).find((r) => r && typeof r === 'object' && r.id === id) : undefined;

/**
 * Empty for payload rules: `undefined`, `null`, `''`, or, for a reference, an object without an
 * id (EXP-05: "a supplier without an id is sent as null").
 */
export const isEmptyValue = (fd: Field, value: unknown): boolean => {
  if (value === undefined || value === null || value === '') return true;
  return isReferenceField(fd) && typeof value === 'object' && (value as { id?: unknown }).id == null;
};

/**
 * Applies a schema's payload rules to a record before it is sent (spec §5, docs/decisions.md H4):
 * drops read-only and system fields, applies `valueWhen`, `sendWhen`, `nullWhenEmpty` and
 * `omitWhenEmpty`, reduces references to `{ id }`, and recurses into nested-write children.
 *
 * On an update, pass the record as it was loaded (`loaded`): a collection (children, `refList`,
 * `dictionaryList`) that the loaded record does not hold is left out of the body, because the
 * server replaces the whole set when the key is present and a form that never received the
 * collection would otherwise send an empty one and delete it. The same holds for the collections
 * of an existing child row (matched by id in the loaded parent's list).
 *
 * @param schema the entity schema
 * @param record the record in wire units (percent already a fraction)
 * @param childSchemas looks up a child collection's schema by name (nested children's own rules)
 * @param loaded the record as read from the server before the edit; omit on create
 * @returns a new object; the input is not changed
 *
 * @example
 * toWirePayload(clients, { gname: 'Acme', underSanctions: false, sanctionComments: 'x', vatEnabled: false, vatPercent: 0.12 })
 * // => { gname: 'Acme', underSanctions: false, vatEnabled: false, vatPercent: 0 }   (CLI-03, CLI-05)
 */
export function toWirePayload(
  schema: EntitySchema,
  record: WireRecord,
  childSchemas?: (name: string) => EntitySchema | undefined,
  loaded?: WireRecord,
): WireRecord {
  const out: WireRecord = {};
  const system = new Set<string>(SYSTEM_FIELDS);
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (system.has(name) || fd.readOnly) continue;
    if (loaded && isCollectionField(fd) && !holds(loaded, name)) continue;
    if (!(name in record) && !fd.valueWhen) continue;
    let value = record[name];
    if (fd.valueWhen && fd.valueWhen.when(record)) value = fd.valueWhen.value;
    if (fd.sendWhen && !fd.sendWhen(record)) continue;
    // a form holds every language's input (`title.en`, `title.ru`): blank ones are not texts, and
    // none at all is no value, as the server stores it
    if (fd.type === 'translated' && value && typeof value === 'object' && !Array.isArray(value)) {
      const texts = Object.entries(value).filter(([, t]) => typeof t === 'string' && t.trim() !== '');
      value = texts.length > 0 ? Object.fromEntries(texts) : null;
    }
    if (isEmptyValue(fd, value)) {
      // An empty write-only secret (the password box of an edit form) means "unchanged": the
      // server never returned it, and sending null would clear it.
      if (fd.omitWhenEmpty || fd.writeOnly) continue;
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
    } else if (isLinkList(fd) && Array.isArray(value)) {
      out[name] = value.map((v) => (v && typeof v === 'object' ? { id: (v as { id: unknown }).id } : { id: v }));
    } else if (shapeOf(fd) === 'children' && Array.isArray(value)) {
      const child = fd.target && childSchemas?.(fd.target);
      out[name] = child
        ? value.map((v) => {
            const id = (v as WireRecord).id;
            const before = loaded && id != null ? rowById(loaded[name], id) : undefined;
            const row = toWirePayload(child, v as WireRecord, childSchemas, before);
            if (id != null) row.id = id;
            delete row[fd.via!];
            return row;
          })
        : value;
    } else {
      out[name] = value;
    }
  }
  if (record[schema.lockProperty] !== undefined) out[schema.lockProperty] = record[schema.lockProperty];
  // the comment of a status move made in a form travels with the write (StatusConfig.patch)
  const comment = schema.status?.patch?.comment;
  if (comment && typeof record[comment] === 'string' && record[comment].trim() !== '') out[comment] = record[comment];
  return out;
}
