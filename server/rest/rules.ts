import type { EntitySchema, WireRecord } from '../../schemas/define';
import { isColumnField, shapeOf } from '../../schemas/define';
import { columnName } from '../db/naming';
import { validationFailed } from './errors';
import { parseValue, type ParsedWrite } from './validate';

/**
 * The payload rules of a schema (`sendWhen`, `valueWhen`, `schemas/payload.ts`) enforced by the
 * server, so an API client (or a PATCH that changes only the condition) cannot store what the
 * SPA would never send: judged on the record as it will be stored, the stored row merged with
 * the body.
 */

type Row = Record<string, unknown>;

/** A stored row in the shape the rules read: column fields by wire name, to-one references as `{ id }`. */
export function ruleRecord(schema: EntitySchema, row: Row): WireRecord {
  const out: WireRecord = {};
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (!isColumnField(fd)) continue;
    const v = row[columnName(name, fd)];
    out[name] = shapeOf(fd) === 'toOne' && v != null ? { id: Number(v) } : (v ?? null);
  }
  return out;
}

/**
 * Applies the rules to `write` (its `columns` and `present` change): a field whose `sendWhen`
 * does not hold is stored as null; a field whose `valueWhen.when` holds is stored as
 * `valueWhen.value`, whether or not the body named it.
 *
 * @param stored the row before the write (PATCH and PUT of an existing record); omitted on create
 * @throws HttpError 400 when a `valueWhen.value` is not a valid value of its field (a schema mistake)
 */
export function applyPayloadRules(schema: EntitySchema, write: ParsedWrite, stored?: Row): void {
  const record: WireRecord = { ...(stored ? ruleRecord(schema, stored) : {}), ...write.values };
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (!isColumnField(fd) || fd.readOnly || (!fd.sendWhen && !fd.valueWhen)) continue;
    const col = columnName(name, fd);
    let value: unknown;
    if (fd.sendWhen && !fd.sendWhen(record)) value = null;
    else if (fd.valueWhen && fd.valueWhen.when(record)) {
      const parsed = parseValue(fd, fd.valueWhen.value);
      if ('error' in parsed)
        throw validationFailed([
          { entity: schema.entityName, property: name, invalidValue: fd.valueWhen.value, message: parsed.error },
        ]);
      value = parsed.value;
    } else continue;
    write.columns[col] = value;
    write.present.add(name);
  }
}
