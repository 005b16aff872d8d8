import { canAccessEntity } from '../../schemas/access';
import type { EntitySchema, Projection } from '../../schemas/define';
import { canLookUpEntity, LOOKUP_PROJECTION, lookupFilterPaths, lookupProjection } from '../../schemas/lookup';
import type { AuthUser } from '../auth/types';
import { SYSTEM_COLUMNS } from '../db/naming';
import { badParam, forbidden } from './errors';
import { IGNORED_PARAMS, RESERVED_PARAMS, type RawQuery } from './query';

/** How a read reaches an entity: `lookupOnly` when the user looks it up without reading it. */
export interface LookupRead {
  projection: Projection;
  lookupOnly: boolean;
}

/**
 * The lookup read path (H2-04, docs/api.md "Lookups"): `GET <collection>?projection=lookup` and
 * `GET <collection>/{id}?projection=lookup` answer `{ id, <lock property>, <representation fields> }`
 * under the entity's row rule to every user who may look it up (`canLookUpEntity`: they read it,
 * or write a reference field pointing at it), so a form's pick list works for a lawyer whose role
 * holds `time` but not `client`. Undefined for any other projection (the full read's rules apply).
 * A user who looks up without reading may filter only by `id`, the pick-list filters and the ids
 * of the target's references (`lookupFilterPaths`), sort by what the lookup shows, and search
 * only the search fields it shows ({@link lookupSearch}).
 * @throws HttpError 403 when the user may not look the entity up; 400 for a filter or sort a lookup does not offer
 * @example
 * lookupRead(clients, member, { projection: 'lookup', search: 'Aral' }) // { projection: { fields: ['gname'] }, lookupOnly: true }
 */
export function lookupRead(schema: EntitySchema, user: AuthUser, query: RawQuery): LookupRead | undefined {
  const name = Array.isArray(query.projection) ? query.projection.at(-1) : query.projection;
  if (name !== LOOKUP_PROJECTION) return undefined;
  if (!canLookUpEntity(schema, user.roles, user.privileges)) throw forbidden(`Access denied: lookup of ${schema.name}`);
  const lookupOnly = !canAccessEntity(schema, 'view', user.roles, user.privileges);
  const projection = lookupProjection(schema);
  if (lookupOnly) {
    // the order of the rows may not tell what the lookup leaves out either
    const shown = shownPaths(projection);
    const sort = Array.isArray(query.sort) ? query.sort : query.sort === undefined ? [] : [query.sort];
    for (const s of sort) {
      const path = s.split(',')[0]!.trim();
      if (path && !shown.has(path))
        throw badParam('sort', `a lookup of ${schema.name} sorts by ${[...shown].join(', ')} only`);
    }
    const allowed = lookupFilterPaths(schema);
    for (const [key, value] of Object.entries(query)) {
      if (RESERVED_PARAMS.has(key) || IGNORED_PARAMS.has(key) || value === undefined) continue;
      if (!allowed.some((p) => key === p || key.startsWith(`${p}.`)))
        throw badParam(key, `a lookup of ${schema.name} filters by ${allowed.join(', ')} only`);
    }
  }
  return { projection, lookupOnly };
}

/** What a lookup shows: the id, the system columns, its fields and embedded fields (`project.number`). */
function shownPaths(projection: Projection): Set<string> {
  return new Set([
    'id',
    ...Object.keys(SYSTEM_COLUMNS),
    ...(projection.fields ?? []),
    ...Object.entries(projection.embed ?? {}).flatMap(([name, spec]) =>
      Array.isArray(spec) ? spec.map((f) => `${name}.${f}`) : [],
    ),
  ]);
}

/** The search paths of `schema` a lookup-only reader searches: those the lookup shows (a client's name, not its tax number). */
export const lookupSearch = (schema: EntitySchema, lookup: LookupRead): string[] => {
  const shown = shownPaths(lookup.projection);
  return schema.search.filter((path) => shown.has(path));
};
