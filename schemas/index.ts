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
import type { EntitySchema } from './define';
import { checkRegistry } from './check';
import { DICTIONARIES, DICTIONARY_TYPE_NAMES } from './dictionaryTypes';
import * as entities from './entities';
import { MODULES } from './modules';
import { registerEntities } from './registry';

const names = {
  dictionaries: DICTIONARY_TYPE_NAMES,
  dictionaryCodes: new Map(DICTIONARIES.map((d) => [d.name, d.entries.map((e) => e.code)])),
  modules: MODULES,
};
const check = (list: readonly EntitySchema[]) => checkRegistry(list, names);

// The registry check runs on the server, in the unit suite and on the dev server; the SPA's
// production build (where Vite makes `import.meta.env.PROD` the constant `true`) leaves it and
// its module out of the first load. Node has no `import.meta.env`.
registerEntities(Object.values(entities), import.meta.env?.PROD ? undefined : check);

export {
  AREA_ORDER,
  areas,
  findSchema,
  findSchemaByRoute,
  getSchema,
  registerLoaded,
  registerSchema,
  schemas,
  storedSchemas,
} from './registry';
export * from './entities';
