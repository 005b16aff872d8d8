/**
 * `defineEntity`, which declares an entity and checks the declaration, and the helpers the rest
 * of the product reads a declared entity with (shapes, names, defaults).
 */
import { actionPathParams, checkActionButton, RESERVED_ACTION_NAMES } from './actions';
import type { EntityConfig, EntitySchema } from './entity';
import { INLINE_EDIT_TYPES, trashRetentionDays } from './entity';
import {
  FIELD_SHAPES,
  type Field,
  type FieldShape,
  type FilterSpec,
  type SystemField,
  type TextOptions,
} from './fields';
import type { ListHints, Projection } from './views';
import { GLOBAL_SEARCH_TYPES, type AutoNumberRule, type StatusConfig } from './workflow';

/** Field shapes the bulk `patch` may set: one column per record. */
const BULK_SHAPES: readonly FieldShape[] = ['scalar', 'toOne', 'flatId'];

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
 *   the entity does not declare, a `globalSearch` field is not one of its own text fields, or a field other than `longText` is declared `html`,
 *   or a personal field (`readModules`) is searched or names no module.
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
  check('form duplicateCheck', config.form?.duplicateCheck);
  for (const name of config.form?.duplicateCheck ?? [])
    if (!((config.search ?? []) as string[]).includes(name))
      throw new Error(`schema ${config.name}: form duplicateCheck field "${name}" is not a search field`);
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
  checkPersonalFields(config.name, config.fields as Record<string, Field>, [
    ...(config.search ?? []),
    ...((config.globalSearch?.fields as string[] | undefined) ?? []),
  ]);
  for (const [name, fd] of Object.entries(config.fields))
    if ((fd as TextOptions).html && fd.type !== 'longText')
      throw new Error(`schema ${config.name}: field "${name}" is rich text (html) but not a longText`);
  return schema;
}

/**
 * The mistakes of personal fields (`readModules`, H2-05): an empty module list (nobody but an
 * administrator would read it: say `writeOnly` instead), and a personal field among the searched
 * paths (`search`, `globalSearch`), whose answers would tell a reader its values by probing.
 * @throws Error naming the schema and the field
 */
function checkPersonalFields(name: string, fields: Record<string, Field>, searched: string[]): void {
  for (const [field, fd] of Object.entries(fields)) {
    if (!fd.readModules) continue;
    if (fd.readModules.length === 0) throw new Error(`schema ${name}: personal field "${field}" names no module`);
    if (searched.some((path) => path === field || path.startsWith(`${field}.`)))
      throw new Error(`schema ${name}: personal field "${field}" may not be searched`);
  }
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
