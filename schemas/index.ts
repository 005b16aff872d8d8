/**
 * The registry: every entity the product serves, as `payload.config.ts` lists collections.
 * Adding an entity = one file in an area folder + one line here + a generated migration
 * (README, "Adding an entity").
 */
import type { EntitySchema } from './define';
import { checkRegistry } from './check';
import { DICTIONARY_TYPE_NAMES } from './dictionaryTypes';
import { MODULES } from './modules';
import { baseDictionaryTypes } from './administration/baseDictionaryTypes';
import { baseDictionaries } from './administration/baseDictionaries';
import { currencies } from './administration/currencies';
import { countries } from './administration/countries';
import { offices } from './organisation/offices';
import { departments } from './organisation/departments';
import { employees } from './organisation/employees';
import { positions } from './organisation/positions';
import { clients } from './crm/clients';
import { contacts } from './crm/contacts';
import { contactComments } from './crm/contactComments';
import { users } from './auth/users';
import { roles } from './auth/roles';
import { privileges } from './auth/privileges';

export const schemas: readonly EntitySchema[] = [
  clients,
  contacts,
  contactComments,
  offices,
  departments,
  employees,
  positions,
  baseDictionaryTypes,
  baseDictionaries,
  currencies,
  countries,
  users,
  roles,
  privileges,
] as EntitySchema[];

// Every name a schema uses outside itself must exist: a typo fails here, in the SPA and the server.
checkRegistry(schemas, { dictionaries: DICTIONARY_TYPE_NAMES, modules: MODULES });

const byName = new Map(schemas.map((s) => [s.name, s]));
const byRoute = new Map(schemas.map((s) => [s.route, s]));

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

export {
  clients,
  contacts,
  contactComments,
  offices,
  departments,
  employees,
  positions,
  baseDictionaryTypes,
  baseDictionaries,
  currencies,
  countries,
  users,
  roles,
  privileges,
};
