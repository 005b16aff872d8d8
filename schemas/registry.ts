/**
 * The registry's store: every entity the product serves, and the look-ups over them. It imports
 * no entity: `schemas/index.ts` hands it the entities of `schemas/entities.ts` when it loads
 * ({@link registerEntities}), so a module an entity declares (an access rule that reads the other
 * entities, as `verificationChains` does) can read the registry from here without an import
 * cycle. Everything else imports the registry through `schemas/index.ts`, which fills it.
 */
import type { EntitySchema } from './define';

/**
 * The menu's areas, in the order the side menu shows them. Every entity's `area` is one of them
 * (checked when the registry loads): a new area is one more entry here.
 */
export const AREA_ORDER = [
  'crm',
  'work',
  'engagements',
  'approvals',
  'organisation',
  'administration',
  'workspace',
  'finance',
  'cashbox',
  'website',
] as const;

const registry: EntitySchema[] = [];

/**
 * Every registered entity: by area in {@link AREA_ORDER}, within an area by English label (the
 * menu's order), then those a test added at run time ({@link registerSchema}).
 */
export const schemas: readonly EntitySchema[] = registry;

/** The registry check `registerEntities` was given (`checkRegistry` with the registry's names), for `registerSchema`. */
let checkList: ((list: readonly EntitySchema[]) => void) | undefined;
let filled = false;

const byName = new Map<string, EntitySchema>();
const byRoute = new Map<string, EntitySchema>();

/** Whether a value exported by `schemas/entities.ts` is a declared entity (what `defineEntity` returns). */
const isEntitySchema = (value: unknown): value is EntitySchema =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EntitySchema).name === 'string' &&
  typeof (value as EntitySchema).route === 'string' &&
  typeof (value as EntitySchema).fields === 'object';

/** The menu's order: by area in {@link AREA_ORDER}, within an area by English label, then name. */
const menuOrder = (a: EntitySchema, b: EntitySchema): number => {
  const area = (s: EntitySchema): number => {
    const i = (AREA_ORDER as readonly string[]).indexOf(s.area);
    if (i < 0) throw new Error(`schema ${s.name}: area "${s.area}" is not in AREA_ORDER (schemas/registry.ts)`);
    return i;
  };
  return area(a) - area(b) || a.label.localeCompare(b.label, 'en') || a.name.localeCompare(b.name, 'en');
};

const add = (s: EntitySchema) => {
  registry.push(s);
  byName.set(s.name, s);
  byRoute.set(s.route, s);
};

/**
 * Fills the registry with the entities among `values` (the module namespace of
 * `schemas/entities.ts`; other values are ignored), ordered for the menu: by area in
 * {@link AREA_ORDER}, within an area by English `label`. Then, when `check` is given
 * (`checkRegistry` of `schemas/check.ts` over the registry's names), checks every name a schema
 * uses outside itself before anything is registered (a typo fails here); `registerSchema` runs
 * the same check later. `schemas/index.ts` passes it everywhere but in the SPA's production
 * build: the server, the unit suite and the dev server check at start, the browser does not
 * re-run the check on every page load. Called once, by `schemas/index.ts`. Entities the SPA
 * already loaded one by one ({@link registerLoaded}) stay, once each.
 * @throws Error when an entity's area is not in `AREA_ORDER`, the registry is already filled, or
 *   the registry check fails
 * @example registerEntities(Object.values(await import('./entities')), (list) => checkRegistry(list, names));
 */
export function registerEntities(values: readonly unknown[], check?: (list: readonly EntitySchema[]) => void): void {
  if (filled) throw new Error('the registry is already filled');
  const list = values.filter(isEntitySchema).sort(menuOrder);
  check?.(list);
  checkList = check;
  filled = true;
  for (const s of list) if (!byName.has(s.name)) add(s);
  registry.sort(menuOrder);
}

/**
 * Registers entities the SPA loaded on demand (`src/resources/schemaLoader.ts`: an entity's
 * schema comes with its first route), without the registry check (the build and the unit suite
 * ran it over the whole registry); those already registered are skipped. The registry keeps the
 * menu's order. Source: the first load holds no schema (issue item "flat in the number of entities").
 * @throws Error when an entity's area is not in `AREA_ORDER`
 */
export function registerLoaded(list: readonly EntitySchema[]): void {
  let added = false;
  for (const s of list)
    if (!byName.has(s.name)) {
      add(s);
      added = true;
    }
  if (added) registry.sort(menuOrder);
}

/**
 * Adds an entity to the registry at run time - the seam a test uses to run the whole app with an
 * extra schema, exactly as if `schemas/entities.ts` had one more line (it comes last). Call it
 * before anything reads the registry for good: before the app is built (`buildApp` registers
 * routes and the OpenAPI document from the registry) and before migrations are generated
 * (`server/db/generate.ts`). Production code never calls it: entities are registered by
 * `schemas/entities.ts`.
 *
 * @example
 * registerSchema(gadgets);
 * await generateMigrationFiles(tempDir, 'gadgets');
 * const h = await createHarness({}, { migrationsDir: tempDir });
 * @throws Error when the name or route is taken, or the registry check fails with it (nothing is registered then)
 */
export function registerSchema(schema: EntitySchema): void {
  if (byName.has(schema.name) || byRoute.has(schema.route))
    throw new Error(`schema ${schema.name}: the name or route "${schema.route}" is already registered`);
  checkList?.([...registry, schema]);
  add(schema);
}

/** The menu areas that have entities, in {@link AREA_ORDER} (a test's own area last). */
export const areas = (): string[] => [...new Set(schemas.map((s) => s.area))];

/** The schema of a collection name. @throws Error for an unknown name. */
export const getSchema = (name: string): EntitySchema => {
  const s = byName.get(name);
  if (!s) throw new Error(`no schema named "${name}"`);
  return s;
};

/** The schema of a collection name, or undefined. */
export const findSchema = (name: string): EntitySchema | undefined => byName.get(name);

/** The schema whose SPA route (react-admin resource name) is `route`. */
export const findSchemaByRoute = (route: string): EntitySchema | undefined => byRoute.get(route);

/** Schemas that own a table (presets excluded). */
export const storedSchemas = (): EntitySchema[] => schemas.filter((s) => !s.preset);
