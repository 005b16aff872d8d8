// qs' stringify alone: the SPA never parses a query string with qs (a smaller first load).
import stringify from 'qs/lib/stringify';

/** A query object: scalars, arrays (sent comma-separated) and nested objects (sent dotted). */
export type QueryParams = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Drops `undefined`, `null`, `''` and empty arrays at every depth, and objects left empty (SHELL-28). */
export function dropEmpty(params: QueryParams): QueryParams {
  const out: QueryParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      const items = value.filter((v) => v !== undefined && v !== null && v !== '');
      if (items.length > 0) out[key] = items;
    } else if (isPlainObject(value)) {
      const inner = dropEmpty(value);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Serialises query parameters the way the spec's client does (SHELL-26/27/28, docs/api.md
 * "Filters"): nested objects with dots (`{ client: { id: 5 } }` -> `client.id=5`), arrays
 * comma-separated (`type.code.in=4,5`), empty values dropped. `sort` may be an array: it is
 * repeated (`sort=a,asc&sort=b,desc`), as Spring Data expects, not comma-joined.
 *
 * @returns the query string without the leading `?` (`''` when nothing is left)
 * @example
 * stringifyQuery({ page: 0, size: 20, sort: 'gname,asc', country: { id: 5 }, q: '' })
 * // => 'page=0&size=20&sort=gname%2Casc&country.id=5'
 */
export function stringifyQuery(params: QueryParams): string {
  const cleaned = dropEmpty(params);
  const { sort, ...rest } = cleaned;
  const head: QueryParams = {};
  for (const [key, value] of Object.entries(cleaned)) {
    if (key === 'sort') break;
    head[key] = value;
    delete rest[key];
  }
  const options = { allowDots: true, arrayFormat: 'comma', skipNulls: true, encodeValuesOnly: true } as const;
  const parts = [
    stringify(head, options),
    sort === undefined ? '' : stringify({ sort }, { ...options, arrayFormat: 'repeat' }),
    stringify(rest, options),
  ];
  return parts.filter((p) => p !== '').join('&');
}

/** `url` + `?` + the serialised query, or `url` alone when the query is empty. */
export const withQuery = (url: string, params: QueryParams): string => {
  const query = stringifyQuery(params);
  return query ? `${url}?${query}` : url;
};
