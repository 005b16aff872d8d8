/**
 * The field vocabulary of the entity DSL: the field types and shapes, the options of each kind,
 * the builders `f.*`, and the name lists typed from an entity's own fields. Isomorphic.
 */
import type * as MuiIcons from '@mui/icons-material';
import type { Language } from '../languages';

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
  /**
   * Written by the server only (H2-04): a billing status, an invoice link, a total, `signed`,
   * `paid` - what the server computes or moves. A client's create, PUT, PATCH, bulk change or
   * import that sends a value differing from the stored one is a 400 at the field ("is set by the
   * server and cannot be written"); the stored value sent back passes, so a record read and sent
   * back whole is accepted, and a PUT that leaves it out keeps it. On create the client may send it
   * empty or as the value a new record starts with: the field's `default`, or for a dictionary the
   * entry of code `initialCode`. Server code writes it freely (`server/rest/system.ts`). Combined
   * with `readOnly`, a changed value is refused instead of ignored.
   * @example billingStatus: f.dictionary('BILLING_STATUS', { serverOwned: { initialCode: 2 } }) // a new entry may say Unbilled
   * @example paid: f.boolean({ readOnly: true, serverOwned: true, default: false })
   */
  serverOwned?: boolean | { initialCode: number };
  /** Accepted from a client, never returned (passwords). */
  writeOnly?: boolean;
  /**
   * Personal data (H2-05): only administrators and users holding `view` on one of these privilege
   * modules read the field. For everyone else the server leaves it out of every read (lists, one
   * record, embedded records, exports, history) and answers a filter or a sort on it 400; the SPA
   * neither shows nor asks for it (`canReadField`, schemas/access.ts). A personal field may not be
   * searched (`search`, `globalSearch`): a search would tell its values by probing.
   * @example birthDate: f.date({ label: 'Birthday', readModules: ['employee'] }) // a publisher (team only) never reads it
   */
  readModules?: readonly string[];
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
  /**
   * The end of a range: the value may not be before the value of the named sibling field, its
   * start (H2-09). Both set and the end earlier: 400 at this field ("must not be before From").
   * Judged on the record as it will be stored (the stored row merged with the body), by the
   * server for entities and embedded values alike, and by the SPA's form at this input
   * (`src/resources/inputs/validators.ts`; the judgement: `schemas/fieldTypes/range.ts`). For dates, date-times, months and numbers.
   * @example dateLte: f.date({ label: 'To', notBefore: 'dateGte' })
   */
  notBefore?: string;
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
  /**
   * The value is one line: a carriage return or line feed is refused (400 "must be one line, without
   * line breaks"), as for text that becomes a mail header, where a line break would start another
   * header (H2-09).
   * @example subject: f.text({ required: true, singleLine: true })
   */
  singleLine?: boolean;
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
