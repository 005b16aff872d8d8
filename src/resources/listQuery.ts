import { listDefaultFilter, type EntitySchema } from '../../schemas/define';
import type { SortPayload } from 'react-admin';
import type { QueryParams } from '../../dataProvider/query';

/** The rows-per-page choices of a list that declares none. */
export const DEFAULT_PER_PAGE_OPTIONS = [20, 50, 100];

/**
 * The store key of a list page's hidden columns (react-admin's `DataTable` and `ColumnsButton`
 * keep the hidden columns' sources under it), shared by the list's column chooser and its saved
 * views (`views/SavedViews.tsx`).
 * @example listColumnsStoreKey('clients') // 'clients.list.columns'
 */
export const listColumnsStoreKey = (route: string): string => `${route}.list.columns`;

/**
 * The parameters a schema's list starts with: rows per page (20 when offered, CONST-02), the
 * schema's default sort and the list projection (sent as `projection`); its default filter is
 * `schema.list.defaultFilter`.
 */
export const listStartParams = (schema: EntitySchema) => {
  const [field = 'id', order = 'desc'] = schema.defaultSort[0] ?? [];
  const perPageOptions = schema.list?.perPageOptions ?? DEFAULT_PER_PAGE_OPTIONS;
  return {
    perPageOptions,
    perPage: perPageOptions.includes(20) ? 20 : perPageOptions[0]!,
    sort: { field, order: order === 'asc' ? 'ASC' : 'DESC' } satisfies SortPayload,
    projection: schema.list?.projection,
  };
};

/**
 * The query a list's filters make, exactly as the data provider sends them with `GET /<collection>`
 * (the schema's `list.defaultFilter` first, react-admin's `q` as `search`, then the filters, then
 * the schema's `list.fixedFilter`, which wins as react-admin's permanent filter does), so the total
 * and the export follow the rows on screen.
 *
 * @example
 * listFilterQuery(times, { q: 'memo', 'matter.id': 4 })
 * // => { search: 'memo', 'matter.id': 4, 'workType.code': 1 }
 */
export function listFilterQuery(schema: EntitySchema, filter: Record<string, unknown> = {}): QueryParams {
  const { q, ...rest } = filter;
  return {
    ...listDefaultFilter(schema),
    ...(q !== undefined && q !== '' ? { search: q } : {}),
    ...rest,
    ...schema.list?.fixedFilter,
  };
}
