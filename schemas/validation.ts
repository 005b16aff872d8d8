import { humanize, isColumnField, shapeOf, type EntitySchema, type Field, type WireRecord } from './define';
import { parseWire, type WireIssue } from './fieldTypes/index';
import { endsBeforeStart, notBeforeText } from './fieldTypes/range';

/**
 * The one validator of field values, built with zod from the field types (`schemas/fieldTypes/`):
 * the server's body parser (`server/rest/validate.ts`) and the SPA's form validators
 * (`src/resources/inputs/validators.ts`) both call it, so a value the form accepts is a value the
 * server accepts, with the same message.
 */

/** One refused value, as a 400 `Validation failed` lists it (docs/api.md "Errors"). */
export interface ValueError {
  entity: string;
  property: string;
  invalidValue: unknown;
  message: string;
}

/** `contactList[0].firstEmail`, `account.bic`: a property path with array items in brackets. */
export const propertyPath = (property: string, path: Array<string | number>): string =>
  path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : `${out}.${p}`), property);

/** The value at `path` inside `v` (`[0, 'bic']`), or undefined. */
const at = (v: unknown, path: Array<string | number>): unknown =>
  path.reduce<unknown>(
    (x, p) => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[p] : undefined),
    v,
  );

/**
 * Parses one wire value of `fd` and reports each refusal as an error entry naming `property` (and
 * the member inside it for embedded values).
 * @returns `{ value }` to store, or `{ errors }` (never empty)
 */
export function checkValue(
  entity: string,
  property: string,
  fd: Field,
  v: unknown,
): { value: unknown } | { errors: ValueError[] } {
  const r = parseWire(fd, v);
  if ('value' in r) return r;
  return {
    errors: r.issues.map((i: WireIssue) => ({
      entity,
      property: propertyPath(property, i.path),
      invalidValue: i.path.length === 0 ? v : at(v, i.path),
      message: i.message,
    })),
  };
}

/** Whether a value counts as blank for `required` (absent, null, or only spaces). */
export const isBlank = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The message for one field value as a form holds it, or undefined when it is valid: `required`
 * first, then the type's own checks. Empty values (`''`, null) of a non-required field pass: the
 * payload rules send them as null.
 * @example fieldMessage(f.url(), 'javascript:alert(1)') // 'must be a valid URL'
 */
export function fieldMessage(fd: Field, value: unknown): string | undefined {
  if (isBlank(value)) return fd.required ? 'must not be blank' : undefined;
  const r = parseWire(fd, value);
  return 'issues' in r ? r.issues[0]!.message : undefined;
}

/**
 * Checks a whole record's own column values as a create would (required fields, each value's
 * type); references, lists and children are checked by the server against the database.
 * @returns every error, empty when the record is valid
 */
export function validateRecord(schema: EntitySchema, record: WireRecord): ValueError[] {
  const errors: ValueError[] = [];
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (fd.readOnly || !isColumnField(fd)) continue;
    const v = record[name];
    if (isBlank(v)) {
      if (fd.required && fd.default === undefined)
        errors.push({
          entity: schema.entityName,
          property: name,
          invalidValue: v ?? null,
          message: 'must not be blank',
        });
      continue;
    }
    if (shapeOf(fd) !== 'scalar' && shapeOf(fd) !== 'embedded') continue;
    const r = checkValue(schema.entityName, name, fd, v);
    if ('errors' in r) errors.push(...r.errors);
  }
  return errors;
}

/**
 * The range rule (H2-09) over a whole record: for each field declared `notBefore: '<start>'`, an
 * end value before its start value is an error at the end field ("must not be before Period
 * from"); a blank bound is no error (`required` is judged elsewhere). Embedded values judge their
 * own members (`schemas/fieldTypes/embedded.ts`).
 * @param record the record as it will be stored, in wire units (the stored row merged with the body)
 * @returns every error, empty when every range holds
 * @example rangeErrors(invoices, { periodGte: '2026-03-31', periodLte: '2026-03-01' })
 * // [{ entity: 'Invoice', property: 'periodLte', invalidValue: '2026-03-01', message: 'must not be before Period from' }]
 */
export function rangeErrors(schema: EntitySchema, record: WireRecord): ValueError[] {
  const errors: ValueError[] = [];
  for (const [name, fd] of Object.entries(schema.fields)) {
    const start = fd.notBefore;
    if (!start || !endsBeforeStart(record[start], record[name])) continue;
    errors.push({
      entity: schema.entityName,
      property: name,
      invalidValue: record[name],
      message: notBeforeText(schema.fields[start]?.label ?? humanize(start)),
    });
  }
  return errors;
}
