/**
 * The entity DSL: one declaration per entity, from which the database table, the server's
 * validation and Spring-Data-REST routes, the OpenAPI document, the data provider's payload
 * rules and the react-admin Resource are all derived (ARCHITECTURE.md, "schemas/ is the heart").
 *
 * This module is isomorphic: it imports neither React nor Node APIs.
 *
 * Units on the wire (docs/api.md, DATA-MODEL.md section 0):
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

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/** Every field type the DSL knows (DATA-MODEL.md section 0, "DSL type"). */
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
  | 'files';

/** A plain object as the SPA holds it in a form or the server receives it (wire units). */
export type WireRecord = Record<string, unknown>;

/**
 * A filter in the contract's grammar (docs/api.md "Filters"): keys are filter parameters
 * (`client.id`, `type.code.in`, `parent.id.isNull`), values are scalars or arrays.
 * Used for reference filters, preset resources and record-level row filters.
 */
export type FilterSpec = Record<string, string | number | boolean | null | Array<string | number>>;

/** Payload rules the SPA applies before sending (spec §5, DATA-MODEL H4). */
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
}

export interface TextOptions extends BaseFieldOptions {
  minLength?: number;
  /** Characters. `longText` defaults to 1000 (WID-40), `text` to 255. */
  maxLength?: number;
  /** A regular expression source the value must match. */
  pattern?: string;
}

export interface NumberOptions extends BaseFieldOptions {
  min?: number;
  max?: number;
  /** Integer only (`bigint`/`integer` column). */
  integer?: boolean;
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

export interface Field<T extends FieldType = FieldType> extends TextOptions, NumberOptions {
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
};

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

/** The part of the signed-in user that access rules read (AUTH-15 shape). */
export interface AccessSubject {
  roles: string[];
  employeeId: number | null;
  employeeOfficeId: number | null;
}

/**
 * A record-level rule: returns extra filters (contract grammar) the query layer ANDs into every
 * read and write of this collection, or `null` when the user sees every row (STYLE.md point 4).
 */
export type RowFilter = (user: AccessSubject) => FilterSpec | null;

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
export interface Projection {
  fields?: string[];
  embed?: Record<string, string[] | string>;
}

/** A list filter shown in the list's filter bar. */
export interface ListFilter {
  /** The filter parameter (`country.id`, `gname.like`, `status.code`). */
  source: string;
  /** The field it filters on, to choose the input; defaults to the first path segment. */
  field?: string;
  label?: string;
  /** Always shown (react-admin `alwaysOn`). */
  alwaysOn?: boolean;
}

export interface ListHints {
  /** Column field names, in order (dotted paths allowed for embedded values: `type.code`). */
  columns?: string[];
  filters?: ListFilter[];
  /** Filters applied unless the user changes them (MAT-07 `status.code.ne=3`). */
  defaultFilter?: FilterSpec;
  /** The projection the list asks for (CLI-07: `clientList`). */
  projection?: string;
  /** Page-size options (CONST-01); default `[20, 50, 100]`. */
  perPageOptions?: number[];
  /** Click on a row: `show` (default) or `edit`. */
  rowClick?: 'show' | 'edit';
}

/** A group of fields in a form: a section, a tab or a wizard step. */
export interface FormGroup {
  /** URL-safe name (the spec's step names: `client-info`, `contact-info`). */
  name: string;
  label: string;
  fields: string[];
}

export interface FormHints {
  layout?: 'simple' | 'sections' | 'tabs' | 'wizard';
  groups?: FormGroup[];
}

/** A tab of the show view (card): the entity's own fields, or a child collection's list. */
export interface ShowTab {
  name: string;
  label: string;
  /** Own fields shown on this tab. */
  fields?: string[];
  /** A related collection listed on this tab, filtered by `via` = this record's id. */
  related?: { collection: string; via: string; columns?: string[]; projection?: string };
  /** Module whose view privilege the tab needs (NAV-37..44). */
  module?: string;
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

/** What a hook is told about the write it follows. */
export interface HookContext {
  /** The write's transaction: statements run here commit or roll back with the write. */
  tx: HookTx;
  /** The schema written. */
  schema: EntitySchema;
  /** The id of the record created, updated or deleted. */
  id: number;
  /** The signed-in user who made the write. */
  user: AccessSubject & { username: string };
}

/**
 * Server-side checks run by the generic service inside the write's transaction, after the row
 * (with its links and nested children) is written or deleted and before the commit. A hook that
 * throws rolls the whole write back. An error carrying a 4xx `statusCode` (the server's
 * `HttpError`, or any `Error` with that property) is answered with that status and
 * `{ "message": error.message }`; anything else is a 500.
 *
 * Hooks declared here must stay isomorphic (no Node or server imports, like the rest of
 * `schemas/`); checks that need server code are attached by name in `server/rest/hooks.ts`,
 * which the service runs after these.
 *
 * @example
 * hooks: {
 *   // refuse to leave a role without privileges
 *   afterChange: async ({ tx, id }) => {
 *     const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM privileges WHERE role_id = $1', [id]);
 *     if (row?.n === 0) throw Object.assign(new Error('A role needs at least one privilege'), { statusCode: 409 });
 *   },
 * }
 */
export interface EntityHooks {
  /** After a create or an update (PUT or PATCH) of one record. */
  afterChange?: (ctx: HookContext) => Promise<void>;
  /** After the delete of one record (its row is gone inside `tx`). */
  afterDelete?: (ctx: HookContext) => Promise<void>;
}

export interface EntityConfig<F extends Record<string, Field> = Record<string, Field>> {
  /** Collection name: the REST path segment and the `_embedded` key (`clients`). */
  name: string;
  /** Singular type name used in validation errors (`Client`). */
  entityName: string;
  /** Menu and page title. */
  label: string;
  /** Menu group. */
  area: string;
  /** Menu icon name (an `@mui/icons-material` export name). */
  icon?: string;
  /** Service base (H11); default `core`. */
  base?: ApiBase;
  /** Database table name; default the collection name in snake_case. */
  table?: string;
  /**
   * Privilege module exactly as the spec writes it (`client`, `TIME`, `PUBLISHER_NEWS`), or a
   * function of the row for row-dependent modules (H9). Omit for admin-only entities.
   */
  module?: string | ((row: WireRecord) => string);
  /**
   * Who may read and write through the API, and who sees the generated pages and menu entry.
   * Defaults `{ read: 'module', write: 'module', page: read }`. Dictionaries are read by every
   * signed-in user's dropdowns but their pages are admin only (NAV-51): `page: 'admin'`.
   */
  access?: { read?: AccessLevel; write?: AccessLevel; page?: AccessLevel };
  /** SPA route segment when it differs from the collection name (`base-subtypes`, `teams`). */
  route?: string;
  /** Record-level access filter (DATA-MODEL section 14). */
  rowFilter?: RowFilter;
  /**
   * Name of the optimistic-lock property on the wire (H1). Default `version`; an entity with a
   * business field named `version` sets e.g. `lockVersion`.
   */
  lockProperty?: string;
  fields: F;
  /** Named projections (H14); `full` is added automatically when absent. */
  projections?: Record<string, Projection>;
  /** Projection used when the request names none; default `full`. */
  defaultProjection?: string;
  /** Default sort; `lastModifiedDate,desc` unless stated (DICT-18, DECISIONS DICT-06). */
  defaultSort?: Array<[string, 'asc' | 'desc']>;
  /** Fields searched by `search=` (case-insensitive contains). */
  search?: string[];
  /**
   * Filter every pick list of this entity sends, whichever field refers to it (WID-27: position
   * dropdowns send `status.code=1`). ANDed with the referring field's own `filter`.
   */
  pickListFilter?: FilterSpec;
  /** Field (or template with `%{field}`) that represents a record in pick lists and titles. */
  recordRepresentation?: string;
  /**
   * Server-side create defaults computed from other rows (DICT-03, DICT-09/10):
   * `{ code: { max: 'code', plus: 1, scope: ['type'] } }` or `{ code: { count: true, plus: 2 } }`.
   */
  autoNumber?: Record<string, { max?: string; count?: boolean; plus: number; scope?: string[] }>;
  /** Extra composite indexes: lists of column field names. */
  indexes?: string[][];
  list?: ListHints;
  form?: FormHints;
  /** Show view (card) tabs (NAV-15). */
  show?: { tabs?: ShowTab[] };
  /**
   * A preset view over another collection (no table of its own): the SPA lists `collection`
   * with `filter` always applied and writes `values` into new records.
   * @example preset: { collection: 'baseDictionaries', filter: { 'type.code': 4 }, values: { type: { id: 4 } } }
   */
  preset?: { collection: string; filter: FilterSpec; values?: WireRecord };
  /** Hide from the side menu (child collections reached through a parent). */
  hideFromMenu?: boolean;
  /** Checks run inside each write's transaction ({@link EntityHooks}). */
  hooks?: EntityHooks;
}

/** A declared entity: the config with every default filled in. */
export interface EntitySchema<F extends Record<string, Field> = Record<string, Field>> extends EntityConfig<F> {
  base: ApiBase;
  table: string;
  access: { read: AccessLevel; write: AccessLevel; page: AccessLevel };
  route: string;
  lockProperty: string;
  projections: Record<string, Projection>;
  defaultProjection: string;
  defaultSort: Array<[string, 'asc' | 'desc']>;
  search: string[];
}

/** Columns every row has (ARCHITECTURE.md, Conventions). */
export const SYSTEM_FIELDS = ['id', 'createdDate', 'lastModifiedDate', 'createdBy', 'lastModifiedBy'] as const;

/** `lastModifiedDate` -> `last_modified_date`. */
export const snakeCase = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

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
 *   the entity does not declare.
 */
export function defineEntity<F extends Record<string, Field>>(config: EntityConfig<F>): EntitySchema<F> {
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
  };
  const known = new Set<string>([...Object.keys(config.fields), ...SYSTEM_FIELDS, schema.lockProperty]);
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
  check(
    'list filters',
    config.list?.filters?.filter((x) => x.field || x.source !== 'search').map((x) => x.field ?? x.source),
  );
  check('search', schema.search);
  for (const g of config.form?.groups ?? []) check(`form group ${g.name}`, g.fields);
  for (const t of config.show?.tabs ?? []) check(`show tab ${t.name}`, t.fields);
  for (const i of config.indexes ?? []) check('index', i);
  return schema;
}

/** Whether the field is stored as a column of the entity's own table. */
export const isColumnField = (fd: Field): boolean => !['children', 'refList', 'dictionaryList'].includes(fd.type);

/** Whether the field holds a to-one reference (`{id}` nested, or flat id). */
export const isToOne = (fd: Field): boolean => fd.type === 'ref' || fd.type === 'refId' || fd.type === 'dictionary';

/** Whether the field holds a to-many association. */
export const isToMany = (fd: Field): boolean =>
  fd.type === 'refList' || fd.type === 'dictionaryList' || fd.type === 'children';
