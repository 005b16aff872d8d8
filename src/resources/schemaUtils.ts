/**
 * Schema look-ups shared by fields, inputs and views: labels, the react-admin resource a
 * reference points at, which fields a form edits, create defaults and the form's view of a record.
 */
import type { EntitySchema, Field, FilterSpec, ShowTab, WireRecord } from '../../schemas/define';
import { humanize, SYSTEM_FIELDS } from '../../schemas/define';
import { findSchema } from '../../schemas/registry';
import { dictionaryCode } from '../../schemas/dictionaryTypes';
import type { TranslateFunction } from 'react-admin';
import { fieldKey } from '../i18n/keys';
import { manifestEntry } from './schemaLoader';

/**
 * The resource (route) holding dictionary entries, from the manifest: this module is in the first
 * load, where no schema is registered yet (`schemaLoader.ts`).
 */
export const DICTIONARY_RESOURCE = manifestEntry('baseDictionaries')!.route;

/**
 * One record of the schema in words, lower case, for titles: the entity's type name split into
 * words (`PositionFund` -> `position fund`, `OfficeAccountTransitCurrency` -> `office account
 * transit currency`).
 *
 * @example
 * `New ${singularName(positionFunds)}` // 'New position fund'
 */
export const singularName = (schema: Pick<EntitySchema, 'entityName'>): string =>
  humanize(schema.entityName).toLowerCase();

/**
 * The field a card, a column or a label reads by `name`: a declared field, else a computed
 * property as a read-only field of its type (`computed` in the schema), else undefined. A computed
 * property can be shown wherever a field can.
 * @example readableField(ideas, 'votes') // { type: 'number', integer: true, label: 'Votes', readOnly: true }
 */
export const readableField = (schema: EntitySchema, name: string): Field | undefined => {
  const fd = schema.fields[name];
  if (fd) return fd;
  const computed = Object.hasOwn(schema.computed ?? {}, name) ? schema.computed![name]! : undefined;
  if (!computed) return undefined;
  return {
    type: computed.type,
    readOnly: true,
    ...(computed.label === undefined ? {} : { label: computed.label }),
    ...(computed.integer === undefined ? {} : { integer: computed.integer }),
  } as Field;
};

export const labelOf = (name: string, fd?: Field): string => fd?.label ?? humanize(name.split('.').pop() ?? name);

/**
 * A field's label in the user's language: the catalogue's `resources.<route>.fields.<name>`, else
 * `labelOf` (the schema's label or the humanized name).
 * @example fieldLabel(translate, 'leads', 'date', leads.fields.date) // 'Date' ('Дата' in Russian)
 */
export const fieldLabel = (translate: TranslateFunction, route: string, name: string, fd?: Field): string =>
  translate(fieldKey(route, name), { _: labelOf(name, fd) });

/**
 * The label of a schema's status field (`schema.status.field`) in the user's language, as
 * `fieldLabel` gives it. Throws a TypeError when the schema has no status.
 * @example statusFieldLabel(translate, leads) // 'Deal stage' ('Стадия сделки' in Russian)
 */
export const statusFieldLabel = (translate: TranslateFunction, schema: EntitySchema): string => {
  const name = schema.status!.field;
  return fieldLabel(translate, schema.route, name, schema.fields[name]);
};

/** The react-admin resource name (SPA route) a reference field points at. */
export const targetRoute = (fd: Field): string => {
  if (fd.type === 'dictionary' || fd.type === 'dictionaryList') return DICTIONARY_RESOURCE;
  return (fd.target && findSchema(fd.target)?.route) ?? fd.target ?? '';
};

/** The representation template of a reference's target (`gname` for dictionaries). */
export const targetRepresentation = (fd: Field): string | undefined => {
  if (fd.optionText) return fd.optionText;
  if (fd.type === 'dictionary' || fd.type === 'dictionaryList') return 'gname';
  return (fd.target && findSchema(fd.target)?.recordRepresentation) ?? undefined;
};

/**
 * The pick-list filter of a reference: the target entity's `pickListFilter` (WID-27), the
 * dictionary type, and the field's own `filter`.
 */
export const referenceFilter = (fd: Field): FilterSpec => ({
  ...(fd.target ? findSchema(fd.target)?.pickListFilter : undefined),
  ...(fd.dictionary ? { 'type.code': dictionaryCode(fd.dictionary) } : {}),
  ...fd.filter,
});

const SYSTEM = new Set<string>(SYSTEM_FIELDS);

/** Whether a form may edit the field: not system, read-only, or a read-only child list. */
export const isEditable = (name: string, fd: Field): boolean =>
  !SYSTEM.has(name) && !fd.readOnly && !(fd.type === 'children' && !fd.nestedWrite);

/** The fields a form edits, in declaration order, minus `exclude` (a child form's `via`). */
export const editableFields = (schema: EntitySchema, exclude: string[] = []): Array<[string, Field]> =>
  Object.entries(schema.fields).filter(([name, fd]) => isEditable(name, fd) && !exclude.includes(name));

/** Whether a show view displays the field (write-only secrets never). */
export const isShown = (fd: Field): boolean => !fd.writeOnly && fd.type !== 'password';

/** Create defaults from the schema's `default`s (functions are called). */
export const createDefaults = (schema: EntitySchema): WireRecord => {
  const out: WireRecord = {};
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (fd.default === undefined || !isEditable(name, fd)) continue;
    out[name] = typeof fd.default === 'function' ? (fd.default as () => unknown)() : fd.default;
  }
  return out;
};

/**
 * The record as a form holds it: to-many references as id arrays (what `ReferenceArrayInput`
 * reads); the payload rules turn them back into `[{ id }]` (schemas/payload.ts).
 */
export const toFormRecord = (schema: EntitySchema, record: WireRecord): WireRecord => {
  const out: WireRecord = { ...record };
  for (const [name, fd] of Object.entries(schema.fields)) {
    const value = record[name];
    if ((fd.type === 'refList' || fd.type === 'dictionaryList') && Array.isArray(value)) {
      out[name] = value.map((v) => (v && typeof v === 'object' ? (v as { id: unknown }).id : v));
    } else if (fd.type === 'children' && fd.target && Array.isArray(value)) {
      const child = findSchema(fd.target);
      if (child) out[name] = value.map((v) => toFormRecord(child, v as WireRecord));
    }
  }
  return out;
};

/** The form path a field registers (`country.id` for a nested reference) - for validation triggers. */
export const formPath = (name: string, fd: Field): string =>
  fd.type === 'ref' || fd.type === 'dictionary' ? `${name}.id` : name;

/**
 * The child schema of a card tab that has child forms (`/<route>/:id/<tab>/create`, `.../:childId/edit`
 * and the child's card), else undefined: a related tab whose collection is registered and whose
 * `via` starts with an editable to-one reference of the child - the parent itself (`client`,
 * preselected) or a record leading to it (`contact` of `contact.client`, its choices narrowed to
 * the parent's), or a direct list of references (an invoice's `matterList`, the parent its only entry).
 */
export const childFormSchema = (tab: ShowTab): EntitySchema | undefined => {
  if (!tab.related) return undefined;
  const child = findSchema(tab.related.collection);
  const [head, ...rest] = tab.related.via.split('.');
  const fd = child?.fields[head!];
  // a list of references is the parent's only as a direct `via` (a matter's invoices, `matterList`)
  const direct = rest.length === 0 && fd?.type === 'refList';
  if (!fd || !(fd.type === 'ref' || fd.type === 'refId' || direct)) return undefined;
  // the parent is preselected, a path's first reference picked in the form; a read-only reference
  // (a time's invoice, set by the invoice) cannot be written, so that tab only lists
  return isEditable(head!, fd) || (rest.length === 0 && !fd.readOnly) ? child : undefined;
};
