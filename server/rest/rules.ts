import type { EntitySchema, WireRecord } from '../../schemas/define';
import { isColumnField, shapeOf } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import { q } from './model';
import { validationFailed } from './errors';
import { parseValue, type ParsedWrite } from './validate';

/**
 * The payload rules of a schema (`sendWhen`, `valueWhen`, `schemas/payload.ts`) enforced by the
 * server, so an API client (or a PATCH that changes only the condition) cannot store what the
 * SPA would never send: judged on the record as it will be stored, the stored row merged with
 * the body.
 */

type Row = Record<string, unknown>;

/** Dictionary entry id -> its `code`, for the dictionary references a rule record carries. */
export type DictionaryCodes = ReadonlyMap<number, unknown>;

const hasRules = (schema: EntitySchema) =>
  Object.values(schema.fields).some((fd) => isColumnField(fd) && !fd.readOnly && (fd.sendWhen || fd.valueWhen));

const idOf = (v: unknown): number | undefined => {
  const id = v != null && typeof v === 'object' ? (v as { id?: unknown }).id : v;
  return id === null || id === undefined || id === '' ? undefined : Number(id);
};

/**
 * The codes of the dictionary entries the payload rules of `schema` will read - the entries the
 * bodies send and the stored rows hold - in one query; empty when the schema has no rule or no
 * dictionary reference. A rule then reads a dictionary field's code as the SPA's form holds it
 * (`codeOf(r.scheme) === 3`), whatever the client sent beside the id.
 */
export async function dictionaryCodes(
  tx: Pick<Database, 'query'>,
  schema: EntitySchema,
  rows: ReadonlyArray<{ write: { values: WireRecord }; stored?: Row }>,
): Promise<DictionaryCodes> {
  if (!hasRules(schema)) return new Map();
  const ids = new Set<number>();
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (fd.type !== 'dictionary' || !isColumnField(fd)) continue;
    for (const r of rows) {
      for (const v of [r.write.values[name], r.stored?.[columnName(name, fd)]]) {
        const id = idOf(v);
        if (id !== undefined && Number.isSafeInteger(id)) ids.add(id);
      }
    }
  }
  if (ids.size === 0) return new Map();
  const dict = getSchema('baseDictionaries');
  const found = await tx.query<{ id: number | string; code: unknown }>(
    `SELECT id, ${q(columnName('code', dict.fields.code!))} AS code FROM ${q(dict.table)} WHERE id = ANY($1::bigint[])`,
    [[...ids]],
  );
  return new Map(found.map((r) => [Number(r.id), r.code]));
}

/**
 * A stored row in the shape the rules read: column fields by wire name, to-one references as
 * `{ id }`, dictionary references as `{ id, code }` when `codes` knows the entry.
 */
export function ruleRecord(schema: EntitySchema, row: Row, codes: DictionaryCodes = new Map()): WireRecord {
  const out: WireRecord = {};
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (!isColumnField(fd)) continue;
    const v = row[columnName(name, fd)];
    out[name] = shapeOf(fd) === 'toOne' && v != null ? withCode(fd.type, { id: Number(v) }, codes) : (v ?? null);
  }
  return out;
}

const withCode = (type: string, v: unknown, codes: DictionaryCodes): unknown => {
  const id = type === 'dictionary' ? idOf(v) : undefined;
  return id !== undefined && codes.has(id) ? { ...(v as object), id, code: codes.get(id) } : v;
};

/**
 * Applies the rules to `write` (its `columns` and `present` change): a field whose `sendWhen`
 * does not hold is stored as null; a field whose `valueWhen.when` holds is stored as
 * `valueWhen.value`, whether or not the body named it.
 *
 * @param stored the row before the write (PATCH and PUT of an existing record); omitted on create
 * @param codes the codes of the dictionary entries involved ({@link dictionaryCodes})
 * @throws HttpError 400 when a `valueWhen.value` is not a valid value of its field (a schema mistake)
 */
export function applyPayloadRules(
  schema: EntitySchema,
  write: ParsedWrite,
  stored?: Row,
  codes: DictionaryCodes = new Map(),
): void {
  const record: WireRecord = { ...(stored ? ruleRecord(schema, stored, codes) : {}) };
  for (const [name, v] of Object.entries(write.values))
    record[name] = withCode(schema.fields[name]?.type ?? '', v, codes);
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
