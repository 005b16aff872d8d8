import { z } from 'zod';
import type { Field, FieldType } from '../define';
import { endsBeforeStart, notBeforeText } from './range';
import type { FieldTypeModule, Json } from './types';

/**
 * How the embedded types reach their members' types: the field-type table they belong to
 * (`schemas/fieldTypes/index.ts`) passes itself in, so this module does not import it.
 */
export interface MemberTypes {
  /** The module of a member's type. */
  typeModule(fd: Pick<Field, 'type'>): FieldTypeModule;
  /** A valid wire value of a member (its `example`, else its type's sample for `seed`). */
  sampleValue(fd: Field, seed: number): unknown;
}

/** Member types written `{ id }` whose wire parse yields the bare id (to-one references). */
const TO_ONE: ReadonlySet<FieldType> = new Set<FieldType>(['ref', 'dictionary', 'file']);
/** Member types written `[{ id }]` whose wire parse yields bare ids (to-many references). */
const TO_MANY: ReadonlySet<FieldType> = new Set<FieldType>(['refList', 'dictionaryList', 'files']);

/** `{}` or `{ id: null | '' }`: a reference member left empty. */
const isEmptyReference = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  [undefined, null, ''].includes((v as { id?: unknown }).id as never);

/**
 * A parsed member as the stored JSON keeps it: references stay in their wire shape (`{ id }`,
 * `[{ id }]`) so the value reads back as it was written and a form can send it again unchanged.
 */
function storedMember(fd: Field, parsed: unknown): unknown {
  if (TO_ONE.has(fd.type) && typeof parsed === 'number') return { id: parsed };
  if (TO_MANY.has(fd.type) && Array.isArray(parsed))
    return parsed.map((id: unknown) => (typeof id === 'number' ? { id } : id));
  return parsed;
}

/**
 * The zod schema of one embedded value object: each member parsed by its own field type (its
 * issues carry the member's name in their path), an unknown member refused (`id` is tolerated
 * and dropped, as forms send it back), the stored JSON holding numbers as numbers and
 * references as `{ id }` (a COUNTRY dictionary member reads back `{ "id": 4 }`, as written).
 */
function valueObject(members: MemberTypes, fields: Record<string, Field>): z.ZodType {
  return z.unknown().transform((v, ctx) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      ctx.addIssue({ code: 'custom', message: 'must be an object', input: v });
      return z.NEVER;
    }
    const out: Record<string, unknown> = {};
    for (const [k, sub] of Object.entries(v as Record<string, unknown>)) {
      const fd = Object.hasOwn(fields, k) ? fields[k] : undefined;
      if (!fd) {
        if (k !== 'id') ctx.addIssue({ code: 'custom', message: 'unknown property', path: [k], input: sub });
        continue;
      }
      // an empty pick (`{}` or `{ id: null }`, what a cleared select inside the object sends) is no value
      if (sub === null || sub === undefined || (TO_ONE.has(fd.type) && isEmptyReference(sub))) {
        out[k] = null;
        continue;
      }
      const m = members.typeModule(fd);
      const r = m.wire?.(fd).safeParse(sub);
      if (!r) continue;
      if (r.success) out[k] = storedMember(fd, m.toJson ? m.toJson(r.data) : r.data);
      else for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: [k, ...issue.path] } as never);
    }
    // the range rule (H2-09): an end member before its start member is refused at the end
    for (const [k, fd] of Object.entries(fields)) {
      const start = fd.notBefore;
      if (start && endsBeforeStart(out[start], out[k]))
        ctx.addIssue({
          code: 'custom',
          message: notBeforeText(fields[start]?.label ?? start),
          path: [k],
          input: (v as Record<string, unknown>)[k],
        });
    }
    return out;
  });
}

const objectJson = (fd: Field, field: (f: Field) => Json, strict: boolean): Json => ({
  type: 'object',
  ...(strict ? { additionalProperties: false } : {}),
  properties: Object.fromEntries(Object.entries(fd.fields ?? {}).map(([k, f]) => [k, field(f)])),
});

const sampleObject = (members: MemberTypes, fd: Field, seed: number): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fd.fields ?? {}).map(([k, f]) => [k, members.sampleValue(f, seed)]));

function embeddedModule<T extends FieldType>(members: MemberTypes, type: T, list: boolean): FieldTypeModule<T> {
  return {
    type,
    nullable: !list,
    wire: (fd) => {
      const one = valueObject(members, fd.fields ?? {});
      return list ? z.array(one, { error: 'must be an array' }) : one;
    },
    output: (_fd, v) => v,
    jsonSchema: (fd, base, ctx) =>
      list
        ? { ...base, type: 'array', items: objectJson(fd, ctx.field, false) }
        : { ...base, ...objectJson(fd, ctx.field, true) },
    sample: (fd, seed) => (list ? [sampleObject(members, fd, seed)] : sampleObject(members, fd, seed)),
    invalid: () => (list ? [{}, 'x', [1], [{ unknownMember: 1 }]] : ['x', [], 1, { unknownMember: 1 }]),
  };
}

/**
 * The two embedded types, whose members are parsed and sampled through `members`:
 * `embedded`, a value object without identity in one `jsonb` column (the client's bank account,
 * H13), and `embeddedList`, a list of value objects in one `jsonb` column.
 * @example
 * const { embedded, embeddedList } = embeddedTypes({ typeModule, sampleValue });
 */
export function embeddedTypes(members: MemberTypes): {
  embedded: FieldTypeModule<'embedded'>;
  embeddedList: FieldTypeModule<'embeddedList'>;
} {
  return {
    embedded: embeddedModule(members, 'embedded', false),
    embeddedList: embeddedModule(members, 'embeddedList', true),
  };
}
