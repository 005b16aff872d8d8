/**
 * The declaration of an entity (`EntityConfig`, what `defineEntity` takes) and the declared
 * entity (`EntitySchema`, with its defaults filled), with the trash and inline-edit settings.
 */
import type { AccessRule, ComputedField, RowModule } from '../accessRule';
import type { Module } from '../modules';
import type { AccessLevel, AccessSubject } from './access';
import type { EntityAction, RecordCondition } from './actions';
import type {
  Field,
  FieldName,
  FieldPath,
  FieldType,
  FilterSpec,
  IconName,
  LinkName,
  Readable,
  WireRecord,
} from './fields';
import type { ExcelExport, FormHints, ListHints, Projection, ShowTab } from './views';
import type {
  AutoNumberRule,
  DocumentsConfig,
  EntityTranslation,
  GlobalSearch,
  QueryFilter,
  StatusConfig,
  VerificationConfig,
} from './workflow';

/** The service an entity is served from (H11). `core` = `/core/api`, `auth` = `/auth/api/v2`. */
export type ApiBase = 'core' | 'auth' | 'rating' | 'analytics';

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
  // --- access rules and computed fields (compiled into SQL: server/rest/access.ts, server/rest/model.ts)
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
   * Their SQL lives in the entity's server room (`computed` of `defineServer`, `server/define.ts`).
   *
   * @example
   * computed: {
   *   contactCount: { type: 'number', integer: true, label: 'Contacts' },
   *   votedByMe: { type: 'boolean' },
   * }
   * // the server room: `{row}` is the row's table alias; user values are bound as parameters
   * computed: {
   *   contactCount: '(SELECT count(*)::int FROM contacts c WHERE c.client_id = {row}.id)',
   *   votedByMe: (row, user, params) =>
   *     `EXISTS (SELECT 1 FROM idea_votes v WHERE v.idea_id = ${row}.id AND v.employee_id = ${params.add(user.employeeId)})`,
   * }
   */
  computed?: Record<C, ComputedField>;
  /**
   * Who may update or delete a record, judged on the record as stored (own fields, references as
   * `{ id }`) once the entity's `access` and `accessRule` allowed it: `false` refuses with 403 and
   * writes nothing. `action` is `update` for a change (a revert of its history, a bulk change) and
   * `delete` for a delete and the trash's restore and purge. Admins (ADMIN, SUPER_ADMIN) are not
   * asked. Isomorphic, so the authorization tests judge it as the server does.
   *
   * @example
   * // only the author of an idea changes or deletes it
   * rowWrite: (user, row) => (row.author as { id?: number } | null)?.id === user.employeeId,
   * // anyone with the privilege changes a time entry; only its own employee deletes it
   * rowWrite: (user, row, action) => action !== 'delete' || (row.employee as { id?: number } | null)?.id === user.employeeId,
   */
  rowWrite?: (user: AccessSubject, row: WireRecord, action: 'update' | 'delete') => boolean;
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
   * When the card offers Edit and Delete for a record ({@link RecordCondition}, as a button's
   * `when`); absent = always (with the user's privilege). A help only: the server refuses the
   * write of a record outside it (a status lock answers 409), and the edit form, if reached by
   * its address, shows that message. MC-1: a locked invoice offers no Edit.
   * @example editWhen: { field: 'status.code', in: [null, 1] }
   */
  editWhen?: RecordCondition | ReadonlyArray<RecordCondition>;
  /**
   * Whether the SPA offers Delete on `record` (as its card, form and list read it) to `user` (their
   * roles and employee): the card's and the form's Delete and the list's bulk delete show only
   * when it holds (for every selected row). A help only, like `editWhen`: the server judges the
   * delete itself (`rowWrite`, hooks), so it answers the same. Absent = whenever the privilege
   * allows.
   * @example
   * // a lawyer deletes only their own unbilled time entry (TIME-18)
   * deleteWhen: (user, record) => isOwnTime(user, record) && timeBilledReason(record) === null,
   */
  deleteWhen?: (user: Pick<AccessSubject, 'roles' | 'employeeId'>, record: WireRecord) => boolean;
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
