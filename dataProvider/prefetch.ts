import type { DataProvider, GetListParams, GetListResult } from 'ra-core';

/** How long a prefetched page waits for the list that asks for it (ms). */
export const PREFETCH_MAX_AGE_MS = 10_000;

/** JSON with object keys sorted at every depth (`undefined` members dropped, as JSON does). */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );

/** The parts of `getList`'s parameters that identify its answer (not the abort `signal`). */
const listKey = (resource: string, params: GetListParams): string =>
  stableJson([resource, params.pagination, params.sort, params.filter ?? {}, params.meta ?? {}]);

/**
 * A data provider whose next `getList` may be answered by a request sent earlier: `prefetchList`
 * starts a `getList` through `quiet` (a data provider with the same session whose failures have
 * no side effects: no sign-out, no 403 toast) and keeps its promise; the first `getList` with the
 * same resource, pagination, sort, filter and meta while it is still on its way, and within
 * {@link PREFETCH_MAX_AGE_MS}, takes it (once). A prefetch that failed, expired or arrived is
 * dropped and the call goes to the server as usual. `prefetchList` returns the page, or `null`
 * when the request failed, for the caller to hand over once it has arrived.
 *
 * The start-up uses it so the start page's rows are on their way while the app mounts (the
 * first row shows sooner); the server checks the request like any other.
 *
 * @example
 * const { dataProvider, prefetchList } = withListPrefetch(createDataProvider(options), createDataProvider(quietOptions));
 * prefetchList('clients', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
 */
export function withListPrefetch<D extends DataProvider>(
  dataProvider: D,
  quiet: DataProvider,
  now: () => number = Date.now,
): { dataProvider: D; prefetchList: (resource: string, params: GetListParams) => Promise<GetListResult | null> } {
  let pending: { key: string; at: number; result: Promise<GetListResult | null> } | null = null;

  const take = (key: string): Promise<GetListResult | null> | null => {
    if (!pending || pending.key !== key || now() - pending.at > PREFETCH_MAX_AGE_MS) return null;
    const { result } = pending;
    pending = null;
    return result;
  };

  return {
    dataProvider: {
      ...dataProvider,
      getList: async (resource: string, params: GetListParams) => {
        const prefetched = await take(listKey(resource, params));
        return prefetched ?? dataProvider.getList(resource, params);
      },
    },
    prefetchList: (resource, params) => {
      const result = quiet.getList(resource, params).catch(() => null);
      const entry = { key: listKey(resource, params), at: now(), result };
      pending = entry;
      // Arrived, the page is handed over by its caller (the start-up seeds react-admin's query
      // cache); a later getList with the same parameters, e.g. the refetch after a delete, must
      // reach the server rather than get this older page.
      void result.then(() => {
        if (pending === entry) pending = null;
      });
      return result;
    },
  };
}
