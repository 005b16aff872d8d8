import fc from 'fast-check';

/**
 * fast-check arbitraries for the fuzz test: valid values from the JSON Schemas of the OpenAPI
 * document (`server/openapi/document.ts`), and the hostile values mutations put in their place.
 */

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  readOnly?: boolean;
  writeOnly?: boolean;
  $ref?: string;
};

const MIN_DATE = new Date('0001-01-01T00:00:00Z');
const MAX_DATE = new Date('9999-12-31T23:59:59Z');
const dateArb = fc.date({ min: MIN_DATE, max: MAX_DATE, noInvalidDate: true });

/** The schema without its `null` alternative (`anyOf: [s, { type: 'null' }]`), and whether null is allowed. */
export function unwrapNullable(s: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const alternatives = s.anyOf?.filter((x) => x.type !== 'null');
  if (s.anyOf && alternatives?.length === 1) return { schema: alternatives[0]!, nullable: true };
  return { schema: s, nullable: false };
}

/** A valid string for a `type: string` schema (length in UTF-16 units, as the server counts). */
function stringArb(s: JsonSchema, required: boolean): fc.Arbitrary<string> {
  const max = Math.min(s.maxLength ?? 255, 40);
  const min = s.minLength ?? 0;
  const fits = (v: string) => v.length >= min && v.length <= (s.maxLength ?? 255) && (!required || v.trim() !== '');
  if (s.enum) return fc.constantFrom(...(s.enum as string[]));
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  switch (s.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri-reference':
      return fc
        .oneof(
          fc.webUrl(),
          fc.domain().map((d) => d),
        )
        .filter(fits);
    case 'date':
      return dateArb.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return dateArb.map((d) => d.toISOString());
    default:
      return fc
        .oneof(
          { arbitrary: fc.string({ minLength: min, maxLength: max }), weight: 3 },
          { arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }), weight: 1 },
        )
        .filter(fits);
  }
}

/** A valid number for `type: integer | number` with the schema's bounds. */
function numberArb(s: JsonSchema): fc.Arbitrary<number> {
  // fc.integer stays within 32 bits; the edges beyond are the mutations' job
  const min = Math.max(s.minimum ?? -1_000_000_000, -1_000_000_000);
  const max = Math.min(s.maximum ?? 1_000_000_000, 1_000_000_000);
  if (s.type === 'integer') return fc.integer({ min, max });
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
  );
}

/**
 * A valid scalar value for a property schema (strings, numbers, booleans, enums, dates); null
 * sometimes when the schema allows it. References and collections are built by the caller.
 */
export function scalarArb(s: JsonSchema, required = false): fc.Arbitrary<unknown> {
  const { schema, nullable } = unwrapNullable(s);
  let arb: fc.Arbitrary<unknown>;
  if (schema.enum) arb = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string') arb = stringArb(schema, required);
  else if (schema.type === 'integer' || schema.type === 'number') arb = numberArb(schema);
  else if (schema.type === 'boolean') arb = fc.boolean();
  else arb = fc.constant(null);
  return nullable && !required
    ? fc.oneof({ arbitrary: arb, weight: 9 }, { arbitrary: fc.constant(null), weight: 1 })
    : arb;
}

/** Strings that broke or could break a server: NUL, odd numbers and dates, huge, scripts, escapes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'null',
    'undefined',
    'true',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '-1e308',
    '1e-308',
    '5e-324',
    '1e-7',
    '-0',
    '0x1F',
    '0b11',
    '1_000',
    '1,5',
    '99999999999999999999',
    '9223372036854775808',
    '-9223372036854775809',
    '9007199254740993',
    '+275760-09-13T00:00:00Z',
    '-271821-04-20T00:00:00Z',
    '0000-01-01',
    '10000-01-01',
    '2020-02-30',
    '2020-13-01',
    '2020-01-01T25:61:00Z',
    '-000001-01-01T00:00:00Z',
    '0000-00',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    "'; DROP TABLE clients; --",
    '%',
    '_',
    '\\',
    '../../etc/passwd',
    '\uD800',
    '\uFFFF',
    '\u202E',
    '😀'.repeat(300),
    'a'.repeat(5000),
    'x'.repeat(100_000),
    `${'a.'.repeat(30_000)} `,
    `a@${'a.'.repeat(30_000)} `,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
);

/** Property names that slip past `key in object` checks or poison prototypes. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    '__defineGetter__',
    'isPrototypeOf',
    '',
    '\u0000',
    'id',
    '_links',
    'version',
  ),
  fc.string({ maxLength: 20 }),
);

/** Numbers at and past every edge: float extremes, exponents, beyond bigint and safe integers. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1e-7,
    1e-30,
    5e-324,
    1e308,
    -1e308,
    1.7976931348623157e308,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    -(2 ** 63),
    2 ** 31,
    -(2 ** 31) - 1,
    1e15,
    1e16,
    1e19,
    1e30,
    0.1 + 0.2,
    123456.123456789,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any hostile JSON value: wrong types, arrays where objects go, objects with poisoning keys, deep nesting. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom(true, false, null, [], {}, [null], [{}], { id: null }), weight: 2 },
  { arbitrary: fc.record({ id: fc.oneof(hostileNumber, hostileString) }), weight: 2 },
  { arbitrary: fc.array(fc.record({ id: hostileNumber }), { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(hostileKey, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  {
    arbitrary: fc.nat({ max: 200 }).map((depth) => {
      let v: unknown = 1;
      for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
      return v;
    }),
    weight: 1,
  },
);
