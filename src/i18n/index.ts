import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { setActiveLocale, LOCALES } from './activeLocale';
import { onSchemasLoaded } from '../resources/schemaLoader';
import { addSchemaMessages, en } from './en';

/**
 * A locale's catalogue: English is in the first load; the others are imported on demand, in
 * chunks of their own, when a user picks them (or a stored choice asks for them at start).
 */
const messages = (locale: string) => (locale === 'ru' ? import('./ru').then((m) => m.ru) : en);

const polyglot = polyglotI18nProvider(
  messages as (locale: string) => typeof en,
  'en',
  LOCALES.map((l) => ({ ...l })),
  { allowMissing: true },
);

/**
 * The i18n provider (ra-i18n-polyglot) over the catalogues with the same keys: English (`en.ts`:
 * ra-language-english, the schema-derived texts and Bureau's own) and Russian (`ru/index.ts`).
 * `getLocales()` lists both for the user menu's language items; changing the locale also sets the
 * formatters' locale (`activeLocale.ts`) before react-admin renders the tree again. react-admin keeps
 * the choice in its store (`RaStore.locale`). Missing keys fall back to the caller's default (`_`),
 * else the key; `src/i18n/catalogue.test.tsx` fails when the UI asks a key a catalogue lacks.
 */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    await polyglot.changeLocale(locale, options);
    setActiveLocale(locale);
  },
};

// An entity's texts join the English catalogue when its schema loads, before its views render;
// the provider re-reads the catalogue when English is showing (the Russian one is complete).
onSchemasLoaded(async (schemas) => {
  if (schemas.length === 0) return;
  addSchemaMessages(schemas);
  if (polyglot.getLocale() === 'en') await polyglot.changeLocale('en');
});

export { en, LOCALES };
