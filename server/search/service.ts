import type { EntitySchema } from '../../schemas/define';
import { canAccessEntity } from '../../schemas/access';
import { storedSchemas } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { columnName } from '../db/naming';
import { badParam } from '../rest/errors';
import { q } from '../rest/model';
import type { RawQuery } from '../rest/query';
import { listStatement, type Db } from '../rest/service';
import { collectionPath } from '../rest/values';
import { searchDocument } from './vector';

/**
 * The global search (docs/api.md "Global search"): the records of every entity declaring
 * `globalSearch` (schemas/define.ts) whose words start with the words of a query, for one user.
 * Each entity is searched under its list's own statement (`listStatement` in
 * server/rest/service.ts: the entity's access, privilege module, row modules and access rule), so
 * the search never finds a row the user's list would hide; an entity the user may not list is
 * left out without a word.
 */

/** The URL of the global search. */
export const SEARCH_PATH = '/core/api/search';

/** Longest query in characters, most words in a query, and the results per entity. */
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_MAX_WORDS = 10;
export const SEARCH_DEFAULT_SIZE = 5;
export const SEARCH_MAX_SIZE = 20;
/** How many of an entity's matches, the newest first, are ranked for the best {@link SEARCH_MAX_SIZE}. */
export const SEARCH_RANKED_CANDIDATES = 200;

/** One record found. `rank` is PostgreSQL's `ts_rank` of the record for the query (higher is better). */
export interface SearchHit {
  id: number;
  representation: string;
  rank: number;
  _links: { self: { href: string } };
}

/** The records found in one collection, best first. */
export interface SearchGroup {
  /** The collection (`clients`), as in `_embedded` of its list. */
  collection: string;
  /** The SPA route segment of its pages (`teams` for employees). */
  route: string;
  /** The entity's menu label and icon name (`@mui/icons-material`). */
  label: string;
  icon?: string;
  items: SearchHit[];
}

/** The answer of `GET /core/api/search`: one group per collection with at least one hit, in registry order. */
export interface SearchResult {
  query: string;
  groups: SearchGroup[];
}

const single = (v: RawQuery[string]): string | undefined => (Array.isArray(v) ? v[v.length - 1] : v);

/**
 * The words of a query, as prefixes for `to_tsquery`: runs of letters, digits and the joiners of
 * codes and e-mail addresses (`@ . _ -`), with the joiners at their ends dropped. Everything else
 * (spaces, quotes, the tsquery operators `& | ! ( ) : * < >` and backslashes) only separates words,
 * so no text of the user's can be read as tsquery syntax; the words are bound as parameters.
 * @example
 * searchWords('Договоры  "ACME-2026"!') // ['Договоры', 'ACME-2026']
 * searchWords('a & !b:*') // ['a', 'b']
 * @throws HttpError 400 for a query without a word, longer than {@link SEARCH_MAX_LENGTH}
 *   characters or with more than {@link SEARCH_MAX_WORDS} words
 */
export function searchWords(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') throw badParam('q', 'the query is empty');
  if (text.length > SEARCH_MAX_LENGTH) throw badParam('q', `the query is longer than ${SEARCH_MAX_LENGTH} characters`);
  const words = (text.match(/[\p{L}\p{N}@._-]+/gu) ?? [])
    .map((w) => w.replace(/^[@._-]+|[@._-]+$/g, ''))
    .filter((w) => w !== '');
  if (words.length === 0) throw badParam('q', 'the query has no word (letters or digits)');
  if (words.length > SEARCH_MAX_WORDS) throw badParam('q', `the query has more than ${SEARCH_MAX_WORDS} words`);
  return words;
}

/** The searchable collections a request names (`collections=clients,contacts`), all when absent. */
function requestedSchemas(raw: string | undefined): EntitySchema[] {
  const searchable = storedSchemas().filter((s) => s.globalSearch);
  if (raw === undefined || raw === '') return searchable;
  const names = raw.split(',');
  const unknown = names.find((n) => !searchable.some((s) => s.name === n));
  if (unknown !== undefined)
    throw badParam(
      'collections',
      `"${unknown.slice(0, 40)}" is not searchable; one or more of ${searchable.map((s) => s.name).join(', ')}`,
    );
  return searchable.filter((s) => names.includes(s.name));
}

function sizeOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return SEARCH_DEFAULT_SIZE;
  const n = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= SEARCH_MAX_SIZE)) throw badParam('size', `must be between 1 and ${SEARCH_MAX_SIZE}`);
  return n;
}

/** The fields a record's representation reads (`recordRepresentation`: a field or a `%{field}` template). */
const representationFields = (schema: EntitySchema): string[] => {
  const rep = schema.recordRepresentation ?? 'id';
  return rep.includes('%{') ? [...rep.matchAll(/%\{([^}]+)\}/g)].map((m) => m[1]!) : [rep];
};

const represent = (schema: EntitySchema, row: Record<string, unknown>): string => {
  const rep = schema.recordRepresentation ?? 'id';
  const value = (name: string) =>
    row[`r$${name}`] === null || row[`r$${name}`] === undefined ? '' : String(row[`r$${name}`]);
  const text = rep.includes('%{') ? rep.replace(/%\{([^}]+)\}/g, (_, name: string) => value(name)) : value(rep);
  return text.replace(/\s+/g, ' ').trim() || `#${String(row.id)}`;
};

/**
 * One entity's hits: its list statement for `user` AND the document matching the query, best rank
 * first among the newest {@link SEARCH_RANKED_CANDIDATES} matches.
 */
async function searchEntity(
  db: Db,
  schema: EntitySchema,
  user: AuthUser,
  words: string[],
  size: number,
): Promise<SearchHit[]> {
  const { joins, params, where } = listStatement(schema, user, {});
  // each word as a prefix in both configurations: "договоры" finds "договор", "acm" finds "ACME"
  const tsquery = words
    .map((w) => {
      const p = params.add(`${w}:*`);
      return `(to_tsquery('simple'::regconfig, ${p}) || to_tsquery('russian'::regconfig, ${p}))`;
    })
    .join(' && ');
  const document = searchDocument(schema, 't0');
  const columns = representationFields(schema)
    .filter((name) => name !== 'id')
    .map((name) => `t0.${q(columnName(name, schema.fields[name]!))}::text AS ${q(`r$${name}`)}`);
  const n = params.values.length;
  // Ranking reads each row's document again, which costs about as much as matching it, so only the
  // newest SEARCH_RANKED_CANDIDATES matches are ranked: a word found in 100,000 invoices is answered
  // in a fraction of a second instead of seconds. The matching itself stays one GIN index scan
  // (MATERIALIZED keeps the planner from walking the primary key backwards through every row).
  const rows = await db.query<Record<string, unknown>>(
    `WITH hits AS MATERIALIZED (
       SELECT t0.id FROM ${q(schema.table)} t0 ${joins.sql.join(' ')}
       WHERE ${[`${document} @@ (${tsquery})`, ...where].join(' AND ')}),
     candidates AS (SELECT DISTINCT id FROM hits ORDER BY id DESC LIMIT $${n + 2})
     SELECT t0.id, ${[...columns, `ts_rank(${document}, ${tsquery})::float8 AS rank`].join(', ')}
     FROM ${q(schema.table)} t0 JOIN candidates ON candidates.id = t0.id
     ORDER BY rank DESC, t0.id DESC LIMIT $${n + 1}`,
    [...params.values, size, SEARCH_RANKED_CANDIDATES],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    representation: represent(schema, row),
    rank: Math.round(Number(row.rank) * 1e6) / 1e6,
    _links: { self: { href: `${collectionPath(schema)}/${String(row.id)}` } },
  }));
}

/**
 * Searches every searchable entity the user may list (or those named by `collections`) for the
 * query `q`, `size` hits per entity (default {@link SEARCH_DEFAULT_SIZE}, at most
 * {@link SEARCH_MAX_SIZE}).
 * @example
 * await globalSearch(db, user, { q: 'договоры', size: '5' })
 * // { query: 'договоры', groups: [{ collection: 'matters', route: 'matters', label: 'Matters',
 * //   icon: 'Gavel', items: [{ id: 7, representation: 'M-0007 Договор поставки', rank: 0.06, _links }] }] }
 * @throws HttpError 400 for a bad `q` ({@link searchWords}), `size` or `collections`
 */
export async function globalSearch(db: Db, user: AuthUser, query: RawQuery): Promise<SearchResult> {
  const text = single(query.q);
  const words = searchWords(text);
  const size = sizeOf(single(query.size));
  const schemas = requestedSchemas(single(query.collections)).filter((s) =>
    canAccessEntity(s, 'view', user.roles, user.privileges),
  );
  const found = await Promise.all(schemas.map((s) => searchEntity(db, s, user, words, size)));
  return {
    query: text!,
    groups: schemas
      .map((s, i) => ({ collection: s.name, route: s.route, label: s.label, icon: s.icon, items: found[i]! }))
      .filter((g) => g.items.length > 0),
  };
}
