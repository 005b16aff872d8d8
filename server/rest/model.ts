import { computedSqlOf } from './rooms';
import { isToMany, shapeOf, type AccessSubject, type EntitySchema, type Field } from '../../schemas/define';
import { typeModule } from '../../schemas/fieldTypes/index';
import { fallbackOf } from '../../schemas/fieldTypes/translated';
import { collationOf, FALLBACK_LANGUAGE, type Language } from '../../schemas/languages';
import { getSchema } from '../../schemas/index';
import { canReadField } from '../../schemas/access';
import { columnName, joinTableName, LOCK_COLUMN, SYSTEM_COLUMNS } from '../db/naming';
import { badParam } from './errors';

/**
 * SQL building blocks shared by reads and writes: parameter numbering, identifier quoting,
 * wire-property -> column mapping, and resolution of dotted paths (`client.country.gname`)
 * into LEFT JOINs with one alias per path prefix.
 */

/** Collects positional parameters (`$1`, `$2`...) in order. */
export class Params {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Double-quotes an SQL identifier. */
export const q = (ident: string): string => `"${ident.replace(/"/g, '""')}"`;

/** The kind of value a path ends on, to parse filter values (a field, or a system column). */
export type ValueKind = Pick<Field, 'type' | 'integer' | 'values'>;

const ID_KIND: ValueKind = { type: 'number', integer: true };

/** System properties of every row by wire name (the lock under its wire name, H1). */
export function systemKind(schema: EntitySchema, prop: string): { column: string; kind: ValueKind } | undefined {
  if (prop === 'id') return { column: SYSTEM_COLUMNS.id, kind: ID_KIND };
  if (prop === schema.lockProperty) return { column: LOCK_COLUMN, kind: ID_KIND };
  if (prop === 'createdDate' || prop === 'lastModifiedDate')
    return { column: SYSTEM_COLUMNS[prop], kind: { type: 'dateTime' } };
  if (prop === 'createdBy' || prop === 'lastModifiedBy')
    return { column: SYSTEM_COLUMNS[prop], kind: { type: 'text' } };
  return undefined;
}

/** Whether a path may walk through the field into its target's table (`client.country.gname`, `file.name`). */
export const isToOneField = (fd: Field): boolean => shapeOf(fd) === 'toOne';

/** A declared field by wire name, or undefined (never an inherited object property). */
export const fieldOf = (schema: EntitySchema, name: string): Field | undefined =>
  Object.prototype.hasOwnProperty.call(schema.fields, name) ? schema.fields[name] : undefined;

/** The LEFT JOINs a query needs, one alias per path prefix (`client` -> `j1`, `client.country` -> `j2`). */
export class Joins {
  private readonly aliases = new Map<string, string>();
  readonly sql: string[] = [];
  /** Sub-queries (EXISTS over to-many fields) made so far, to name their aliases uniquely. */
  subqueries = 0;
  /**
   * The signed-in user and the statement's parameters, for per-user computed fields
   * (`EntityConfig.computed`); without it only the string form of a computed field resolves.
   */
  ctx?: { user: AccessSubject; params: Params };
  /**
   * The reader's language: `translated` fields are filtered and sorted on their text in it,
   * falling back to the field's fallback language (docs/api.md "Languages").
   */
  language: Language = FALLBACK_LANGUAGE;
  constructor(
    readonly root: EntitySchema,
    readonly rootAlias = 't0',
    private readonly aliasPrefix = 'j',
  ) {}

  /** Alias of the table reached by `prefix` (joined on first use). */
  join(prefix: string, fromAlias: string, fd: Field, fieldName: string): { alias: string; schema: EntitySchema } {
    const target = getSchema(fd.target!);
    let alias = this.aliases.get(prefix);
    if (!alias) {
      alias = `${this.aliasPrefix}${this.aliases.size + 1}`;
      this.aliases.set(prefix, alias);
      this.sql.push(
        `LEFT JOIN ${q(target.table)} ${alias} ON ${alias}.id = ${fromAlias}.${q(columnName(fieldName, fd))}`,
      );
    }
    return { alias, schema: target };
  }
}

/**
 * The SQL expression of a computed field over the row alias `alias`, parenthesised: the string
 * form with `{row}` replaced, or the function form called with the user and the parameters.
 * @throws HttpError 400 naming `param` when a per-user expression is used without a user
 */
export function computedSql(
  schema: EntitySchema,
  name: string,
  alias: string,
  ctx: Joins['ctx'],
  param: string,
): string {
  const sql = computedSqlOf(schema, name);
  if (typeof sql === 'string') return `(${sql.replace(/\{row\}/g, alias)})`;
  if (!ctx) throw badParam(param, 'a per-user computed property cannot be used here');
  return `(${sql(alias, ctx.user, ctx.params)})`;
}

/**
 * A resolved path: an SQL expression and the kind of value it holds; `ref` is set when it ends on a
 * to-one field; `collation` names the collation a sort on it uses (a translated text, sorted as
 * its language sorts).
 */
export interface ResolvedPath {
  expr: string;
  kind: ValueKind;
  collation?: string;
  /**
   * For a global name (`gname`, `gfirstName`) whose record has the local one beside it (`lname`,
   * `lfirstName`): the local name's column, which a sort for a reader of `LOCAL_NAME_LANGUAGE` uses.
   */
  localName?: string;
  ref?: { schema: EntitySchema; alias: string; field: Field; name: string; prefix: string };
}

/** The local-name field beside a global-name text field of `schema` (`gname` -> `lname`), if it has one. */
export function localNameOf(schema: EntitySchema, name: string): string | undefined {
  if (!/^g[a-z]/.test(name)) return undefined;
  const local = `l${name.slice(1)}`;
  const fd = fieldOf(schema, local);
  return fd && (fd.type === 'text' || fd.type === 'longText') ? local : undefined;
}

/**
 * The SQL text of a translated column (`jsonb` `{ "en": ..., "ru": ... }`) in `language`, else in
 * `fallback`: blank texts are never stored (`schemas/fieldTypes/translated.ts`), so a missing key
 * is the only gap. Languages are literals of `LANGUAGES`, never request text.
 */
export function translatedSql(column: string, language: Language, fallback: Language): string {
  return language === fallback
    ? `(${column} ->> '${fallback}')`
    : `COALESCE(${column} ->> '${language}', ${column} ->> '${fallback}')`;
}

/**
 * Whether the statement's user reads a personal field (H2-05, `canReadField`): a filter, a sort, a
 * group or a sum over a field the user does not read is refused, so its values cannot be told by
 * probing (which rows `birthDate.gte=...` keeps). Access rules, declared by the schemas, read every
 * field; a statement without a user (the server's own reads) too.
 */
const readsField = (joins: Joins, fd: Field): boolean =>
  !joins.ctx || canReadField(fd, joins.ctx.user.roles, joins.ctx.user.privileges);

/**
 * Resolves a dotted wire path against a schema. References and dictionaries are walked with LEFT
 * JOINs; `x.id` and a bare `x` read the foreign-key column; `xId` is an alias of `x.id`
 * (docs/api.md); `embedded.sub` reads the jsonb member.
 *
 * @param param the query parameter, named in the 400 when the path is unknown
 * @throws HttpError 400 for an unknown or unwalkable path, or one through a personal field the
 *   statement's user does not read (`readModules`; not for `param` 'accessRule')
 */
export function resolvePath(joins: Joins, path: string, param: string): ResolvedPath {
  const segments = path.split('.');
  let schema = joins.root;
  let alias = joins.rootAlias;
  let prefix = '';
  for (let i = 0; i < segments.length; i++) {
    let seg = segments[i]!;
    const last = i === segments.length - 1;
    let fd = fieldOf(schema, seg);
    const system = fd ? undefined : systemKind(schema, seg);
    if (system) {
      if (!last) throw badParam(param, `"${seg}" has no properties`);
      return { expr: `${alias}.${q(system.column)}`, kind: system.kind };
    }
    if (!fd && seg.endsWith('Id')) {
      const base = fieldOf(schema, seg.slice(0, -2));
      if (base && isToOneField(base)) {
        if (!last) throw badParam(param, `"${seg}" has no properties`);
        seg = seg.slice(0, -2);
        fd = base;
        return { expr: `${alias}.${q(columnName(seg, fd))}`, kind: ID_KIND };
      }
    }
    if (!fd && schema.computed && Object.hasOwn(schema.computed, seg)) {
      if (!last) throw badParam(param, `"${seg}" has no properties`);
      const c = schema.computed[seg]!;
      return { expr: computedSql(schema, seg, alias, joins.ctx, param), kind: { type: c.type, integer: c.integer } };
    }
    if (!fd) throw badParam(param, `unknown property "${seg}" of ${schema.name}`);
    if (fd.readModules && param !== 'accessRule' && !readsField(joins, fd))
      throw Object.assign(badParam(param, `property "${seg}" of ${schema.name} is not readable`), { unreadable: true });
    const col = `${alias}.${q(columnName(seg, fd))}`;
    if (isToOneField(fd)) {
      const next = segments[i + 1];
      if (last || (next === 'id' && i + 1 === segments.length - 1)) {
        const target = getSchema(fd.target!);
        return { expr: col, kind: ID_KIND, ref: { schema: target, alias, field: fd, name: seg, prefix: prefix + seg } };
      }
      const joined = joins.join(prefix + seg, alias, fd, seg);
      schema = joined.schema;
      alias = joined.alias;
      prefix = `${prefix}${seg}.`;
      continue;
    }
    if (shapeOf(fd) === 'flatId') {
      if (!last) throw badParam(param, `"${seg}" has no properties`);
      return { expr: col, kind: ID_KIND };
    }
    if (fd.type === 'embedded') {
      const sub = segments[i + 1];
      const subField = sub ? fd.fields?.[sub] : undefined;
      if (!sub || !subField || i + 1 !== segments.length - 1)
        throw badParam(param, `unknown property "${sub ?? ''}" of ${seg}`);
      return { expr: `(${col} ->> ${`'${sub.replace(/'/g, "''")}'`})`, kind: { type: 'text' } };
    }
    if (fd.type === 'translated') {
      if (!last) throw badParam(param, `"${seg}" has no properties`);
      return {
        expr: translatedSql(col, joins.language, fallbackOf(fd)),
        kind: fd,
        collation: collationOf(joins.language),
      };
    }
    if (isToMany(fd)) {
      throw badParam(param, `"${seg}" is a list: filter on its items' properties (${seg}.id), not on the list`);
    }
    if (!typeModule(fd).filter) {
      throw badParam(param, `"${seg}" cannot be filtered or sorted`);
    }
    if (!last) throw badParam(param, `"${seg}" has no properties`);
    const local = localNameOf(schema, seg);
    return local
      ? { expr: col, kind: fd, localName: `${alias}.${q(columnName(local, schema.fields[local]!))}` }
      : { expr: col, kind: fd };
  }
  throw badParam(param, 'empty path');
}

/** A to-many field at the head of a filter path (`roles.id`, `positionList.department.id`), filtered with EXISTS. */
export interface ToManyPath {
  /** `EXISTS (SELECT 1 FROM ... WHERE <link> AND ` - the caller appends the condition and `)`. */
  open: string;
  /** Joins of the sub-query, rooted at the related table. */
  sub: Joins;
  /** The rest of the path, relative to the related table. */
  rest: string;
}

/**
 * When `path` starts with a list field (`refList`, `dictionaryList`, `children`) of the root,
 * prepares an EXISTS sub-query over the related rows (join table or `via` foreign key), so
 * `roles.id=3` means "has role 3". Undefined for any other path.
 */
export function toManyPath(joins: Joins, path: string): ToManyPath | undefined {
  const [head, ...rest] = path.split('.');
  const fd = fieldOf(joins.root, head!);
  if (!fd || !isToMany(fd) || rest.length === 0) return undefined;
  const target = getSchema(fd.target!);
  const n = ++joins.subqueries;
  const alias = `${joins.rootAlias}e${n}`;
  const sub = new Joins(target, alias, `${alias}j`);
  sub.ctx = joins.ctx;
  sub.language = joins.language;
  const from = joins.rootAlias;
  if (shapeOf(fd) === 'children' || fd.via) {
    const via = columnName(fd.via!, target.fields[fd.via!]!);
    return {
      sub,
      rest: rest.join('.'),
      open: `EXISTS (SELECT 1 FROM ${q(target.table)} ${alias} {joins} WHERE ${alias}.${q(via)} = ${from}.id AND `,
    };
  }
  const jt = `${alias}l`;
  return {
    sub,
    rest: rest.join('.'),
    open: `EXISTS (SELECT 1 FROM ${q(joinTableName(joins.root, head!))} ${jt} JOIN ${q(target.table)} ${alias} ON ${alias}.id = ${jt}.target_id {joins} WHERE ${jt}.owner_id = ${from}.id AND `,
  };
}
