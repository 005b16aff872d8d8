import { describe, expect, it } from 'vitest';
import { schemas } from '../../schemas/index';
import { BESPOKE_PAGES } from '../app/bespokePages';
import { en } from './en';
import { i18nProvider, LOCALES } from './index';
import { ownTranslations, ru, ruMissing, ruSchemaTexts } from './ru';
import { ruNames } from './ru/names';

/** A catalogue's keys as polyglot reads them (nested objects joined with dots). */
const flatten = (value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> => {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
};

describe('the English and Russian catalogues', () => {
  const enKeys = flatten(en);
  const ruKeys = flatten(ru);

  it('every English key has a Russian text', () => {
    expect([...enKeys.keys()].filter((k) => !ruKeys.has(k))).toEqual([]);
  });

  it('every Russian key has an English text', () => {
    expect([...ruKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it("every schema text has its Russian (the schema's translations.ru, or src/i18n/ru/phrasebook.ts and names.ts)", () => {
    const report = ruMissing.map((m) => `${m.key}: "${m.text}"`);
    expect(
      report,
      `untranslated: add them to the schema's translations.ru (or to the shared src/i18n/ru/phrasebook.ts)`,
    ).toEqual([]);
  });

  it('every entity and bespoke page has three Russian plural forms', () => {
    const routes = [...schemas.map((s) => s.route), ...BESPOKE_PAGES.map((p) => p.route)];
    expect(routes.filter((r) => !ruNames[r] && !ownTranslations[r])).toEqual([]);
    expect(Object.keys(ruNames).filter((r) => !routes.includes(r))).toEqual([]);
    for (const r of routes) expect(ruKeys.get(`resources.${r}.name`)!.split(' |||| ')).toHaveLength(3);
  });

  it('a schema text with no Russian is reported with its key and English text, and kept in English', () => {
    const { resources, missing } = ruSchemaTexts(
      { clients: { name: 'Client |||| Clients', fields: { gname: 'Name', quux: 'Quux count' } } },
      { crm: 'CRM', newArea: 'New area' },
    );
    expect(missing).toEqual([
      { key: 'resources.clients.fields.quux', text: 'Quux count' },
      { key: 'bureau.area.newArea', text: 'New area' },
    ]);
    expect(resources.clients).toMatchObject({ fields: { gname: 'Наименование', quux: 'Quux count' } });
    expect(ruSchemaTexts({ widgets: { name: 'Widget |||| Widgets' } }, {}).missing).toEqual([
      { key: 'resources.widgets.name', text: 'Widget |||| Widgets' },
    ]);
  });

  it("a schema's own translations.ru names it and translates its texts and a new area's heading", () => {
    const { resources, area, missing } = ruSchemaTexts(
      {
        gadgets: {
          name: 'Gadget |||| Gadgets',
          page: { list: 'Gadgets', create: 'New gadget' },
          fields: { gname: 'Name', price: 'Price' },
        },
      },
      { lending: 'Lending' },
      {
        gadgets: {
          name: ['Гаджет', 'Гаджета', 'Гаджетов'],
          gender: 'm',
          phrases: { Gadgets: 'Гаджеты', Price: 'Цена', Lending: 'Выдача' },
        },
      },
    );
    expect(missing).toEqual([]);
    expect(resources.gadgets).toMatchObject({
      name: 'Гаджет |||| Гаджета |||| Гаджетов',
      page: { list: 'Гаджеты', create: 'Новый гаджет' },
      fields: { gname: 'Наименование', price: 'Цена' },
    });
    expect(area).toEqual({ lending: 'Выдача' });
  });

  it('the provider lists English and Русский and translates in Russian after a change of locale', async () => {
    expect(LOCALES.map((l) => l.name)).toEqual(['English', 'Русский']);
    expect(i18nProvider.getLocales!()).toEqual([
      { locale: 'en', name: 'English' },
      { locale: 'ru', name: 'Русский' },
    ]);
    expect(i18nProvider.translate('resources.clients.page.list')).toBe('Clients');
    await i18nProvider.changeLocale('ru');
    try {
      expect(i18nProvider.getLocale()).toBe('ru');
      expect(i18nProvider.translate('resources.clients.page.list')).toBe('Клиенты');
      expect(i18nProvider.translate('resources.clients.fields.createdDate')).toBe('Создано');
      const name = (n: number) => i18nProvider.translate('resources.clients.name', { smart_count: n });
      expect([1, 2, 5, 21].map(name)).toEqual(['Клиент', 'Клиента', 'Клиентов', 'Клиент']);
      expect(i18nProvider.translate('resources.clients.page.create')).toBe('Новый клиент');
      expect(i18nProvider.translate('resources.matters.page.create')).toBe('Новое дело');
      expect(i18nProvider.translate('ra.action.save')).toBe('Сохранить');
      expect(i18nProvider.translate('bureau.area.crm')).toBe('CRM');
    } finally {
      await i18nProvider.changeLocale('en');
    }
    expect(i18nProvider.translate('resources.clients.page.list')).toBe('Clients');
  });
});
