import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schemas } from '../schemas/index';
import { createDataProvider } from './index';
import { halPage, route, server } from './testing';

/** The page sizes the SPA's lists offer (`DEFAULT_PER_PAGE_OPTIONS`, src/shell/constPaging.test.ts). */
const OFFERED_PAGE_SIZES = [20, 50, 100];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const dp = createDataProvider({ schemas, getToken: () => 'tok' });
const params = (query: string) => new URLSearchParams(query);

describe('list paging on the wire', () => {
  it('CONST-01 every offered page size (20, 50, 100) reaches the server as size', async () => {
    const seen = route('/core/api/clients', halPage('clients', []));
    for (const perPage of OFFERED_PAGE_SIZES)
      await dp.getList('clients', {
        pagination: { page: 1, perPage },
        sort: { field: 'gname', order: 'ASC' },
        filter: {},
      });
    expect(seen.map((s) => params(s.query).get('size'))).toEqual(['20', '50', '100']);
  });

  it('CONST-02 a list without explicit paging asks for 20 rows', async () => {
    const seen = route('/core/api/contacts', halPage('contacts', []));
    await dp.getList('contacts', { filter: {} } as never);
    expect(params(seen[0]!.query).get('size')).toBe('20');
  });

  it("CONST-03 page numbers start at 0: react-admin's first page is page=0, its third page=2", async () => {
    const seen = route('/core/api/clients', halPage('clients', []));
    await dp.getList('clients', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'gname', order: 'ASC' },
      filter: {},
    });
    await dp.getList('clients', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'gname', order: 'ASC' },
      filter: {},
    });
    expect(seen.map((s) => params(s.query).get('page'))).toEqual(['0', '2']);
  });
});
