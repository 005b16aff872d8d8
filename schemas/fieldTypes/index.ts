import type { z } from 'zod';
import type { Field, FieldType } from '../define';
import { boolean } from './boolean';
import { children } from './children';
import { date } from './date';
import { dateTime } from './dates';
import { dictionary, dictionaryList } from './dictionary';
import { durationMs } from './durationMs';
import { email } from './email';
import { embeddedTypes } from './embedded';
import { enum as enumType } from './enum';
import { file, files } from './file';
import { longText } from './longText';
import { money } from './money';
import { month } from './month';
import { number } from './number';
import { password } from './password';
import { percent } from './percent';
import { phone } from './phone';
import { ref, refId, refList } from './reference';
import { text } from './text';
import { translated } from './translated';
import type { FieldTypeModule, Json, JsonSchemaContext } from './types';
import { url } from './url';

/**
 * The embedded types parse and sample their members through this table: given the table's own
 * look-ups, called when a value is parsed or sampled (after the table below exists).
 */
const { embedded, embeddedList } = embeddedTypes({
  typeModule: (fd) => typeModule(fd),
  sampleValue: (fd, seed) => sampleValue(fd, seed),
});

/**
 * The field types: one module per {@link FieldType} holding its wire parsing (zod), output,
 * filters, JSON Schema, samples (docs/architecture.md, "Field types"). The table is exhaustive: a
 * type added to `FieldType` without a module is a type error here, and the server's column table
 * (`server/db/columns.ts`) and the SPA's renderer table are exhaustive the same way.
 */
export const fieldTypes: { [T in FieldType]: FieldTypeModule<T> } = {
  text,
  longText,
  number,
  money,
  percent,
  boolean,
  date,
  month,
  dateTime,
  durationMs,
  email,
  phone,
  url,
  password: { ...password, filter: undefined },
  enum: enumType,
  ref,
  refId,
  refList,
  dictionary,
  dictionaryList,
  embedded,
  embeddedList,
  children,
  file,
  files,
  translated,
};

/** The module of a field's type (or of a value kind such as `{ type: 'number', integer: true }`). */
export const typeModule = (fd: Pick<Field, 'type'>): FieldTypeModule => fieldTypes[fd.type] as FieldTypeModule;

/** One refusal of a wire value: where inside the value (`[]` = the value itself, `['bic']`, `[0, 'bic']`) and why. */
export interface WireIssue {
  path: Array<string | number>;
  message: string;
}

const schemas = new WeakMap<Field, z.ZodType | null>();

/** The zod schema of a non-null wire value of `fd`, built once per field object; null when the type has none. */
export function wireSchema(fd: Field): z.ZodType | null {
  let s = schemas.get(fd);
  if (s === undefined) {
    s = typeModule(fd).wire?.(fd) ?? null;
    schemas.set(fd, s);
  }
  return s;
}

/**
 * Parses one wire value of a field: `null`/`undefined` is `null`; anything else goes through the
 * type's zod schema. Never throws.
 * @returns `{ value }` (the value to store: SQL parameter, or JSON for embedded values) or `{ issues }`
 * @example parseWire(f.money(), '0.1') // { value: '0.1' }; parseWire(f.url(), 'javascript:x') // { issues: [{ path: [], message: 'must be a valid URL' }] }
 */
export function parseWire(fd: Field, v: unknown): { value: unknown } | { issues: WireIssue[] } {
  if (v === null || v === undefined) return { value: null };
  const s = wireSchema(fd);
  if (!s) return { issues: [{ path: [], message: 'cannot be written' }] };
  const r = s.safeParse(v);
  if (r.success) return { value: r.data };
  return {
    issues: r.error.issues.map((i) => ({ path: i.path.filter((p) => typeof p !== 'symbol'), message: i.message })),
  };
}

/** A database value of a field in wire units (`null` stays `null`). */
export const toWire = (fd: Field, v: unknown): unknown =>
  v === null || v === undefined ? null : typeModule(fd).output(fd, v);

/**
 * The JSON Schema of a field's wire value (OpenAPI 3.1), `null` allowed where the type is nullable.
 * @param ref builds a `$ref` to a shared component by name
 */
export function jsonSchemaOf(fd: Field, ref: (name: string) => Json): Json {
  const base: Json = {};
  if (fd.label) base.title = fd.label;
  if (fd.help) base.description = fd.help;
  if (fd.readOnly) base.readOnly = true;
  if (fd.writeOnly) base.writeOnly = true;
  const ctx: JsonSchemaContext = { ref, field: (f) => jsonSchemaOf(f, ref) };
  const m = typeModule(fd);
  const s = m.jsonSchema(fd, base, ctx);
  return m.nullable ? { anyOf: [s, { type: 'null' }] } : s;
}

/**
 * A valid wire value of `fd` for generic tests (API, fuzz, the SPA's render test): the field's
 * `example` when it declares one, else the type's sample, where the same seed gives the same value
 * and different seeds different ones. References carry made-up ids (`{ id: seed + 1 }`); a test
 * that writes replaces them with ids of real rows.
 * @example sampleValue(f.email(), 3) // 'sample3@example.test'
 * @example sampleValue(f.longText({ example: '{}' }), 3) // '{}'
 */
export const sampleValue = (fd: Field, seed = 0): unknown =>
  fd.example !== undefined ? fd.example : typeModule(fd).sample(fd, seed);

/** Wire values `fd` must refuse with a 400 (wrong JSON type, format, bounds), for the fuzzer and agreement tests. */
export const invalidSamples = (fd: Field): unknown[] => typeModule(fd).invalid(fd);

export type { FieldTypeModule, FilterOp, Json, JsonSchemaContext, Parsed } from './types';
export { ALL_OPS } from './types';
