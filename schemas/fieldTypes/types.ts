import type { z } from 'zod';
import type { Field, FieldType } from '../define';

/** A JSON Schema object (OpenAPI 3.1 dialect). */
export type Json = Record<string, unknown>;

/** The filter operators of the list grammar (docs/api.md "Filters"); `eq` is the bare `path=value`. */
export type FilterOp = 'eq' | 'ne' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'isNull';

/** Every filter operator. */
export const ALL_OPS: readonly FilterOp[] = ['eq', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'like', 'isNull'];

/** What a field type module's JSON Schema builder may ask for. */
export interface JsonSchemaContext {
  /** `{ $ref: '#/components/schemas/<name>' }` for a shared component (`Reference`, `StoredFile`). */
  ref(name: string): Json;
  /** The JSON Schema of another field (the members of an embedded value). */
  field(fd: Field): Json;
}

/** The outcome of parsing one value: the value to store, or the reason it is refused. */
export type Parsed<T = unknown> = { value: T } | { error: string };

/**
 * Everything one field type knows about its values, apart from its database column (server-side,
 * `server/db/columns.ts`) and its React cell and input (the SPA's renderer table). Modules are
 * isomorphic: no Node, React or drizzle import, because the SPA bundles them.
 *
 * @example
 * // schemas/fieldTypes/boolean.ts
 * export const boolean: FieldTypeModule<'boolean'> = {
 *   type: 'boolean',
 *   wire: () => z.boolean({ error: 'must be a boolean' }),
 *   output: (_fd, v) => v,
 *   filter: { ops: ['eq', 'ne', 'in', 'nin', 'isNull'], parse: (_fd, raw) => ... },
 *   jsonSchema: (_fd, base) => ({ ...base, type: 'boolean' }),
 *   sample: (_fd, seed) => seed % 2 === 0,
 *   invalid: () => ['yes', 1],
 * };
 */
export interface FieldTypeModule<T extends FieldType = FieldType> {
  type: T;
  /**
   * The zod schema of one non-null wire value of a field with these options; its output is the
   * value stored: an SQL parameter for a column (a plain decimal string for money and percent, an
   * id for references), a JSON value for an embedded member. The first issue's message is the
   * `message` of the 400 `Validation failed` entry. Undefined for types the generic body parser
   * writes itself (lists of links and child rows).
   */
  wire?: (fd: Field) => z.ZodType;
  /** The stored value as a member of a `jsonb` value (embedded): numbers stay JSON numbers. Default: unchanged. */
  toJson?: (stored: unknown) => unknown;
  /** A database value (never null) in wire units, as the server answers it. */
  output: (fd: Field, v: unknown) => unknown;
  /**
   * Filtering on the field's own value (`path[.op]=raw`): the operators allowed and the reading
   * of one raw query-string value as an SQL parameter. Undefined when the field cannot be
   * filtered or sorted on directly (passwords, lists, embedded lists).
   */
  filter?: { ops: readonly FilterOp[]; parse: (fd: Field, raw: string) => Parsed };
  /** The JSON Schema of a non-null value; `base` holds the field's title, description and read/write-only flags. */
  jsonSchema: (fd: Field, base: Json, ctx: JsonSchemaContext) => Json;
  /** Whether the wire value may be `null` (scalars and to-one references; lists are arrays). */
  nullable: boolean;
  /** The most characters a text-like value may have when the field declares no `maxLength`. */
  maxLength?: number;
  /**
   * A valid wire value of the field for generic tests: different `seed`s give different values
   * (unique fields). References give `{ id: seed + 1 }`-style ids that the caller replaces with
   * real ones when it writes to a database.
   */
  sample: (fd: Field, seed: number) => unknown;
  /** Wire values the field must refuse (400), for the fuzzer and the validator agreement test. */
  invalid: (fd: Field) => unknown[];
}
