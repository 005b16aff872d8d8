import type { AccessSubject } from './define/access';

/**
 * The vocabulary of access rules and computed fields, declared in schemas and compiled into SQL
 * by the server (`server/rest/access.ts`, `server/rest/model.ts`). Isomorphic: plain data and
 * functions, no Node or React imports.
 */

/** A comparison of an access rule. `eq` with a `null` value holds for no row (as SQL's `= NULL`); use `isNull`. */
export type RuleOp = 'eq' | 'ne' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'isNull' | 'isNotNull';

/** A value compared in a rule: the row's value at `path` against it, bound as an SQL parameter. */
export type RuleValue = string | number | boolean | null;

/**
 * The relation an `exists` walks: a to-many field of the entity (`children`, `refList`,
 * `dictionaryList`), or an inverse reference - the rows of `collection` whose reference `via`
 * points at this row. A relation of a referenced record is reached `through` that reference
 * (`rule.through('project', rule.exists('projectManagerList', ...))`); a dotted relation is a
 * schema error.
 *
 * @example
 * rule.exists('matterTeamList', rule.in('teamPosition.id', [4, 9]))
 * rule.exists({ collection: 'matters', via: 'project' }, rule.eq('hunted', true))
 * // on a matter: the managers of its project
 * rule.through('project', rule.exists('projectManagerList', rule.in('managerPosition.id', [4, 9])))
 */
export type RuleRelation = string | { collection: string; via: string };

/**
 * A condition on the rows of an entity, compiled into the SQL `WHERE` of every read:
 * - `true` / `false`: every row / no row;
 * - `{ and: [...] }`, `{ or: [...] }`, `{ not: c }`;
 * - `{ path, op, value }`: the value at a property path (own field, `client.country.code`,
 *   `clientId`, a system property) compared with a constant;
 * - `{ exists: relation, where? }`: some related row (optionally matching `where`, whose paths are
 *   relative to the related entity) exists;
 * - `{ through: reference, where }`: the record a to-one reference (`matter`, or a dotted chain
 *   such as `matter.project`) points at matches `where`, whose paths are relative to that record's
 *   entity - so a condition written for matters (`matterAccess(user)`) applies unchanged to the
 *   times of those matters; a row whose reference is empty does not match;
 * - `{ privilege: module }`: the user holds the privilege of the action being checked (view,
 *   create, update, delete) on `module` - a module chosen by a row's values is
 *   `or(and(eq('underSanctions', true), privilege('SANCTIONS')), ...)`;
 * - `{ readable: collection, id: path }`: the record of `collection` whose id is the value at
 *   `path` exists and the user may read it (that entity's module or access level for `view`,
 *   and its own access rule) - how a row that belongs to another record (a verification chain
 *   to its document) inherits that record's visibility;
 * - `{ accessList: collection, path, positions, username }`: the id at `path` (`id`, `matter.id`)
 *   is a record of `collection` on the stored access list of one of `positions` or of the user
 *   `username` as its creator (the tables `<record>_access` kept by the database, server/engagements/
 *   accessTables.ts: `matters` and `projects`) - compiled to `<path> IN (SELECT ... FROM
 *   matter_access WHERE position_id IN (...) OR created_by = ...)`, a semi-join on an index.
 */
export type AccessCondition =
  | boolean
  | { and: AccessCondition[] }
  | { or: AccessCondition[] }
  | { not: AccessCondition }
  | { path: string; op: RuleOp; value?: RuleValue | readonly RuleValue[] }
  | { exists: RuleRelation; where?: AccessCondition }
  | { through: string; where: AccessCondition }
  | { privilege: string }
  | { readable: string; id: string }
  | { accessList: string; path: string; positions: readonly number[]; username: string | null };

/**
 * Which rows of an entity the signed-in user may read and write: a condition, or `null` for every
 * row. Called once per request with the user's roles, employee, office and positions.
 */
export type AccessRule = (user: AccessSubject) => AccessCondition | null;

/** Builders for {@link AccessCondition}s, so rules read as sentences. */
export const rule = {
  and: (...conditions: AccessCondition[]): AccessCondition => ({ and: conditions }),
  or: (...conditions: AccessCondition[]): AccessCondition => ({ or: conditions }),
  not: (condition: AccessCondition): AccessCondition => ({ not: condition }),
  eq: (path: string, value: RuleValue): AccessCondition => ({ path, op: 'eq', value }),
  ne: (path: string, value: RuleValue): AccessCondition => ({ path, op: 'ne', value }),
  in: (path: string, values: readonly RuleValue[]): AccessCondition => ({ path, op: 'in', value: values }),
  nin: (path: string, values: readonly RuleValue[]): AccessCondition => ({ path, op: 'nin', value: values }),
  gt: (path: string, value: RuleValue): AccessCondition => ({ path, op: 'gt', value }),
  gte: (path: string, value: RuleValue): AccessCondition => ({ path, op: 'gte', value }),
  lt: (path: string, value: RuleValue): AccessCondition => ({ path, op: 'lt', value }),
  lte: (path: string, value: RuleValue): AccessCondition => ({ path, op: 'lte', value }),
  isNull: (path: string): AccessCondition => ({ path, op: 'isNull' }),
  isNotNull: (path: string): AccessCondition => ({ path, op: 'isNotNull' }),
  exists: (relation: RuleRelation, where?: AccessCondition): AccessCondition => ({ exists: relation, where }),
  privilege: (module: string): AccessCondition => ({ privilege: module }),
  /**
   * The record of `collection` whose id is the value at `idPath` is readable by the user.
   * @example
   * // a chain is visible to whoever can read the matter it belongs to
   * rule.and(rule.eq('ownerType', 'MATTER'), rule.readable('matters', 'ownerId'))
   */
  readable: (collection: string, idPath: string): AccessCondition => ({ readable: collection, id: idPath }),
  /**
   * The record the to-one `reference` points at matches `where` (paths relative to its entity).
   * @example
   * // times on a matter whose team holds the user's employee
   * rule.through('matter', rule.exists('matterTeamList', rule.eq('teamPosition.employee.id', user.employeeId)))
   */
  through: (reference: string, where: AccessCondition): AccessCondition => ({ through: reference, where }),
  /**
   * The id at `path` is a record of `collection` on the stored access list of one of `positions`
   * or of `username` (its creator): see {@link AccessCondition}. Lists exist for `matters` and
   * `projects` (MAT-12, PROJ-03).
   * @example
   * // times on a matter whose access list holds the user
   * rule.accessList('matters', 'matter.id', user.positions.map((p) => p.id), user.username ?? null)
   */
  accessList: (
    collection: string,
    path: string,
    positions: readonly number[],
    username: string | null,
  ): AccessCondition => ({ accessList: collection, path, positions, username }),
};

/**
 * A privilege module chosen by the row (`EntityConfig.rowModules`): rows matching `when` need the
 * privilege of the checked action on `module`.
 */
export interface RowModule<M extends string = string> {
  module: M;
  when: AccessCondition;
}

/**
 * What a schema's row modules mean as one condition: a row is allowed when one entry matches it
 * and the user holds that entry's privilege for the checked action -
 * `or(and(when, privilege(module)), ...)`. The server settles the privileges before compiling
 * (`rowCondition` in server/rest/access.ts), so only the `when` of the modules held reach SQL.
 */
export const rowModulesCondition = (rowModules: readonly RowModule[]): AccessCondition =>
  rule.or(...rowModules.map((m) => rule.and(m.when, rule.privilege(m.module))));

/** The value at a dotted wire path of a record (`workType.code`), undefined when a step is missing. */
const valueAt = (record: Record<string, unknown>, path: string): unknown => {
  let v: unknown = record;
  for (const seg of path.split('.')) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
};

/**
 * Whether a wire record (as the API returns it, references embedded) matches a condition made of
 * comparisons, `and`, `or`, `not` and booleans - what the SPA needs to tell which row module
 * governs a record. Missing values compare like SQL NULL (`eq` fails, `ne` holds).
 * @throws Error for `exists`, `through`, `accessList` and `privilege`, which only the database can judge
 * @example
 * matchesRecord(rule.eq('workType.code', 1), { workType: { id: 4, code: 1 } }); // true
 */
export function matchesRecord(condition: AccessCondition, record: Record<string, unknown>): boolean {
  if (typeof condition === 'boolean') return condition;
  if ('and' in condition) return condition.and.every((c) => matchesRecord(c, record));
  if ('or' in condition) return condition.or.some((c) => matchesRecord(c, record));
  if ('not' in condition) return !matchesRecord(condition.not, record);
  if ('path' in condition && !('accessList' in condition)) {
    const raw = valueAt(record, condition.path);
    const v = raw === undefined ? null : (raw as RuleValue);
    const c = condition.value;
    const list = (Array.isArray(c) ? c : [c]) as RuleValue[];
    switch (condition.op) {
      case 'isNull':
        return v === null;
      case 'isNotNull':
        return v !== null;
      case 'eq':
        return v !== null && c !== null && v === c;
      case 'ne':
        return v !== c;
      case 'in':
        return v !== null && list.includes(v);
      case 'nin':
        return v === null || !list.includes(v);
      default:
        if (v === null || c === null || c === undefined) return false;
        return condition.op === 'gt' ? v > c : condition.op === 'gte' ? v >= c : condition.op === 'lt' ? v < c : v <= c;
    }
  }
  throw new Error(`matchesRecord: ${JSON.stringify(condition)} can only be judged by the database`);
}

/** The value types a computed field can have (parsed and written like the field type of that name). */
export type ComputedType = 'number' | 'boolean' | 'text' | 'date' | 'dateTime';

/**
 * A read-only property computed by the database, declared by its type and label. Its SQL - an
 * expression over the row, or a function building a per-user expression - lives in the entity's
 * server room (`computed` of `defineServer`, `server/define.ts`). It is returned by projections
 * (every projection without a `fields` list, or one naming it), filtered with its type's
 * operators and sorted (`sort=votes,desc`); never written.
 */
export interface ComputedField {
  type: ComputedType;
  /** Whole numbers only (`number`): filter values must be integers. */
  integer?: boolean;
  label?: string;
}
