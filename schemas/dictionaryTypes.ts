import { checkDictionaries, type DictionaryDeclaration } from './dictionary';
import { administrationDictionaries } from './administration/dictionaries';
import { cashboxDictionaries } from './cashbox/dictionaries';
import { crmDictionaries } from './crm/dictionaries';
import { financeDictionaries } from './finance/dictionaries';
import { hrDictionaries } from './hr/dictionaries';
import { mattersDictionaries } from './matters/dictionaries';
import { organisationDictionaries } from './organisation/dictionaries';
import { websiteDictionaries } from './website/dictionaries';

/**
 * Every dictionary type, collected from the areas' declarations (`schemas/<area>/dictionaries.ts`,
 * see `schemas/dictionary.ts`) in code order. A new type is declared in its area with the next free
 * code (the highest + 1, so DICT-03's "count + 2" default for a type created in the UI never hits
 * a declared code) and its area's list is already collected here.
 */
export const DICTIONARIES = [
  ...organisationDictionaries,
  ...crmDictionaries,
  ...administrationDictionaries,
  ...mattersDictionaries,
  ...financeDictionaries,
  ...cashboxDictionaries,
  ...websiteDictionaries,
  ...hrDictionaries,
].sort((a, b) => a.code - b.code);

checkDictionaries(DICTIONARIES);

/** A declared dictionary type name. */
export type DictionaryName = (typeof DICTIONARIES)[number]['name'];

/** The declared dictionary type names, in code order. */
export const DICTIONARY_TYPE_NAMES: readonly DictionaryName[] = DICTIONARIES.map((d) => d.name);

const byName = new Map<string, DictionaryDeclaration>(DICTIONARIES.map((d) => [d.name, d]));

/**
 * The dictionary type code of a dictionary name, e.g. `COUNTRY` -> 4.
 * @throws Error `unknown dictionary type <name>` for a name no area declares.
 */
export const dictionaryCode = (name: string): number => {
  const d = byName.get(name);
  if (!d) throw new Error(`unknown dictionary type ${name}`);
  return d.code;
};
