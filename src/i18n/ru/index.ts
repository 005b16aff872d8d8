import russianMessages from 'ra-language-russian';
import type { EntityTranslation } from '../../../schemas/define';
import { schemas } from '../../../schemas/index';
import { en } from '../en';
import { schemaMessages } from '../schemaMessages';
import { ruBureau } from './bureau';
import { ruNames, type RuName } from './names';
import { ruOverrides } from './overrides';
import { ruPhrases } from './phrasebook';

/** A schema text the Russian catalogue has no translation for: its key and English text. */
export interface MissingText {
  key: string;
  text: string;
}

type Tree = { [key: string]: string | Tree };

const NEW: Record<RuName['gender'], string> = { m: 'Новый', f: 'Новая', n: 'Новое' };
/** `Клиент` -> `клиент`; an acronym (`BRM`) stays. */
const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

/**
 * English texts mapped to Russian key by key: the key's override, else the phrasebook's entry
 * for the English text; a text with neither is recorded in `missing` and kept in English.
 */
const translateTree = (
  tree: Tree,
  prefix: string,
  missing: MissingText[],
  own: Readonly<Record<string, string>> = {},
): Tree =>
  Object.fromEntries(
    Object.entries(tree).map(([k, v]) => {
      const key = `${prefix}.${k}`;
      if (typeof v !== 'string') return [k, translateTree(v, key, missing, own)];
      const text = ruOverrides[key] ?? own[v] ?? ruPhrases[v];
      if (text === undefined) missing.push({ key, text: v });
      return [k, text ?? v];
    }),
  );

export type EnResource = { name: string; page?: Record<string, string> } & Record<string, unknown>;

/** Russian texts a schema brings in its own file, by route (`translations.ru`). */
export type OwnTranslations = Readonly<Record<string, EntityTranslation>>;

const translateResource = (route: string, resource: EnResource, missing: MissingText[], own?: EntityTranslation) => {
  const prefix = `resources.${route}`;
  const { name, forcedCaseName, page, ...rest } = resource;
  const ru = ruNames[route] ?? (own ? { forms: own.name, gender: own.gender } : undefined);
  if (!ru) missing.push({ key: `${prefix}.name`, text: name });
  const names = ru ? ru.forms.join(' |||| ') : name;
  const out: Record<string, unknown> = {
    ...translateTree(rest as Tree, prefix, missing, own?.phrases),
    name: names,
    ...(forcedCaseName === undefined ? {} : { forcedCaseName: names }),
  };
  if (page) {
    const one = ru?.forms[0] ?? name;
    out.page = {
      ...translateTree({ list: page.list! }, `${prefix}.page`, missing, own?.phrases),
      ...(page.create === undefined ? {} : { create: ru ? `${NEW[ru.gender]} ${lowerFirst(one)}` : page.create }),
      ...(page.edit === undefined ? {} : { edit: `${one} %{recordRepresentation}` }),
      ...(page.show === undefined ? {} : { show: `${one} %{recordRepresentation}` }),
    };
  }
  return out;
};

/** react-admin's texts with exactly the English keys: ra-language-russian, filled where it lacks one. */
const pickKeys = (shape: Tree, source: Tree | undefined, fill: Tree): Tree =>
  Object.fromEntries(
    Object.entries(shape).map(([k, v]) => {
      const from = source?.[k];
      const extra = fill[k];
      if (typeof v !== 'string')
        return [k, pickKeys(v, typeof from === 'object' ? from : undefined, typeof extra === 'object' ? extra : {})];
      return [k, typeof extra === 'string' ? extra : typeof from === 'string' ? from : v];
    }),
  );

const raFill: Tree = {
  auth: { logout: 'Выйти' },
  // the column chooser (ColumnsButton), newer than ra-language-russian
  action: { select_columns: 'Столбцы', search_columns: 'Найти столбец', reset: 'Сбросить' },
  guesser: { empty: { title: 'Нет данных', message: 'Проверьте провайдер данных' } },
};

/**
 * The Russian of the schema-derived part of a catalogue (`resources`, `bureau.area` as `en.ts`
 * holds them), with every text it found no Russian for. `own` holds the texts schemas bring in
 * their own files (`translations.ru`), by route; they serve that route's texts, and an area's
 * heading when a schema of the area names it.
 *
 * @example
 * ruSchemaTexts({ clients: { name: 'Client |||| Clients', fields: { gname: 'Name' } } }, { crm: 'CRM' })
 * // { resources: { clients: { name: 'Клиент |||| Клиента |||| Клиентов', fields: { gname: 'Наименование' } } },
 * //   area: { crm: 'CRM' }, missing: [] }
 */
export const ruSchemaTexts = (
  resources: Record<string, EnResource>,
  area: Record<string, string>,
  own: OwnTranslations = {},
) => {
  const missing: MissingText[] = [];
  const allPhrases = Object.assign({}, ...Object.values(own).map((t) => t.phrases ?? {})) as Record<string, string>;
  return {
    resources: Object.fromEntries(
      Object.entries(resources).map(([route, r]) => [route, translateResource(route, r, missing, own[route])]),
    ),
    area: translateTree(area, 'bureau.area', missing, allPhrases),
    missing,
  };
};

/** `translations.ru` of every registered schema, by route. */
export const ownTranslations: OwnTranslations = Object.fromEntries(
  schemas.flatMap((s) => (s.translations?.ru ? [[s.route, s.translations.ru]] : [])),
);

// The Russian catalogue is made whole when it loads (it imports the whole registry): the English
// texts of every entity, loaded in the browser or not, are derived here rather than read from `en`.
const enSchemaTexts = schemaMessages(schemas);
const schemaTexts = ruSchemaTexts(
  { ...en.resources, ...enSchemaTexts.resources } as Record<string, EnResource>,
  { ...en.bureau.area, ...enSchemaTexts.area },
  ownTranslations,
);

/**
 * The Russian catalogue, with exactly the English catalogue's keys (`src/i18n/locales.test.ts`):
 * react-admin's own texts from ra-language-russian, the schema-derived texts mapped through the
 * phrasebook (`phrasebook.ts`, `overrides.ts`), the entity names in their three plural forms
 * (`names.ts`), and Bureau's own texts (`bureau.ts`). Loaded on demand when a user picks Русский.
 */
export const ru = {
  ra: pickKeys(en.ra as unknown as Tree, russianMessages.ra as unknown as Tree, raFill),
  resources: schemaTexts.resources,
  bureau: { ...ruBureau, area: schemaTexts.area },
};

/** The schema texts (keys and English) the Russian catalogue lacks; empty when it is complete. */
export const ruMissing: readonly MissingText[] = schemaTexts.missing;

export default ru;
