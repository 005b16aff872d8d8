import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'ra-core';
import { listDefaultFilter, type ApiBase, type EntitySchema, type WireRecord } from '../schemas/define';
import { schemas as registry } from '../schemas/registry';
import { toWirePayload } from '../schemas/payload';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './httpClient';
import { withQuery, type QueryParams } from './query';
import { fetchHistory, type GetHistoryParams, type HistoryEntry } from './history';
import {
  DEFAULT_BASES,
  fromHal,
  referenceParam,
  resolveResource,
  type ApiBases,
  type ResolvedResource,
} from './resources';
import { purgeFromTrash, readsTrash, restoreFromTrash, type TrashItemParams } from './trash';
import { callAction, halRows, type ActionParams, type ActionResult } from './actions';
import type { HttpRequest, HttpResponse } from './httpClient';

export { createHttpClient, readCookie, toHttpError, STALE_VERSION_MESSAGE } from './httpClient';
export type { HttpClient, HttpClientOptions, HttpRequest, HttpResponse, UploadProgress } from './httpClient';
export { stringifyQuery, withQuery, dropEmpty } from './query';
export type { QueryParams } from './query';
export { actionRequest, halRows } from './actions';
export type { ActionParams, ActionRequest, ActionResult } from './actions';

/** Options of {@link createDataProvider}. */
export interface DataProviderOptions extends HttpClientOptions {
  /** Base of the main API (SHELL-25). Default `/core/api`. */
  apiUrl?: string;
  /** Base of the auth service (AUTH-20). Default `/auth/api/v2`. */
  authApiUrl?: string;
  /** Base of the rankings service. Default `/rating/api`. */
  ratingApiUrl?: string;
  /** Base of the analytics service. Default `/analytics/api`. */
  analyticsApiUrl?: string;
  /** The entity registry. Default the registry's store (`schemas/registry.ts`, which `schemas/index.ts` fills). */
  schemas?: readonly EntitySchema[];
  /**
   * Loads the schema of a resource (route or entity name) into `schemas` before a call on it
   * (the SPA's `loadSchema`, `src/resources/schemaLoader.ts`): every verb that names a resource
   * awaits it first, so no request leaves before its payload rules and query defaults are known.
   * Resolves (to anything) for a resource no entity has. Omitted: the registry is complete.
   */
  loadSchema?: (resource: string) => Promise<unknown>;
}

/** The provider's members that take no resource first or answer synchronously. */
const NOT_BY_RESOURCE = new Set(['httpClient', 'resolve', 'supportAbortSignal', 'serviceRequest']);

/**
 * `provider` with every verb that takes a resource first awaiting `load(resource)` before it runs
 * (see {@link DataProviderOptions.loadSchema}).
 */
const awaitingSchemas = <P extends object>(provider: P, load: (resource: string) => Promise<unknown>): P =>
  Object.fromEntries(
    Object.entries(provider).map(([key, value]) => [
      key,
      typeof value === 'function' && !NOT_BY_RESOURCE.has(key)
        ? async (resource: string, ...rest: unknown[]) => {
            await load(resource);
            return (value as (...args: unknown[]) => unknown)(resource, ...rest);
          }
        : value,
    ]),
  ) as P;

/** Our data provider: react-admin's verbs plus the session's HTTP client for bespoke calls. */
export type SpringDataProvider = DataProvider & {
  httpClient: HttpClient;
  supportAbortSignal: true;
  /** A page of a record's history, newest first (`GET <collection>/{id}/history`). */
  getHistory: (resource: string, params: GetHistoryParams) => Promise<{ data: HistoryEntry[]; total: number }>;
  /**
   * Takes back a recorded change, or some of its fields (`POST <collection>/{id}/history/{entryId}/revert`
   * with If-Match from `previousData`); answers the record as it is afterwards.
   * @throws HttpError as `update` does (403, 404, 409, 412 -> "changed by someone else")
   */
  revertHistory: <R extends RaRecord = RaRecord>(resource: string, params: RevertHistoryParams) => Promise<{ data: R }>;
  /**
   * Changes a selection of records at once (`POST <collection>/bulk`, docs/api.md "Bulk
   * changes"): `patch` (form values of the schema's `bulk.fields`, sent as wire values),
   * `transition` or `delete`. Each id is judged as its own request; the answer lists each one.
   * @throws HttpError 400 for a request that is not a bulk change, 403 without the update privilege
   * @example
   * const { ok, refused, results } = await dataProvider.bulkChange('leads', { ids: [4, 5], transition: { to: 2, comment: 'Called' } });
   */
  bulkChange: (resource: string, params: BulkChangeParams) => Promise<BulkChangeResult>;
  /**
   * Changes some fields of one record (`PATCH <collection>/{id}` of just the keys of `data`, with
   * If-Match from `previousData`); answers the record as it is afterwards. A list cell's edit.
   * @throws HttpError as `update` does (400 with field errors, 403, 404, 409, 412 -> "changed by someone else")
   */
  patch: <R extends RaRecord = RaRecord>(
    resource: string,
    params: { id: Identifier; data: Record<string, unknown>; previousData?: RaRecord },
  ) => Promise<{ data: R }>;
  /**
   * Where a resource lives on the wire: its collection URL and a preset's fixed filter and values,
   * for the routes under a collection that react-admin's verbs do not cover (export, import).
   * @example dataProvider.resolve('countries') // { url: '/core/api/baseDictionaries', fixedFilter: { 'type.code': 4 }, ... }
   * @throws Error for a resource no schema serves
   */
  resolve: (resource: string) => ResolvedResource;
  /**
   * Brings a record back from its entity's trash, with what went with it (`dataProvider/trash.ts`;
   * the trash itself is `getList` with `meta: TRASH_META`).
   * @throws HttpError 403, 404, 409 (a record it references is in the trash)
   */
  restoreFromTrash: (resource: string, params: TrashItemParams) => Promise<void>;
  /**
   * Removes a record in its entity's trash for good (`dataProvider/trash.ts`).
   * @throws HttpError 403, 404, 409 (another record still references it)
   */
  purgeFromTrash: (resource: string, params: TrashItemParams) => Promise<void>;
  /**
   * Calls an action the resource's schema declares under `actions` (`server/rest/actions.ts`):
   * the URL, method and where the input goes (path, query, body) come from the declaration.
   * A HAL page answer is read as `{ data: rows, total }`, any other as `{ data: body }`.
   * @example
   * await dataProvider.action('ideas', { name: 'votes', id: 5 });                              // POST /core/api/ideas/5/votes
   * await dataProvider.action('invoices', { name: 'recalculate', data: { invoiceId: 7 } });     // PATCH /core/api/invoices/recalculate/7
   * const { data } = await dataProvider.action('budgets', { name: 'totalAmount', data: { 'office.id': 2 } }); // GET ...?office.id=2
   * @throws Error for an action the schema does not declare (or a method it does not answer, a
   *   missing id or path field); HttpError as every call (400 with field errors, 403, 404, 409)
   */
  action: <T = unknown>(resource: string, params: ActionParams) => Promise<ActionResult<T>>;
  /**
   * Any other route under a resource's collection, or one of its records (`id`): the status routes
   * (`transitions`, `statusChanges`), export and import, documents. `path` is relative to the
   * collection (or record); a HAL page answer is read as its rows in `data`, with `total`.
   * @example
   * await dataProvider.request('leads', { id: 12, path: 'transitions', method: 'POST', body: { to: 3, comment: null } });
   * const { data } = await dataProvider.request('leads', { id: 12, path: 'statusChanges' });
   * @throws HttpError as every call
   */
  request: <T = unknown>(resource: string, params: RouteParams) => Promise<RouteResult<T>>;
  /**
   * A route of a service that belongs to no collection, under that service's base (`core`,
   * `analytics`, `rating`): the cashbox calculation `POST <core>/cashbox/calculate` (CASH-40).
   * A HAL page answer is read as its rows in `data`, with `total`, as `request` does.
   * @example
   * await dataProvider.serviceRequest('core', { path: 'cashbox/calculate', method: 'POST', body: { dateGte, dateLte, officeId } });
   * @throws HttpError as every call
   */
  serviceRequest: <T = unknown>(base: ApiBase, params: RouteParams & { path: string }) => Promise<RouteResult<T>>;
  /**
   * The global search (`GET <core>/search?q=&size=`, server/search/service.ts): the records of
   * every schema declaring `globalSearch` that the user may read, grouped by collection.
   * @throws HttpError as every call
   */
  search: <T = unknown>(params: { q: string; size?: number; signal?: AbortSignal }) => Promise<{ data: T }>;
  /**
   * A resource's Excel report (`POST <core>/excel/generate/<schema.excel.name>`, ExcelExport in
   * schemas/define.ts) with a list's filters in the query, as the list sends them, and the columns
   * in the body; answered as a byte stream (`responseType: 'stream'`) for a download's progress.
   * @throws Error when the schema declares no `excel`; HttpError as every call (400 for too many rows)
   */
  /**
   * The signed-in user's background jobs, newest first (`<core>/jobs`, docs/api.md "Jobs").
   * Flat methods, as react-admin's `useDataProvider` proxies only the provider's own functions.
   * @example const { data } = await dataProvider.jobs();
   * @throws HttpError as every call
   */
  jobs: <T = unknown>(params?: { signal?: AbortSignal }) => Promise<{ data: T[]; total?: number }>;
  /**
   * Asks a job of the user's to stop (`POST <core>/jobs/{id}/cancel`).
   * @throws HttpError 404 (not the user's job), 409 (already finished)
   */
  cancelJob: (id: Identifier) => Promise<void>;
  /**
   * A finished job's file as a byte stream, for a download (`GET <core>/jobs/{id}/result`).
   * @throws HttpError 404 (not the user's job, or no file)
   */
  jobResult: (id: Identifier, signal?: AbortSignal) => Promise<HttpResponse>;
  excel: (
    resource: string,
    params: { filter?: QueryParams; columns?: unknown; signal?: AbortSignal },
  ) => Promise<HttpResponse>;
};

/** A route under a collection or record, for {@link SpringDataProvider.request}. */
export interface RouteParams {
  /** The record the route hangs under; none for a route under the collection. */
  id?: Identifier;
  /**
   * The route after the collection (or record), e.g. `transitions`, `export`, `template/7/1`;
   * none for the collection (or record) itself.
   */
  path?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  body?: HttpRequest['body'];
  headers?: Record<string, string>;
  /** `stream` or `blob` for a download; default JSON. */
  responseType?: HttpRequest['responseType'];
  signal?: AbortSignal;
}

/** What a route answered: the body (or a HAL page's rows with `total`), and the raw response. */
export interface RouteResult<T = unknown> {
  data: T;
  total?: number;
  response: HttpResponse;
}
export type { GetHistoryParams, HistoryChange, HistoryEntry } from './history';

/** What a bulk change does to its ids: exactly one of `patch`, `transition`, `delete`. */
export interface BulkChangeParams {
  ids: Identifier[];
  patch?: Record<string, unknown>;
  transition?: { to: number; comment: string | null };
  delete?: true;
}

/** One id's outcome: done, or refused with the status, message and field errors of its own request. */
export type BulkItemResult =
  | { id: number; ok: true }
  | {
      id: number;
      ok: false;
      status: number;
      message: string;
      errors?: Array<{ property: string; message: string }>;
    };

/** The answer of a bulk change: counts, then one result per id in the order sent. */
export interface BulkChangeResult {
  ok: number;
  refused: number;
  results: BulkItemResult[];
}

/** Which recorded change to take back: the record, its history entry, the fields (default: all). */
export interface RevertHistoryParams {
  id: Identifier;
  entryId: number;
  fields?: string[];
  /** The record as the page holds it: its version goes in If-Match. */
  previousData?: RaRecord;
}

/** The verbs beyond react-admin's: declared actions, other routes, search, Excel reports. */
type HttpVerbs = Pick<
  SpringDataProvider,
  'action' | 'request' | 'serviceRequest' | 'search' | 'excel' | 'jobs' | 'cancelJob' | 'jobResult'
>;

const httpVerbs = (
  httpClient: HttpClient,
  resolve: (resource: string) => ResolvedResource,
  core: string,
  bases: ApiBases,
): HttpVerbs => ({
  action: <T>(resource: string, params: ActionParams) => callAction<T>(httpClient, resolve(resource), params),

  request: async <T>(resource: string, params: RouteParams): Promise<RouteResult<T>> => {
    const r = resolve(resource);
    const under = params.id === undefined ? r.url : `${r.url}/${encodeURIComponent(String(params.id))}`;
    const url = params.path ? `${under}/${params.path}` : under;
    const response = await httpClient(withQuery(url, params.query ?? {}), {
      method: params.method ?? 'GET',
      signal: params.signal,
      ...(params.headers ? { headers: params.headers } : {}),
      ...(params.body !== undefined ? { body: params.body } : {}),
      ...(params.responseType ? { responseType: params.responseType } : {}),
    });
    const page = halRows(response.json);
    return { ...(page ?? { data: response.json }), response } as RouteResult<T>;
  },

  serviceRequest: async <T>(base: ApiBase, params: RouteParams & { path: string }): Promise<RouteResult<T>> => {
    const url = `${bases[base].replace(/\/$/, '')}/${params.path.replace(/^\//, '')}`;
    const response = await httpClient(withQuery(url, params.query ?? {}), {
      method: params.method ?? 'GET',
      signal: params.signal,
      ...(params.headers ? { headers: params.headers } : {}),
      ...(params.body !== undefined ? { body: params.body } : {}),
      ...(params.responseType ? { responseType: params.responseType } : {}),
    });
    const page = halRows(response.json);
    return { ...(page ?? { data: response.json }), response } as RouteResult<T>;
  },

  search: async <T>({ q, size, signal }: { q: string; size?: number; signal?: AbortSignal }) => {
    const { json } = await httpClient<T>(withQuery(`${core.replace(/\/$/, '')}/search`, { q, size }), {
      signal,
    });
    return { data: json };
  },

  jobs: async <T>({ signal }: { signal?: AbortSignal } = {}) => {
    const { json } = await httpClient(`${core.replace(/\/$/, '')}/jobs`, { signal });
    return (halRows(json) ?? { data: [] }) as { data: T[]; total?: number };
  },

  cancelJob: async (id: Identifier) => {
    await httpClient(`${core.replace(/\/$/, '')}/jobs/${encodeURIComponent(String(id))}/cancel`, { method: 'POST' });
  },

  jobResult: (id: Identifier, signal?: AbortSignal) =>
    httpClient(`${core.replace(/\/$/, '')}/jobs/${encodeURIComponent(String(id))}/result`, {
      signal,
      responseType: 'stream',
      headers: { Accept: '*/*' },
    }),

  excel: async (resource, { filter, columns, signal }) => {
    const r = resolve(resource);
    if (!r.schema.excel) throw new Error(`The schema "${r.schema.name}" declares no "excel" report.`);
    const url = withQuery(`${core.replace(/\/$/, '')}/excel/generate/${r.schema.excel.name}`, filter ?? {});
    return httpClient(url, {
      method: 'POST',
      signal,
      responseType: 'stream',
      headers: { Accept: '*/*' },
      ...(columns === undefined ? {} : { body: { columns } as Record<string, unknown> }),
    });
  },
});

/**
 * The data provider's verbs `action`, `request`, `search` and `excel` over a given HTTP client:
 * for a test whose fake data provider answers from memory but whose screen calls these verbs, so
 * the requests the screen makes are the ones the real data provider sends.
 * @example
 * const wrap = (dp: DataProvider) => ({ ...dp, ...createHttpVerbs(fakeHttpClient) });
 */
export function createHttpVerbs(
  httpClient: HttpClient,
  { schemas: all = registry, apiUrl = DEFAULT_BASES.core }: { schemas?: readonly EntitySchema[]; apiUrl?: string } = {},
): HttpVerbs {
  const bases = { ...DEFAULT_BASES, core: apiUrl };
  return httpVerbs(httpClient, (resource) => resolveResource(resource, all, bases), apiUrl, bases);
}

/** The largest page the server serves (docs/api.md); getMany asks in chunks of this size. */
const MAX_PAGE_SIZE = 1000;

const malformed = (call: string, what: string) =>
  new Error(
    `The response to ${call} is not a Spring Data REST page: ${what}. The server must answer ` +
      `{ "_embedded": { "<collection>": [...] }, "page": { "totalElements": <n>, ... } } (docs/api.md, "Collections").`,
  );

/**
 * Maps react-admin's data provider calls to the Spring-Data-REST/HAL API of docs/api.md.
 * Resource names are the schemas' routes (`base-subtypes` -> `baseDictionaries`, `teams` ->
 * `employees`); presets (`countries`) read their target collection with their filter.
 *
 * @example
 * getList          => GET    /core/api/clients?page=0&size=20&sort=lastModifiedDate,desc&projection=clientList&country.id=5
 *                     (react-admin's `q` filter -> `search`; nested filters -> dotted keys; reads _embedded.clients, page.totalElements)
 * getOne           => GET    /core/api/clients/12?projection=full
 * getMany          => GET    /core/api/clients?id.in=1,2,3&size=3
 * getManyReference => GET    /core/api/contacts?page=0&size=20&sort=...&projection=full&client.id=12   (target `client` is a ref)
 *                     GET    /core/api/contactComments?...&contactId=7                              (target `contactId` sent as is)
 * create           => POST   /core/api/clients            body: toWirePayload(schema, data) + preset values
 * update           => PUT    /core/api/clients/12         body: the whole record after toWirePayload (a full replace, so a
 *                                                         field the payload rules omit is cleared); collections that
 *                                                         previousData lacks are not sent (their key would replace the set);
 *                                                         If-Match: "<previousData.version>"; 412 -> "changed by someone else"
 * updateMany       => PATCH  /core/api/clients/12, one call per id, only the fields given (a partial change)
 * delete           => DELETE /core/api/clients/12         If-Match when the version is known
 * deleteMany       => DELETE /core/api/clients/12, one call per id
 * users, roles, privileges (base `auth`) => /auth/api/v2/..., without the bearer token (AUTH-20)
 *
 * `meta.projection` overrides the projection of getList/getOne/getMany/getManyReference.
 *
 * @example
 * const dataProvider = createDataProvider({ getToken: () => localStorage.getItem('token'), refreshToken, onUnauthorized, onForbidden });
 * <Admin dataProvider={dataProvider}> ... </Admin>
 * await dataProvider.httpClient('/core/api/verificationChains/solve', { method: 'POST', body: { ... } });
 */
export function createDataProvider(options: DataProviderOptions): SpringDataProvider {
  const bases = {
    core: options.apiUrl ?? DEFAULT_BASES.core,
    auth: options.authApiUrl ?? DEFAULT_BASES.auth,
    rating: options.ratingApiUrl ?? DEFAULT_BASES.rating,
    analytics: options.analyticsApiUrl ?? DEFAULT_BASES.analytics,
  };
  const all = options.schemas ?? registry;
  const httpClient = createHttpClient({ ...options, authApiUrl: bases.auth });
  const resolve = (resource: string): ResolvedResource => resolveResource(resource, all, bases);
  const childSchema = (name: string) => all.find((s) => s.name === name);

  const fetchPage = async <R>(r: ResolvedResource, query: QueryParams, signal?: AbortSignal) => {
    const url = withQuery(r.url, query);
    const { json } = await httpClient<{ _embedded?: Record<string, unknown>; page?: { totalElements?: unknown } }>(
      url,
      { signal },
    );
    const call = `GET ${url}`;
    if (!json || typeof json !== 'object') throw malformed(call, 'the body is not a JSON object');
    const items = json._embedded?.[r.collection];
    if (!Array.isArray(items)) throw malformed(call, `"_embedded.${r.collection}" is missing`);
    const total = json.page?.totalElements;
    if (typeof total !== 'number') throw malformed(call, '"page.totalElements" is missing');
    return { data: items.map((item) => fromHal<R>(item)), total };
  };

  const listQuery = (r: ResolvedResource, params: GetListParams, extra: QueryParams = {}): QueryParams => {
    const { page = 1, perPage = 20 } = params.pagination ?? {};
    const sortField = params.sort?.field;
    const sort = sortField
      ? `${sortField},${(params.sort?.order ?? 'ASC').toLowerCase()}`
      : r.schema.defaultSort.map(([field, order]) => `${field},${order}`);
    const { q, ...filter } = (params.filter ?? {}) as QueryParams;
    return {
      page: page - 1,
      size: perPage,
      sort,
      projection: params.meta?.projection ?? r.schema.list?.projection ?? r.schema.defaultProjection,
      ...listDefaultFilter(r.schema),
      ...(q !== undefined ? { search: q } : {}),
      ...filter,
      ...extra,
      ...r.fixedFilter,
    };
  };

  const ifMatch = (r: ResolvedResource, previous: unknown): Record<string, string> => {
    const version = (previous as WireRecord | undefined)?.[r.schema.lockProperty];
    return version === undefined || version === null ? {} : { 'If-Match': `"${String(version)}"` };
  };

  const payload = (r: ResolvedResource, data: unknown, loaded?: unknown): WireRecord =>
    toWirePayload(r.schema, (data ?? {}) as WireRecord, childSchema, loaded as WireRecord | undefined);

  /**
   * The PUT body: the payload of `data`. A preset (countries over baseDictionaries) declares only
   * some of its collection's fields, so the others (`type`, `orderliness`) are carried over from
   * the loaded record, and its fixed values added, or the full replace would clear them.
   */
  const updateBody = (r: ResolvedResource, data: unknown, loaded: unknown): WireRecord => {
    const own = payload(r, data, loaded);
    const target = r.schema.preset && childSchema(r.collection);
    if (!target) return own;
    return {
      ...toWirePayload(target, loaded as WireRecord, childSchema, loaded as WireRecord),
      ...own,
      ...r.fixedValues,
    };
  };

  const provider: SpringDataProvider = {
    supportAbortSignal: true,
    httpClient,
    resolve,

    ...httpVerbs(httpClient, resolve, bases.core, bases),

    getHistory: (resource, params) =>
      fetchHistory(httpClient, `${resolve(resource).url}/${encodeURIComponent(String(params.id))}`, params),

    revertHistory: async <R extends RaRecord>(resource: string, params: RevertHistoryParams) => {
      const r = resolve(resource);
      const { json } = await httpClient(
        `${r.url}/${encodeURIComponent(String(params.id))}/history/${params.entryId}/revert`,
        {
          method: 'POST',
          headers: ifMatch(r, params.previousData),
          body: JSON.stringify(params.fields ? { fields: params.fields } : {}),
        },
      );
      return { data: fromHal<R>(json as object) };
    },

    bulkChange: async (resource, params) => {
      const r = resolve(resource);
      const body: WireRecord = { ids: params.ids.map(Number) };
      if (params.patch) {
        const data = params.patch as WireRecord;
        body.patch = Object.fromEntries(Object.entries(payload(r, data)).filter(([key]) => key in data));
      }
      if (params.transition) body.transition = params.transition;
      if (params.delete) body.delete = true;
      const { json } = await httpClient<BulkChangeResult>(`${r.url}/bulk`, { method: 'POST', body });
      return json as BulkChangeResult;
    },

    patch: async <R extends RaRecord>(
      resource: string,
      params: { id: Identifier; data: Record<string, unknown>; previousData?: RaRecord },
    ) => {
      const r = resolve(resource);
      const data = params.data as WireRecord;
      const { json } = await httpClient(`${r.url}/${encodeURIComponent(String(params.id))}`, {
        method: 'PATCH',
        headers: ifMatch(r, params.previousData),
        body: Object.fromEntries(Object.entries(payload(r, data, params.previousData)).filter(([key]) => key in data)),
      });
      return { data: fromHal<R>(json && typeof json === 'object' ? json : { ...params.previousData, ...data }) };
    },

    getList: async <R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> => {
      const r = resolve(resource);
      if (!readsTrash(params.meta)) return fetchPage<R>(r, listQuery(r, params), params.signal);
      // the trash: newest deletion first unless a column is sorted (docs/api.md "Trash")
      const query = listQuery(r, params);
      if (!params.sort?.field) delete query.sort;
      return fetchPage<R>({ ...r, url: `${r.url}/trash` }, query, params.signal);
    },

    restoreFromTrash: (resource, params) => restoreFromTrash(httpClient, resolve(resource).url, params),
    purgeFromTrash: (resource, params) => purgeFromTrash(httpClient, resolve(resource).url, params),

    getOne: async <R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>> => {
      const r = resolve(resource);
      const url = withQuery(`${r.url}/${encodeURIComponent(String(params.id))}`, {
        projection: params.meta?.projection ?? r.schema.defaultProjection,
      });
      const { json } = await httpClient(url, { signal: params.signal });
      return { data: fromHal<R>(json) };
    },

    getMany: async <R extends RaRecord>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>> => {
      const r = resolve(resource);
      const chunks: Identifier[][] = [];
      for (let i = 0; i < params.ids.length; i += MAX_PAGE_SIZE) chunks.push(params.ids.slice(i, i + MAX_PAGE_SIZE));
      const pages = await Promise.all(
        chunks.map((ids) =>
          fetchPage<R>(
            r,
            { 'id.in': ids, size: ids.length, projection: params.meta?.projection, ...r.fixedFilter },
            params.signal,
          ),
        ),
      );
      return { data: pages.flatMap((p) => p.data) };
    },

    getManyReference: async <R extends RaRecord>(
      resource: string,
      params: GetManyReferenceParams,
    ): Promise<GetManyReferenceResult<R>> => {
      const r = resolve(resource);
      const query = listQuery(r, params, { [referenceParam(r.schema, params.target)]: params.id });
      return fetchPage<R>(r, query, params.signal);
    },

    create: async <R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: Identifier }>(
      resource: string,
      params: CreateParams,
    ): Promise<CreateResult<Result>> => {
      const r = resolve(resource);
      const { json } = await httpClient<Result>(r.url, {
        method: 'POST',
        body: { ...payload(r, params.data), ...r.fixedValues },
      });
      if (!json || typeof json !== 'object' || json.id === undefined) {
        throw new Error(
          `The response to POST ${r.url} has no "id". The server must answer 201 with the created object, id included (docs/api.md, "Items and writes").`,
        );
      }
      return { data: fromHal<Result>(json) };
    },

    update: async <R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>> => {
      const r = resolve(resource);
      // PUT replaces every writable field: the body is the whole record, so what the payload rules
      // leave out (an emptied businessForm, sanctionComments once unticked) is cleared on the server.
      const { json } = await httpClient(`${r.url}/${encodeURIComponent(String(params.id))}`, {
        method: 'PUT',
        headers: ifMatch(r, params.previousData),
        body: updateBody(r, params.data, params.previousData ?? {}),
      });
      return {
        data: fromHal<R>(
          json && typeof json === 'object' ? json : { ...params.previousData, ...params.data, id: params.id },
        ),
      };
    },

    updateMany: async <R extends RaRecord>(
      resource: string,
      params: UpdateManyParams,
    ): Promise<UpdateManyResult<R>> => {
      const r = resolve(resource);
      const data = (params.data ?? {}) as WireRecord;
      // PATCH, not PUT: updateMany carries a partial change for many records (tick "under
      // sanctions" on a selection), and a full replace with a partial body would clear every field
      // it lacks. Only the keys given are sent, so a rule such as CLI-05 (vatPercent 0 when VAT is
      // off) does not overwrite fields the caller did not touch.
      const body = Object.fromEntries(Object.entries(payload(r, data)).filter(([key]) => key in data));
      await Promise.all(
        params.ids.map((id) => httpClient(`${r.url}/${encodeURIComponent(String(id))}`, { method: 'PATCH', body })),
      );
      return { data: params.ids };
    },

    delete: async <R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> => {
      const r = resolve(resource);
      await httpClient(`${r.url}/${encodeURIComponent(String(params.id))}`, {
        method: 'DELETE',
        headers: ifMatch(r, params.previousData),
      });
      return { data: (params.previousData ?? { id: params.id }) as R };
    },

    deleteMany: async <R extends RaRecord>(
      resource: string,
      params: DeleteManyParams<R>,
    ): Promise<DeleteManyResult<R>> => {
      const r = resolve(resource);
      await Promise.all(
        params.ids.map((id) => httpClient(`${r.url}/${encodeURIComponent(String(id))}`, { method: 'DELETE' })),
      );
      return { data: params.ids };
    },
  };
  return options.loadSchema ? awaitingSchemas(provider, options.loadSchema) : provider;
}
