import type { GetListParams, GetListResult } from 'react-admin';

/** The react-admin store key under which a generated list keeps its parameters (`SchemaList`). */
export const listStoreKey = (route: string): string => `${route}.listParams`;

/**
 * react-admin's `useGetList` query key for a list page: `[resource, 'getList', { pagination,
 * sort, filter, meta }]`. Seeding the query cache under it hands a page to the list that will ask
 * for it (the start page, page sizes prefetched from the rows-per-page menu).
 */
export const listQueryKey = (resource: string, { pagination, sort, filter, meta }: Omit<GetListParams, 'signal'>) => [
  resource,
  'getList',
  { pagination, sort, filter, meta },
];

/** What `useGetList` keeps in the cache for a `getList` result: `{ data, total, pageInfo, meta }`. */
export const listQueryData = ({ data, total, pageInfo, meta }: GetListResult) => ({ data, total, pageInfo, meta });
