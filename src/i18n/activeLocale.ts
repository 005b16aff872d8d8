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
import 'dayjs/locale/en-gb';
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

const listeners = new Set<(locale: Locale) => void>();

/**
 * Makes `locale` the formatters' locale and the page's `<html lang>`; an unknown code falls back to
 * English. Tells the listeners of a change.
 */
export const setActiveLocale = (locale: string): void => {
  const next: Locale = LOCALES.some((l) => l.locale === locale) ? (locale as Locale) : 'en';
  if (next === current) return;
  current = next;
  // the page's language follows (screen readers, hyphenation, the browser's own translation offer)
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  for (const listener of listeners) listener(next);
};

/**
 * Calls `listener` after each change of the active locale (the new locale's catalogue is loaded by
 * then); returns the function that stops it.
 * @example useEffect(() => onActiveLocaleChange(() => void queryClient.invalidateQueries()), [queryClient]);
 */
export const onActiveLocaleChange = (listener: (locale: Locale) => void): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** How a locale writes dates, in dayjs patterns: the day, a moment (day and time), a month. */
export interface DatePatterns {
  date: string;
  dateTime: string;
  month: string;
}

const DATE_PATTERNS: Record<Locale, DatePatterns> = {
  // CONST-11: `5 Nov '26`
  en: { date: "D MMM 'YY", dateTime: "D MMM 'YY HH:mm", month: 'MMM YYYY' },
  // `05.11.2026`, `ноябрь 2026`
  ru: { date: 'DD.MM.YYYY', dateTime: 'DD.MM.YYYY HH:mm', month: 'MMMM YYYY' },
};

/** The active locale's date patterns (`{ date: 'DD.MM.YYYY', ... }` in Russian). */
export const datePatterns = (): DatePatterns => DATE_PATTERNS[current];

/**
 * The dayjs locale of the active locale, for month and day names and the week's first day:
 * `en-gb` (English names, weeks from Monday, WID-08) or `ru`.
 */
export const dayjsLocale = (): string => (current === 'ru' ? 'ru' : 'en-gb');

const numberFormats = new Map<string, Intl.NumberFormat>();
/**
 * An `Intl.NumberFormat` of the active locale with `options`, made once per locale and options:
 * `numberFormat({ minimumFractionDigits: 2 }).format(1234.5)` is `1,234.50` in English and
 * `1 234,50` in Russian.
 */
export const numberFormat = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat => {
  const key = `${current}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(current, options)));
  return format;
};
