import { rule, type AccessCondition, type RuleRelation, type RuleValue } from '../../schemas/accessRule';
import { canAccessEntity, hasPrivilege } from '../../schemas/access';
import { isToOne, type AccessSubject, type Action, type EntitySchema, type Field } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { columnName, joinTableName } from '../db/naming';
import { fieldOf, Joins, q, resolvePath, type Params } from './model';
import { scopeCondition, type RowScope } from '../trash/columns';

/**
 * Compiles a schema's `accessRule` (schemas/accessRule.ts) into one SQL condition over the row
 * alias of a query, with every value bound through the query's `Params` and every reference path
 * walked with the query's `Joins`. Lists, totals, single reads, embedded records and the read
 * before a write all AND the same condition into their `WHERE` (or an embed's `JOIN ... ON`), so
 * no row is ever filtered after the page is cut.
 */

/** The access subject of a signed-in user: what rules may read. */
export const accessSubject = (user: AuthUser): AccessSubject => ({
  roles: user.roles,
  employeeId: user.employeeId,
  employeeOfficeId: user.employeeOfficeId,
  positions: user.positions,
  username: user.username,
  privileges: user.privileges,
});

/** A rule that names something the entity does not have: a schema mistake, answered 500. */
class RuleError extends Error {
  constructor(schema: EntitySchema, message: string) {
    super(`accessRule of ${schema.name}: ${message}`);
  }
}

const OPS: Record<string, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

interface Ctx {
  /** Absent for conditions that are no access rule (`queryFilters`): `privilege` is refused there. */
  user?: AuthUser;
  action: Action;
  params: Params;
  schema: EntitySchema;
}

function comparison(ctx: Ctx, joins: Joins, path: string, op: string, value: unknown): string {
  let expr: string;
  try {
    expr = resolvePath(joins, path, 'accessRule').expr;
  } catch (e) {
    throw new RuleError(ctx.schema, (e as Error).message);
  }
  const list = (values: unknown): RuleValue[] => (Array.isArray(values) ? values : [values as RuleValue]);
  switch (op) {
    case 'isNull':
      return `${expr} IS NULL`;
    case 'isNotNull':
      return `${expr} IS NOT NULL`;
    case 'ne':
      return value === null || value === undefined
        ? `${expr} IS NOT NULL`
        : `${expr} IS DISTINCT FROM ${ctx.params.add(value)}`;
    case 'in':
    case 'nin': {
      const values = list(value).filter((v) => v !== null && v !== undefined);
      if (values.length === 0) return op === 'in' ? 'FALSE' : 'TRUE';
      const placeholders = values.map((v) => ctx.params.add(v)).join(', ');
      return op === 'in' ? `${expr} IN (${placeholders})` : `(${expr} IS NULL OR ${expr} NOT IN (${placeholders}))`;
    }
    default: {
      const sqlOp = OPS[op];
      if (!sqlOp) throw new RuleError(ctx.schema, `unknown operator "${op}"`);
      // as in SQL, a comparison with null holds for no row (fail closed: an unset user value hides)
      if (value === null || value === undefined) return 'FALSE';
      return `${expr} ${sqlOp} ${ctx.params.add(value)}`;
    }
  }
}

/** `EXISTS (SELECT 1 FROM <related> ... WHERE <link to the row> AND <where>)`. */
function exists(ctx: Ctx, joins: Joins, relation: RuleRelation, where: AccessCondition | undefined): string {
  const n = ++joins.subqueries;
  const alias = `${joins.rootAlias}x${n}`;
  const owner = joins.root;
  let target: EntitySchema;
  let from: string;
  let link: string;
  const ownerId = `${joins.rootAlias}.id`;
  // a relation of a referenced record is `rule.through(reference, rule.exists(...))`
  if (typeof relation === 'string' && relation.includes('.'))
    throw new RuleError(
      ctx.schema,
      `"${relation}" is a path: write rule.through('${relation.slice(0, relation.lastIndexOf('.'))}', rule.exists('${relation.slice(relation.lastIndexOf('.') + 1)}', ...))`,
    );
  if (typeof relation === 'string') {
    const name = relation;
    const fd: Field | undefined = fieldOf(owner, name);
    if (!fd || !(fd.type === 'refList' || fd.type === 'dictionaryList' || fd.type === 'children'))
      throw new RuleError(ctx.schema, `"${name}" is not a to-many field of ${owner.name}`);
    target = getSchema(fd.target!);
    if (fd.type === 'children' || fd.via) {
      from = `${q(target.table)} ${alias}`;
      link = `${alias}.${q(columnName(fd.via!, target.fields[fd.via!]!))} = ${ownerId}`;
    } else {
      from = `${q(joinTableName(owner, name))} ${alias}l JOIN ${q(target.table)} ${alias} ON ${alias}.id = ${alias}l.target_id`;
      link = `${alias}l.owner_id = ${ownerId}`;
    }
  } else {
    try {
      target = getSchema(relation.collection);
    } catch {
      throw new RuleError(ctx.schema, `unknown collection "${relation.collection}"`);
    }
    const via = fieldOf(target, relation.via);
    if (!via || via.type !== 'ref' || via.target !== owner.name)
      throw new RuleError(ctx.schema, `${relation.collection}.${relation.via} is not a reference to ${owner.name}`);
    from = `${q(target.table)} ${alias}`;
    link = `${alias}.${q(columnName(relation.via, via))} = ${ownerId}`;
  }
  const sub = new Joins(target, alias, `${alias}j`);
  sub.ctx = joins.ctx;
  const inner = where === undefined ? 'TRUE' : compile(ctx, sub, where);
  return `EXISTS (SELECT 1 FROM ${from} ${sub.sql.join(' ')} WHERE ${link} AND ${inner})`;
}

/** The record of `collection` whose id is at `path` exists and is readable by the user (`view`). */
function readableAt(ctx: Ctx, joins: Joins, collection: string, path: string): string {
  let target: EntitySchema;
  let expr: string;
  try {
    target = getSchema(collection);
    expr = resolvePath(joins, path, 'accessRule').expr;
  } catch (e) {
    throw new RuleError(ctx.schema, (e as Error).message);
  }
  const user = ctx.user;
  if (!user) throw new RuleError(ctx.schema, `"readable" needs the signed-in user: it is an access rule condition`);
  if (!canAccessEntity(target, 'view', user.roles, user.privileges)) return 'FALSE';
  return recordAt(joins, target, expr, (sub) => ruleCondition(target, user, 'view', sub, ctx.params));
}

/**
 * `EXISTS (SELECT 1 FROM <target> WHERE id = <idExpr> AND <condition>)`: the record of `target`
 * whose id the row holds at `idExpr` exists and matches the condition built over it (none: exists).
 */
function recordAt(
  joins: Joins,
  target: EntitySchema,
  idExpr: string,
  condition: (sub: Joins) => string | undefined,
): string {
  const alias = `${joins.rootAlias}r${++joins.subqueries}`;
  const sub = new Joins(target, alias, `${alias}j`);
  sub.ctx = joins.ctx;
  const inner = condition(sub);
  return `EXISTS (SELECT 1 FROM ${q(target.table)} ${alias} ${sub.sql.join(' ')} WHERE ${alias}.id = ${idExpr}${
    inner === undefined ? '' : ` AND ${inner}`
  })`;
}

/**
 * `EXISTS (SELECT 1 FROM <target> WHERE id = <row's reference> AND <where>)` for a to-one reference
 * of the row, walking a dotted chain one reference at a time.
 */
function through(ctx: Ctx, joins: Joins, reference: string, where: AccessCondition): string {
  const [head, ...rest] = reference.split('.');
  const fd = fieldOf(joins.root, head!);
  if (!fd || !isToOne(fd)) throw new RuleError(ctx.schema, `"${head}" is not a to-one reference of ${joins.root.name}`);
  return recordAt(joins, getSchema(fd.target!), `${joins.rootAlias}.${q(columnName(head!, fd))}`, (sub) =>
    rest.length > 0 ? through(ctx, sub, rest.join('.'), where) : compile(ctx, sub, where),
  );
}

/**
 * `<path> IN (SELECT <record>_id FROM <record>_access WHERE position_id IN (...) OR created_by = $u)`:
 * the stored access list of `collection` (server/engagements/accessTables.ts; `<record>` is the
 * table's name without its plural `s`: `matters` -> `matter_access`, `matter_id`). An empty
 * position list and no user name match no row.
 */
function accessList(
  ctx: Ctx,
  joins: Joins,
  c: { accessList: string; path: string; positions: readonly number[]; username: string | null },
): string {
  let expr: string;
  let table: string;
  try {
    table = getSchema(c.accessList).table;
    expr = resolvePath(joins, c.path, 'accessRule').expr;
  } catch (e) {
    throw new RuleError(ctx.schema, (e as Error).message);
  }
  if (!ACCESS_LISTS.has(c.accessList)) throw new RuleError(ctx.schema, `${c.accessList} has no stored access list`);
  const record = table.replace(/s$/, '');
  const who: string[] = [];
  const positions = c.positions.filter((p) => p !== null && p !== undefined);
  if (positions.length > 0) who.push(`a.position_id IN (${positions.map((p) => ctx.params.add(p)).join(', ')})`);
  if (c.username !== null && c.username !== undefined) who.push(`a.created_by = ${ctx.params.add(c.username)}`);
  if (who.length === 0) return 'FALSE';
  return `${expr} IN (SELECT a.${q(`${record}_id`)} FROM ${q(`${record}_access`)} a WHERE ${who.join(' OR ')})`;
}

/** The collections whose access lists are stored (the tables of server/engagements/accessTables.ts). */
const ACCESS_LISTS = new Set(['matters', 'projects']);

function compile(ctx: Ctx, joins: Joins, c: AccessCondition): string {
  if (c === true) return 'TRUE';
  if (c === false) return 'FALSE';
  if ('and' in c) return c.and.length === 0 ? 'TRUE' : `(${c.and.map((x) => compile(ctx, joins, x)).join(' AND ')})`;
  if ('or' in c) return c.or.length === 0 ? 'FALSE' : `(${c.or.map((x) => compile(ctx, joins, x)).join(' OR ')})`;
  if ('not' in c) return `NOT COALESCE(${compile(ctx, joins, c.not)}, FALSE)`;
  if ('privilege' in c) {
    if (!ctx.user) throw new RuleError(ctx.schema, 'a privilege condition is only for access rules');
    return hasPrivilege(ctx.user.roles, ctx.user.privileges, c.privilege, ctx.action) ? 'TRUE' : 'FALSE';
  }
  if ('exists' in c) return exists(ctx, joins, c.exists, c.where);
  if ('readable' in c) return readableAt(ctx, joins, c.readable, c.id);
  if ('through' in c) return through(ctx, joins, c.through, c.where);
  if ('accessList' in c) return accessList(ctx, joins, c);
  if ('path' in c) return comparison(ctx, joins, c.path, c.op, c.value);
  throw new RuleError(ctx.schema, `unknown condition ${JSON.stringify(c)}`);
}

/**
 * The declared row condition of `schema` for `user` and `action`: its `accessRule`, AND its
 * `rowModules` (the privilege module chosen by the row); null when neither restricts (every row).
 * The row modules are settled here, per action: a user holding the action on every row module
 * (or an admin) is not restricted by them, one holding it on none sees no row, and otherwise
 * only the `when` of the modules held remain - so the common case adds no join to the statement.
 */
export function rowCondition(schema: EntitySchema, user: AuthUser, action: Action = 'view'): AccessCondition | null {
  const own = schema.accessRule?.(accessSubject(user)) ?? null;
  if (!schema.rowModules?.length) return own;
  const held = schema.rowModules.filter((m) => hasPrivilege(user.roles, user.privileges, m.module, action));
  if (held.length === schema.rowModules.length) return own;
  const modules = rule.or(...held.map((m) => m.when));
  return own === null ? modules : rule.and(own, modules);
}

/**
 * The SQL condition of `schema.accessRule` and `schema.rowModules` for `user` and `action`, over
 * `joins.rootAlias` (reference paths add their LEFT JOINs to `joins`, values go to `params`),
 * ANDed with the trash's: an entity with a trash shows only its live rows (`scope` 'live', every
 * ordinary read) or only the records in its trash (`'trash'`, server/trash/); undefined when the
 * entity has neither a rule nor a trash, or they allow every row.
 * @throws Error (500) when the rule names a path, relation or operator the entity does not have
 */
export function ruleCondition(
  schema: EntitySchema,
  user: AuthUser,
  action: Action,
  joins: Joins,
  params: Params,
  scope: RowScope = 'live',
): string | undefined {
  const live = scopeCondition(schema, joins.rootAlias, scope);
  const condition = rowCondition(schema, user, action);
  if (condition === null) return live;
  // NULL (a comparison over a missing reference) counts as "no"
  const own = `COALESCE(${compile({ user, action, params, schema }, joins, condition)}, FALSE)`;
  return live === undefined ? own : `(${live} AND ${own})`;
}

/**
 * Whether `user` may read the rows of `target` that `alias` points at, as an SQL condition: FALSE
 * when the entity is closed to the user, TRUE when it has no rule and no trash, else the rule's
 * condition over `alias` (a record in the trash is not readable). A condition that reads along reference paths needs its own joins: it is then wrapped in
 * an EXISTS over them (`FROM (SELECT) one LEFT JOIN ...`, correlated to `alias`), so it can stand
 * in a `JOIN ... ON`. One without (columns of the row, EXISTS over relations, `through`) is
 * written as it is: the planner then sees no extra scan of the target per row.
 */
export function readableCondition(target: EntitySchema, user: AuthUser, alias: string, params: Params): string {
  if (!canAccessEntity(target, 'view', user.roles, user.privileges)) return 'FALSE';
  if (!target.accessRule && !target.rowModules?.length) return scopeCondition(target, alias) ?? 'TRUE';
  const joins = new Joins(target, alias, `${alias}vj`);
  const condition = ruleCondition(target, user, 'view', joins, params);
  if (condition === undefined) return 'TRUE';
  if (joins.sql.length === 0) return condition;
  return `EXISTS (SELECT FROM (SELECT) one ${joins.sql.join(' ')} WHERE ${condition})`;
}

/**
 * The SQL of a condition written in the access-rule vocabulary that is not an access rule (a
 * `queryFilters` entry), over `joins.rootAlias`; NULL counts as "no".
 * @throws Error (500) when it names a path or relation the entity does not have, or a privilege
 */
export function conditionSql(schema: EntitySchema, condition: AccessCondition, joins: Joins, params: Params): string {
  return `COALESCE(${compile({ action: 'view', params, schema }, joins, condition)}, FALSE)`;
}
