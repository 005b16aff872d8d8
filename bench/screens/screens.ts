/**
 * What `bench:screens` requests: for every menu entry of the registry (`hideFromMenu` not set),
 * the requests its screens make, built by the SPA's own data provider (`createDataProvider`, whose
 * `fetch` is answered here by `app.inject`) so the query strings are exactly the SPA's:
 *
 * - the default list page (`getList` with `listStartParams`: default sort, page size, list
 *   projection; the data provider adds the default and fixed filters, e.g. TIME-14's `workType.code=1`);
 * - its total: the list's total action where its list shows one ({@link LIST_TOTALS}), else the page's
 *   `totalElements` (same request as the page, not repeated);
 * - one card: `getOne` of the page's first row with the card's projection (`defaultProjection`);
 * - the three first declared list filters that are not the search box (a date range's two ends count as
 *   one), each with a value taken from the card's record, so it exists and the role sees it.
 *
 * Each screen is requested as the least privileged demo account that sees the page
 * ({@link roleFor}): computed from the seeded roles' grants (`ROLE_PRIVILEGES`), or the table
 * {@link USED_BY} where the issue names the role that works on the screen.
 */
import type { FastifyInstance } from 'fastify';
import { createDataProvider } from '../../dataProvider/index';
import { hasPrivilege, type Privilege } from '../../schemas/access';
import type { EntitySchema } from '../../schemas/define';
import { schemas } from '../../schemas/index';
import { DEMO_ACCOUNTS, ROLE_PRIVILEGES } from '../../server/db/seed/roles';
import { listStartParams } from '../../src/resources/listQuery';
import { listFilterQuery } from '../../src/resources/listQuery';

/** One request the bench drives: its label and its path (with query). */
export interface Request {
  kind: 'list' | 'total' | 'card' | 'filter';
  label: string;
  path: string;
}

/** A menu entry and what its screens ask, as one role. */
export interface Screen {
  schema: EntitySchema;
  username: string;
  /** Why this account: computed, or the reason of {@link USED_BY}. */
  why: string;
  requests: Request[];
  /** The first page's ids and total (for the twin's equality check). */
  firstPage: { ids: number[]; total: number };
}

/**
 * The accounts that work on a screen where the issue names them and they are not the computed
 * least privileged one: the legal assistant reads clients, matters, projects and time too (fewer
 * grants), but read-only and under the same access rule as the member for time, matters and
 * projects; the issue measures the member (who logs time) and the top manager for clients.
 */
export const USED_BY: Record<string, { username: string; why: string }> = {
  times: { username: 'member', why: 'logs time (assistant: read-only, same rule)' },
  matters: { username: 'member', why: 'works on matters (assistant: read-only, same rule)' },
  projects: { username: 'member', why: 'works on projects (assistant: read-only, same rule)' },
  clients: { username: 'top', why: 'owns client development (assistant: read-only, no row rule either)' },
  contacts: { username: 'top', why: 'as clients (module client)' },
};

/**
 * Accounts a screen is measured as besides {@link roleFor}'s: the member is the least privileged
 * account that sees expenses (they enter them, under the row rule EXP-13), the issue names billing.
 */
export const ALSO_AS: Record<string, { username: string; why: string }> = {
  expenses: { username: 'billing', why: 'the billing role the issue names (every row)' },
};

/** The list totals the SPA's list pages ask beside the rows (src/times/listParts.tsx, src/billing/.../parts.tsx, src/budgets). */
export const LIST_TOTALS: Record<string, string> = {
  times: 'totalDuration',
  invoices: 'totalAmount',
  preInvoices: 'totalAmount',
  expenses: 'totalAmount',
  budgets: 'totalAmount',
};

const accountGrants = (username: string): Map<string, Privilege> => {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username)!;
  const grants = ROLE_PRIVILEGES[account.role].grants as Record<string, string>;
  return new Map(
    Object.entries(grants).map(([module, flags]) => [
      module,
      {
        module,
        view: flags.includes('V'),
        create: flags.includes('C'),
        update: flags.includes('U'),
        delete: flags.includes('D'),
      },
    ]),
  );
};

/** Whether the account sees the entity's page and menu entry (its `access.page` level). */
function seesPage(schema: EntitySchema, username: string): boolean {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username)!;
  const roles = [account.role];
  if (roles.includes('ADMIN')) return true;
  if (schema.access.page === 'admin') return false;
  if (schema.access.page === 'signedIn') return true;
  const modules = [schema.module, ...(schema.rowModules ?? []).map((r) => r.module)].filter(Boolean) as string[];
  return modules.some((m) => hasPrivilege(roles, accountGrants(username), m, 'view'));
}

/**
 * The least privileged demo account that sees the page: the fewest granted modules among the
 * accounts (admin last, `noaccess` never), unless {@link USED_BY} names one.
 */
export function roleFor(schema: EntitySchema): { username: string; why: string } {
  const ranked = DEMO_ACCOUNTS.filter((a) => a.username !== 'noaccess')
    .map((a) => ({ username: a.username, n: a.role === 'ADMIN' ? Infinity : accountGrants(a.username).size }))
    .sort((a, b) => a.n - b.n);
  const computed = ranked.find((a) => seesPage(schema, a.username));
  const used = USED_BY[schema.name];
  if (used) return { username: used.username, why: `${used.why}; computed: ${computed?.username ?? 'none'}` };
  return { username: computed?.username ?? 'admin', why: 'least privileged that sees the page' };
}

/** The menu entries of the registry, in menu order. */
export const menuEntries = (): EntitySchema[] => schemas.filter((s) => !s.hideFromMenu);

type Json = Record<string, unknown>;

/**
 * The SPA's data provider for one user, its `fetch` answered by the app in process; `seen` collects
 * the paths it asked (with query), and every answer but 2xx throws naming the path.
 */
function spaClient(app: FastifyInstance, token: string) {
  const seen: string[] = [];
  const provider = createDataProvider({
    getToken: () => token,
    fetch: async (input, init) => {
      const url = String(input);
      seen.push(url);
      const res = await app.inject({
        url,
        method: (init?.method ?? 'GET') as 'GET',
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode >= 300) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    },
  });
  return { provider, seen };
}

/** A filter's value from a record of the full projection: `{ 'matter.id': 12 }` etc., or null when it has none. */
function filterValue(source: string, record: Json): Record<string, unknown> | null {
  const [field = '', sub, op] = source.split('.');
  const v = record[field];
  if (v === null || v === undefined) return null;
  if (sub === undefined) return { [source]: typeof v === 'object' ? (v as Json).id : v };
  if (sub === 'id') return { [source]: (v as Json).id };
  if (sub === 'code' && typeof v === 'object' && (v as Json).code !== undefined)
    return { [source]: op === 'ne' ? Number((v as Json).code) + 1 : (v as Json).code };
  if (sub === 'gte' || sub === 'lte' || sub === 'lt') return null; // ranges: see rangeOf
  return null;
}

/** The declared filters the bench uses: the first three but `search`, a range's ends counted once. */
export function benchFilters(schema: EntitySchema): string[][] {
  const groups: string[][] = [];
  for (const f of schema.list?.filters ?? []) {
    if (f.source === 'search') continue;
    const [field = '', op] = f.source.split('.');
    if (op === 'gte' || op === 'lte' || op === 'lt') {
      const g = groups.find((x) => x[0]!.split('.')[0] === field && /\.(gte|lte|lt)$/.test(x[0]!));
      if (g) g.push(f.source);
      else groups.push([f.source]);
    } else groups.push([f.source]);
  }
  return groups.slice(0, 3);
}

/** A range filter from a record's date: the 30 days before it, the date included. */
function rangeOf(sources: string[], record: Json): Record<string, unknown> | null {
  const field = sources[0]!.split('.')[0]!;
  const raw = record[field];
  if (typeof raw !== 'string') return null;
  const day = raw.slice(0, 10);
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return Object.fromEntries(
    sources.map((s) => [s, s.endsWith('.gte') ? from : s.endsWith('.lt') ? next : day] as [string, unknown]),
  );
}

/**
 * Plans one menu entry's requests as its role, asking each once through the SPA's data provider
 * (so a route answering 4xx/5xx fails here, naming it).
 * @throws Error when a request answers anything but 2xx
 */
export async function planScreen(
  app: FastifyInstance,
  schema: EntitySchema,
  token: string,
): Promise<Omit<Screen, 'username' | 'why'>> {
  const { provider, seen } = spaClient(app, token);
  const start = listStartParams(schema);
  const params = {
    pagination: { page: 1, perPage: start.perPage },
    sort: start.sort,
    // react-admin's permanent filter (`<List filter={schema.list.fixedFilter}>`), merged into every getList
    filter: { ...schema.list?.fixedFilter },
    meta: { projection: start.projection },
  };
  const route = schema.route;
  const page = await provider.getList(route, params);
  const requests: Request[] = [{ kind: 'list', label: 'list page', path: seen.at(-1)! }];
  const totalAction = LIST_TOTALS[schema.name];
  if (totalAction) {
    await provider.action(schema.name, { name: totalAction, data: listFilterQuery(schema, {}) });
    requests.push({ kind: 'total', label: `total (${totalAction})`, path: seen.at(-1)! });
  }
  const first = page.data[0];
  if (first) {
    await provider.getOne(route, { id: first.id, meta: { projection: schema.defaultProjection } });
    requests.push({ kind: 'card', label: `card (${schema.defaultProjection})`, path: seen.at(-1)! });
    const { data: full } = await provider.getOne(route, { id: first.id, meta: { projection: 'full' } });
    for (const group of benchFilters(schema)) {
      const value =
        group.length > 1 || /\.(gte|lte|lt)$/.test(group[0]!) ? rangeOf(group, full) : filterValue(group[0]!, full);
      if (!value) continue;
      await provider.getList(route, { ...params, filter: { ...value, ...schema.list?.fixedFilter } });
      requests.push({ kind: 'filter', label: `filter ${group.join('+')}`, path: seen.at(-1)! });
    }
  }
  return { schema, requests, firstPage: { ids: page.data.map((r) => Number(r.id)), total: page.total ?? 0 } };
}
