import countriesIso from 'i18n-iso-countries';
import { data as currencyData } from 'currency-codes';
import { createRequire } from 'node:module';
import { DICTIONARY_TYPES, type DictionaryEntrySeed } from '../../../schemas/dictionaries';
import { baseDictionaries, baseDictionaryTypes, currencies } from '../../../schemas/index';
import { IdCounter, insertRows, syncIdSequence, type SeedRow, type Tx } from './sql';
import { REFERENCE_DATE } from './random';

const require = createRequire(import.meta.url);
countriesIso.registerLocale(require('i18n-iso-countries/langs/en.json'));
countriesIso.registerLocale(require('i18n-iso-countries/langs/ru.json'));

/** Languages offered for contacts and content (PUB-15: English first and default). */
// prettier-ignore
const LANGUAGES: ReadonlyArray<readonly [charCode: string, gname: string, lname: string]> = [
  ['en', 'English', 'Английский'], ['ru', 'Russian', 'Русский'], ['kk', 'Kazakh', 'Казахский'],
  ['de', 'German', 'Немецкий'], ['fr', 'French', 'Французский'], ['es', 'Spanish', 'Испанский'],
  ['zh', 'Chinese', 'Китайский'], ['ar', 'Arabic', 'Арабский'], ['tr', 'Turkish', 'Турецкий'],
  ['uz', 'Uzbek', 'Узбекский'], ['it', 'Italian', 'Итальянский'], ['ja', 'Japanese', 'Японский'],
  ['ko', 'Korean', 'Корейский'], ['ky', 'Kyrgyz', 'Киргизский'], ['tg', 'Tajik', 'Таджикский'],
  ['az', 'Azerbaijani', 'Азербайджанский'], ['ka', 'Georgian', 'Грузинский'], ['uk', 'Ukrainian', 'Украинский'],
  ['pl', 'Polish', 'Польский'], ['nl', 'Dutch', 'Нидерландский'], ['pt', 'Portuguese', 'Португальский'],
  ['hi', 'Hindi', 'Хинди'], ['fa', 'Persian', 'Персидский'],
];

/** COUNTRY entries from ISO 3166 (type 4): code = numeric code, charCode = alpha-2, lname = Russian name. */
export function countryEntries(): DictionaryEntrySeed[] {
  const english = countriesIso.getNames('en', { select: 'official' });
  const russian = countriesIso.getNames('ru', { select: 'official' });
  return Object.entries(english)
    .sort(([, a], [, b]) => a.localeCompare(b, 'en'))
    .map(([alpha2, gname]) => ({
      code: Number(countriesIso.alpha2ToNumeric(alpha2)),
      gname,
      lname: russian[alpha2],
      charCode: alpha2,
    }));
}

export const languageEntries = (): DictionaryEntrySeed[] =>
  LANGUAGES.map(([charCode, gname, lname], i) => ({ code: i + 1, gname, lname, charCode }));

/** The entries of a dictionary type the seed inserts: declared, or from ISO lists for COUNTRY and LANGUAGE. */
export const seededEntries = (type: {
  name: string;
  entries: readonly DictionaryEntrySeed[];
}): readonly DictionaryEntrySeed[] =>
  type.name === 'COUNTRY' ? countryEntries() : type.name === 'LANGUAGE' ? languageEntries() : type.entries;

/** ISO 4217 currencies (funds and test codes excluded): `{ code, gname }`. */
export const currencySeeds = (): Array<{ code: string; gname: string }> =>
  currencyData
    .filter((c) => !c.countries.some((name) => /^zz\d/i.test(name)))
    .map((c) => ({ code: c.code, gname: c.currency }));

/** Lookups into the seeded reference data, used by the other seed sections. */
export interface Reference {
  /** Entry id of a dictionary entry: `dict('POSITION_LEVEL', 1)` -> 22. */
  dict(typeName: string, code: number): number;
  /** Every entry id of a dictionary type, in order. */
  dictIds(typeName: string): number[];
  /** COUNTRY entry id of an ISO alpha-2 code. */
  country(alpha2: string): number;
  /** LANGUAGE entry id of an ISO 639-1 code. */
  language(charCode: string): number;
  /** Currency id of an ISO 4217 code. */
  currency(code: string): number;
  counts: { dictionaryTypes: number; dictionaries: number; currencies: number };
}

const required = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`seed: unknown ${what}`);
  return value;
};

/**
 * Seeds dictionary types (id = code), their entries (pinned H7 ids 22, 66, 67 kept, the rest
 * numbered around them; orderliness = position), ISO countries, languages and ISO 4217 currencies.
 */
export async function seedReference(tx: Tx): Promise<Reference> {
  const audit = {
    createdDate: REFERENCE_DATE.toISOString(),
    lastModifiedDate: REFERENCE_DATE.toISOString(),
    createdBy: 'seed',
    lastModifiedBy: 'seed',
  };
  const pinned = new Set<number>(
    DICTIONARY_TYPES.flatMap((t) => (t.entries as readonly DictionaryEntrySeed[]).flatMap((e) => (e.id ? [e.id] : []))),
  );
  const ids = new IdCounter(pinned);
  const byType = new Map<string, Map<number, number>>();
  const typeRows: SeedRow[] = [];
  const entryRows: SeedRow[] = [];
  const charCodes = new Map<string, number>();

  for (const type of DICTIONARY_TYPES) {
    typeRows.push({ id: type.code, code: type.code, gname: type.gname, ...audit });
    const entries = seededEntries(type);
    const codes = new Map<number, number>();
    entries.forEach((entry, i) => {
      const id = entry.id ?? ids.take();
      codes.set(entry.code, id);
      if (entry.charCode) charCodes.set(`${type.name}:${entry.charCode}`, id);
      entryRows.push({
        id,
        type: type.code,
        code: entry.code,
        gname: entry.gname,
        lname: entry.lname ?? null,
        orderliness: i + 1,
        charCode: entry.charCode ?? null,
        ...audit,
      });
    });
    byType.set(type.name, codes);
  }

  const currencyRows = currencySeeds().map((c, i) => ({ id: i + 1, ...c, ...audit }));
  const currencyIds = new Map(currencyRows.map((c) => [c.code, c.id]));

  await insertRows(tx, baseDictionaryTypes, typeRows);
  await insertRows(tx, baseDictionaries, entryRows);
  await insertRows(tx, currencies, currencyRows);
  for (const s of [baseDictionaryTypes, baseDictionaries, currencies]) await syncIdSequence(tx, s);

  return {
    dict: (typeName, code) => required(byType.get(typeName)?.get(code), `dictionary entry ${typeName}:${code}`),
    dictIds: (typeName) => [...required(byType.get(typeName), `dictionary ${typeName}`).values()],
    country: (alpha2) => required(charCodes.get(`COUNTRY:${alpha2}`), `country ${alpha2}`),
    language: (charCode) => required(charCodes.get(`LANGUAGE:${charCode}`), `language ${charCode}`),
    currency: (code) => required(currencyIds.get(code), `currency ${code}`),
    counts: { dictionaryTypes: typeRows.length, dictionaries: entryRows.length, currencies: currencyRows.length },
  };
}
