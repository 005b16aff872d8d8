/**
 * The locale the formatters follow (`src/resources/format.ts`, `src/widgets/dates.ts`): set by the
 * i18n provider when the user's language changes (`src/i18n/index.ts`); react-admin then renders
 * the whole tree again, so every formatted value follows. A module value rather than a context
 * because the formatters are plain functions, called outside React too.
 *
 * @example
 * setActiveLocale('ru');
 * activeLocale(); // 'ru'
 */
import 'dayjs/locale/ru';

/** The languages Bureau speaks: the code (a BCP 47 tag Intl and dayjs know) and its own name. */
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'ru', name: 'Русский' },
] as const;

export type Locale = (typeof LOCALES)[number]['locale'];

let current: Locale = 'en';

/** The active locale code: `'en'` or `'ru'`. */
export const activeLocale = (): Locale => current;

/** Makes `locale` the formatters' locale; an unknown code falls back to English. */
export const setActiveLocale = (locale: string): void => {
  current = LOCALES.some((l) => l.locale === locale) ? (locale as Locale) : 'en';
};
