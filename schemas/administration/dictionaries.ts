import { defineDictionary } from '../dictionary';

/** Dictionary types of the area: Countries and languages, filled by the seed from ISO lists. Codes are fixed: data and tests refer to them. */

export const country = defineDictionary({
  name: 'COUNTRY',
  code: 4,
  label: 'Country',
  // entries: ISO 3166 countries, added by the seed (server/db/seed/reference.ts)
  entries: [],
});

export const language = defineDictionary({
  name: 'LANGUAGE',
  code: 5,
  label: 'Language',
  // entries: the languages list of the seed (server/db/seed/reference.ts)
  entries: [],
});

/** This area's dictionary types, registered in schemas/dictionaryTypes.ts. */
export const administrationDictionaries = [country, language] as const;
