import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { EntitySchema } from '../../../schemas/define';
import { storedSchemas } from '../../../schemas/index';
import { collectionPath } from '../../rest/values';
import { exportPath } from '../../exports/routes';
import { SEARCH_PATH } from '../../search/service';
import type { Harness } from '../harness';
import { entityBodyArb, type Method, mutatedArb, type Operation, type Plan, type Pools, validArb } from './requests';
import type { JsonSchema } from './values';

/**
 * Runs the fuzz: reads the operations from the app's own `/core/api/openapi.json`, fills pools of
 * real rows, sends valid and mutated requests per operation through `app.inject` and checks every
 * answer: never 5xx, every 4xx in the contract's error format (`server/rest/errors.ts`).
 * `FUZZ_DEBUG=1` prints every valid request answered 4xx other than 403 (to keep the generators valid).
 */

/** Figures of one operation. */
export interface OperationResult {
  operation: string;
  valid: number;
  mutated: number;
  /** Answers by status code, valid and mutated together. */
  statuses: Record<number, number>;
  /** 2xx answers to valid requests. */
  validOk: number;
  /** The first failing request and answer of each run, if any. */
  failures: string[];
  /** Wall time of the operation's runs, milliseconds. */
  ms: number;
}

/** Why an answer breaks the contract, or undefined when it keeps it. */
export function contractProblem(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const b = body as { message?: unknown; errors?: unknown };
  if (!b || typeof b !== 'object' || typeof b.message !== 'string' || b.message === '')
    return `${res.statusCode} body has no message: ${res.body.slice(0, 200)}`;
  const extra = Object.keys(b).filter((k) => k !== 'message' && k !== 'errors');
  if (extra.length > 0) return `${res.statusCode} body has other properties: ${extra.join(', ')}`;
  if (b.message === 'Validation failed') {
    if (res.statusCode !== 400) return `Validation failed with ${res.statusCode}`;
    if (!Array.isArray(b.errors) || b.errors.length === 0)
      return `Validation failed without errors[]: ${res.body.slice(0, 200)}`;
  } else if (b.errors !== undefined && res.statusCode !== 409)
    // a conflict may name its field (a duplicate unique value); other answers are one sentence
    return `${res.statusCode} "${b.message}" with errors[]`;
  if (b.errors !== undefined) {
    if (!Array.isArray(b.errors)) return `${res.statusCode} errors is not an array`;
    for (const e of b.errors as Array<Record<string, unknown>>) {
      if (
        !e ||
        typeof e.entity !== 'string' ||
        typeof e.property !== 'string' ||
        !('invalidValue' in e) ||
        typeof e.message !== 'string'
      )
        return `malformed field error ${JSON.stringify(e).slice(0, 200)}`;
    }
  }
  return undefined;
}

/** The operations of the OpenAPI document, each tied to its entity schema and component. */
export async function readOperations(h: Harness): Promise<Operation[]> {
  const res = await h.app.inject({ method: 'GET', url: '/core/api/openapi.json' });
  const doc = res.json<{
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, JsonSchema> };
  }>();
  const byPath = new Map(storedSchemas().map((s) => [collectionPath(s), s]));
  const ops: Operation[] = [];
  // Excel exports live under /core/api/excel/generate/<name>, not under their collection
  const exports = new Map(
    storedSchemas()
      .filter((s) => s.excel)
      .map((s) => [exportPath(s.excel!.name), s]),
  );
  // the global search spans collections: it is fuzzed with the first one it searches
  const search = storedSchemas().find((s) => s.globalSearch);
  if (search) exports.set(SEARCH_PATH, search);
  for (const [path, methods] of Object.entries(doc.paths)) {
    // the collection itself, an item, or a route under an item or the collection (history, actions)
    const entity =
      exports.get(path) ??
      // the collection whose path is the longest prefix: an action may span segments (`all/with-positions`)
      [...byPath]
        .filter(([base]) => path === base || path.startsWith(`${base}/`))
        .sort(([a], [b]) => b.length - a.length)[0]?.[1];
    if (!entity) throw new Error(`the fuzz cannot tie ${path} to an entity`);
    // the operation's own body for a route under an item or the collection (`{id}/transitions`, actions)
    const sub = exports.has(path)
      ? path === SEARCH_PATH
        ? 'search'
        : 'excel'
      : path.slice(collectionPath(entity).length).replace(/^\/(\{id\})?\/?/, '') || undefined;
    const component = doc.components.schemas[entity.entityName]!;
    for (const [method, spec] of Object.entries(methods)) {
      const body = (spec.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      ops.push({
        method: method.toUpperCase() as Method,
        path,
        parameters: (spec.parameters ?? []) as Operation['parameters'],
        body: body ? (sub ? body : component) : undefined,
        sub,
        multipart: Boolean(
          (spec.requestBody as { content?: Record<string, unknown> } | undefined)?.content?.['multipart/form-data'],
        ),
        entity,
        component,
      });
    }
  }
  return ops;
}

const ids = async (h: Harness, url: string): Promise<number[]> => {
  const res = await h.request('admin', 'GET', url);
  if (res.statusCode !== 200) return [];
  const embedded = (res.json() as { _embedded?: Record<string, Array<{ id: number }>> })._embedded ?? {};
  return Object.values(embedded)
    .flat()
    .map((r) => r.id);
};

/**
 * Pools of real rows: every collection's rows (first 50) for GET by id, reference targets per
 * field with the field's pick-list filter applied, and `own` rows created now (a few per
 * collection) for the writes. Roles are referenced only through rows the run created, so the
 * fixture's roles and users (the ones that sign in) never change.
 */
export async function fillPools(h: Harness, ops: Operation[]): Promise<Pools> {
  const components = (await h.app.inject({ method: 'GET', url: '/core/api/openapi.json' })).json<{
    components: { schemas: Record<string, JsonSchema> };
  }>().components.schemas;
  const pools: Pools = { refs: new Map(), existing: new Map(), own: new Map(), components };
  const entities = [...new Map(ops.map((o) => [o.entity.name, o])).values()];
  for (const { entity } of entities) pools.existing.set(entity.name, await ids(h, `${collectionPath(entity)}?size=50`));
  const ownRoles: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await h.request('admin', 'POST', '/auth/api/v2/roles', { name: `FUZZ_ROLE_${i}_${Date.now()}` });
    if (res.statusCode === 201) ownRoles.push((res.json() as { id: number }).id);
  }
  for (const schema of storedSchemas()) {
    for (const [name, fd] of Object.entries(schema.fields)) {
      if (!fd.target && !fd.dictionary) continue;
      const key = `${schema.name}.${name}`;
      if (fd.dictionary) {
        const entries = Object.entries(h.fx.entries).filter(([k]) => k.startsWith(`${fd.dictionary}:`));
        pools.refs.set(
          key,
          entries.map(([, id]) => id),
        );
      } else if (fd.target === 'roles') {
        pools.refs.set(key, ownRoles);
      } else {
        const target = storedSchemas().find((s) => s.name === fd.target);
        const filter = new URLSearchParams({ size: '50' });
        for (const [k, v] of Object.entries(fd.filter ?? {})) filter.set(k, Array.isArray(v) ? v.join(',') : String(v));
        if (target) pools.refs.set(key, await ids(h, `${collectionPath(target)}?${filter}`));
      }
    }
  }
  for (const { entity, component } of entities) {
    const own: number[] = [];
    for (const body of fc.sample(entityBodyArb(entity, component, pools), { numRuns: 30, seed: 1 })) {
      if (own.length >= 5) break;
      const res = await h.request('admin', 'POST', collectionPath(entity), body);
      if (res.statusCode === 201) own.push((res.json() as { id: number }).id);
    }
    pools.own.set(entity.name, own);
  }
  return pools;
}

/** Sends a plan: fills `{id}` from the pools, keeps created rows in `own`, forgets deleted ones. */
export async function send(
  h: Harness,
  entity: EntitySchema,
  pools: Pools,
  plan: Plan,
): Promise<LightMyRequestResponse> {
  let path = plan.path;
  let id: number | undefined;
  if (plan.id) {
    const existing = pools.existing.get(entity.name)!;
    const pool = plan.id.pool === 'existing' && existing.length > 0 ? existing : pools.own.get(entity.name)!;
    id = pool.length === 0 ? 999_999 : pool[plan.id.index % pool.length]!;
    path = path.replace('{id}', String(id));
  }
  const search = new URLSearchParams(plan.query).toString();
  const query = [search, plan.rawQuery].filter(Boolean).join('&');
  const res = await h.app.inject({
    method: plan.method,
    url: query ? `${path}?${query}` : path,
    headers: { authorization: `Bearer ${await h.token(plan.user)}`, ...plan.headers },
    ...(plan.payload !== undefined ? { payload: plan.payload } : {}),
  });
  const own = pools.own.get(entity.name)!;
  if (plan.method === 'POST' && res.statusCode === 201 && own.length < 1000)
    own.push((res.json() as { id: number }).id);
  if (plan.method === 'DELETE' && res.statusCode === 204 && id !== undefined) own.splice(own.indexOf(id), 1);
  return res;
}

const describePlan = (plan: Plan, res: LightMyRequestResponse): string =>
  `${plan.method} ${plan.path}${plan.query.length ? `?${new URLSearchParams(plan.query)}` : ''}${plan.rawQuery ? `&${plan.rawQuery}` : ''} as ${plan.user}` +
  `${plan.mutation ? ` [${plan.mutation}]` : ''} headers ${JSON.stringify(plan.headers)} body ${(plan.payload ?? '').slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;

/**
 * The fast-check seed of one operation's valid or mutated runs: the run's seed mixed with the
 * operation's name (FNV-1a), so replaying a seed repeats each operation's requests whatever other
 * operations ran before it.
 */
export function operationSeed(seed: number, name: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/**
 * Runs `runs` valid and `runs` mutated requests of one operation, drawn from `seed` (see
 * `operationSeed`). Every run is sent (no stop at the
 * first failure), so one pass shows every kind of failure; up to 3 per kind are kept.
 */
export async function fuzzOperation(
  h: Harness,
  op: Operation,
  pools: Pools,
  runs: number,
  seed: number,
): Promise<OperationResult> {
  const result: OperationResult = {
    operation: `${op.method} ${op.path}`,
    valid: 0,
    mutated: 0,
    statuses: {},
    validOk: 0,
    failures: [],
    ms: 0,
  };
  const started = performance.now();
  for (const kind of ['valid', 'mutated'] as const) {
    const arb = kind === 'valid' ? validArb(op, pools) : mutatedArb(op, pools);
    let kept = 0;
    await fc.assert(
      fc.asyncProperty(arb, async (plan) => {
        const res = await send(h, op.entity, pools, plan);
        result[kind]++;
        result.statuses[res.statusCode] = (result.statuses[res.statusCode] ?? 0) + 1;
        if (kind === 'valid' && res.statusCode < 300) result.validOk++;
        if (process.env.FUZZ_DEBUG && kind === 'valid' && res.statusCode >= 400 && res.statusCode !== 403)
          console.log(describePlan(plan, res));
        const problem = contractProblem(res);
        if (problem && kept++ < 3) result.failures.push(`${kind}: ${problem}\n    ${describePlan(plan, res)}`);
      }),
      { numRuns: runs, seed: operationSeed(seed, `${kind} ${result.operation}`) },
    );
  }
  result.ms = performance.now() - started;
  return result;
}
