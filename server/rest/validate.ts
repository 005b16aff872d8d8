import { hashPassword } from '../auth/passwords';
import type { EntitySchema, Field, WireRecord } from '../../schemas/define';
import { isColumnField, SYSTEM_FIELDS } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import { columnName } from '../db/naming';
import { type FieldError, validationFailed } from './errors';
import { collectionPath, dateOf, hasNul, isoDateTime, isWebUrl, numericValue } from './values';

/**
 * Validation of write bodies against a schema (docs/api.md "Errors": 400 `Validation failed` with
 * `errors[]`), producing column values. Unknown properties are errors (PITFALLS: never a silent
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
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// e-mail (RFC 5321's 254) and URL limits also bound the work of their format checks
const DEFAULT_MAX = { text: 255, longText: 1000, email: 254, url: 2048 } as Record<string, number>;

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

/**
 * `{ id }`, a number, a numeric string or an SDR URI `/core/api/clients/5` -> 5; undefined when
 * none of these, or when the id is not a positive safe integer (ids never exceed 2^53 - 1).
 */
export function referenceId(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? v : undefined;
  if (typeof v === 'string') {
    const m = /(?:^|\/)(\d{1,16})$/.exec(v.trim());
    const id = m ? Number(m[1]) : NaN;
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) return referenceId((v as { id?: unknown }).id);
  return undefined;
}

const lastDayOfMonth = (d: string): string => {
  const [y, m] = d.split('-').map(Number) as [number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0..99 as 1900..1999
  const last = new Date(0);
  last.setUTCFullYear(y, m, 0);
  return last.toISOString().slice(0, 10);
};

/** Parses one scalar/to-one value of field `fd`; returns the SQL value or a message (never throws). */
export function parseValue(fd: Field, v: unknown): { value: unknown } | { error: string } {
  if (v === null || v === undefined) return { value: null };
  switch (fd.type) {
    case 'text':
    case 'longText':
    case 'email':
    case 'phone':
    case 'url':
    case 'password': {
      if (typeof v !== 'string') return { error: 'must be a string' };
      if (hasNul(v)) return { error: 'must not contain a NUL character' };
      if ((fd.type === 'phone' || fd.type === 'email' || fd.type === 'url') && v.trim() === '') return { value: null };
      const max = fd.maxLength ?? DEFAULT_MAX[fd.type];
      if (
        (fd.minLength !== undefined && v.length < fd.minLength && v !== '') ||
        (max !== undefined && v.length > max)
      ) {
        return { error: `size must be between ${fd.minLength ?? 0} and ${max ?? 'unlimited'}` };
      }
      if (fd.type === 'email' && !EMAIL_RE.test(v)) return { error: 'must be a well-formed email address' };
      if (fd.type === 'url' && !isWebUrl(v)) return { error: 'must be a valid URL' };
      if (fd.pattern && v !== '' && !new RegExp(fd.pattern).test(v)) return { error: `must match "${fd.pattern}"` };
      return { value: v };
    }
    case 'enum':
      return typeof v === 'string' && fd.values?.includes(v)
        ? { value: v }
        : { error: `must be one of: ${fd.values?.join(', ')}` };
    case 'boolean':
      return typeof v === 'boolean' ? { value: v } : { error: 'must be a boolean' };
    case 'number':
    case 'money':
    case 'percent':
    case 'durationMs': {
      const r = typeof v === 'number' || typeof v === 'string' ? numericValue(fd, v) : { error: 'must be a number' };
      if ('error' in r) return r;
      const n = Number(r.value);
      if (fd.min !== undefined && n < fd.min) return { error: `must be greater than or equal to ${fd.min}` };
      if (fd.max !== undefined && n > fd.max) return { error: `must be less than or equal to ${fd.max}` };
      return r;
    }
    case 'date':
    case 'month': {
      if (typeof v !== 'string') return { error: 'must be a date (YYYY-MM-DD)' };
      let d = dateOf(v);
      if (d === undefined) return { error: 'must be a date (YYYY-MM-DD) of the years 0001..9999' };
      if (fd.type === 'month' || fd.normalize === 'monthStart') d = `${d.slice(0, 7)}-01`;
      if (fd.normalize === 'monthEnd') d = lastDayOfMonth(d);
      return { value: d };
    }
    case 'dateTime': {
      const t = typeof v === 'string' ? isoDateTime(v) : undefined;
      return t === undefined ? { error: 'must be a date-time (ISO 8601) of the years 0001..9999' } : { value: t };
    }
    case 'ref':
    case 'dictionary':
    case 'refId': {
      // referenceId refuses ids beyond 2^53 - 1, which cannot name a row exactly
      const id = referenceId(v);
      return id === undefined ? { error: 'must be a reference { "id": <number> }' } : { value: id };
    }
    default:
      return { error: 'unsupported' };
  }
}

/** Validates an embedded value object against its fields; returns the JSON value or errors. */
function parseEmbedded(
  fields: Record<string, Field>,
  v: unknown,
  property: string,
  entity: string,
  errors: FieldError[],
): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || Array.isArray(v)) {
    errors.push({ entity, property, invalidValue: v, message: 'must be an object' });
    return null;
  }
  const out: Record<string, unknown> = {};
  for (const [k, sub] of Object.entries(v as Record<string, unknown>)) {
    const fd = own(fields, k) ? fields[k] : undefined;
    if (!fd) {
      if (k !== 'id')
        errors.push({ entity, property: `${property}.${k}`, invalidValue: sub, message: 'unknown property' });
      continue;
    }
    const r = parseValue(fd, sub);
    if ('error' in r) errors.push({ entity, property: `${property}.${k}`, invalidValue: sub, message: r.error });
    else
      out[k] =
        sub === null || sub === undefined
          ? null
          : fd.type === 'number' || fd.type === 'money' || fd.type === 'percent'
            ? Number(r.value)
            : r.value;
  }
  return out;
}

const isBlank = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

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
    if (!has && mode !== 'patch' && fd.default !== undefined && fd.type !== 'children') {
      v = typeof fd.default === 'function' ? (fd.default as () => unknown)() : fd.default;
      has = true;
    }
    // PUT replaces what the client can see; a write-only secret it never received is kept
    if (!has && mode === 'put' && !fd.writeOnly && !['children', 'refList', 'dictionaryList'].includes(fd.type)) {
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
    if (fd.type === 'embedded') {
      out.columns[columnName(name, fd)] =
        v == null ? null : JSON.stringify(parseEmbedded(fd.fields ?? {}, v, property, entity, errors));
    } else if (fd.type === 'embeddedList') {
      if (v != null && !Array.isArray(v))
        errors.push({ entity, property, invalidValue: v, message: 'must be an array' });
      else if (v != null && tooMany(entity, property, v as unknown[]))
        errors.push(tooMany(entity, property, v as unknown[])!);
      else
        out.columns[columnName(name, fd)] =
          v == null
            ? null
            : JSON.stringify(
                (v as unknown[]).map((x, i) => parseEmbedded(fd.fields ?? {}, x, `${property}[${i}]`, entity, errors)),
              );
    } else if (fd.type === 'refList' || fd.type === 'dictionaryList') {
      if (fd.via) continue; // inverse list (H8): written on the other side
      const list = v == null ? [] : v;
      if (!Array.isArray(list)) {
        errors.push({ entity, property, invalidValue: v, message: 'must be an array of { "id": <number> }' });
        continue;
      }
      const many = tooMany(entity, property, list);
      if (many) {
        errors.push(many);
        continue;
      }
      const linkIds = list.map(referenceId);
      const uriError = list.map((x) => referenceUriError(fd.target!, x)).find(Boolean);
      if (linkIds.some((x) => x === undefined))
        errors.push({ entity, property, invalidValue: v, message: 'must be an array of { "id": <number> }' });
      else if (uriError) errors.push({ entity, property, invalidValue: v, message: uriError });
      else out.links.push({ name, fd, ids: [...new Set(linkIds as number[])] });
    } else if (fd.type === 'children') {
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
      const uriError =
        (fd.type === 'ref' || fd.type === 'refId' || fd.type === 'dictionary') && referenceUriError(fd.target!, v);
      if (uriError) {
        errors.push({ entity, property, invalidValue: v, message: uriError });
        continue;
      }
      const r = parseValue(fd, v);
      if ('error' in r) errors.push({ entity, property, invalidValue: v, message: r.error });
      else
        out.columns[columnName(name, fd)] =
          fd.type === 'password' && typeof r.value === 'string' ? await hashPassword(r.value) : r.value;
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
  return out;
}
