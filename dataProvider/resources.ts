import type { ApiBase, EntitySchema, FilterSpec, WireRecord } from '../schemas/define';

/** Where a react-admin resource lives on the wire. */
export interface ResolvedResource {
  schema: EntitySchema;
  /** The REST collection and `_embedded` key (`baseDictionaries` for route `base-subtypes`). */
  collection: string;
  /** The collection URL (`/core/api/clients`). */
  url: string;
  /** Filters always added to reads (a preset's filter), else `{}`. */
  fixedFilter: FilterSpec;
  /** Values merged into creates (a preset's values), else `{}`. */
  fixedValues: WireRecord;
}

/** The base URL of each service (H11). */
export type ApiBases = Record<ApiBase, string>;

/** The services' default bases (SHELL-25, AUTH-20): what the data provider uses unless told otherwise. */
export const DEFAULT_BASES: ApiBases = {
  core: '/core/api',
  auth: '/auth/api/v2',
  rating: '/rating/api',
  analytics: '/analytics/api',
};

/**
 * Maps a react-admin resource name (the schema's `route`, or its collection name) to its
 * collection and URL; a preset (`countries`) maps to its target collection with its filter.
 *
 * @throws Error naming the resource and what to declare, for a resource no schema serves.
 */
export function resolveResource(resource: string, schemas: readonly EntitySchema[], bases: ApiBases): ResolvedResource {
  const schema = schemas.find((s) => s.route === resource) ?? schemas.find((s) => s.name === resource);
  if (!schema) {
    throw new Error(
      `The data provider knows no resource "${resource}". Declare an entity whose name or route is "${resource}" in schemas/ and list it in schemas/index.ts, or pass the right resource name to <Resource name>.`,
    );
  }
  const collection = schema.preset?.collection ?? schema.name;
  const base = bases[schema.base].replace(/\/$/, '');
  return {
    schema,
    collection,
    url: `${base}/${collection}`,
    fixedFilter: schema.preset?.filter ?? {},
    fixedValues: schema.preset?.values ?? {},
  };
}

/** The filter parameter for a reference target: `client` -> `client.id`; anything else as given. */
export function referenceParam(schema: EntitySchema, target: string): string {
  const fd = schema.fields[target];
  return fd && (fd.type === 'ref' || fd.type === 'dictionary') ? `${target}.id` : target;
}

/** A HAL item without its `_links` (react-admin would otherwise carry them into forms). */
export function fromHal<T>(item: unknown): T {
  if (item && typeof item === 'object' && '_links' in item) {
    const { _links: _ignored, ...rest } = item as Record<string, unknown>;
    return rest as T;
  }
  return item as T;
}
