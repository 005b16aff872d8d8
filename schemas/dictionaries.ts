import type { DictionaryEntrySeed } from './dictionary';
import { DICTIONARIES } from './dictionaryTypes';

/**
 * Dictionary types with their seeded entries, in code order, as the seed and tests read them:
 * derived from the declarations (`schemas/<area>/dictionaries.ts`). COUNTRY and LANGUAGE entries are
 * filled from ISO lists by the seed.
 */
export interface DictionaryTypeSeed {
  code: number;
  name: string;
  gname: string;
  entries: readonly DictionaryEntrySeed[];
}

export type { DictionaryEntrySeed } from './dictionary';
export { dictionaryCode, type DictionaryName } from './dictionaryTypes';

/** Every dictionary type with its code and seeded entries, in code order (seed and tests). */
export const DICTIONARY_TYPES: readonly DictionaryTypeSeed[] = DICTIONARIES.map((d) => ({
  code: d.code,
  name: d.name,
  gname: d.label,
  entries: d.entries,
}));
