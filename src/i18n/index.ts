import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/**
 * The i18n provider: English now (ra-language-english + `bureau.*`); Russian is added as a second
 * locale later (ARCHITECTURE.md, Translations). Missing keys fall back to the key's text.
 */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});

export { en };
