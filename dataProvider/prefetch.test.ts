import { describe, expect, it, vi } from 'vitest';
import type { DataProvider, GetListParams } from 'ra-core';
import { PREFETCH_MAX_AGE_MS, withListPrefetch } from './prefetch';

const params: GetListParams = {
  pagination: { page: 1, perPage: 20 },
  sort: { field: 'lastModifiedDate', order: 'DESC' },
  filter: { 'country.id': 4, q: 'law' },
  meta: { projection: 'clientList' },
};

const providers = (quietResult: Promise<unknown> = Promise.resolve({ data: [{ id: 1 }], total: 1 })) => {
  const main = { getList: vi.fn(async () => ({ data: [{ id: 2 }], total: 1 })) } as unknown as DataProvider & {
    getList: ReturnType<typeof vi.fn>;
  };
  const quiet = { getList: vi.fn(() => quietResult) } as unknown as DataProvider & {
    getList: ReturnType<typeof vi.fn>;
  };
  return { main, quiet };
};

describe('start page prefetch (the first row shows sooner)', () => {
  it('answers the first getList with the same parameters from the prefetched page, once', async () => {
    const { main, quiet } = providers();
    const { dataProvider, prefetchList } = withListPrefetch(main, quiet);
    prefetchList('clients', params);
    expect(quiet.getList).toHaveBeenCalledWith('clients', params);
    // the list asks with its own objects, keys in another order, plus an abort signal
    const asked = {
      meta: { projection: 'clientList' },
      filter: { q: 'law', 'country.id': 4 },
      sort: { order: 'DESC', field: 'lastModifiedDate' },
      pagination: { perPage: 20, page: 1 },
      signal: new AbortController().signal,
    } as GetListParams;
    expect(await dataProvider.getList('clients', asked)).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(main.getList).not.toHaveBeenCalled();
    expect(await dataProvider.getList('clients', asked)).toEqual({ data: [{ id: 2 }], total: 1 });
    expect(main.getList).toHaveBeenCalledTimes(1);
  });

  it('goes to the server for other parameters, another resource, a failed or an expired prefetch', async () => {
    for (const [quietResult, resource, asked, age] of [
      [Promise.resolve({ data: [], total: 0 }), 'clients', { ...params, pagination: { page: 1, perPage: 50 } }, 0],
      [Promise.resolve({ data: [], total: 0 }), 'contacts', params, 0],
      [Promise.reject(new Error('403')), 'clients', params, 0],
      [Promise.resolve({ data: [], total: 0 }), 'clients', params, PREFETCH_MAX_AGE_MS + 1],
    ] as const) {
      let now = 1000;
      const { main, quiet } = providers(quietResult);
      const { dataProvider, prefetchList } = withListPrefetch(main, quiet, () => now);
      prefetchList('clients', params);
      now += age;
      expect(await dataProvider.getList(resource, asked as GetListParams)).toEqual({ data: [{ id: 2 }], total: 1 });
      expect(main.getList).toHaveBeenCalledTimes(1);
    }
  });

  it('sends a getList after the prefetched page has arrived to the server (a refetch after a change gets fresh rows)', async () => {
    const { main, quiet } = providers();
    const { dataProvider, prefetchList } = withListPrefetch(main, quiet);
    expect(await prefetchList('clients', params)).toEqual({ data: [{ id: 1 }], total: 1 });
    await Promise.resolve();
    expect(await dataProvider.getList('clients', params)).toEqual({ data: [{ id: 2 }], total: 1 });
    expect(main.getList).toHaveBeenCalledTimes(1);
  });

  it('keeps every other verb of the wrapped data provider', () => {
    const { quiet } = providers();
    const main = {
      getList: vi.fn(),
      getOne: vi.fn(),
      httpClient: vi.fn(),
      supportAbortSignal: true,
    } as unknown as DataProvider;
    const { dataProvider } = withListPrefetch(main, quiet);
    expect(dataProvider.getOne).toBe(main.getOne);
    expect((dataProvider as unknown as { httpClient: unknown }).httpClient).toBe(
      (main as unknown as { httpClient: unknown }).httpClient,
    );
    expect(dataProvider.supportAbortSignal).toBe(true);
  });
});
