import { getQuery, type GetListParams } from 'react-admin';
import type { EntitySchema } from '../../schemas/define';
import { listStoreKey } from './listCache';
import { listStartParams } from './views/SchemaList';

/** Where react-admin's `localStorageStore` keeps a store key (its `RaStore.` prefix). */
const storedParamsKey = (route: string) => `RaStore.${listStoreKey(route)}`;

const readStored = (storage: Storage, route: string): unknown => {
  try {
    return JSON.parse(storage.getItem(storedParamsKey(route)) ?? 'null');
  } catch {
    return null;
  }
};

/**
 * The `getList` parameters the generated list of `schema` will ask first at `location`: the ones
 * react-admin stored from the last visit, else the schema's start (`listStartParams`), merged by
 * react-admin's own `getQuery`.
 * @returns `null` when `pathname` is not the schema's generated list.
 */
export const startListParams = (
  schema: EntitySchema,
  location: { pathname: string },
  storage: Storage = localStorage,
): GetListParams | null => {
  if (location.pathname.replace(/\/$/, '') !== `/${schema.route}`) return null;
  const start = listStartParams(schema);
  const stored = readStored(storage, schema.route) ?? { filter: {}, order: null, page: 1, perPage: null, sort: null };
  const query = getQuery({
    queryFromLocation: {}, // the list does not read its parameters from the address (SchemaList)
    params: stored,
    filterDefaultValues: schema.list?.defaultFilter,
    sort: start.sort,
    perPage: start.perPage,
  });
  return {
    pagination: { page: query.page, perPage: query.perPage },
    sort: { field: query.sort, order: query.order },
    filter: query.filter ?? {},
    meta: { projection: start.projection },
  };
};
