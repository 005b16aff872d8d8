/**
 * The registry: every entity the product serves, as `payload.config.ts` lists collections. The
 * entities are the exports of `schemas/entities.ts` (one line each); the store and its look-ups
 * live in `schemas/registry.ts`, which this module fills when it loads. Adding an entity = one
 * file in an area folder + one line in `schemas/entities.ts` + a generated migration (README,
 * "Adding an entity").
 *
 * The registry's order is the menu's: areas in `AREA_ORDER` (beside the store), within an area
 * by English label - the order of the lines of `schemas/entities.ts` carries no meaning, since a
 * module namespace lists its exports alphabetically.
 */
import { checkRegistry } from './check';
import * as entities from './entities';
import { registerEntities } from './registry';

// The registry check runs on the server, in the unit suite and on the dev server; the SPA's
// production build (where Vite makes `import.meta.env.PROD` the constant `true`) leaves it and
// its module out of the first load. Node has no `import.meta.env`.
registerEntities(Object.values(entities), import.meta.env?.PROD ? undefined : checkRegistry);

export {
  AREA_ORDER,
  areas,
  findSchema,
  findSchemaByRoute,
  getSchema,
  registerSchema,
  schemas,
  storedSchemas,
} from './registry';
export * from './entities';
