import type { EntitySchema, Field, WireRecord } from '../../schemas/define';
import { isColumnField, isLinkList, isToOne, shapeOf, SYSTEM_FIELDS } from '../../schemas/define';
import { parseWire } from '../../schemas/fieldTypes/index';
import { referenceId } from '../../schemas/fieldTypes/reference';
import { getSchema } from '../../schemas/index';
import { checkValue, isBlank } from '../../schemas/validation';
import { COLUMN_TYPES } from '../db/columns';
import { columnName } from '../db/naming';
import { type FieldError, validationFailed } from './errors';
import { sanitizeRichText } from './html';
import { collectionPath } from './values';

/**
 * Validation of write bodies against a schema (docs/api.md "Errors": 400 `Validation failed` with
 * `errors[]`), producing column values. Unknown properties are errors (docs/pitfalls.md: never a silent
 * strip); read-only and system properties are ignored.
 */

export type WriteMode = 'create' | 'put' | 'patch';

/** A nested child row of a `children` field with `nestedWrite` (client.contactList). */
export interface ChildWrite {
  id?: number;
  write: ParsedWrite;
}

/** A validated body. */
export interface ParsedWrite {
  /** Column name -> SQL value, for the entity's own table. */
  columns: Record<string, unknown>;
  /** Fields present in the body (wire names), for `autoNumber` and defaults. */
  present: Set<string>;
  /**
   * Wire values of the present column fields (body values, defaults filled; PUT's omitted
   * fields as null): with the stored row, the record the payload rules judge.
   */
  values: WireRecord;
  /** Join-table lists (`refList`/`dictionaryList` without `via`): field -> target ids. */
  links: Array<{ name: string; fd: Field; ids: number[] }>;
  /** Nested children: field -> rows. */
  children: Array<{ name: string; fd: Field; rows: ChildWrite[] }>;
  /** The lock value sent in the body, if any (checked like `If-Match`). */
  lock?: number;
  /**
   * The body as validated (after the `beforeValidate` hooks), set by the generic service: the
   * `afterChange` hooks read what the spine does not write from it, such as the ids of an
   * inverse list (`refList` with `via`).
   */
  body?: WireRecord;
}

/**
 * Most items one array property of a body may hold (nested children, join lists, embedded
 * lists): more is a 400 naming the property, found before any per-item work, so one request
 * cannot make the server validate and insert tens of thousands of rows.
 */
export const MAX_COLLECTION_ITEMS = 1000;

/** Whether `key` is an own property of `obj` (never an inherited one such as `toString`). */
const own = (obj: object, key: string): boolean => Object.hasOwn(obj, key);

/**
 * A reference given as an SDR URI must name the field's target collection:
 * `"/core/api/departments/5"` (or an absolute URL with that path) for a reference to
 * departments. Returns the error message, or undefined when `v` is not a URI (a number, a
 * numeric string, `{ id: <number> }`) or names the right collection.
 */
export function referenceUriError(target: string, v: unknown): string | undefined {
  const raw =
    typeof v === 'string'
      ? v
      : v && typeof v === 'object' && !Array.isArray(v) && own(v, 'id') && typeof (v as { id: unknown }).id === 'string'
        ? ((v as { id: string }).id as string)
        : undefined;
  const s = raw?.trim();
  if (s === undefined || /^\d+$/.test(s)) return undefined;
  const schema = getSchema(target);
  const expected = collectionPath(schema);
  const m = /^(.*)\/(\d+)$/.exec(s.replace(/^https?:\/\/[^/]+/i, ''));
  return m && m[1] === expected
    ? undefined
    : `must be a reference to ${schema.name} ("${expected}/<id>" or { "id": <number> })`;
}

/** The length error of an array property beyond {@link MAX_COLLECTION_ITEMS}, or undefined. */
function tooMany(entity: string, property: string, list: unknown[]): FieldError | undefined {
  if (list.length <= MAX_COLLECTION_ITEMS) return undefined;
  return {
    entity,
    property,
    invalidValue: `${list.length} items`,
    message: `must have at most ${MAX_COLLECTION_ITEMS} items`,
  };
}

export { referenceId };

/**
 * Parses one scalar or to-one value of field `fd` with its type's zod schema
 * (`schemas/fieldTypes/`); returns the SQL value or the first message (never throws).
 */
export function parseValue(fd: Field, v: unknown): { value: unknown } | { error: string } {
  const r = parseWire(fd, v);
  return 'value' in r ? r : { error: r.issues[0]!.message };
}

/**
 * Validates a body for `mode` and converts it to column values.
 * - create: defaults (`field.default`) fill absent fields; required fields must be non-blank;
 * - put: absent writable fields become their default or null (full replace), except write-only ones;
 * - patch: only present fields are written.
 * @param prefix property prefix in error entries for nested rows (`contactList[0].`)
 * @param skip a field not to validate (the `via` of a nested child, set by the parent)
 * @throws HttpError 400 `Validation failed` with every field error
 */
export async function parseBody(
  schema: EntitySchema,
  body: unknown,
  mode: WriteMode,
  prefix = '',
  skip?: string,
  errorsOut?: FieldError[],
): Promise<ParsedWrite> {
  const entity = schema.entityName;
  const errors: FieldError[] = errorsOut ?? [];
  const out: ParsedWrite = { columns: {}, present: new Set(), values: {}, links: [], children: [] };
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    errors.push({
      entity,
      property: prefix.replace(/\.$/, '') || '$',
      invalidValue: body,
      message: 'must be a JSON object',
    });
    throw validationFailed(errors);
  }
  const input = body as WireRecord;
  // computed fields are read-only: a record sent back as it was read carries them, and they are ignored
  const ignored = new Set<string>([
    ...SYSTEM_FIELDS,
    schema.lockProperty,
    '_links',
    ...Object.keys(schema.computed ?? {}),
  ]);
  for (const key of Object.keys(input)) {
    if (!own(schema.fields, key) && !ignored.has(key))
      errors.push({ entity, property: prefix + key, invalidValue: input[key], message: 'unknown property' });
  }
  const lock = input[schema.lockProperty];
  if (lock !== undefined && lock !== null && !own(schema.fields, schema.lockProperty)) {
    if (typeof lock === 'number' && Number.isSafeInteger(lock) && lock >= 0) out.lock = lock;
    else
      errors.push({
        entity,
        property: prefix + schema.lockProperty,
        invalidValue: lock,
        message: 'must be a version: a whole number from 0 to 2^53 - 1',
      });
  }
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (fd.readOnly || name === skip) continue;
    const property = prefix + name;
    let has = own(input, name) && input[name] !== undefined;
    let v = has ? input[name] : undefined;
    if (!has && mode !== 'patch' && fd.default !== undefined && shapeOf(fd) !== 'children') {
      v = typeof fd.default === 'function' ? (fd.default as () => unknown)() : fd.default;
      has = true;
    }
    // PUT replaces what the client can see; a write-only secret it never received is kept, and so
    // is what the server owns (H2-04)
    if (!has && mode === 'put' && !fd.writeOnly && !fd.serverOwned && isColumnField(fd)) {
      v = null;
      has = true;
    }
    if (!has) {
      if (mode === 'create' && fd.required)
        errors.push({ entity, property, invalidValue: null, message: 'must not be blank' });
      continue;
    }
    out.present.add(name);
    if (isColumnField(fd)) out.values[name] = v ?? null;
    if (fd.required && isBlank(v)) {
      errors.push({ entity, property, invalidValue: v ?? null, message: 'must not be blank' });
      continue;
    }
    if (shapeOf(fd) === 'embedded') {
      const many = Array.isArray(v) ? tooMany(entity, property, v) : undefined;
      if (many) {
        errors.push(many);
        continue;
      }
      const r = checkValue(entity, property, fd, v);
      if ('errors' in r) errors.push(...r.errors);
      else out.columns[columnName(name, fd)] = r.value === null ? null : JSON.stringify(r.value);
    } else if (isLinkList(fd)) {
      if (fd.via) continue; // inverse list (H8): written on the other side
      const list = v == null ? [] : v;
      const many = Array.isArray(list) ? tooMany(entity, property, list) : undefined;
      if (many) {
        errors.push(many);
        continue;
      }
      const r = parseWire(fd, list);
      const uriError = Array.isArray(list)
        ? list.map((x) => referenceUriError(fd.target!, x)).find(Boolean)
        : undefined;
      if ('issues' in r) errors.push({ entity, property, invalidValue: v, message: r.issues[0]!.message });
      else if (uriError) errors.push({ entity, property, invalidValue: v, message: uriError });
      else out.links.push({ name, fd, ids: r.value as number[] });
    } else if (shapeOf(fd) === 'children') {
      if (!fd.nestedWrite) continue;
      // present means "replace the set": null is no set at all, so it is refused rather than read as []
      if (!Array.isArray(v)) {
        errors.push({ entity, property, invalidValue: v ?? null, message: 'must be an array' });
        continue;
      }
      const many = tooMany(entity, property, v);
      if (many) {
        errors.push(many);
        continue;
      }
      const child = getSchema(fd.target!);
      const rows: ChildWrite[] = [];
      for (const [i, item] of v.entries()) {
        const rawId = item && typeof item === 'object' && own(item, 'id') ? (item as WireRecord).id : undefined;
        const id = rawId == null ? undefined : referenceId(rawId);
        const idError =
          rawId == null ? undefined : id === undefined ? 'must be an id' : referenceUriError(child.name, rawId);
        if (idError) {
          errors.push({ entity, property: `${property}[${i}].id`, invalidValue: rawId, message: idError });
          continue;
        }
        // an existing child is replaced under PUT and merged under PATCH, like its parent
        const childMode: WriteMode = id === undefined ? 'create' : mode === 'put' ? 'put' : 'patch';
        const write = await parseBody(child, item, childMode, `${property}[${i}].`, fd.via, errors).catch(
          () => undefined,
        );
        if (write) rows.push({ id, write });
      }
      out.children.push({ name, fd, rows });
    } else {
      const uriError = isToOne(fd) && referenceUriError(fd.target!, v);
      if (uriError) {
        errors.push({ entity, property, invalidValue: v, message: uriError });
        continue;
      }
      const r = parseValue(fd, v);
      const store = COLUMN_TYPES[fd.type].store;
      if ('error' in r) errors.push({ entity, property, invalidValue: v, message: r.error });
      else if (fd.html && typeof r.value === 'string') {
        // rich text is stored as its safe subset, and the payload rules judge what is stored
        const safe = sanitizeRichText(r.value);
        out.columns[columnName(name, fd)] = safe;
        out.values[name] = safe;
      } else out.columns[columnName(name, fd)] = store && r.value !== null ? await store(r.value) : r.value;
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
  return out;
}
