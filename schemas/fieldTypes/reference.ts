import { z } from 'zod';
import type { Field, FieldType } from '../define';
import { ORDERED_OPS } from './numeric';
import type { FieldTypeModule, Json, JsonSchemaContext } from './types';

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

const REFERENCE_ERROR = 'must be a reference { "id": <number> }';
const LIST_ERROR = 'must be an array of { "id": <number> }';

/** The zod schema of one reference: its id (the SDR URI's collection is checked by the server, which knows the routes). */
export const referenceSchema = (): z.ZodType<number> =>
  z.unknown().transform((v, ctx) => {
    const id = referenceId(v);
    if (id !== undefined) return id;
    ctx.addIssue({ code: 'custom', message: REFERENCE_ERROR, input: v });
    return z.NEVER;
  });

/** Filtering on a reference's id (`client=5`, `client.id.in=1,2`). */
const idFilter = {
  ops: ORDERED_OPS,
  parse: (_fd: Field, raw: string) => {
    const id = /^\d{1,16}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    return Number.isSafeInteger(id) ? { value: id } : { error: `"${raw}" must be an id (a whole number)` };
  },
};

const toOneJson = (base: Json, ctx: JsonSchemaContext): Json => ({
  ...base,
  oneOf: [ctx.ref('Reference'), { type: 'string', description: 'SDR URI, e.g. /core/api/clients/5' }],
});

/** A to-one reference module (`ref`, `dictionary`, `file`): written `{ id }` or a URI, read as an object. */
export function toOne<T extends FieldType>(
  type: T,
  extra: Partial<Pick<FieldTypeModule<T>, 'jsonSchema' | 'sample'>> = {},
): FieldTypeModule<T> {
  return {
    type,
    nullable: true,
    wire: referenceSchema,
    output: (_fd, v) => ({ id: Number(v) }),
    filter: idFilter,
    jsonSchema: (_fd, base, ctx) => toOneJson(base, ctx),
    sample: (_fd, seed) => ({ id: 1 + seed }),
    invalid: () => [{ id: 'x' }, { id: -1 }, { id: 1.5 }, { name: 'no id' }, [1], true, '9007199254740993'],
    ...extra,
  };
}

/** A to-many module (`refList`, `dictionaryList`, `files`): written `[{ id }]` (a set: duplicates dropped). */
export function toMany<T extends FieldType>(
  type: T,
  extra: Partial<Pick<FieldTypeModule<T>, 'jsonSchema' | 'sample'>> = {},
): FieldTypeModule<T> {
  return {
    type,
    nullable: false,
    wire: () =>
      z.array(z.unknown(), { error: LIST_ERROR }).transform((list, ctx) => {
        const ids = list.map(referenceId);
        if (ids.every((x) => x !== undefined)) return [...new Set(ids as number[])];
        ctx.addIssue({ code: 'custom', message: LIST_ERROR, input: list });
        return z.NEVER;
      }),
    output: (_fd, v) => v,
    jsonSchema: (_fd, base, ctx) => ({ ...base, type: 'array', items: ctx.ref('Reference') }),
    sample: (_fd, seed) => [{ id: 1 + seed }],
    invalid: () => [{ id: 1 }, 'x', [{ id: 'x' }], [true]],
    ...extra,
  };
}

/** `ref`: a to-one reference, `{ "client": { "id": 5 } }`. */
export const ref = toOne('ref');

/** `refId`: a to-one reference written and read flat, `{ "projectId": 5 }` (H2). */
export const refId: FieldTypeModule<'refId'> = {
  type: 'refId',
  nullable: true,
  wire: referenceSchema,
  output: (_fd, v) => Number(v),
  filter: idFilter,
  jsonSchema: (_fd, base) => ({ ...base, type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  sample: (_fd, seed) => 1 + seed,
  invalid: () => ['x', -1, 1.5, true],
};

/** `refList`: a set of references `[{ id }]`, in a join table or the inverse of `via` (read-only then). */
export const refList = toMany('refList');
