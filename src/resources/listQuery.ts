import { listDefaultFilter, type EntitySchema } from '../../schemas/define';
import type { QueryParams } from '../../dataProvider/query';

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
