import type { EntitySchema, WireRecord } from './define';
import { shapeOf, SYSTEM_FIELDS } from './define';

/**
 * The copy of a record that the create form starts from when the user clones it
 * (`EntityConfig.clone`; docs/decisions.md "Clone"): the business fields and the nested child
 * rows are kept, the identity and what belongs to the original alone are not.
 *
 * @param schema the entity schema; a schema without `clone` still copies (nothing cleared)
 * @param record the record as the card read it (wire units, references embedded or `{ id }`)
 * @param childSchema looks up a child collection's schema by name, to copy its rows' own fields
 * @param today the date written into the `today` fields, `YYYY-MM-DD`
 * @returns a new record without `id`, lock, system and read-only fields, with `clear` fields
 *   left out, `today` fields set, nested-write children copied without their ids and parent link
 * @example
 * cloneRecord(matters, matter, findSchema, '2026-11-23')
 * // => { project: { id: 4 }, date: '2026-11-23', description: '...', matterTeamList: [{ teamPosition: { id: 9 } }], ... }
 */
export function cloneRecord(
  schema: EntitySchema,
  record: WireRecord,
  childSchema: (name: string) => EntitySchema | undefined,
  today: string,
): WireRecord {
  const clear = new Set<string>(schema.clone?.clear ?? []);
  const dates = new Set<string>(schema.clone?.today ?? []);
  const out: WireRecord = {};
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (fd.readOnly || clear.has(name)) continue;
    if (dates.has(name)) {
      out[name] = today;
      continue;
    }
    if (!Object.hasOwn(record, name) || record[name] === undefined) continue;
    const value = record[name];
    if (shapeOf(fd) === 'children') {
      const child = fd.target ? childSchema(fd.target) : undefined;
      if (!fd.nestedWrite || !child || !Array.isArray(value)) continue;
      out[name] = value.map((row) => {
        const copy = cloneRecord({ ...child, clone: undefined }, row as WireRecord, childSchema, today);
        delete copy[fd.via!];
        return copy;
      });
      continue;
    }
    out[name] = structuredClone(value);
  }
  for (const system of [...SYSTEM_FIELDS, schema.lockProperty]) delete out[system];
  return out;
}
