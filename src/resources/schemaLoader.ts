/**
 * The SPA's registry, entity by entity: the first load holds the manifest (`virtual:schema-manifest`,
 * `scripts/schemaManifest.ts`: menu, guard, access and route facts of every entity) and no schema;
 * an entity's schema, the schemas its views read (`deps`), their bespoke parts and their
 * translations load with its first route (`loadSchema`), awaited by the generated views and by the
 * data provider before any request (its payload rules come from the schema).
 */
import { manifest, type ManifestEntry } from 'virtual:schema-manifest';
import type { EntitySchema } from '../../schemas/define';
import { findSchema, registerLoaded } from '../../schemas/registry';

export type { ManifestEntry };

/** Every entity's manifest entry, in the menu's order. */
export const entries: readonly ManifestEntry[] = manifest;

const byKey = new Map<string, ManifestEntry>();
for (const e of manifest) {
  byKey.set(e.route, e);
  byKey.set(e.name, e);
}

/** The manifest entry of a route (react-admin resource name) or entity name, or undefined. */
export const manifestEntry = (key: string): ManifestEntry | undefined => byKey.get(key);

/**
 * A step run before `loadSchema(key)` resolves: over the schemas newly registered (`fresh`: the
 * translations) and the entity asked for (`primary`: its bespoke parts - those of the entities it
 * only reads load when a route of theirs, or a related tab's child form, asks for them).
 */
type LoadStep = (fresh: readonly EntitySchema[], primary: EntitySchema) => Promise<unknown> | void;
const steps: LoadStep[] = [];
const stepped = new Set<string>();
const primaries = new Set<string>();

/**
 * Adds a step every `loadSchema` runs before it resolves (see {@link LoadStep}): the entities'
 * bespoke parts (`src/app/resources.tsx`) and translations (`src/i18n/index.ts`). Add steps when
 * a module loads, before the first `loadSchema`.
 */
export const onSchemasLoaded = (step: LoadStep): void => {
  steps.push(step);
};

const pending = new Map<string, Promise<EntitySchema>>();

const closures = new Map<string, string[]>();

/** The names `loadSchema(key)` loads: the entity and the closure of its `deps` (the entities it names, theirs, ...). */
const namesOf = (e: ManifestEntry): string[] => {
  const known = closures.get(e.name);
  if (known) return known;
  const reach = new Set<string>([e.name]);
  const todo = [...e.deps];
  while (todo.length) {
    const n = todo.pop()!;
    if (reach.has(n)) continue;
    reach.add(n);
    todo.push(...(byKey.get(n)?.deps ?? []));
  }
  const names = [...reach].filter((n) => byKey.has(n));
  closures.set(e.name, names);
  return names;
};

/**
 * Whether the schema of a route or name and those its views read are registered and stepped
 * (a view can render now, a request can be shaped now).
 */
export const isSchemaLoaded = (key: string): boolean => {
  const e = byKey.get(key);
  return !!e && primaries.has(e.name) && namesOf(e).every((n) => stepped.has(n));
};

/**
 * Loads the schema of a route or entity name with the schemas its views read (the closure of
 * `deps`), registers
 * them (`registerLoaded`), runs the load steps (its parts, the new schemas' translations) and
 * resolves to the schema.
 * Loads each module once; a second call while loading gets the same promise.
 * @returns the schema, or undefined for a key no entity has (a bespoke page, a typo)
 * @throws (rejects) when a module fails to load; the next call tries again
 */
export const loadSchema = (key: string): Promise<EntitySchema | undefined> => {
  const e = byKey.get(key);
  if (!e) return Promise.resolve(undefined);
  if (isSchemaLoaded(key)) return Promise.resolve(findSchema(e.name)!);
  const known = pending.get(e.name);
  if (known) return known;
  const names = namesOf(e);
  const loading = Promise.all(
    names.map((n): EntitySchema | Promise<EntitySchema> => findSchema(n) ?? byKey.get(n)!.load()),
  )
    .then(async (schemas) => {
      registerLoaded(schemas);
      const fresh = schemas.filter((s) => !stepped.has(s.name));
      const primary = findSchema(e.name)!;
      for (const step of steps) await step(fresh, primary);
      for (const s of fresh) stepped.add(s.name);
      primaries.add(e.name);
      return primary;
    })
    .finally(() => pending.delete(e.name));
  pending.set(e.name, loading);
  return loading;
};
