import type { ActionContext } from '../../schemas/define';
import { DELETED_STATUS } from './contentRules';

/** A country of the content tags with the departments tagged with it (DICT-24). */
export interface CountryDepartments {
  /** The COUNTRY dictionary entry's id. */
  id: number;
  countryName: string;
  /** Each department once, sorted by name. */
  departments: Array<{ id: number; name: string }>;
}

/** The most content forms one list page returns; more are read page after page. */
const PAGE = 1000;

/** Parameters of the list that do not select rows. */
const NOT_FILTERS = ['page', 'size', 'sort', 'projection'];

/**
 * The request's filters for the forms' list: repeated parameters joined (`in` lists), paging
 * left out; without any `status` filter the deleted forms (status code 3) are left out, as the
 * list leaves them out by default.
 */
function formFilters(query: ActionContext['query']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || NOT_FILTERS.includes(k)) continue;
    out[k] = Array.isArray(v) ? v.join(',') : v;
  }
  if (!Object.keys(out).some((k) => k === 'status' || k.startsWith('status.')))
    out['status.code.ne'] = String(DELETED_STATUS);
  return out;
}

/** The ids of every content form the user may read that the filters select. */
async function formIds(ctx: ActionContext): Promise<number[]> {
  const filters = formFilters(ctx.query);
  const ids: number[] = [];
  for (let page = 0; ; page++) {
    const { items, totalElements } = await ctx.list.page({
      ...filters,
      page: String(page),
      size: String(PAGE),
      sort: 'id,asc',
    });
    ids.push(...items.map((r) => Number(r.id)));
    if (items.length < PAGE || ids.length >= totalElements) return ids;
  }
}

/**
 * `GET /contentPublicationForms/country/departments?<filters>` -> `CountryDepartments[]`
 * (DICT-24/34): the countries of the tags of the content forms the user may read (their
 * `PUBLISHER_*` module) that the filters select, sorted by name, each with the departments
 * tagged with it - each once, sorted by name; a country tagged without departments comes with
 * none. The filters are the content forms' list filters: `sourceType.code`, `sourceTypeName`,
 * `status.code` (default: every status but deleted, code 3), `country.id` (the form's own
 * country), `office.id`, `department.id`, `search`.
 * @example
 * // GET /core/api/contentPublicationForms/country/departments?sourceType.code=1&status.code=2
 * [{ "id": 41, "countryName": "Kazakhstan", "departments": [{ "id": 7, "name": "Energy" }, { "id": 9, "name": "Tax" }] }]
 * @throws 400 `{ message }` for a filter the content forms' list refuses
 */
export async function countryDepartments(ctx: ActionContext): Promise<CountryDepartments[]> {
  const ids = await formIds(ctx);
  if (ids.length === 0) return [];
  const rows = await ctx.tx.query<{
    country: string | number;
    country_name: string | null;
    department: string | number | null;
    department_name: string | null;
  }>(
    `SELECT DISTINCT c.id AS country, c.gname AS country_name, d.id AS department, d.gname AS department_name
       FROM content_tags t
       JOIN base_dictionaries c ON c.id = t.country_id
       LEFT JOIN content_tags_departments l ON l.owner_id = t.id
       LEFT JOIN departments d ON d.id = l.target_id
      WHERE t.content_publication_form_id = ANY($1::bigint[])
      ORDER BY c.gname, c.id, d.gname, d.id`,
    [ids],
  );
  const byCountry = new Map<number, CountryDepartments>();
  for (const r of rows) {
    const id = Number(r.country);
    let country = byCountry.get(id);
    if (!country) {
      country = { id, countryName: r.country_name ?? '', departments: [] };
      byCountry.set(id, country);
    }
    if (r.department !== null) country.departments.push({ id: Number(r.department), name: r.department_name ?? '' });
  }
  return [...byCountry.values()];
}
