import type { AccessCondition, AccessRule, ComputedField, RowModule } from './accessRule';
import type { Language } from './languages';
export { rule, type AccessCondition, type AccessRule, type ComputedField, type RowModule } from './accessRule';

/**
 * The entity DSL: one declaration per entity, from which the database table, the server's
 * validation and Spring-Data-REST routes, the OpenAPI document, the data provider's payload
 * rules and the react-admin Resource are all derived (docs/architecture.md).
 *
 * This module is isomorphic: it imports neither React nor Node APIs.
 *
 * Units on the wire (docs/api.md):
 * - `percent` is a fraction (0.21) on the wire and in the database, shown x100 (CONST-06);
 * - `money` is `numeric(19,4)`; decimal strings are accepted, numbers are returned;
 * - `durationMs` is an integer number of milliseconds;
 * - `date` is `YYYY-MM-DD`, `month` is the first day of a month (`YYYY-MM-DD`), `dateTime` ISO 8601.
 *
 * @example
 * // schemas/crm/currencies.ts - a whole entity in one file
 * export const currencies = defineEntity({
 *   name: 'currencies',
 *   entityName: 'Currency',
 *   label: 'Currencies',
 *   area: 'administration',
 *   access: { read: 'signedIn', write: 'admin' },
 *   fields: {
 *     code: f.text({ required: true, maxLength: 3, unique: true }),
 *     gname: f.text({ required: true, label: 'Name' }),
 *     lname: f.text({ label: 'Local name' }),
 *   },
 *   search: ['code', 'gname'],
 *   list: { columns: ['code', 'gname', 'lname'] },
 * });
 */

import type * as MuiIcons from '@mui/icons-material';
import type { Module } from './modules';
import type { Money as Decimal } from './money';

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/** Every field type the DSL knows. */
export type FieldType =
  | 'text'
  | 'longText'
  | 'number'
  | 'money'
  | 'percent'
  | 'boolean'
  | 'date'
  | 'month'
  | 'dateTime'
  | 'durationMs'
  | 'email'
  | 'phone'
  | 'url'
  | 'password'
  | 'enum'
  | 'ref'
  | 'refId'
  | 'refList'
  | 'dictionary'
  | 'dictionaryList'
  | 'embedded'
  | 'embeddedList'
  | 'children'
  | 'file'
  | 'files'
  | 'translated';

/**
 * How a field type is stored and written, the structural facts the rest of the code branches on
 * (an exhaustive table: a new type cannot be added without saying which it is). The behaviour of
 * each type (parsing, output, filters, JSON Schema, samples) lives in `schemas/fieldTypes/`.
 * - `scalar`: one column of the entity's table holding the value itself;
 * - `toOne`: a foreign-key column, written `{ id }` (or an SDR URI), read as an object;
 * - `flatId`: a foreign-key column written and read as a bare id (`projectId`);
 * - `links`: a join table (or the inverse of `via`), written `[{ id }]`;
 * - `children`: owned rows of another table that point back at this row;
 * - `embedded`: a value object (or a list of them) in one `jsonb` column.
 */
export type FieldShape = 'scalar' | 'toOne' | 'flatId' | 'links' | 'children' | 'embedded';

/** The {@link FieldShape} of every field type. */
export const FIELD_SHAPES: Record<FieldType, FieldShape> = {
  text: 'scalar',
  longText: 'scalar',
  number: 'scalar',
  money: 'scalar',
  percent: 'scalar',
  boolean: 'scalar',
  date: 'scalar',
  month: 'scalar',
  dateTime: 'scalar',
  durationMs: 'scalar',
  email: 'scalar',
  phone: 'scalar',
  url: 'scalar',
  password: 'scalar',
  enum: 'scalar',
  ref: 'toOne',
  refId: 'flatId',
  refList: 'links',
  dictionary: 'toOne',
  dictionaryList: 'links',
  embedded: 'embedded',
  embeddedList: 'embedded',
  children: 'children',
  file: 'toOne',
  files: 'links',
  translated: 'embedded',
};

/** The collection that holds uploaded files: `file` and `files` fields refer to its rows. */
export const STORED_FILES = 'storedFiles';

/** A plain object as the SPA holds it in a form or the server receives it (wire units). */
export type WireRecord = Record<string, unknown>;

/**
 * A filter in the contract's grammar (docs/api.md "Filters"): keys are filter parameters
 * (`client.id`, `type.code.in`, `parent.id.isNull`), values are scalars or arrays.
 * Used for reference filters, pick-list filters and preset resources.
 */
export type FilterSpec = Record<string, string | number | boolean | null | Array<string | number>>;

/** Payload rules the SPA applies before sending (spec §5, docs/decisions.md H4). */
export interface PayloadRules {
  /** Send the field only when this holds for the whole record; otherwise it is omitted (CLI-03). */
  sendWhen?: (record: WireRecord) => boolean;
  /** When this holds, send `value` instead of the entered value (CLI-05: vatPercent 0 when VAT is off). */
  valueWhen?: { when: (record: WireRecord) => boolean; value: unknown };
  /** Omit the field when it is empty (`undefined`, `null`, `''`, or a reference without id) (CLI-06). */
  omitWhenEmpty?: boolean;
  /** Send `null` when the field is empty (`''`, or an object without id) (CLI-14, EXP-05). */
  nullWhenEmpty?: boolean;
}

/** Options shared by every field type. */
export interface BaseFieldOptions extends PayloadRules {
  /** Human label; defaults to the field name split into words. */
  label?: string;
  /** Must be present and non-blank on create and full update (400 `must not be blank`). */
  required?: boolean;
  /** Computed by the server: never accepted from a client, always returned. */
  readOnly?: boolean;
  /** Accepted from a client, never returned (passwords). */
  writeOnly?: boolean;
  /** Default in wire units, applied by the server on create and by the SPA's create forms. */
  default?: unknown | (() => unknown);
  /** Database column name when the wire name is an SQL reserved word (H10: `order`, `to`, `from`). */
  column?: string;
  /** Unique: `true` for the whole table, or the names of fields that scope it (409 on conflict). */
  unique?: boolean | string[];
  /** Build a database index on this column (references are always indexed). */
  index?: boolean;
  /** Short help text shown under the input. */
  help?: string;
  /** Date normalisation applied by the server on save (H6; EMP-16 `dateLte` -> end of month). */
  normalize?: 'monthStart' | 'monthEnd';
  /**
   * A valid value in wire units that the generated tests send for this field (the API tests'
   * sample payloads, the fuzzer's valid requests: `sampleValue` in `schemas/fieldTypes/index.ts`)
   * instead of the type's own sample, for a value a hook checks beyond its type. Every sample is
   * then the same value, so not for a unique field.
   * @example filter: f.longText({ maxLength: 4000, example: '{"search":"Aral"}' }) // a hook parses it as JSON
   */
  example?: unknown;
}

export interface TextOptions extends BaseFieldOptions {
  minLength?: number;
  /** Characters. `longText` defaults to 1000 (WID-40), `text` to 255. */
  maxLength?: number;
  /**
   * `longText` only: the value is rich text (HTML). The server keeps a safe subset of it on every
   * write (`server/rest/html.ts`: formatting, lists, links, tables, images; no scripts, styles,
   * event handlers or `javascript:` URLs) and stores what is left, so a stored value is always
   * safe to render; the length limit applies to the value as sent.
   * @example body: f.longText({ html: true, maxLength: 20000 })
   */
  html?: boolean;
  /** A regular expression source the value must match. */
  pattern?: string;
}

export interface NumberOptions extends BaseFieldOptions {
  min?: number;
  max?: number;
  /** Integer only (`bigint`/`integer` column). */
  integer?: boolean;
  /**
   * `number` only: a fixed-point decimal in `numeric(19, scale)`: at most `19 - scale` digits
   * before the point, sent values rounded half-up to `scale` places, answered exactly (a JSON
   * number with every digit, like money). Without it a non-integer number is an unconstrained
   * `numeric` read back as a JavaScript number.
   * @example rateToUsd: f.number({ scale: 8, min: 0 }) // 0.00208333 KZT per USD, exact
   */
  scale?: number;
}

export interface RefOptions extends BaseFieldOptions {
  /** Fixed filter for the pick list, in the contract grammar (e.g. `{ 'type.code': 7 }`). */
  filter?: FilterSpec;
  /** Database foreign-key behaviour when the target row is deleted. Default `restrict` (409). */
  onDelete?: 'restrict' | 'cascade' | 'setNull';
  /** The target's field used as the option text; defaults to the target's `recordRepresentation`. */
  optionText?: string;
}

export interface RefListOptions extends BaseFieldOptions {
  /**
   * Inverse list (H8): the list is the set of rows of the target whose reference named `via`
   * points at this row (`invoices.timeList` = times with `invoice = this`). Without `via` a join
   * table `<table>_<field>` holds the association.
   */
  via?: string;
  filter?: FilterSpec;
}

export interface ChildrenOptions extends BaseFieldOptions {
  /** The child's reference field that points at the parent (e.g. `client` on contacts). */
  via: string;
  /** Written nested in the parent's payload (the client wizard's contactList); else read-only. */
  nestedWrite?: boolean;
}

export interface EmbeddedOptions extends BaseFieldOptions {
  /** Stored as one `jsonb` column (default) - value objects without identity (H13). */
  storage?: 'jsonb';
}

/**
 * `translated` only: text kept per language (`{ "en": "News", "ru": "Новости" }` in one `jsonb`
 * column), shown, filtered and sorted in the reader's language, falling back to `fallback`.
 * `maxLength` bounds each language's text (default 255, 1000 when `multiline`); `required` asks
 * for the fallback language's text.
 * @example title: f.translated({ required: true, maxLength: 300 })
 */
export interface TranslatedOptions extends TextOptions {
  /** Several lines per language (a text area rather than a line). */
  multiline?: boolean;
  /** The language shown when the reader's has no text (default `FALLBACK_LANGUAGE`, English). */
  fallback?: Language;
}

export interface Field<T extends FieldType = FieldType> extends TranslatedOptions, NumberOptions {
  type: T;
  /** `ref`, `refId`, `refList`, `children`: target collection name. */
  target?: string;
  /** `dictionary`, `dictionaryList`: the dictionary type name (schemas/dictionaries.ts). */
  dictionary?: string;
  /** `enum`: the allowed values. */
  values?: readonly string[];
  /** `embedded`, `embeddedList`: the value object's fields. */
  fields?: Record<string, Field>;
  /** `ref`/`refList`/`dictionary`: fixed pick-list filter. */
  filter?: FilterSpec;
  onDelete?: 'restrict' | 'cascade' | 'setNull';
  optionText?: string;
  via?: string;
  nestedWrite?: boolean;
}

/** A field whose `type` is one of `T`. */
export type FieldOf<T extends FieldType> = Field<T>;

const field =
  <T extends FieldType, O extends BaseFieldOptions>(type: T) =>
  (options: O = {} as O): Field<T> =>
    ({ ...options, type }) as Field<T>;

/**
 * Field builders. Each returns a plain {@link Field} object.
 *
 * @example
 * fields: {
 *   gname: f.text({ required: true, label: 'Name' }),
 *   vatPercent: f.percent({ valueWhen: { when: (r) => !r.vatEnabled, value: 0 } }),
 *   country: f.dictionary('COUNTRY'),
 *   sector: f.ref('departments', { filter: { 'type.code': 7 } }),
 *   account: f.embedded({ bic: f.text(), inn: f.text() }),
 *   contactList: f.children('contacts', { via: 'client', nestedWrite: true }),
 * }
 */
export const f = {
  text: field<'text', TextOptions>('text'),
  /** Text per language with a fallback language (`TranslatedOptions`); wire `{ "en": "...", "ru": "..." }`. */
  translated: field<'translated', TranslatedOptions>('translated'),
  /** Multi-line text; maxLength defaults to 1000 (WID-40). */
  longText: field<'longText', TextOptions>('longText'),
  number: field<'number', NumberOptions>('number'),
  /** `numeric(19,4)`; decimal strings accepted, numbers returned. */
  money: field<'money', NumberOptions>('money'),
  /** A fraction on the wire and in the database (0.21), shown as 21 (CONST-06). */
  percent: field<'percent', NumberOptions>('percent'),
  boolean: field<'boolean', BaseFieldOptions>('boolean'),
  /** `YYYY-MM-DD`. */
  date: field<'date', BaseFieldOptions>('date'),
  /** First day of a month, `YYYY-MM-DD`; `YYYY-MM` accepted in filters. */
  month: field<'month', BaseFieldOptions>('month'),
  /** ISO 8601 with zone. */
  dateTime: field<'dateTime', BaseFieldOptions>('dateTime'),
  /** Integer milliseconds (spec: duration default 900000). */
  durationMs: field<'durationMs', NumberOptions>('durationMs'),
  email: field<'email', TextOptions>('email'),
  /** A phone number; empty is sent as `null` (CONST-07). */
  phone: (options: TextOptions = {}): Field<'phone'> => ({ nullWhenEmpty: true, ...options, type: 'phone' }),
  url: field<'url', TextOptions>('url'),
  /** Write-only secret, stored as a bcrypt hash by the server, never returned. */
  password: (options: TextOptions = {}): Field<'password'> => ({ writeOnly: true, ...options, type: 'password' }),
  enum: (values: readonly string[], options: BaseFieldOptions = {}): Field<'enum'> => ({
    ...options,
    type: 'enum',
    values,
  }),
  /** To-one reference written nested: `{ "client": { "id": 5 } }`. */
  ref: (target: string, options: RefOptions = {}): Field<'ref'> => ({ ...options, type: 'ref', target }),
  /** To-one reference written flat (H2): `{ "projectId": 5 }`. */
  refId: (target: string, options: RefOptions = {}): Field<'refId'> => ({ ...options, type: 'refId', target }),
  /** To-many association, wire `[{ id }]`; a join table, or the inverse of `via` (H8). */
  refList: (target: string, options: RefListOptions = {}): Field<'refList'> => ({
    ...options,
    type: 'refList',
    target,
  }),
  /** An entry of `baseDictionaries` of the given dictionary type; wire `{ id, code, gname, lname }`. */
  dictionary: (dictionary: string, options: RefOptions = {}): Field<'dictionary'> => ({
    ...options,
    type: 'dictionary',
    dictionary,
    target: 'baseDictionaries',
  }),
  /** Several entries of one dictionary type (join table). */
  dictionaryList: (dictionary: string, options: BaseFieldOptions = {}): Field<'dictionaryList'> => ({
    ...options,
    type: 'dictionaryList',
    dictionary,
    target: 'baseDictionaries',
  }),
  /** A value object stored in one `jsonb` column (the client's bank account, H13). */
  embedded: (fields: Record<string, Field>, options: EmbeddedOptions = {}): Field<'embedded'> => ({
    ...options,
    type: 'embedded',
    fields,
  }),
  embeddedList: (fields: Record<string, Field>, options: EmbeddedOptions = {}): Field<'embeddedList'> => ({
    ...options,
    type: 'embeddedList',
    fields,
  }),
  /** Owned child rows of `target`, whose reference `via` points at this row (cascade delete). */
  children: (target: string, options: ChildrenOptions): Field<'children'> => ({ ...options, type: 'children', target }),
  /**
   * One uploaded file: a reference to `storedFiles`, written `{ "id": 7 }` (or `null`), read as
   * `{ id, name, contentType, size }` (size in bytes).
   */
  file: (options: RefOptions = {}): Field<'file'> => ({ ...options, type: 'file', target: STORED_FILES }),
  /** Several uploaded files (join table), written `[{ "id": 7 }]`, read as a list of `{ id, name, contentType, size }`. */
  files: (options: BaseFieldOptions = {}): Field<'files'> => ({ ...options, type: 'files', target: STORED_FILES }),
};

// ---------------------------------------------------------------------------------------------
// Name lists, typed from the entity's own fields
// ---------------------------------------------------------------------------------------------

/** The columns every row has, by their wire names. */
export type SystemField = 'id' | 'createdDate' | 'lastModifiedDate' | 'createdBy' | 'lastModifiedBy';

/** Field types whose value points at other records: they can be embedded and followed by a path. */
type LinkType = 'ref' | 'refId' | 'refList' | 'dictionary' | 'dictionaryList' | 'children' | 'file' | 'files';

/**
 * A name of the entity's own fields or of the system fields (`gname`, `lastModifiedDate`); any
 * string for a schema whose fields are not known (`EntitySchema` without a parameter), so a
 * declared entity is assignable to it.
 */
export type FieldName<F> = string extends keyof F ? string : (keyof F & string) | SystemField;

/**
 * The names a list, a card, a sort or a projection may use: the entity's fields plus its computed
 * fields (`votes`), which read like fields (a computed field is never written, so forms, search and
 * indexes take only {@link FieldName}s of `F`).
 */
export type Readable<F, C extends string> = F & { [K in C]: Field<'number'> };

/** The entity's fields that point at other records (what `embed` may name). */
export type LinkName<F> = string extends keyof F
  ? string
  : { [K in keyof F & string]: F[K] extends { type: LinkType } ? K : never }[keyof F & string];

/**
 * A field name, or a dotted path through a reference or into an embedded value object
 * (`type.code`, `employee.gfirstName`, `account.bic`). The part after the dot is checked when the
 * registry loads (`schemas/check.ts`), since a reference's target is only known by name here.
 */
export type FieldPath<F> =
  | FieldName<F>
  | `${LinkName<F> | { [K in keyof F & string]: F[K] extends { type: 'embedded' | 'embeddedList' } ? K : never }[keyof F & string]}.${string}`;

/** The name of an `@mui/icons-material` export (`Domain`, `People`); a type only, nothing is bundled. */
export type IconName = keyof typeof MuiIcons;

// ---------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------

/** The four privilege flags of a module (PERM-08). */
export type Action = 'view' | 'create' | 'update' | 'delete';

/**
 * Who may do what. `module` means "the user's privilege on the entity's module";
 * `signedIn` any signed-in user; `admin` ADMIN or SUPER_ADMIN only (PERM-02).
 */
export type AccessLevel = 'module' | 'signedIn' | 'admin';

/** A position of the signed-in user's employee, as access rules read it (the positions table). */
export interface AccessPosition {
  id: number;
  departmentId: number | null;
  officeId: number | null;
  /** `YYYY-MM-DD`, or null when open. */
  dateGte: string | null;
  dateLte: string | null;
}

/** The part of the signed-in user that access rules read (AUTH-15 shape). */
export interface AccessSubject {
  roles: string[];
  employeeId: number | null;
  employeeOfficeId: number | null;
  /** Every position of the user's employee (past, current and future); empty without an employee. */
  positions: AccessPosition[];
  /**
   * The user name, as the server writes it into `createdBy` and `lastModifiedBy`; absent where
   * no signed-in user is at hand (a rule comparing with it then holds for no row).
   */
  username?: string;
}

// ---------------------------------------------------------------------------------------------
// Projections, list, form
// ---------------------------------------------------------------------------------------------

/**
 * A named projection (Spring Data REST). `fields` lists the entity's own fields returned
 * (default: every readable non-list field); `embed` lists references returned as objects with
 * the named fields of the target (or the target's projection name). References not embedded are
 * returned as `{ id }`.
 *
 * @example
 * projections: {
 *   clientList: { fields: ['gname', 'country', 'underSanctions'], embed: { country: ['gname', 'code'] } },
 *   full: { embed: { country: ['gname'], businessForm: ['gname', 'code'], contactList: 'full' } },
 * }
 */
export interface Projection<N extends string = string, L extends string = string> {
  /** Own field names (`N`: the entity's field names). */
  fields?: N[];
  /** Reference field (`L`: the entity's references) -> the target's field names, or one of its projections. */
  embed?: Partial<Record<L, string[] | string>>;
}

/** A list filter shown in the list's filter bar. */
export interface ListFilter<N extends string = string> {
  /** The filter parameter (`country.id`, `gname.like`, `status.code`). */
  source: string;
  /** The field it filters on, to choose the input; defaults to the first path segment. */
  field?: N;
  label?: string;
  /** Always shown (react-admin `alwaysOn`). */
  alwaysOn?: boolean;
  /**
   * The input to show when the parameter is not a field of the entity (a `queryFilters` entry
   * over related rows): its type chooses the widget, as a field's would.
   * @example
   * // employees?title.id=5: the employees whose current title is 5, picked from the job titles
   * { source: 'title.id', label: 'Title', input: f.ref('titles') }
   */
  input?: Field;
}

export interface ListHints<N extends string = string, P extends string = string> {
  /** Column field names, in order (dotted paths allowed for embedded values: `type.code`). */
  columns?: P[];
  filters?: ListFilter<N>[];
  /**
   * Filters applied unless the user changes them (MAT-07 `status.code.ne=3`); a function is called
   * each time a list opens, for values that move (a date range ending today). Read it with
   * {@link listDefaultFilter}.
   * @example
   * defaultFilter: { 'status.code.ne': 3 },
   * defaultFilter: () => ({ 'date.gte': '1970-01-01', 'date.lte': new Date().toISOString().slice(0, 10) }),
   */
  defaultFilter?: FilterSpec | (() => FilterSpec);
  /** The projection the list asks for (CLI-07: `clientList`). */
  projection?: string;
  /** Page-size options (CONST-01); default `[20, 50, 100]`. */
  perPageOptions?: number[];
  /** Click on a row: `show` (default) or `edit`. */
  rowClick?: 'show' | 'edit';
  /**
   * Columns a user who may update the record edits in the cell (Enter or F2 opens the editor,
   * Enter saves a PATCH of that field alone with the row's version, Escape cancels). Each must be
   * a list column and a writable field of a type in {@link INLINE_EDIT_TYPES}; `defineEntity`
   * refuses anything else.
   * @example inlineEdit: ['gname', 'date', 'billable'],
   */
  inlineEdit?: N[];
}

/** A group of fields in a form: a section, a tab or a wizard step. */
export interface FormGroup<N extends string = string> {
  /** URL-safe name (the spec's step names: `client-info`, `contact-info`). */
  name: string;
  label: string;
  fields: N[];
}

export interface FormHints<N extends string = string> {
  layout?: 'simple' | 'sections' | 'tabs' | 'wizard';
  groups?: FormGroup<N>[];
}

/** A tab of the show view (card): the entity's own fields, or a child collection's list. */
export interface ShowTab<N extends string = string> {
  name: string;
  label: string;
  /** Own fields shown on this tab. */
  fields?: N[];
  /**
   * A related collection listed on this tab, filtered by `via` = this record's id (`via` is a
   * reference of the collection to this entity, or a path of references ending at it, such as
   * `contact.client`: the child forms of such a tab narrow the path's first reference to this
   * record's, where a direct `via` is preselected), and by `filter`
   * (the child list's fixed filter in the wire's dotted keys, e.g. `{ 'workType.code.ne': 1 }`).
   * The collection, `via`, columns, projection and filter keys are checked when the registry
   * loads. `optional: true` lets the tab name a collection of an area not built yet: while that
   * collection is not registered the tab is left out of the card (and not checked); once it is,
   * everything is checked as usual.
   *
   * @example
   * { name: 'tasks', label: 'Tasks', module: 'TIME',
   *   related: { collection: 'times', via: 'client', filter: { 'workType.code.ne': 1 } } }
   * { name: 'invoices', label: 'Invoices', related: { collection: 'invoices', via: 'payerClient', optional: true } }
   */
  related?: {
    collection: string;
    via: string;
    columns?: string[];
    projection?: string;
    /**
     * Filters always applied to the listed rows, in the list grammar (checked at load like a
     * preset's): the lead card's tasks are its times that are not time entries.
     * @example filter: { 'workType.code.ne': 1 }
     */
    filter?: FilterSpec;
    /**
     * The collection belongs to an area that may not be built yet: while it is not registered the
     * tab is left out (card, routes) instead of failing the registry check.
     * @example { name: 'invoices', label: 'Invoices', module: 'invoice', related: { collection: 'invoices', via: 'project', optional: true } }
     */
    optional?: boolean;
  };
  /**
   * Module whose view privilege the tab needs (NAV-37..44), on top of listing a related tab's
   * collection: the tasks tab lists `times` and needs `TIME`.
   */
  module?: Module;
}

// ---------------------------------------------------------------------------------------------
// Entity
// ---------------------------------------------------------------------------------------------

/** The service an entity is served from (H11). `core` = `/core/api`, `auth` = `/auth/api/v2`. */
export type ApiBase = 'core' | 'auth' | 'rating' | 'analytics';

/**
 * The transaction handle a hook receives: the same `query` as the server's database handle
 * (`$1`-numbered parameters, rows back), bound to the write's transaction.
 */
export interface HookTx {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

// ---------------------------------------------------------------------------------------------
// Writes: hooks, actions, history
// ---------------------------------------------------------------------------------------------

/** The signed-in user as hooks and actions see it. */
export type HookUser = AccessSubject & { username: string };

/** What a write does to one record: `create` (POST), `put`, `patch`, or `delete`. */
export type WriteKind = 'create' | 'put' | 'patch' | 'delete';

/** What every hook is told: the write's transaction, the schema, the user and the kind of write. */
export interface HookBase {
  /** The write's transaction: statements run here commit or roll back with the write. */
  tx: HookTx;
  /** The schema written. */
  schema: EntitySchema;
  /** The signed-in user who made the write. */
  user: HookUser;
  /** The kind of write. */
  mode: WriteKind;
  /**
   * A write by the hook to record `id` of `collection` (any collection), as
   * {@link ActionContext.write}: PATCH semantics, read-only fields writable, validated (400), the
   * version moved and a history entry recorded as the signed-in user's, in the write's transaction.
   * No access check is made: the hook decides. For a document kept in step with its rows (a
   * payment moves its invoice's `paid` flag).
   * @example
   * afterChange: async ({ tx, id, write }) => {
   *   const [row] = await tx.query<{ invoice_id: number }>('SELECT invoice_id FROM payment_histories WHERE id = $1', [id]);
   *   if (row) await write('invoices', row.invoice_id, { paid: true });
   * },
   * @throws 404 for a missing record; 400 `Validation failed` for values the fields refuse
   */
  write(collection: string, id: number, values: WireRecord): Promise<void>;
}

/** What `afterChange` and `afterDelete` are told about the write they follow. */
export interface HookContext extends HookBase {
  /** The id of the record created, updated or deleted. */
  id: number;
  /**
   * `afterChange` only: the body as validated (after `beforeValidate`), so a hook can write what
   * the spine leaves to the other side, such as an inverse list (`refList` with `via`), which
   * the generic write ignores.
   * @example
   * // link the picked times to the invoice created (invoices.timeList is `via: 'invoice'`)
   * afterChange: async ({ tx, id, body }) => {
   *   const ids = (body?.timeList as Array<{ id: number }> | undefined)?.map((t) => t.id) ?? [];
   *   await tx.query('UPDATE times SET invoice_id = $1 WHERE id = ANY($2)', [id, ids]);
   * },
   */
  body?: WireRecord;
}

/** What `beforeValidate` sees: the raw body (a JSON object) before any validation. */
export interface BeforeValidateContext extends HookBase {
  /** The record updated; undefined for a create. */
  id?: number;
  /** The request body as sent; the hook may change it in place or return a replacement. */
  body: WireRecord;
  /** The record as stored before the write (own fields, references as `{ id }`); undefined for a create. */
  stored?: WireRecord;
}

/** What `beforeChange` sees: the validated write and the stored record. */
export interface BeforeChangeContext extends HookBase {
  /** The record updated; undefined for a create. */
  id?: number;
  /**
   * The validated values of the own fields the write sets, in wire units (references as
   * `{ id }`, PUT's omitted fields as null, defaults filled). Read-only: adjust by returning
   * an object.
   */
  data: Readonly<WireRecord>;
  /** The record as stored before the write; undefined for a create. */
  stored?: WireRecord;
}

/**
 * Code run by the generic service inside the write's transaction, in this order:
 * `beforeValidate` (the raw body) -> validation -> `beforeChange` (the validated write and the
 * stored row) -> the row, its links and nested children are written (and the history entry)
 * -> `afterChange` / `afterDelete` -> commit.
 *
 * A hook that throws rolls the whole write back (row, links, children, history). An error
 * carrying a 4xx `statusCode` (the server's `HttpError`, or any `Error` with that property) is
 * answered with that status and `{ "message": error.message }`, plus its `errors` array
 * (`[{ entity, property, invalidValue, message }]`) on a 400, so a hook's refusal lands on a form
 * field like a validation error; anything else is a 500.
 *
 * The registry's entities declare their hooks in their server room (`defineServer` in
 * `server/<area>/`, a list per moment); a schema object's own `hooks` serve entities a test
 * builds, and run before the room's.
 */
export interface EntityHooks {
  /**
   * Before validation of a create, PUT or PATCH: sees the raw JSON body and may change it in
   * place or return a replacement object (validated as if the client had sent it).
   * @example
   * // the author of an idea is the signed-in employee, whatever the body says
   * beforeValidate: async ({ body, user, mode }) => {
   *   if (mode === 'create') body.author = user.employeeId === null ? null : { id: user.employeeId };
   * },
   */
  beforeValidate?: (ctx: BeforeValidateContext) => Promise<WireRecord | void>;
  /**
   * After validation, before anything is written: sees the validated values and the stored
   * record; throws to refuse, or returns an object of fields to set as well (validated like a
   * PATCH body and merged into the write; unlike a client's body it may set `readOnly` fields,
   * such as the author of an idea). Before a delete it runs too, with `mode: 'delete'`, empty
   * `data` and the stored record: it may refuse the delete (what it returns is ignored).
   * @example
   * // a closed matter keeps its number
   * beforeChange: async ({ data, stored }) => {
   *   if (stored?.closed && 'number' in data && data.number !== stored.number)
   *     throw Object.assign(new Error('A closed matter keeps its number'), { statusCode: 409 });
   *   return { lastReviewed: new Date().toISOString().slice(0, 10) };
   * },
   */
  beforeChange?: (ctx: BeforeChangeContext) => Promise<WireRecord | void>;
  /**
   * After a create or an update (PUT or PATCH) of one record, with its links and children written.
   * @example
   * // refuse to leave a role without privileges
   * afterChange: async ({ tx, id }) => {
   *   const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM privileges WHERE role_id = $1', [id]);
   *   if (row?.n === 0) throw Object.assign(new Error('A role needs at least one privilege'), { statusCode: 409 });
   * },
   */
  afterChange?: (ctx: HookContext) => Promise<void>;
  /**
   * After the delete of one record (its row is gone inside `tx`).
   * @example
   * afterDelete: async ({ tx, id }) => {
   *   await tx.query('DELETE FROM idea_votes WHERE idea_id = $1', [id]);
   * },
   */
  afterDelete?: (ctx: HookContext) => Promise<void>;
  /**
   * After the write's transaction committed (create, update or delete): work that must only
   * happen once the write is durable, such as handing a queued e-mail to the mail server. It
   * cannot refuse or change the write; what it throws is caught and ignored by the write, so
   * the hook reports its own failures (the outbox records them on the message).
   * `ctx` carries the schema, the user, the kind of write and the id; there is no transaction.
   * @example
   * // deliver the outbox rows this write queued, now that they are committed
   * afterCommit: async () => {
   *   void deliverOutbox();
   * },
   */
  afterCommit?: (ctx: Omit<HookContext, 'tx' | 'write'>) => Promise<void>;
}

/**
 * The HTTP methods an action answers. A `GET` action reads: its input comes from the query string
 * (`?currencyCode=USD&payerOfficeId=3`, each declared input field parsed by its type), the other
 * parameters are the list's filters ({@link ActionListRows}), and it takes no lock on the record.
 */
export type ActionMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The collection's list as an action reads it, in the action's transaction and for the signed-in
 * user - the same filters, search and access rule as `GET <collection>?<query>`.
 */
export interface ActionListRows {
  /**
   * Sums and counts over all the rows the request's own query string selects (not one page), in
   * one SQL statement: a sum over a number, money or duration path (0 over no rows), or a count;
   * a sum of money is an exact `Decimal` (the reply writes it as a JSON number with every digit),
   * every other output a number.
   * @example
   * // GET /core/api/times/totalDuration?matter.id=5&workType.code=1 -> { "durationTotal": 5400000 }
   * handler: async ({ list }) => list.aggregate({ durationTotal: { sum: 'duration' } }),
   * @throws 400 (`{ message }`) for an unknown filter or a path that is not numeric
   */
  aggregate(spec: Record<string, { sum: string } | { count: true }>): Promise<Record<string, number | Decimal>>;
  /**
   * A page of the list for the given parameters (`size`, `sort`, `projection`, filters), items in
   * wire form. 400 for a bad parameter, as the list answers.
   * @example
   * handler: async ({ list }) => list.page({ size: '10', projection: 'matterList' })
   */
  page(query: Record<string, string>): Promise<{ items: WireRecord[]; totalElements: number }>;
}

/** What an action's handler receives. */
export interface ActionContext {
  /** The action's transaction: an error thrown by the handler rolls back everything it wrote. */
  tx: HookTx;
  schema: EntitySchema;
  user: HookUser;
  /** The method called (an action may answer several: POST votes, DELETE takes the vote back). */
  method: ActionMethod;
  /** The record of an `item` action; undefined for a `collection` action. */
  id?: number;
  /** The record as stored (own fields, references as `{ id }`), locked for the transaction; `item` only. */
  row?: WireRecord;
  /** The validated input: field name -> value (numbers, strings, booleans, ISO dates, reference ids). */
  input: WireRecord;
  /**
   * The record `id` of the action's collection as `GET <collection>/{id}` answers it to the user
   * (default projection, computed fields included); a 404 when it is missing or the user may not
   * read it. `lock: true` takes the row's lock (`FOR UPDATE`) first, so what is read is the latest
   * committed state and stays so until the action commits: concurrent actions on one record run
   * one after the other, and the second sees what the first did.
   * @example
   * const chain = await read(input.verificationChainId as number, { lock: true });
   * @throws 404 `{ message }` for a missing or hidden record
   */
  read(id: number, options?: { lock?: boolean }): Promise<WireRecord>;
  /**
   * A write by the action itself to record `id` of `collection` (any collection): PATCH semantics
   * (only the given fields; read-only fields may be set), validated like a body (400), the version
   * moved and a history entry recorded with the signed-in user as author, in the action's
   * transaction. No access check is made: the action's own checks decided.
   * @example
   * await write('verificationApprovers', stepId, { decision: { id: approvedId }, comment, decisionDate: new Date().toISOString() });
   * @throws 404 for a missing record; 400 `Validation failed` for values the fields refuse
   */
  write(collection: string, id: number, values: WireRecord): Promise<void>;
  /**
   * Starts the approval chain of record `id` of the action's collection (`verification`, usually
   * with `startOn: 'action'`): the approvers are asked with the stored record, the chain and its
   * pending steps are inserted and the chain's id is written into the record's chain field, all
   * with history, in the action's transaction. Returns the new chain's id. A record that already
   * has a chain gets a new one (the handler decides whether that is allowed).
   * @example
   * handler: async ({ id, startVerification }) => ({ verificationChainId: await startVerification(id!) })
   * @throws 404 for a missing record; Error when the entity declares no `verification`
   */
  startVerification(id: number): Promise<number>;
  /** The request's query string, parameter -> value (repeated parameters as arrays). */
  query: Record<string, string | string[] | undefined>;
  /** The collection's list for this user: totals over the request's filters, or a page ({@link ActionListRows}). */
  list: ActionListRows;
}

/**
 * A named operation on a collection or one of its records, beyond create/update/delete:
 * `item` actions answer `POST <collection>/{id}/<name>`, `collection` actions
 * `POST <collection>/<name>` (or the `methods` listed). The server checks, in this order: the
 * signed-in user (401), `access.privilege` on the entity (403), the record exists and is
 * readable (404), `access.allow` (403), the input against `input` (400 `Validation failed`),
 * then runs `handler` in a transaction and answers its return value as JSON (`status`, default
 * 200; `undefined` answers 204). A handler error with a 4xx `statusCode` is answered as such.
 * Listed in the OpenAPI document and the authorization matrix.
 *
 * @example
 * actions: {
 *   // POST /core/api/ideas/5/votes votes, DELETE /core/api/ideas/5/votes takes the vote back
 *   votes: {
 *     level: 'item',
 *     methods: ['POST', 'DELETE'],
 *     summary: 'Vote for an idea, or take the vote back',
 *     access: { privilege: 'view', allow: (user) => user.employeeId !== null },
 *     handler: async ({ tx, id, user, method }) => {
 *       if (method === 'DELETE')
 *         await tx.query('DELETE FROM idea_votes WHERE idea_id = $1 AND employee_id = $2', [id, user.employeeId]);
 *       else
 *         await tx.query('INSERT INTO idea_votes (idea_id, employee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, user.employeeId]);
 *       const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM idea_votes WHERE idea_id = $1', [id]);
 *       return { votes: row?.n ?? 0 };
 *     },
 *   },
 *   // GET /core/api/matters/5/balance?currencyCode=USD - a read: input from the query string
 *   balance: {
 *     level: 'item',
 *     methods: ['GET'],
 *     input: { currencyCode: f.text({ maxLength: 3 }) },
 *     access: { privilege: 'view' },
 *     handler: async ({ row }) => ({ matterBalance: row?.amountFee ?? 0 }),
 *   },
 *   // POST /core/api/verificationChains/solve { "employee": { "id": 3 }, "amount": 1200 }
 *   solve: {
 *     level: 'collection',
 *     input: { employee: f.ref('employees', { required: true }), amount: f.money({ required: true, min: 0 }) },
 *     access: { privilege: 'view' },
 *     handler: async ({ tx, input }) => solveChain(tx, input.employee as number, input.amount as number),
 *   },
 * }
 */
export interface EntityAction {
  /**
   * `item`: `<collection>/{id}/<name>`; `collection`: `<collection>/<name>`. The name is one path
   * segment; an action answering under several segments declares them in `path`.
   */
  level: 'item' | 'collection';
  /** Methods answered; default `['POST']`. */
  methods?: ActionMethod[];
  /**
   * The URL after the collection (after `{id}` for an `item` action); default the action's name.
   * Segments of the form `:field` are read from the path into the input field of that name
   * (declare it in `input`): for a GET along with the query string, otherwise over the body.
   * Starts with a plain segment, so it never shadows the item route `<collection>/{id}`.
   * @example
   * // GET /auth/api/v2/users/check/username/anna@bureau.example -> { username, available }
   * check: {
   *   level: 'collection',
   *   methods: ['GET'],
   *   path: 'check/username/:username',
   *   input: { username: f.text({ required: true, maxLength: 120 }) },
   *   access: { privilege: 'view' },
   *   handler: async ({ tx, input }) => ({ username: input.username, available: await isFree(tx, input.username) }),
   * }
   */
  path?: string;
  /** One line for the OpenAPI document. */
  summary?: string;
  /** The input's fields, declared with the field builders `f.*`; none means an empty object. */
  input?: Record<string, Field>;
  /**
   * Who may call it: the privilege flag needed on the entity (judged like the generic routes:
   * the schema's `access` levels and `module`), and/or a predicate on the user and the stored
   * record (`row` undefined for a collection action). At least one of them.
   */
  access: { privilege?: Action; allow?: (user: AccessSubject, row?: WireRecord) => boolean };
  /** Answer status when the handler returns a body; default 200. */
  status?: number;
  handler?: (ctx: ActionContext) => Promise<unknown>;
  /**
   * The button the generic card (and, for a collection action, the generic list) renders for it
   * (`src/resources/views/ActionButtons.tsx`). Display only: the server still checks `access`.
   */
  button?: ActionButton;
}

/** A text on screen: a translation key (`bureau.billing.act`), a plain text, or one per language. */
export type ScreenText = string | { en: string; ru: string };

/**
 * A condition on a record, judged in the SPA to decide whether a button applies: the value at
 * `field` (a dotted path, `status.code`) is one of `in` (`null` stands for absent or null too),
 * and none of `notIn`. A list of conditions must all hold.
 * @example
 * // a draft (or a record saved before statuses existed) that is not signed
 * [{ field: 'status.code', in: [null, 1] }, { field: 'signed', notIn: [true] }]
 */
export interface RecordCondition {
  field: string;
  in?: ReadonlyArray<string | number | boolean | null>;
  notIn?: ReadonlyArray<string | number | boolean | null>;
}

/**
 * How an action shows itself as a button.
 * @example
 * button: {
 *   label: 'bureau.billing.act',
 *   when: [{ field: 'status.code', in: [5, 6, 7] }, { field: 'signed', notIn: [true] }],
 *   confirm: { en: 'Act this invoice?', ru: 'Подписать акт по счёту?' },
 *   success: 'bureau.billing.acted',
 * }
 */
export interface ActionButton {
  label: ScreenText;
  /** Where it shows: the card of a record (`show`), the list's toolbar (`list`, collection actions). Default `['show']`. */
  on?: ReadonlyArray<'show' | 'list'>;
  /** When it applies to the card's record; absent = always. */
  when?: RecordCondition | ReadonlyArray<RecordCondition>;
  /** Asked (Confirm / Cancel) before the call; absent = no question. */
  confirm?: ScreenText;
  /** Notified when the server accepts. */
  success?: ScreenText;
  /** Notified when the server refuses without a message of its own; default `bureau.progress.failed`. */
  failure?: ScreenText;
  /** The method sent; default the first of `methods`. */
  method?: ActionMethod;
  /** Input fields filled from the record: input field -> record path (`{ invoiceId: 'id' }`). */
  fromRecord?: Record<string, string>;
}

/** The value at a dotted path of a record (`status.code`), or undefined. */
export const valueAt = (record: Record<string, unknown> | undefined, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      record,
    );

/**
 * Whether a record meets a button's `when` ({@link RecordCondition}); true without a condition.
 * @example recordMatches({ field: 'status.code', in: [null, 1] }, { status: null }) // true
 */
export function recordMatches(
  when: RecordCondition | ReadonlyArray<RecordCondition> | undefined,
  record: Record<string, unknown> | undefined,
): boolean {
  if (!when) return true;
  const all: ReadonlyArray<RecordCondition> = Array.isArray(when) ? when : [when as RecordCondition];
  return all.every((c) => {
    const raw = valueAt(record, c.field);
    const value = raw === undefined ? null : raw;
    if (c.in && !c.in.includes(value as string | number | boolean | null)) return false;
    if (c.notIn && c.notIn.includes(value as string | number | boolean | null)) return false;
    return true;
  });
}

/**
 * An Excel export of an entity's list (`server/exports/`). `POST /core/api/excel/generate/<name>`
 * with the list's query string (filters, search, sort - the same parameters as
 * `GET <collection>`) answers `<fileName>`: one sheet, a bold header row, one row per record the
 * user may read (the entity's access and access rule, exactly as the list), and a total row
 * summing the duration and money columns. Cells keep their types: dates and date-times are
 * Excel dates (UTC), durations are hours (a number, `0.00`), money and numbers are numbers,
 * booleans are booleans, dictionary entries their name, references their record
 * representation; text that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, CR)
 * is written with a leading apostrophe. The optional JSON body chooses and titles the columns:
 * `{ "columns": [{ "source": "dateTime", "title": "Date" }] }` (sources among `columns`); 400
 * for another source, 400 when more than 100,000 rows match (narrow the filters).
 */
export interface ExcelExport<P extends string = string> {
  /** The URL segment: `time` -> `POST /core/api/excel/generate/time`. */
  name: string;
  /** The download's file name (`times.xlsx`). */
  fileName: string;
  /** Columns (field paths, as the list's columns); default the list's `columns`. */
  columns?: P[];
}

/**
 * The URL of an action below its collection's `base` path, in the router's syntax
 * (`:id`, `:field`): `<base>/:id/<path>` for an item action, `<base>/<path>` for a collection one.
 * @example actionUrl('/auth/api/v2/users', 'check', { level: 'collection', path: 'check/username/:username', ... })
 * // '/auth/api/v2/users/check/username/:username'
 */
export const actionUrl = (base: string, name: string, action: Pick<EntityAction, 'level' | 'path'>): string =>
  action.level === 'item' ? `${base}/:id/${action.path ?? name}` : `${base}/${action.path ?? name}`;

/** The input fields an action reads from its path (`:field` segments of `path`). */
export const actionPathParams = (action: Pick<EntityAction, 'path'>): string[] =>
  (action.path ?? '')
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

/**
 * Checks an action's `button` when the registry loads: its method is one the action answers, the
 * fields it fills from the record are inputs of the action, and a list button is a collection
 * action that needs no record.
 * @throws Error naming the schema, the action and what is wrong
 */
function checkActionButton(schemaName: string, name: string, action: EntityAction): void {
  const button = action.button!;
  const where = `schema ${schemaName}: the button of action "${name}"`;
  if (button.method && !(action.methods ?? ['POST']).includes(button.method))
    throw new Error(`${where} sends ${button.method}, which the action does not answer`);
  for (const field of Object.keys(button.fromRecord ?? {}))
    if (!action.input?.[field]) throw new Error(`${where} fills "${field}", which is not an input of the action`);
  if (button.on?.includes('list') && (action.level === 'item' || button.fromRecord))
    throw new Error(`${where} is on the list, but the action needs a record (item level or fromRecord)`);
}

/** Names an action may not take: they are the paths of the generic routes. */
export const RESERVED_ACTION_NAMES = [
  'history',
  'transitions',
  'statusChanges',
  'bulk',
  'trash',
  'restore',
  'purge',
] as const;

/** The trash of an entity ({@link EntityConfig.trash}). */
export interface TrashConfig {
  /** Days a deleted record stays in the trash before the retention purge removes it; default 30. */
  retentionDays?: number;
  /**
   * References to this entity, `<collection>.<field>`, whose records go to the trash with it and
   * come back with it (a matter's time entries: `'times.matter'`); the referencing entity must
   * have a trash too. References declared `onDelete: 'cascade'` from an entity with a trash go
   * along without being named; any other reference from a live record refuses the delete (409),
   * as the foreign key refuses a hard delete.
   * @example along: ['times.matter', 'expenses.payerMatter']
   */
  along?: string[];
}

/** Days a deleted record is kept when the schema does not say ({@link TrashConfig.retentionDays}). */
export const DEFAULT_TRASH_RETENTION_DAYS = 30;

/** Whether deletes of the entity go to its trash ({@link EntityConfig.trash}). */
export const hasTrash = (schema: Pick<EntityConfig, 'trash'>): boolean => !!schema.trash;

/** Days a deleted record of the entity stays in its trash (whole days, at least 1). */
export const trashRetentionDays = (schema: Pick<EntityConfig, 'trash'>): number =>
  typeof schema.trash === 'object' && schema.trash.retentionDays !== undefined
    ? schema.trash.retentionDays
    : DEFAULT_TRASH_RETENTION_DAYS;

/** Field types a list cell may edit in place (`list.inlineEdit`): one input, one value. */
export const INLINE_EDIT_TYPES: readonly FieldType[] = [
  'text',
  'number',
  'money',
  'percent',
  'boolean',
  'date',
  'email',
  'phone',
  'url',
  'enum',
  'dictionary',
];

/** Field shapes the bulk `patch` may set: one column per record. */
const BULK_SHAPES: readonly FieldShape[] = ['scalar', 'toOne', 'flatId'];
// ---------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------

/**
 * Who may take a status transition, on top of the entity's own `update` access:
 * - an {@link Action} on the entity's module (`'update'`, the default, adds nothing);
 * - `{ module, action }`: a privilege on another module (`{ module: 'invoice', action: 'create' }`);
 * - `'admin'`: ADMIN or SUPER_ADMIN only.
 */
export type TransitionPrivilege = Action | { module: string; action: Action } | 'admin';

/**
 * One declared move of a status: from any of the `from` codes to any of the `to` codes (codes
 * are the dictionary entries' `code`s, never their ids).
 */
export interface StatusTransition {
  from: number[];
  to: number[];
  /** Who may take it; default `'update'` on the entity's module. */
  privilege?: TransitionPrivilege;
  /** `'required'`: a move without a (non-blank) comment is a 400; default optional. */
  comment?: 'required' | 'optional';
}

/**
 * A status over one of the entity's `dictionary` fields: the moves it may make, who may make
 * them, the fields that become read-only in a status, the status of a new record, and a history
 * row per change (who, when, from, to, comment) written in the write's transaction.
 *
 * Every write is checked: `POST <base>/<name>/{id}/transitions` (`{ "to": <code> | { "id" },
 * "comment": "..." }`), and a PUT or PATCH whose body changes the field. A move that is not
 * declared is a 409 (`Deal stage cannot move from "Closed lost" to "Negotiation"`); a missing
 * privilege a 403; a missing required comment a 400; a write changing a field read-only in the
 * current status a 409 naming the field and the status. A create without the field gets
 * `initial`; a create with another status is a 409. `GET <base>/<name>/{id}/statusChanges` lists
 * the history, newest first, to whoever may read the record.
 *
 * @example
 * status: {
 *   field: 'dealStage',
 *   initial: 1,
 *   transitions: [
 *     { from: [1], to: [2], comment: 'required' },
 *     { from: [7], to: [8], privilege: { module: 'invoice', action: 'create' }, comment: 'required' },
 *     { from: [9, 10], to: [1], privilege: 'admin' },
 *   ],
 *   readOnlyIn: { 8: ['description', 'contact'] },
 *   patch: { to: 'statusId', comment: 'comment' },
 * }
 */
export interface StatusConfig {
  /** The status field: a `dictionary` field of the entity. */
  field: string;
  /** The code a new record starts with. */
  initial: number;
  transitions: StatusTransition[];
  /** Status code -> fields a write may not change while the record is in that status. */
  readOnlyIn?: Record<number, string[]>;
  /**
   * Body properties that also request a move on PUT and PATCH: `to` names a property holding the
   * target entry's id (`{ "statusId": 12, "comment": "..." }`), `comment` one holding the comment.
   */
  patch?: { to: string; comment: string };
  /**
   * A board of the records by status at `/<route>/board`, reached from the list by its
   * List/Board switch: one column per code of `columns` holding the records in that status, and
   * one per code of `targets` that takes drops but lists nothing (closing statuses). A card is
   * dragged to another column; only the columns the move may go to accept it, the comment is
   * asked before the move is sent, and the server judges it as any other move.
   * @example
   * board: { columns: [1, 2, 3], targets: [10], fields: ['contact', 'date'] }
   */
  board?: {
    /** Status codes shown as columns with their records, in order. */
    columns: number[];
    /** Status codes shown as drop targets only (their records are not listed). */
    targets?: number[];
    /** Fields shown on a card under its representation. */
    fields?: string[];
  };
}

// ---------------------------------------------------------------------------------------------
// Verification (approval chains)
// ---------------------------------------------------------------------------------------------

/** The kinds of document a verification chain can belong to (`verificationChains.ownerType`). */
export const VERIFICATION_OWNER_TYPES = [
  'MATTER',
  'BUDGET',
  'EXPENSE',
  'PRE_INVOICE',
  'INVOICE',
  'HR_REQUEST',
] as const;
export type VerificationOwnerType = (typeof VERIFICATION_OWNER_TYPES)[number];

/** What `verification.approvers` and `description` are told about the document being created. */
export interface VerificationStartContext {
  /** The create's transaction (read other rows here: office approvers, positions...). */
  tx: HookTx;
  schema: EntitySchema;
  /** The signed-in user who creates the document. */
  user: HookUser;
  /**
   * The validated values of the new document's own fields, in wire units (references as
   * `{ id }`, defaults filled), as `beforeChange` sees them; the row is not written yet.
   */
  record: Readonly<WireRecord>;
}

/** What `verification.onDecided` is told when a chain reaches its final decision. */
export interface VerificationDecidedContext {
  /** The solve's transaction: what the callback writes commits or rolls back with the decision. */
  tx: HookTx;
  schema: EntitySchema;
  /** Who took the final decision (the last approver, a rejecting approver, or an admin). */
  user: HookUser;
  /** The owning document's id. */
  ownerId: number;
  /** The chain's id. */
  chainId: number;
  /** The chain's final decision code: 2 approved, 3 rejected (VERIFICATION_DECISION). */
  decision: 2 | 3;
  /** The decision's comment (required for a rejection). */
  comment: string | null;
  /** The solve request's optional `actionPayload` (any JSON value) and `number`, passed through. */
  actionPayload?: unknown;
  number?: string | null;
  /**
   * A write to any record in the solve's transaction, with history (as `ActionContext.write`).
   * @example
   * onDecided: async ({ ownerId, decision, write }) => write('preInvoices', ownerId, { status: { id: approvedId } }),
   */
  write(collection: string, id: number, values: WireRecord): Promise<void>;
}

/**
 * An approval chain for every record of a document entity, declared once: on create the server
 * builds a chain in `verificationChains` (decision 1 "pending", one step per approver, in order),
 * stores its id in `chainField`, and the chain is decided only through
 * `POST /core/api/verificationChains/solve`: steps in order, only the current step's approver or
 * an admin decides, a rejection (decision 3, comment required) ends the chain, the last approval
 * sets it to 2 and calls `onDecided`. The chain is readable exactly by those who can read the
 * document (its module and access rule); the owner's card shows the decision panel and the
 * "Waiting for me" list shows the documents whose current step is the signed-in user.
 *
 * Checked when the registry loads: `chainField` must be a read-only `ref` to
 * `verificationChains`, and each `ownerType` belongs to one entity only.
 *
 * @example
 * verification: {
 *   ownerType: 'MATTER',
 *   chainField: 'verificationChain',
 *   // the active matter approvers (APPROVER_TYPE 5) of the creating user's office, by orderliness
 *   approvers: approversOfOffice(5, ({ user }) => user.employeeOfficeId),
 *   description: ({ record }) => `Matter ${record.description ?? ''}`.trim(),
 *   onDecided: async ({ tx, ownerId, decision }) => {
 *     if (decision === 2) await tx.query('UPDATE matters SET approved_date = now() WHERE id = $1', [ownerId]);
 *   },
 * }
 */
export interface VerificationConfig {
  /** The chain's `ownerType`: which kind of document this entity is. */
  ownerType: VerificationOwnerType;
  /** The document's field holding its chain: a read-only `f.ref('verificationChains')`. */
  chainField: string;
  /**
   * The approvers of a new document's chain: employee ids in decision order (first decides
   * first). Nulls and repeats in a row are dropped. An empty list makes a chain only an admin
   * can decide.
   */
  approvers?: (ctx: VerificationStartContext) => Promise<Array<number | null>>;
  /** The chain's description (default: the entity name and the document's representation). */
  description?: (ctx: VerificationStartContext) => string;
  /** Whether a rejection needs a comment (400 without one); default `'required'`. */
  rejectComment?: 'required' | 'optional';
  /** Runs in the solve's transaction when the chain is approved (2) or rejected (3); throw to refuse. */
  onDecided?: (ctx: VerificationDecidedContext) => Promise<void>;
  /**
   * When the chain starts: `'create'` (the default) builds it inside the document's create;
   * `'action'` creates the document without one, and an action of the entity starts it with
   * {@link ActionContext.startVerification} (a document sent to verification by its own route).
   * @example
   * verification: { ownerType: 'PRE_INVOICE', chainField: 'verificationChain', startOn: 'action', approvers },
   * actions: {
   *   verify: { level: 'item', access: { privilege: 'update' },
   *     handler: async ({ id, startVerification }) => ({ verificationChainId: await startVerification(id!) }) },
   * },
   */
  startOn?: 'create' | 'action';
}

// ---------------------------------------------------------------------------------------------
// Documents rendered from office templates
// ---------------------------------------------------------------------------------------------

/** What the functions of {@link DocumentsConfig} are told about the record being rendered. */
export interface DocumentContext {
  /** The request's database handle (reads only). */
  tx: HookTx;
  schema: EntitySchema;
  /** The signed-in user who asked for the document. */
  user: HookUser;
  /** The record as `GET <collection>/{id}` answers it to that user (default projection, embeds). */
  record: WireRecord;
  /** The DOCUMENT_TYPE entry the key chose (`1` Invoice, `2` Pre-invoice, `3` Act, `4` Contract). */
  documentType: { code: number; gname: string };
}

/**
 * Documents rendered from the office templates (`officeTemplates`: a DOCX per office and
 * DOCUMENT_TYPE): `GET <collection>/<path>/{id}/{<keyParam>}` reads the record as
 * `GET <collection>/{id}` does (401, 403, 404 alike), picks the DOCUMENT_TYPE the key names (its
 * `code`, or an entry's `charCode`; one of `documentTypes`, else 404), the template of that type
 * of the office `office` returns (a template whose `locationType` code is what `location`
 * returns first, then one without a location, then the newest; 404 when there is none), fills it
 * with `data` (docxtemplater tags: `{number}`, loops `{#times}...{/times}`; values are text, so a
 * value holding `{x}` is printed as is), stores the result as a new stored file and answers
 * `{ document: { id, documentId, documentName, contentType, size, documentType, template } }`.
 * The file downloads from `GET /core/api/storedFiles/{documentId}/content` for whoever can read
 * the record (`generatedDocuments` keeps the link). A template that does not render is a 422.
 * Served by `server/documents/`.
 *
 * @example
 * // GET /core/api/invoices/template/5/1 -> the invoice's document from its office's Invoice template
 * documents: {
 *   keyParam: 'templateKey',
 *   documentTypes: [1, 3],
 *   office: billingOffice, // schemas/documents/billing.ts: the transit account's office, else ...
 *   data: async ({ record }) => ({ number: record.number, date: record.date, amount: String(record.amount) }),
 *   fileName: ({ record, documentType }) => `${documentType.gname} ${record.number}.docx`,
 * }
 */
export interface DocumentsConfig {
  /** The URL segment after the collection; default `template`. */
  path?: string;
  /** The name of the key's path parameter as the contract writes it (`templateKey`, `key`); default `key`. */
  keyParam?: string;
  /** The DOCUMENT_TYPE codes the entity renders; any other key is a 404. */
  documentTypes: number[];
  /** The id of the office whose templates are used, or null (then 404: no template). */
  office?: (ctx: DocumentContext) => Promise<number | null>;
  /** The TEMPLATE_LOCATION_TYPE code preferred among the office's templates (1 local, 2 international). */
  location?: (ctx: DocumentContext) => Promise<number | null>;
  /** The values of the template's tags: texts, numbers, booleans, and arrays of objects for loops. */
  data?: (ctx: DocumentContext) => Promise<Record<string, unknown>>;
  /** The stored file's name (`.docx` added when missing); default `<Document type> <id>.docx`. */
  fileName?: (ctx: DocumentContext) => string;
}

/** A list filter beyond field paths (`EntityConfig.queryFilters`). */
export interface QueryFilter {
  /** How the parameter's value is parsed: like a field of this type. */
  type: 'date' | 'dateTime' | 'number' | 'text' | 'boolean';
  /** The condition the parsed value selects, in the access-rule vocabulary. */
  where: (value: string | number | boolean) => AccessCondition;
}

/** A server-side create default computed from other rows (`EntityConfig.autoNumber`). */
export interface AutoNumberRule<N extends string = string> {
  /** The highest value of this field (default: the numbered field itself) plus `plus`. */
  max?: N;
  /** The number of rows plus `plus` (at least the highest value + 1). */
  count?: boolean;
  plus: number;
  /** Fields whose values scope the rows counted (`['type']`: per dictionary type). */
  scope?: N[];
}

/** The field types the global search indexes ({@link EntityConfig.globalSearch}). */
export const GLOBAL_SEARCH_TYPES: readonly FieldType[] = ['text', 'longText', 'email', 'phone', 'url'];

/** An entity's part in the global search ({@link EntityConfig.globalSearch}). */
export interface GlobalSearch<N extends string = string> {
  /** Own text columns whose words are searched, at least one. */
  fields: N[];
}

/**
 * An entity's texts in one language other than English ({@link EntityConfig.translations}).
 * `name` holds the entity's name in the three forms that language's plural rule picks from
 * (Russian: one, few, many - `['Клиент', 'Клиента', 'Клиентов']`); `gender` agrees with "new" in
 * the create page's title; `phrases` maps the schema's English texts (its label, field, column,
 * filter, tab, step and action labels) to this language.
 */
export interface EntityTranslation {
  name: readonly [string, string, string];
  gender: 'm' | 'f' | 'n';
  phrases?: Readonly<Record<string, string>>;
}

export interface EntityConfig<F extends Record<string, Field> = Record<string, Field>, C extends string = string> {
  /** Collection name: the REST path segment and the `_embedded` key (`clients`). */
  name: string;
  /** Singular type name used in validation errors (`Client`). */
  entityName: string;
  /** Menu and page title. */
  label: string;
  /**
   * The entity's texts in the product's other languages, kept in its schema file so that adding
   * an entity needs no edit of `src/i18n/` ({@link EntityTranslation}). A text with no
   * translation here falls back to the shared phrasebook, and one missing there too is listed by
   * `src/i18n/locales.test.ts` with its key.
   * @example
   * translations: {
   *   ru: { name: ['Гаджет', 'Гаджета', 'Гаджетов'], gender: 'm', phrases: { Gadgets: 'Гаджеты', Price: 'Цена' } },
   * }
   */
  translations?: { ru?: EntityTranslation };
  /** Menu group. */
  area: string;
  /** Menu icon name (an `@mui/icons-material` export name). */
  icon?: IconName;
  /** Service base (H11); default `core`. */
  base?: ApiBase;
  /** Database table name; default the collection name in snake_case. */
  table?: string;
  /**
   * Privilege module exactly as the spec writes it (`client`, `TIME`, `PUBLISHER_NEWS`). Omit for
   * admin-only entities. It guards the entity's pages and menu entry; a module that depends on
   * the row (H9) is declared with {@link EntityConfig.rowModules}.
   */
  module?: Module;
  /**
   * Privilege modules chosen by the row (H9): the rows matching an entry's `when` need the
   * privilege of the action (view, create, update, delete) on that entry's `module`. The API lets
   * a user at the entity when they hold the action on `module` or on any of these; which rows
   * is compiled into the SQL of every read and checked on every write like `accessRule` (ANDed
   * with it): a row the user may not view is 404, a create or update that lands on a row of a
   * module the user lacks the action on is 403 and writes nothing. A user holding the action on
   * every row module is not restricted by them (no SQL added); let the conditions cover every row. The SPA reads which
   * module governs a record with `rowModuleOf` (`schemas/access.ts`).
   *
   * @example
   * // time entries (work type 1) need `time`, tasks (every other work type) need `TIME`
   * module: 'time',
   * rowModules: [
   *   { module: 'time', when: rule.eq('workType.code', 1) },
   *   { module: 'TIME', when: rule.ne('workType.code', 1) },
   * ],
   */
  rowModules?: RowModule<Module>[];
  /**
   * Who may read and write through the API, and who sees the generated pages and menu entry.
   * Defaults `{ read: 'module', write: 'module', page: read }`. Dictionaries are read by every
   * signed-in user's dropdowns but their pages are admin only (NAV-51): `page: 'admin'`.
   */
  access?: { read?: AccessLevel; write?: AccessLevel; page?: AccessLevel };
  /** SPA route segment when it differs from the collection name (`base-subtypes`, `teams`). */
  route?: string;
  /**
   * Other SPA path segments that open this entity's pages: `/<alias>/<rest>` is redirected to
   * `/<route>/<rest>` (query string kept), so the card, its tabs and child cards answer under
   * both. The same checks apply, since the target route is the guarded one.
   * @example
   * // /profile/5 opens the employee card /teams/5; /employees/5/positions/9 its position card
   * routeAliases: ['profile', 'employees'],
   */
  routeAliases?: string[];
  /**
   * Name of the optimistic-lock property on the wire (H1). Default `version`; an entity with a
   * business field named `version` sets e.g. `lockVersion`.
   */
  lockProperty?: string;
  fields: F;
  /** Named projections (H14); `full` is added automatically when absent. */
  projections?: Record<string, Projection<FieldName<NoInfer<Readable<F, C>>>, LinkName<NoInfer<F>>>>;
  /** Projection used when the request names none; default `full`. */
  defaultProjection?: string;
  /** Default sort; `lastModifiedDate,desc` unless stated (DICT-18; docs/decisions.md, DICT-06). */
  defaultSort?: Array<[NoInfer<FieldPath<Readable<F, C>>>, 'asc' | 'desc']>;
  /** Fields searched by `search=` (case-insensitive contains); paths through references allowed. */
  search?: NoInfer<FieldPath<F>>[];
  /**
   * The entity's part in the global search (`GET /core/api/search`, docs/api.md "Global search"):
   * the own text columns (`text`, `longText`, `email`, `phone`, `url`) whose words are matched with
   * PostgreSQL full-text search in the `simple` and `russian` configurations, by prefix. The table
   * gets a GIN expression index over exactly those columns (`server/db/tables.ts`, then `npm run
   * db:generate`), and each result is shown by `recordRepresentation`. The user finds only the rows
   * their list shows (the entity's access, privilege module and access rule).
   * @example
   * // clients are found by a word or prefix of their name or by their IIN/BIN
   * globalSearch: { fields: ['gname', 'iinBin'] },
   */
  globalSearch?: GlobalSearch<NoInfer<FieldName<F>>>;
  /**
   * Filter every pick list of this entity sends, whichever field refers to it (WID-27: position
   * dropdowns send `status.code=1`). ANDed with the referring field's own `filter`.
   */
  pickListFilter?: FilterSpec;
  /**
   * Field (or template with `%{field}`, paths through references allowed) that represents a record
   * in pick lists and titles; the template's names are checked when the registry loads.
   */
  recordRepresentation?: NoInfer<FieldPath<F>> | `${string}%{${string}}${string}`;
  /**
   * Server-side create defaults computed from other rows (DICT-03, DICT-09/10):
   * `{ code: { max: 'code', plus: 1, scope: ['type'] } }` or `{ code: { count: true, plus: 2 } }`.
   */
  autoNumber?: { [K in NoInfer<keyof F & string>]?: AutoNumberRule<FieldName<NoInfer<F>>> };
  /** Extra composite indexes: lists of column field names. */
  indexes?: NoInfer<FieldName<F>>[][];
  list?: ListHints<FieldName<NoInfer<Readable<F, C>>>, FieldPath<NoInfer<Readable<F, C>>>>;
  form?: FormHints<FieldName<NoInfer<F>>>;
  /** Show view (card) tabs (NAV-15). */
  show?: { tabs?: ShowTab<FieldName<NoInfer<Readable<F, C>>>>[] };
  /**
   * A preset view over another collection (no table of its own): the SPA lists `collection`
   * with `filter` always applied and writes `values` into new records.
   * @example preset: { collection: 'baseDictionaries', filter: { 'type.code': 4 }, values: { type: { id: 4 } } }
   */
  preset?: { collection: string; filter: FilterSpec; values?: WireRecord };
  /** Hide from the side menu (child collections reached through a parent). */
  hideFromMenu?: boolean;
  // writes: hooks, actions, history
  /** Code run inside each write's transaction ({@link EntityHooks}). */
  hooks?: EntityHooks;
  // --- access rules and computed fields (compiled into SQL: server/rest/access.ts, server/rest/computed.ts)
  /**
   * Which rows the signed-in user may read, update and delete: a function of the user returning an
   * {@link AccessCondition} (built with `rule` from `schemas/accessRule.ts`), or `null` for every
   * row. Checked on top of `module`/`access`, compiled into the SQL of lists and their totals,
   * single reads, embedded records (a record the user may not read is embedded as `{ id }` only)
   * and the read before every write, so pages are full and totals exact. A row outside the rule is
   * 404 for GET, PUT, PATCH and DELETE; a create or update that would put the row outside it is
   * 403 and writes nothing. Admins are subject to the rule too; return `null` for them if they
   * should see everything. A path or relation the entity does not have is a schema error (500).
   *
   * @example
   * // a contact is visible to admins, and otherwise when its client is in the user's office's
   * // country or the user's employee is one of the client's responsible employees
   * accessRule: (user) =>
   *   user.roles.includes('ADMIN')
   *     ? null
   *     : rule.or(
   *         rule.eq('client.country.id', 398),
   *         user.employeeId === null
   *           ? false
   *           : rule.exists({ collection: 'clientManagers', via: 'client' }, rule.eq('employee.id', user.employeeId)),
   *       ),
   * // a module chosen by the row's value (checked per action: view, create, update, delete)
   * accessRule: () =>
   *   rule.or(
   *     rule.and(rule.eq('underSanctions', true), rule.privilege('cashbox')),
   *     rule.and(rule.ne('underSanctions', true), rule.privilege('client')),
   *   ),
   */
  accessRule?: AccessRule;
  /**
   * Read-only properties computed by the database per row ({@link ComputedField}): returned by
   * projections, filterable with their type's operators, sortable, listed read-only in OpenAPI.
   *
   * @example
   * computed: {
   *   // a count over related rows; `{row}` is the row's table alias
   *   contactCount: { type: 'number', integer: true, sql: '(SELECT count(*)::int FROM contacts c WHERE c.client_id = {row}.id)' },
   *   // a per-user expression: user values are bound as parameters
   *   votedByMe: {
   *     type: 'boolean',
   *     sql: (row, user, params) =>
   *       `EXISTS (SELECT 1 FROM idea_votes v WHERE v.idea_id = ${row}.id AND v.employee_id = ${params.add(user.employeeId)})`,
   *   },
   * }
   */
  computed?: Record<C, ComputedField>;
  /**
   * Who may update or delete a record, judged on the record as stored (own fields, references as
   * `{ id }`) once the entity's `access` and `accessRule` allowed it: `false` refuses with 403 and
   * writes nothing. Admins (ADMIN, SUPER_ADMIN) are not asked. Isomorphic, so the authorization
   * tests judge it as the server does.
   *
   * @example
   * // only the author of an idea changes or deletes it
   * rowWrite: (user, row) => (row.author as { id?: number } | null)?.id === user.employeeId,
   */
  rowWrite?: (user: AccessSubject, row: WireRecord) => boolean;
  /**
   * List filters that are not a field path (H3), by query parameter: the value is parsed as
   * `type` (400 naming the parameter when it does not parse) and `where` builds the condition
   * with the access-rule vocabulary (`rule`, no `privilege`). A name that is also a field's name
   * (`dateGte` of project managers) means this filter, not the field's equality.
   * @example
   * // projectManagers?dateGte=2026-01-01&dateLte=2026-03-31: the managers whose period overlaps
   * queryFilters: {
   *   dateGte: { type: 'date', where: (v) => rule.or(rule.isNull('dateLte'), rule.gte('dateLte', v)) },
   *   dateLte: { type: 'date', where: (v) => rule.or(rule.isNull('dateGte'), rule.lte('dateGte', v)) },
   * },
   */
  queryFilters?: Record<string, QueryFilter>;
  /** Named operations beyond create/update/delete, by URL segment ({@link EntityAction}). */
  actions?: Record<string, EntityAction>;
  /**
   * An Excel download of the list ({@link ExcelExport}): `POST /core/api/excel/generate/<name>`
   * answers an xlsx of every row `GET <collection>?<same query string>` lists for the user.
   * @example
   * excel: { name: 'time', fileName: 'times.xlsx' },
   */
  excel?: ExcelExport<NoInfer<FieldPath<Readable<F, C>>>>;
  /**
   * Whether writes are recorded in the record history (`GET <collection>/{id}/history`);
   * default true. Off only for rows that are themselves a log.
   */
  history?: boolean;
  /**
   * Deleted records go to a trash instead of away ({@link TrashConfig}; docs/architecture.md
   * "Trash"): `DELETE <collection>/{id}` marks the row deleted, every read leaves it out, and
   * `GET <collection>/trash`, `POST <collection>/{id}/restore`, `DELETE <collection>/{id}/purge`
   * list, bring back and remove it for good. `true` keeps the default retention.
   * @example trash: { retentionDays: 90 },
   */
  trash?: boolean | TrashConfig;
  /** A status with declared transitions over one dictionary field ({@link StatusConfig}). */
  status?: StatusConfig;
  /**
   * The record can be cloned (NAV-45/50; docs/decisions.md "Clone"): the card offers Clone, which
   * opens the create form filled with a copy (`cloneRecord` in `schemas/clone.ts`) - every
   * writable field and nested child row, without ids, read-only and system fields, the fields
   * named in `clear`, and with the dates named in `today` set to today. Nothing is written until
   * the user saves the form (an ordinary create).
   * @example clone: { clear: ['number', 'status'], today: ['date'] }
   */
  clone?: { clear?: NoInfer<FieldName<F>>[]; today?: NoInfer<FieldName<F>>[] };
  /**
   * Which generic writes the REST layer serves (every one unless set to `false`). An entity
   * written only through routes of its own turns them off; the generic tests and the SPA's
   * create and edit pages follow.
   * @example
   * // stored files are created by the multipart upload and never changed
   * genericWrites: { create: false, update: false, delete: false },
   */
  genericWrites?: { create?: boolean; update?: boolean; delete?: boolean };
  /**
   * Fields a selection of records may be set to one value at once (`POST <collection>/bulk` with
   * `patch`; in the list, a "Set <field>" bulk button each). Each must be a writable column
   * field (`scalar`, `toOne` or `flatId`): not read-only, not unique, not the status field (a
   * selection changes status through the bulk `transition`). "Assign" is a reference to the
   * responsible employee or user. `defineEntity` refuses anything else.
   * @example bulk: { fields: ['responsible', 'priority'] },
   */
  bulk?: { fields: NoInfer<FieldName<F>>[] };
  /** An approval chain for every record ({@link VerificationConfig}). */
  verification?: VerificationConfig;
  /** Documents rendered from the office templates ({@link DocumentsConfig}). */
  documents?: DocumentsConfig;
}

/**
 * A declared entity: the config with every default filled in. Its name lists are plain strings:
 * they were typed from the fields when declared ({@link EntityConfig}), and a schema of any fields
 * is an `EntitySchema` (the registry's type).
 */
export interface EntitySchema<F extends Record<string, Field> = Record<string, Field>> extends EntityConfig {
  fields: F;
  base: ApiBase;
  table: string;
  access: { read: AccessLevel; write: AccessLevel; page: AccessLevel };
  route: string;
  lockProperty: string;
  projections: Record<string, Projection>;
  defaultProjection: string;
  defaultSort: Array<[string, 'asc' | 'desc']>;
  search: string[];
  autoNumber?: Record<string, AutoNumberRule>;
}

/** Columns every row has (docs/api.md, "Collections"). */
export const SYSTEM_FIELDS: readonly SystemField[] = [
  'id',
  'createdDate',
  'lastModifiedDate',
  'createdBy',
  'lastModifiedBy',
];

const snakeCases = new Map<string, string>();

/** `lastModifiedDate` -> `last_modified_date` (remembered: request paths ask for the same few names). */
export const snakeCase = (name: string): string => {
  let snake = snakeCases.get(name);
  if (snake === undefined) {
    snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    if (snakeCases.size < 10_000) snakeCases.set(name, snake);
  }
  return snake;
};

/** `firstPhoneNumber` -> `First phone number`. */
export const humanize = (name: string): string => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Declares an entity. Fills defaults (base `core`, table name, access, lock property, `full`
 * projection, `lastModifiedDate,desc` sort) and checks the declaration for mistakes a developer
 * would otherwise meet at run time.
 *
 * @throws Error when a projection, list column, form group, search field or index names a field
 *   the entity does not declare, a `globalSearch` field is not one of its own text fields, or a field other than `longText` is declared `html`.
 */
export function defineEntity<F extends Record<string, Field>, C extends string = never>(
  config: EntityConfig<F, C>,
): EntitySchema<F> {
  const projections: Record<string, Projection> = { full: {}, ...config.projections };
  const schema: EntitySchema<F> = {
    ...config,
    base: config.base ?? 'core',
    table: config.table ?? snakeCase(config.name),
    access: {
      read: config.access?.read ?? 'module',
      write: config.access?.write ?? 'module',
      page: config.access?.page ?? config.access?.read ?? 'module',
    },
    route: config.route ?? config.name,
    lockProperty: config.lockProperty ?? 'version',
    projections,
    defaultProjection: config.defaultProjection ?? 'full',
    defaultSort: config.defaultSort ?? [['lastModifiedDate', 'desc']],
    search: config.search ?? [],
    autoNumber: config.autoNumber as Record<string, AutoNumberRule> | undefined,
  };
  const known = new Set<string>([
    ...Object.keys(config.fields),
    ...Object.keys(config.computed ?? {}),
    ...SYSTEM_FIELDS,
    schema.lockProperty,
  ]);
  for (const name of Object.keys(config.computed ?? {}))
    if (Object.hasOwn(config.fields, name))
      throw new Error(`schema ${config.name}: computed field "${name}" is also a declared field`);
  const check = (where: string, names: string[] | undefined) => {
    for (const name of names ?? []) {
      const head = name.split('.')[0]!;
      if (!known.has(head)) throw new Error(`schema ${config.name}: ${where} names unknown field "${name}"`);
    }
  };
  for (const [pname, p] of Object.entries(projections)) {
    check(`projection ${pname}`, p.fields);
    check(`projection ${pname} embed`, Object.keys(p.embed ?? {}));
  }
  if (!projections[schema.defaultProjection]) {
    throw new Error(`schema ${config.name}: default projection "${schema.defaultProjection}" is not declared`);
  }
  check('list columns', config.list?.columns);
  check('excel columns', config.excel?.columns);
  if (config.excel && !/^[a-zA-Z][a-zA-Z0-9-]*$/.test(config.excel.name))
    throw new Error(`schema ${config.name}: excel export "${config.excel.name}" is not a usable path segment`);
  if (config.excel && (config.excel.columns ?? config.list?.columns ?? []).length === 0)
    throw new Error(`schema ${config.name}: excel export without columns (declare excel.columns or list.columns)`);
  check(
    'list filters',
    config.list?.filters?.filter((x) => x.field || x.source !== 'search').map((x) => x.field ?? x.source),
  );
  check('search', schema.search);
  if (config.trash) {
    const days = trashRetentionDays(config);
    if (!Number.isInteger(days) || days < 1)
      throw new Error(`schema ${config.name}: trash.retentionDays must be a whole number of days, at least 1`);
    if (config.genericWrites?.delete === false)
      throw new Error(`schema ${config.name}: a trash needs the generic delete (genericWrites.delete is off)`);
    if (config.history === false)
      throw new Error(`schema ${config.name}: a trash needs the record history (history is off)`);
  }
  if (config.globalSearch) {
    const names = config.globalSearch.fields as string[];
    if (names.length === 0) throw new Error(`schema ${config.name}: globalSearch names no field`);
    for (const name of names) {
      const fd = (config.fields as Record<string, Field>)[name];
      if (!fd || !GLOBAL_SEARCH_TYPES.includes(fd.type))
        throw new Error(
          `schema ${config.name}: globalSearch field "${name}" is not a text field of its own (${GLOBAL_SEARCH_TYPES.join(', ')})`,
        );
    }
  }
  for (const g of config.form?.groups ?? []) check(`form group ${g.name}`, g.fields);
  for (const t of config.show?.tabs ?? []) check(`show tab ${t.name}`, t.fields);
  for (const i of config.indexes ?? []) check('index', i);
  check('clone clear', config.clone?.clear);
  check('clone today', config.clone?.today);
  for (const [name, a] of Object.entries(config.actions ?? {})) {
    if (!/^[a-zA-Z][a-zA-Z0-9-]*$/.test(name) || (RESERVED_ACTION_NAMES as readonly string[]).includes(name))
      throw new Error(`schema ${config.name}: action "${name}" is not a usable path segment`);
    if (!a.access.privilege && !a.access.allow)
      throw new Error(`schema ${config.name}: action "${name}" declares no access rule`);
    if (a.path !== undefined) {
      const segments = a.path.split('/');
      if (
        !/^[a-zA-Z][a-zA-Z0-9-]*$/.test(segments[0] ?? '') ||
        (RESERVED_ACTION_NAMES as readonly string[]).includes(segments[0]!) ||
        segments.some((x) => !/^:?[a-zA-Z][a-zA-Z0-9-]*$/.test(x))
      )
        throw new Error(`schema ${config.name}: action "${name}" has an unusable path "${a.path}"`);
      for (const param of actionPathParams(a))
        if (!a.input?.[param])
          throw new Error(`schema ${config.name}: action "${name}" reads :${param} but declares no such input`);
    }
    if (a.button) checkActionButton(config.name, name, a);
  }
  if (config.status) checkStatus(config.name, config.fields, config.status);
  checkBulkAndInline(config.name, config.fields as Record<string, Field>, config);
  if (config.documents) {
    const d = config.documents;
    if (!/^[a-zA-Z][a-zA-Z0-9-]*$/.test(d.path ?? 'template') || !/^[a-zA-Z][a-zA-Z0-9]*$/.test(d.keyParam ?? 'key'))
      throw new Error(`schema ${config.name}: documents path or key parameter is not a usable path segment`);
    if (d.documentTypes.length === 0) throw new Error(`schema ${config.name}: documents without documentTypes`);
  }
  for (const [name, fd] of Object.entries(config.fields))
    if ((fd as TextOptions).html && fd.type !== 'longText')
      throw new Error(`schema ${config.name}: field "${name}" is rich text (html) but not a longText`);
  return schema;
}

/** The {@link FieldShape} of a field. */
export const shapeOf = (fd: Pick<Field, 'type'>): FieldShape => FIELD_SHAPES[fd.type];

/**
 * The mistakes of `bulk.fields` and `list.inlineEdit`: an unknown field, one a client cannot
 * write, one of a type or shape they cannot set (see {@link EntityConfig.bulk},
 * {@link ListHints.inlineEdit}).
 * @throws Error naming the schema and the field
 */
function checkBulkAndInline(
  name: string,
  fields: Record<string, Field>,
  config: { bulk?: { fields: string[] }; list?: ListHints; status?: StatusConfig },
): void {
  const writable = (where: string, field: string): Field => {
    const fd = fields[field];
    if (!fd) throw new Error(`schema ${name}: ${where} names unknown field "${field}"`);
    if (fd.readOnly || fd.writeOnly || fd.type === 'password')
      throw new Error(`schema ${name}: ${where} field "${field}" is not writable`);
    return fd;
  };
  const bulk = config.bulk?.fields;
  if (bulk && bulk.length === 0) throw new Error(`schema ${name}: bulk names no field`);
  for (const field of bulk ?? []) {
    const fd = writable('bulk', field);
    if (!BULK_SHAPES.includes(shapeOf(fd)) || fd.unique || field === config.status?.field)
      throw new Error(`schema ${name}: bulk field "${field}" cannot be set on many records at once`);
  }
  for (const field of config.list?.inlineEdit ?? []) {
    const fd = writable('list inlineEdit', field);
    if (!INLINE_EDIT_TYPES.includes(fd.type) || field === config.status?.field)
      throw new Error(`schema ${name}: list inlineEdit field "${field}" is not a simple field`);
    if (!(config.list?.columns ?? []).includes(field))
      throw new Error(`schema ${name}: list inlineEdit field "${field}" is not a list column`);
  }
}

/** The mistakes of a status declaration a developer would otherwise meet at run time. */
function checkStatus(name: string, fields: Record<string, Field>, status: StatusConfig): void {
  const fail = (why: string) => {
    throw new Error(`schema ${name}: status ${why}`);
  };
  const fd = fields[status.field];
  if (!fd || fd.type !== 'dictionary') fail(`field "${status.field}" must be a dictionary field of the entity`);
  if (fd!.readOnly) fail(`field "${status.field}" cannot be read-only`);
  for (const [code, names] of Object.entries(status.readOnlyIn ?? {})) {
    for (const n of names) {
      const target = fields[n];
      if (!target) fail(`readOnlyIn ${code} names unknown field "${n}"`);
      if (!isColumnField(target!) || n === status.field) fail(`readOnlyIn ${code} cannot lock "${n}"`);
    }
  }
  for (const t of status.transitions) {
    if (t.from.length === 0 || t.to.length === 0) fail('transitions need codes in from and to');
    if (t.from.some((c) => t.to.includes(c)))
      fail(`a transition cannot stay in ${t.from.find((c) => t.to.includes(c))}`);
  }
  if (status.patch && (fields[status.patch.to] || fields[status.patch.comment]))
    fail('patch properties cannot be field names');
  if (status.board) {
    const known = new Set([status.initial, ...status.transitions.flatMap((t) => [...t.from, ...t.to])]);
    for (const code of [...status.board.columns, ...(status.board.targets ?? [])])
      if (!known.has(code)) fail(`board column ${code} is no status of a transition`);
    for (const n of status.board.fields ?? []) if (!fields[n]) fail(`board shows unknown field "${n}"`);
  }
}

/** Whether the field is stored as a column of the entity's own table. */
export const isColumnField = (fd: Field): boolean => shapeOf(fd) !== 'links' && shapeOf(fd) !== 'children';

/** Whether the field holds a to-one reference (`{id}` nested, or flat id). */
export const isToOne = (fd: Field): boolean => shapeOf(fd) === 'toOne' || shapeOf(fd) === 'flatId';

/** Whether the field holds a to-many association. */
export const isToMany = (fd: Field): boolean => shapeOf(fd) === 'links' || shapeOf(fd) === 'children';

/** Whether the field is a list of links to another collection (`refList`, `dictionaryList`, `files`). */
export const isLinkList = (fd: Field): boolean => shapeOf(fd) === 'links';

/**
 * The list's default filter as values: `list.defaultFilter` itself, or what its function returns
 * now; `{}` when the schema declares none.
 * @example
 * listDefaultFilter(budgets) // { 'date.gte': '1970-01-01', 'date.lte': '2026-11-23' } on 23 November 2026
 */
export const listDefaultFilter = (schema: Pick<EntityConfig, 'list'>): FilterSpec => {
  const spec = schema.list?.defaultFilter;
  return typeof spec === 'function' ? spec() : (spec ?? {});
};

/** Whether the generic REST layer serves `write` for the entity ({@link EntityConfig.genericWrites}). */
export const servesGenericWrite = (schema: EntityConfig, write: 'create' | 'update' | 'delete'): boolean =>
  schema.genericWrites?.[write] !== false;

/**
 * Whether a revert (`POST <collection>/{id}/history/{entryId}/revert`) can write a recorded change
 * of `change.field` back: a field of the entity a client may write and whose values the history
 * kept - not read-only, not write-only (a password's values are not recorded), not a nested list
 * (its rows have histories of their own). The server refuses the others; the History tab offers
 * no button for them.
 * @example
 * revertibleChange(clients, { field: 'gname' }) // true
 * revertibleChange(users, { field: 'password', writeOnly: true }) // false
 */
export const revertibleChange = (schema: EntityConfig, change: { field: string; writeOnly?: boolean }): boolean => {
  const fd = schema.fields[change.field];
  return !!fd && !fd.readOnly && !fd.writeOnly && !change.writeOnly && fd.type !== 'children';
};
