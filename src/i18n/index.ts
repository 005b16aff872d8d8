import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/**
 * The i18n provider (ra-i18n-polyglot) over the English catalogue (`en.ts`: ra-language-english,
 * the schema-derived texts and Bureau's own). A second locale is a second catalogue with the same
 * keys. Missing keys fall back to the caller's default (`_`), else the key; the catalogue test
 * (`src/i18n/catalogue.test.tsx`) fails when the UI asks a key the catalogue lacks.
 */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});

export { en };
