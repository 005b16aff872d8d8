/**
 * The languages of the product's texts: the SPA's catalogues (`src/i18n/`) and the values of
 * translated fields (`f.translated`, `schemas/fieldTypes/translated.ts`). Isomorphic.
 */

/** Every language a translated value may hold, by its ISO 639-1 code. */
export const LANGUAGES = ['en', 'ru'] as const;

/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** The language shown when a value has no text in the reader's one, unless a field names another. */
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * The fallback language of a translated field: its `fallback`, else {@link FALLBACK_LANGUAGE}.
 * Here rather than beside the type's validator (`schemas/fieldTypes/translated.ts`, which
 * re-exports it) so that the SPA's display of a translated text does not load zod.
 * @example fallbackOf({}) // 'en'
 */
export const fallbackOf = (fd: { fallback?: Language }): Language => fd.fallback ?? FALLBACK_LANGUAGE;

/** Whether `s` is one of {@link LANGUAGES}. */
export const isLanguage = (s: unknown): s is Language =>
  typeof s === 'string' && (LANGUAGES as readonly string[]).includes(s);

/**
 * The best of {@link LANGUAGES} for an HTTP `Accept-Language` header: the supported language with
 * the highest quality (`q`, default 1; ties in the header's order), matching primary subtags
 * (`ru-RU` is `ru`); {@link FALLBACK_LANGUAGE} when the header is absent or names none of them.
 * @example languageOfHeader('ru-RU,ru;q=0.9,en;q=0.8') // 'ru'
 * @example languageOfHeader('de, en;q=0.5') // 'en'
 */
export function languageOfHeader(header: string | undefined): Language {
  if (!header) return FALLBACK_LANGUAGE;
  let best: { lang: Language; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!isLanguage(primary) || !Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? FALLBACK_LANGUAGE;
}

/** A translated value as the wire and the database hold it: text per language, absent when none. */
export type Translations = Partial<Record<Language, string>>;

/**
 * The text of a translated value to show a reader of `language`: that language's text when it is
 * not blank, else the `fallback` language's, else `''`. A plain string (a value written before the
 * field was translated) is shown as it is.
 * @example translatedText({ en: 'News', ru: 'Новости' }, 'ru') // 'Новости'
 * @example translatedText({ en: 'News' }, 'ru') // 'News'
 */
export function translatedText(value: unknown, language: string, fallback: Language = FALLBACK_LANGUAGE): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return '';
  const v = value as Record<string, unknown>;
  const pick = (k: string) =>
    typeof v[k] === 'string' && (v[k] as string).trim() !== '' ? (v[k] as string) : undefined;
  return pick(language) ?? pick(fallback) ?? '';
}

/**
 * The language of the local names that records keep beside their global (English) ones: `lname`
 * beside `gname`, `lfirstName` beside `gfirstName` (dictionary entries, departments, employees,
 * currencies). Readers of this language see, and sort by, the local name where there is one.
 */
export const LOCAL_NAME_LANGUAGE: Language = 'ru';

/** The name of the database collation that sorts text the way `language` does (created by a migration). */
export const collationOf = (language: Language): string => `bureau_${language}`;
