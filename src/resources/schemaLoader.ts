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

/** A step run over newly loaded schemas before `loadSchema` resolves (parts, translations). */
type LoadStep = (schemas: readonly EntitySchema[]) => Promise<unknown> | void;
const steps: LoadStep[] = [];
const stepped = new Set<string>();

/**
 * Adds a step every `loadSchema` runs over the schemas it registered, before it resolves: the
 * entities' bespoke parts (`src/app/resources.tsx`) and translations (`src/i18n/index.ts`). A step
 * added late also runs over the schemas loaded so far.
 */
export const onSchemasLoaded = (step: LoadStep): Promise<unknown> => {
  steps.push(step);
  const loaded = manifest.flatMap((e) => (stepped.has(e.name) ? [findSchema(e.name)!] : []));
  return loaded.length ? Promise.resolve(step(loaded)) : Promise.resolve();
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
  return !!e && namesOf(e).every((n) => stepped.has(n));
};

/**
 * Loads the schema of a route or entity name with the schemas its views read (the closure of
 * `deps`), registers
 * them (`registerLoaded`), runs the load steps (parts, translations) and resolves to the schema.
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
      for (const step of steps) await step(fresh);
      for (const s of fresh) stepped.add(s.name);
      return findSchema(e.name)!;
    })
    .finally(() => pending.delete(e.name));
  pending.set(e.name, loading);
  return loading;
};
