import fc from 'fast-check';
import { brokenMultipart, multipartArb } from './multipart';
import { shapeOf, type EntitySchema, type Field } from '../../../schemas/define';
import { invalidSamples, sampleValue, typeModule } from '../../../schemas/fieldTypes/index';
import { findSchema } from '../../../schemas/index';
import {
  hostileJson,
  hostileKey,
  hostileNumber,
  hostileString,
  type JsonSchema,
  scalarArb,
  unwrapNullable,
} from './values';

/**
 * Requests for one OpenAPI operation: valid ones built from its parameters and request body
 * schema (ids from pools of real rows), and mutated ones (a valid request with one hostile change).
 * A request is a plan: ids are picked from the pools when it is sent, so rows created and deleted
 * during the run are used.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the OpenAPI document. */
export interface Operation {
  method: Method;
  /** The document's path, `{id}` included. */
  path: string;
  parameters: Array<{ name: string; in: string; schema?: JsonSchema }>;
  /** The JSON Schema of the request body (the entity component), when the operation has one. */
  body?: JsonSchema;
  /** The segment of a route under an item (`transitions`); its body is its own schema, not the entity's. */
  sub?: string;
  /** The request body is `multipart/form-data` (an upload). */
  multipart?: boolean;
  /** The entity schema whose collection the path belongs to. */
  entity: EntitySchema;
  /** The entity component of the document (for filter values). */
  component: JsonSchema;
}

/** Ids of real rows: `existing` of every collection (read-only use) and `own` rows the run may change or delete. */
export interface Pools {
  /** Row ids a reference field may point to, per `entity.field` (the field's pick-list filter applied). */
  refs: Map<string, number[]>;
  /** Existing rows per collection, for GET by id. */
  existing: Map<string, number[]>;
  /** Rows created by the run per collection: PUT, PATCH and DELETE use only these. */
  own: Map<string, number[]>;
  /** The document's component schemas by entity name (nested children's bodies). */
  components: Record<string, JsonSchema>;
}

/** A request plan; `id` is resolved against the pools when sent. */
export interface Plan {
  method: Method;
  /** Path with `{id}` still in it, or a literal hostile id already in place. */
  path: string;
  /** How to fill `{id}`: an index into a pool ('existing' for GET, 'own' for writes, 'take' pops one to delete). */
  id?: { pool: 'existing' | 'own' | 'take'; index: number };
  query: Array<[string, string]>;
  /** Raw text appended to the query string (broken escapes). */
  rawQuery?: string;
  headers: Record<string, string>;
  /** The body as JSON text (or broken text), when sent. */
  payload?: string;
  user: 'admin' | 'billing';
  /** What was mutated, for the failure report. */
  mutation?: string;
}

const SKIP_BODY = new Set(['id', 'createdDate', 'lastModifiedDate', 'createdBy', 'lastModifiedBy']);

/** A valid value for one writable property of `entity`, references drawn from the pools. */
function propertyArb(
  entity: EntitySchema,
  name: string,
  fd: Field | undefined,
  s: JsonSchema,
  pools: Pools,
  required: boolean,
  depth: number,
): fc.Arbitrary<unknown> {
  const ids = pools.refs.get(`${entity.name}.${name}`) ?? [];
  const orNull = (arb: fc.Arbitrary<unknown>) =>
    required ? arb : fc.oneof({ arbitrary: arb, weight: 9 }, { arbitrary: fc.constant(null), weight: 1 });
  switch (fd?.type) {
    case 'ref':
    case 'dictionary':
      if (ids.length === 0) return fc.constant(null);
      return orNull(
        fc.oneof(
          { arbitrary: fc.constantFrom(...ids).map((id) => ({ id })), weight: 4 },
          { arbitrary: fc.constantFrom(...ids).map((id) => `/core/api/${fd.target}/${id}`), weight: 1 },
        ),
      );
    case 'refId':
      return ids.length === 0 ? fc.constant(null) : orNull(fc.constantFrom(...ids));
    case 'refList':
    case 'dictionaryList':
      return fc
        .uniqueArray(fc.constantFrom(...(ids.length ? ids : [0])), { maxLength: Math.min(3, ids.length) })
        .map((list) => list.map((id) => ({ id })));
    case 'children': {
      const child = fd.target ? findSchema(fd.target) : undefined;
      if (!child || depth > 0) return fc.constant([]);
      return fc.array(entityBodyArb(child, pools.components[child.entityName], pools, depth + 1, fd.via), {
        maxLength: 2,
      });
    }
    case 'translated': {
      // texts by language drawn from the JSON Schema's properties, beside the type's samples; a
      // required one only from the samples (a drawn text may be blank, and its fallback is required)
      const { schema } = unwrapNullable(s);
      const samples = fc.nat({ max: 10_000 }).map((seed) => sampleValue(fd, seed));
      const drawn = fc.record(
        Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, p]) => [k, scalarArb(p)])),
        { requiredKeys: [] },
      );
      return orNull(fd.required ? samples : fc.oneof(drawn, samples));
    }
    case 'embedded':
    case 'embeddedList': {
      const { schema } = unwrapNullable(s);
      const itemSchema = fd.type === 'embedded' ? schema : (schema.items ?? {});
      const obj = fc.record(
        Object.fromEntries(Object.entries(itemSchema.properties ?? {}).map(([k, p]) => [k, scalarArb(p)])),
        { requiredKeys: [] },
      );
      return fd.type === 'embedded' ? orNull(obj) : fc.array(obj, { maxLength: 2 });
    }
    default:
      // the type module's own samples beside values drawn from the field's JSON Schema
      return fd && shapeOf(fd) === 'scalar'
        ? fc.oneof(
            { arbitrary: scalarArb(s, required), weight: 3 },
            { arbitrary: fc.nat({ max: 10_000 }).map((seed) => sampleValue(fd, seed)), weight: 1 },
          )
        : scalarArb(s, required);
  }
}

/**
 * A valid body for `entity`: required properties always, others sometimes; `omit` is the parent
 * reference of a nested child. `password` is rare: each one costs a bcrypt hash.
 */
export function entityBodyArb(
  entity: EntitySchema,
  component: JsonSchema | undefined,
  pools: Pools,
  depth = 0,
  omit?: string,
): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(
    component?.required ??
      Object.entries(entity.fields)
        .filter(([, f]) => f.required)
        .map(([n]) => n),
  );
  const props: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, fd] of Object.entries(entity.fields)) {
    if (fd.readOnly || name === omit || SKIP_BODY.has(name) || (fd.type === 'refList' && fd.via)) continue;
    const s = (component?.properties?.[name] ?? {}) as JsonSchema;
    const arb = propertyArb(entity, name, fd, s, pools, required.has(name), depth);
    props[name] =
      fd.type === 'password'
        ? fc.oneof({ arbitrary: fc.constant(undefined), weight: 99 }, { arbitrary: arb, weight: 1 })
        : arb;
  }
  return fc
    .record(props, { requiredKeys: [...required].filter((n) => n in props) })
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
}

/**
 * A body for a plain object schema (a route under an item): its properties from their schemas,
 * the first alternative of a `oneOf`; required ones always, others sometimes.
 */
function objectArb(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([k, p]) => [
      k,
      scalarArb(p.oneOf?.[0] ?? p, schema.required?.includes(k) ?? false),
    ]),
  );
  return fc.record(props, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
}

/** Filter parameter -> a valid value as text, from the entity component's property schema. */
function filterValueArb(op: Operation, name: string, pools: Pools): fc.Arbitrary<[string, string]> | undefined {
  const [prop = '', sub] = name.split('.');
  const fd = op.entity.fields[prop];
  const ids = pools.refs.get(`${op.entity.name}.${prop}`) ?? [];
  if (sub === 'id') return ids.length ? fc.constantFrom(...ids).map((id) => [name, String(id)]) : undefined;
  if (sub === 'code') return fc.integer({ min: 0, max: 20 }).map((c) => [name, String(c)]);
  const s = op.component.properties?.[prop];
  if (!s || !fd) return undefined;
  // a filter of its own named like a reference field (`payerMatter=12`) takes the referenced id
  const inner = unwrapNullable(s).schema;
  if (!inner.enum && !['string', 'integer', 'number', 'boolean'].includes(String(inner.type)))
    return ids.length ? fc.constantFrom(...ids).map((id) => [name, String(id)]) : undefined;
  const value = scalarArb(s, true).filter((v) => v !== null);
  const allowed = typeModule(fd).filter?.ops ?? [];
  const wanted =
    unwrapNullable(s).schema.type === 'string' && !unwrapNullable(s).schema.format
      ? (['eq', 'like', 'ne'] as const)
      : (['eq', 'ne', 'gte', 'lt'] as const);
  const ops = wanted.filter((o) => allowed.includes(o)).map((o) => (o === 'eq' ? '' : `.${o}`));
  if (ops.length === 0) return undefined;
  return fc.tuple(fc.constantFrom(...ops), value).map(([o, v]) => [`${name}${o}`, String(v)] as [string, string]);
}

/** A valid list query: paging, sort over filterable properties, projection, search, filters. */
function listQueryArb(op: Operation, pools: Pools): fc.Arbitrary<Array<[string, string]>> {
  const filters = op.parameters
    .filter((p) => p.in === 'query' && !['page', 'size', 'sort', 'projection', 'search'].includes(p.name))
    .map((p) => filterValueArb(op, p.name, pools))
    .filter((a): a is fc.Arbitrary<[string, string]> => a !== undefined);
  const sortable = op.parameters
    .filter(
      (p) =>
        p.in === 'query' &&
        !p.name.endsWith('.code') &&
        !['page', 'size', 'sort', 'projection', 'search'].includes(p.name),
    )
    .map((p) => p.name.replace(/\.id$/, ''));
  const projections = (op.parameters.find((p) => p.name === 'projection')?.schema?.enum ?? []) as string[];
  // the global search's words (server/search/service.ts): any text, quotes and tsquery operators included
  if (op.parameters.some((p) => p.name === 'q'))
    return fc
      .record({ q: fc.string({ minLength: 1, maxLength: 30 }), size: fc.integer({ min: 1, max: 20 }).map(String) })
      .map((r) => [
        ['q', r.q],
        ['size', r.size],
      ]);
  return fc
    .record(
      {
        page: fc.nat({ max: 2 }).map(String),
        size: fc.integer({ min: 1, max: 20 }).map(String),
        sort: fc.array(
          fc
            .tuple(fc.constantFrom(...(sortable.length ? sortable : ['id'])), fc.constantFrom('asc', 'desc'))
            .map((t) => t.join(',')),
          { maxLength: 2 },
        ),
        projection: fc.constantFrom(...(projections.length ? projections : [''])),
        search: fc.string({ maxLength: 10 }),
        filters: filters.length ? fc.array(fc.oneof(...filters), { maxLength: 3 }) : fc.constant([]),
      },
      { requiredKeys: [] },
    )
    .map((q) => [
      ...(q.page !== undefined ? [['page', q.page] as [string, string]] : []),
      ...(q.size !== undefined ? [['size', q.size] as [string, string]] : []),
      ...(q.sort ?? []).map((s) => ['sort', s] as [string, string]),
      ...(q.projection ? [['projection', q.projection] as [string, string]] : []),
      ...(q.search !== undefined ? [['search', q.search] as [string, string]] : []),
      ...(q.filters ?? []),
    ]);
}

const userArb = fc.oneof(
  { arbitrary: fc.constant('admin' as const), weight: 9 },
  { arbitrary: fc.constant('billing' as const), weight: 1 },
);

/** Valid requests for an operation. */
export function validArb(op: Operation, pools: Pools): fc.Arbitrary<Plan> {
  if (op.multipart)
    return fc.tuple(multipartArb, userArb).map(([body, user]) => ({
      method: op.method,
      path: op.path,
      query: [],
      headers: { 'content-type': body.contentType },
      payload: body.payload,
      user,
    }));
  const hasId = op.path.includes('{id}');
  const idArb = fc.nat().map((index) => ({
    pool: (op.method === 'GET' ? 'existing' : op.method === 'DELETE' ? 'take' : 'own') as 'existing' | 'own' | 'take',
    index,
  }));
  const bodyArb = op.body
    ? (op.sub ? objectArb(op.body) : entityBodyArb(op.entity, op.body, pools)).map((b) => JSON.stringify(b))
    : fc.constant(undefined);
  const queryArb =
    op.method === 'GET' && !hasId
      ? listQueryArb(op, pools)
      : op.method === 'GET'
        ? fc
            .option(
              fc.constantFrom(
                ...((op.parameters.find((p) => p.name === 'projection')?.schema?.enum ?? ['']) as string[]),
              ),
              { nil: undefined },
            )
            .map((p) => (p ? [['projection', p] as [string, string]] : []))
        : fc.constant([] as Array<[string, string]>);
  return fc
    .record({ id: hasId ? idArb : fc.constant(undefined), query: queryArb, payload: bodyArb, user: userArb })
    .map((r) => ({
      method: op.method,
      path: op.path,
      id: r.id,
      query: r.query,
      headers: (r.payload !== undefined ? { 'content-type': 'application/json' } : {}) as Record<string, string>,
      payload: r.payload,
      user: r.user,
    }));
}

/** JSON text with one more property written literally (so `__proto__` stays an own key). */
const withRawKey = (json: string, key: string, value: unknown): string =>
  json.startsWith('{') && json !== '{}'
    ? `{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'},${json.slice(1)}`
    : `{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`;

type Mutation = (plan: Plan) => fc.Arbitrary<Plan>;

const BODY_MUTATIONS: Mutation[] = [
  // one property replaced by a hostile value
  (p) =>
    fc.tuple(fc.nat(), hostileJson).map(([i, v]) => {
      const body = JSON.parse(p.payload ?? '{}') as Record<string, unknown>;
      const keys = Object.keys(body);
      if (keys.length === 0) return { ...p, payload: withRawKey(p.payload ?? '{}', 'gname', v), mutation: 'value' };
      const key = keys[i % keys.length]!;
      return { ...p, payload: JSON.stringify({ ...body, [key]: v }), mutation: `value of ${key}` };
    }),
  // an unknown or prototype-poisoning property
  (p) =>
    fc
      .tuple(hostileKey, hostileJson)
      .map(([k, v]) => ({ ...p, payload: withRawKey(p.payload ?? '{}', k, v), mutation: `key ${k}` })),
  // the body is not an object
  (p) => hostileJson.map((v) => ({ ...p, payload: JSON.stringify(v) ?? 'null', mutation: 'body type' })),
  // broken JSON text
  (p) =>
    fc
      .tuple(fc.nat(), fc.constantFrom('', ',', '}', '{', '"', '\\', '\u0000', 'nul', ']', ',}', '\uD800', '1e99999'))
      .map(([i, tail]) => {
        const text = p.payload ?? '{}';
        return { ...p, payload: text.slice(0, i % (text.length + 1)) + tail, mutation: 'broken JSON' };
      }),
  // a nested object or array of the body with a hostile member
  (p) =>
    fc.tuple(fc.nat(), hostileKey, hostileJson).map(([i, k, v]) => {
      const body = JSON.parse(p.payload ?? '{}') as Record<string, unknown>;
      const nested = Object.keys(body).filter((key) => body[key] && typeof body[key] === 'object');
      if (nested.length === 0) return { ...p, payload: withRawKey(p.payload ?? '{}', k, v), mutation: `key ${k}` };
      const key = nested[i % nested.length]!;
      const inner = body[key];
      const mutated = Array.isArray(inner) ? [...inner, v] : JSON.parse(withRawKey(JSON.stringify(inner), k, v));
      return { ...p, payload: JSON.stringify({ ...body, [key]: mutated }), mutation: `nested ${key}.${k}` };
    }),
  // a wrong content type
  (p) =>
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
        'application/xml',
        '',
      )
      .map((ct) => ({ ...p, headers: { ...p.headers, 'content-type': ct }, mutation: `content-type ${ct}` })),
];

const QUERY_MUTATIONS: Mutation[] = [
  // a parameter's value replaced by a hostile string
  (p) =>
    fc.tuple(fc.nat(), hostileString).map(([i, v]) => {
      if (p.query.length === 0) return { ...p, query: [['search', v]], mutation: 'search value' };
      const query = p.query.map((q, j) => (j === i % p.query.length ? ([q[0], v] as [string, string]) : q));
      return { ...p, query, mutation: `value of ${query[i % query.length]![0]}` };
    }),
  // an unknown or hostile parameter name, or an operator chain
  (p) =>
    fc
      .tuple(
        fc.oneof(hostileKey, fc.constantFrom('gname.like.like', 'a.b.c.d', 'id.in', 'version.gt', 'sort', 'page')),
        hostileString,
      )
      .map(([k, v]) => ({ ...p, query: [...p.query, [k, v] as [string, string]], mutation: `parameter ${k}` })),
  // paging and sorting out of range
  (p) =>
    fc
      .tuple(
        fc.constantFrom('page', 'size', 'sort', 'projection'),
        fc.oneof(
          hostileString,
          hostileNumber.map(String),
          fc.constantFrom('gname,up', ',,', 'id,asc,desc', '.', 'contactList,asc'),
        ),
      )
      .map(([k, v]) => ({ ...p, query: [...p.query, [k, v] as [string, string]], mutation: `${k}=${v.slice(0, 40)}` })),
  // broken percent escapes in the raw query
  (p) =>
    fc
      .constantFrom('%', '%zz', '%E0%A4%A', '%00', 'a=%FF%FE', '&&&', '=', 'search=%C0%80')
      .map((raw) => ({ ...p, rawQuery: raw, mutation: `raw ${raw}` })),
];

const PATH_MUTATIONS: Mutation[] = [
  (p) =>
    fc
      .oneof(
        fc.constantFrom(
          '0',
          '-1',
          '1.5',
          '1e3',
          'abc',
          '%00',
          '%2e%2e',
          '99999999999999999999',
          '9223372036854775808',
          '9007199254740993',
          ' 1',
          '0x10',
          'null',
          '__proto__',
        ),
        fc
          .string({ unit: 'binary', maxLength: 12 })
          // digits alone could name a fixture row (a signed-in user): hostile ids are never one
          .filter((id) => !/^\d+$/.test(id.trim()))
          .map(encodeURIComponent),
      )
      .map((id) => ({ ...p, path: p.path.replace('{id}', id), id: undefined, mutation: `id ${id}` })),
  (p) =>
    fc
      .constantFrom('"abc"', 'W/"1"', '*', '"99999999999999999999"', '"-1"', '""', '1', '"1e3"', '"0x1"', '"0", "1"')
      .map((tag) => ({ ...p, headers: { ...p.headers, 'if-match': tag }, mutation: `If-Match ${tag}` })),
];

/** One property replaced by a value its field type refuses (the type module's invalid samples). */
const invalidValueOf =
  (entity: EntitySchema): Mutation =>
  (p) => {
    const fields = Object.entries(entity.fields).filter(([, fd]) => !fd.readOnly && invalidSamples(fd).length > 0);
    if (fields.length === 0) return fc.constant(p);
    return fc
      .constantFrom(...fields)
      .chain(([name, fd]) => fc.constantFrom(...invalidSamples(fd)).map((v) => [name, v] as const))
      .map(([name, v]) => {
        const body = JSON.parse(p.payload ?? '{}') as Record<string, unknown>;
        return { ...p, payload: JSON.stringify({ ...body, [name]: v }), mutation: `invalid ${name}` };
      });
  };

/** Mutated requests for an operation: a valid request with one hostile change of the kinds that apply. */
export function mutatedArb(op: Operation, pools: Pools): fc.Arbitrary<Plan> {
  if (op.multipart)
    return fc
      .tuple(multipartArb, userArb)
      .chain(([body, user]) => brokenMultipart(body).map((b) => ({ body: b, user })))
      .map(({ body, user }) => ({
        method: op.method,
        path: op.path,
        query: [],
        headers: { 'content-type': body.contentType },
        payload: body.payload,
        user,
        mutation: body.mutation,
      }));
  const mutations = [
    ...(op.body ? [...BODY_MUTATIONS, invalidValueOf(op.entity)] : []),
    ...(op.method === 'GET' || op.method === 'DELETE' ? QUERY_MUTATIONS : []),
    ...(op.path.includes('{id}') ? PATH_MUTATIONS : []),
  ];
  return fc.tuple(validArb(op, pools), fc.nat({ max: mutations.length - 1 })).chain(([plan, i]) => mutations[i]!(plan));
}
