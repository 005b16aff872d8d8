import type { EntitySchema, Field, FilterSpec } from '../../schemas/define';
import { canReadField } from '../../schemas/access';
import { findSchema } from '../../schemas/index';
import { badParam } from './errors';
import { Joins, Params, q, resolvePath, toManyPath, type ResolvedPath } from './model';
import { typeModule } from '../../schemas/fieldTypes/index';
import { hasNul, parseFilterValue } from './values';
import { conditionSql } from './access';
import {
  collationOf,
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGES,
  LOCAL_NAME_LANGUAGE,
  type Language,
} from '../../schemas/languages';

/**
 * The list query grammar (docs/api.md): `page`, `size`, repeatable
 * `sort=prop,dir`, `projection`, `search`, and filters `path[.op]=value` with ops
 * ne/in/nin/gt/gte/lt/lte/like/isNull and the camel suffixes `Gte/Lte/Gt/Lt` (`dateGte=`).
 */

/** Query parameters that are not filters. */
export const RESERVED_PARAMS = new Set(['page', 'size', 'sort', 'projection', 'search', 'language']);

/**
 * Parameters accepted and ignored: `availableForEmployeeId` is applied by the server's access rules
 * whatever is sent (docs/api.md), `_` is a cache buster.
 */
export const IGNORED_PARAMS = new Set(['availableForEmployeeId', '_']);

const OPS = ['ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'like', 'isNull'] as const;
type Op = (typeof OPS)[number] | 'eq';
const CAMEL: Array<[string, Op]> = [
  ['Gte', 'gte'],
  ['Lte', 'lte'],
  ['Gt', 'gt'],
  ['Lt', 'lt'],
];

export type QueryValue = string | string[] | undefined;
export type RawQuery = Record<string, QueryValue>;

const asList = (v: QueryValue): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Splits `type.code.in` into path `type.code` and op `in`; tries `dateGte` as `date` + `gte` when
 * `dateGte` is no field. `key` is the parameter as sent, named in errors.
 */
function parseKey(joins: Joins, path: string, key: string): { resolved: ResolvedPath; op: Op } {
  const segments = path.split('.');
  const last = segments[segments.length - 1]!;
  if (segments.length > 1 && (OPS as readonly string[]).includes(last)) {
    return { resolved: resolvePath(joins, segments.slice(0, -1).join('.'), key), op: last as Op };
  }
  try {
    return { resolved: resolvePath(joins, path, key), op: 'eq' };
  } catch (e) {
    for (const [suffix, op] of CAMEL) {
      if (last.endsWith(suffix) && last.length > suffix.length) {
        const path = [...segments.slice(0, -1), last.slice(0, -suffix.length)].join('.');
        try {
          return { resolved: resolvePath(joins, path, key), op };
        } catch (inner) {
          // a personal field the user does not read is refused as such (H2-05), whatever the suffix
          if ((inner as { unreadable?: boolean }).unreadable) throw inner;
          // else fall through to the original error, which names the parameter as sent
        }
      }
    }
    throw e;
  }
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One SQL condition for one filter parameter and value. */
function condition(params: Params, key: string, resolved: ResolvedPath, op: Op, raw: string): string | undefined {
  const { expr, kind } = resolved;
  if (hasNul(raw)) throw badParam(key, 'must not contain a NUL character');
  const one = () => params.add(parseFilterValue(kind, raw, key));
  const many = () => {
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (items.length === 0) throw badParam(key, 'empty list');
    return items.map((s) => params.add(parseFilterValue(kind, s, key))).join(', ');
  };
  if (op === 'isNull') {
    if (raw !== 'true' && raw !== 'false') throw badParam(key, `"${raw}" is not true or false`);
    return raw === 'true' ? `${expr} IS NULL` : `${expr} IS NOT NULL`;
  }
  const ops = typeModule(kind).filter?.ops;
  if (ops && !ops.includes(op)) throw badParam(key, `"${op}" does not apply to a ${kind.type} value`);
  if (raw === '' && kind.type !== 'text') return undefined;
  switch (op) {
    case 'eq':
      return `${expr} = ${one()}`;
    case 'ne':
      return `${expr} IS DISTINCT FROM ${one()}`;
    case 'in':
      return `${expr} IN (${many()})`;
    case 'nin':
      return `(${expr} IS NULL OR ${expr} NOT IN (${many()}))`;
    case 'gt':
      return `${expr} > ${one()}`;
    case 'gte':
      return `${expr} >= ${one()}`;
    case 'lt':
      return `${expr} < ${one()}`;
    case 'lte':
      return `${expr} <= ${one()}`;
    case 'like':
      return `${expr}::text ILIKE ${params.add(`%${escapeLike(raw)}%`)}`;
  }
}

/**
 * SQL conditions (to AND) for the filter parameters of a request; reserved and ignored
 * parameters are skipped.
 * @throws HttpError 400 naming the parameter for an unknown path or a bad value
 */
export function filterConditions(joins: Joins, params: Params, query: RawQuery): string[] {
  const out: string[] = [];
  const named = joins.root.queryFilters ?? {};
  for (const [key, value] of Object.entries(query)) {
    if (RESERVED_PARAMS.has(key) || IGNORED_PARAMS.has(key) || value === undefined) continue;
    if (Object.hasOwn(named, key)) {
      const qf = named[key]!;
      for (const raw of asList(value)) {
        const v = parseFilterValue({ type: qf.type }, raw, key) as string | number | boolean;
        out.push(conditionSql(joins.root, qf.where(v), joins, params));
      }
      continue;
    }
    const many = toManyPath(joins, key);
    const { resolved, op } = parseKey(many?.sub ?? joins, many?.rest ?? key, key);
    for (const raw of asList(value)) {
      const c = condition(params, key, resolved, op, raw);
      if (c && many) out.push(`${many.open.replace('{joins}', many.sub.sql.join(' '))}${c})`);
      else if (c) out.push(c);
    }
  }
  return out;
}

/** Converts a schema-side filter (pick-list filters, presets) to query parameters: arrays comma-joined, `null` as `isNull`. */
export function specToQuery(spec: FilterSpec): RawQuery {
  const out: RawQuery = {};
  for (const [key, v] of Object.entries(spec)) {
    if (v === null) out[`${key}.isNull`] = 'true';
    else out[key] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

/**
 * Whether the statement's user reads every field along a declared path (`client.country.gname`):
 * walks the schemas without joining anything (H2-05, `canReadField`).
 */
function isReadablePath(joins: Joins, path: string): boolean {
  const user = joins.ctx?.user;
  if (!user) return true;
  let schema: EntitySchema | undefined = joins.root;
  for (const seg of path.split('.')) {
    const fd: Field | undefined = schema && Object.hasOwn(schema.fields, seg) ? schema.fields[seg] : undefined;
    if (!fd) return true;
    if (!canReadField(fd, user.roles, user.privileges)) return false;
    schema = fd.target ? findSchema(fd.target) : undefined;
  }
  return true;
}

/**
 * `search=text`: case-insensitive contains over the schema's search paths, ORed; a path through a
 * personal field the user does not read is left out (none left: no row matches).
 */
export function searchCondition(
  joins: Joins,
  params: Params,
  schema: EntitySchema,
  text: QueryValue,
): string | undefined {
  const value = asList(text).join(' ').trim();
  if (hasNul(value)) throw badParam('search', 'must not contain a NUL character');
  if (!value || schema.search.length === 0) return undefined;
  const p = params.add(`%${escapeLike(value)}%`);
  // a path through a personal field the user does not read is no part of their search (H2-05)
  const readable = schema.search.filter((path) => isReadablePath(joins, path));
  if (readable.length === 0) return 'FALSE';
  const parts = readable.map((path) => `${resolvePath(joins, path, 'search').expr}::text ILIKE ${p}`);
  return `(${parts.join(' OR ')})`;
}

/**
 * What a sort on a resolved path orders by for a reader of `language`: a translated text in its
 * language's collation; a global name with a local one beside it, for a reader of the local names'
 * language, the local name where it is not blank, else the global one, in that language's collation
 * (what the SPA shows: `src/resources/format.ts` `getNamePath`); anything else as it is.
 */
function sortExpression(resolved: ResolvedPath, language: Language): string {
  if (resolved.collation) return `${resolved.expr} COLLATE ${q(resolved.collation)}`;
  if (resolved.localName && language === LOCAL_NAME_LANGUAGE)
    return `COALESCE(NULLIF(${resolved.localName}, ''), ${resolved.expr}) COLLATE ${q(collationOf(language))}`;
  return resolved.expr;
}

/**
 * ORDER BY items for `sort=prop,dir` values (default: the schema's `defaultSort`), plus `id` as
 * a tie-break so pages are stable. Sorting on a reference sorts on the target's representation
 * field when it is a plain field name (`country` -> `country.gname`).
 * @throws HttpError 400 for an unknown field or a direction other than asc/desc
 */
export function orderBy(joins: Joins, sort: QueryValue): string[] {
  const items = asList(sort).filter((s) => s.trim() !== '');
  const pairs: Array<[string, string]> =
    items.length > 0
      ? items.map((s) => {
          if (hasNul(s)) throw badParam('sort', 'must not contain a NUL character');
          const [prop = '', dir = 'asc', ...rest] = s.split(',').map((x) => x.trim());
          if (rest.length > 0 || !['asc', 'desc'].includes(dir.toLowerCase()))
            throw badParam('sort', `"${s}" is not prop,asc|desc`);
          return [prop, dir.toLowerCase()];
        })
      : joins.root.defaultSort.map(([p, d]) => [p, d]);
  const out: string[] = [];
  for (const [prop, dir] of pairs) {
    let resolved = resolvePath(joins, prop, 'sort');
    const rep = resolved.ref?.schema.recordRepresentation;
    if (resolved.ref && !prop.endsWith('.id') && !prop.endsWith('Id') && rep && /^[a-zA-Z]+$/.test(rep)) {
      resolved = resolvePath(joins, `${prop}.${rep}`, 'sort');
    }
    out.push(`${sortExpression(resolved, joins.language)} ${dir.toUpperCase()}`);
  }
  out.push(`${joins.rootAlias}.id ${out.length > 0 && pairs[pairs.length - 1]?.[1] === 'desc' ? 'DESC' : 'ASC'}`);
  return out;
}

/**
 * The reader's language of a list request: the `language` parameter when given, which the list
 * route fills from `Accept-Language` when the client sent none (`languageOfHeader`).
 * @throws HttpError 400 for a `language` that is not one of `LANGUAGES`
 */
export function requestLanguage(query: RawQuery): Language {
  const raw = asList(query.language)[0];
  if (raw === undefined || raw === '') return FALLBACK_LANGUAGE;
  if (!isLanguage(raw)) throw badParam('language', `"${raw}" is not one of ${LANGUAGES.join(', ')}`);
  return raw;
}

/** Parses `page` (0-based) and `size` (default 20, 1..1000). @throws HttpError 400 for other values */
export function paging(query: RawQuery): { page: number; size: number } {
  const int = (name: string, def: number, min: number, max: number): number => {
    const raw = asList(query[name])[0];
    if (raw === undefined || raw === '') return def;
    if (!/^\d+$/.test(raw)) throw badParam(name, `"${raw}" is not a non-negative integer`);
    const n = Number(raw);
    if (n < min || n > max) throw badParam(name, `must be between ${min} and ${max}`);
    return n;
  };
  return { page: int('page', 0, 0, 10_000_000), size: int('size', 20, 1, 1000) };
}
