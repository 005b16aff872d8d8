import { isAdminOrBillingManager } from '../access';
import { rule, type AccessCondition, type AccessRule } from '../accessRule';
import type { AccessSubject } from '../define';

/**
 * Who is on the access list of a project or a matter (the `availableForEmployeeId` reading of
 * PROJ-03 and MAT-12, docs/decisions.md "Access lists of projects and matters"), as access-rule
 * conditions over the positions the signed-in user's employee holds or held:
 *
 * - a matter: its responsible, international responsible and hunter positions, its team, its
 *   project's business relationship manager and project managers, and whoever created it;
 * - a project: its business relationship manager, its project managers, the responsible,
 *   international responsible, hunter and team positions of its matters, and whoever created it.
 *
 * Admins and billing managers are not restricted (PROJ-04, MAT-13); the rules below return
 * `null` for them. Owned rows (project managers, matter teams and rates) follow their owner.
 * Who is on a list is written once, in SQL: the functions `refresh_matter_access` and
 * `refresh_project_access` of the migration `access_lists`, which triggers run on every write of
 * matters, matter teams, projects and project managers.
 */

/** The ids of every position of the user's employee (an empty list matches no row). */
const positionIds = (user: AccessSubject): number[] => user.positions.map((p) => p.id);

/**
 * The user is on the access list of a matter, as a condition over the id at `path`: `id` for
 * matters themselves, `matter.id` (or `payerMatter.id`) for the rows that belong to a matter. No
 * role exemption: callers decide who sees everything. The lists are stored (`matter_access`,
 * server/engagements/accessTables.ts, kept by the database in the transaction of every write of
 * the rows that say them), so the rule is a semi-join on an index, never an `EXISTS` per row.
 *
 * @param user the signed-in user (its positions and user name are read)
 * @param path where the matter's id is, relative to the rule's entity (default `id`)
 * @example
 * // matters themselves
 * accessRule: unlessAdminOrBilling((user) => matterAccess(user))
 * // times: own time, or time on a matter the user can access
 * accessRule: (user) => rule.or(rule.eq('employee.id', user.employeeId), matterAccess(user, 'matter.id'))
 */
export function matterAccess(user: AccessSubject, path = 'id'): AccessCondition {
  return rule.accessList('matters', path, positionIds(user), user.username ?? null);
}

/**
 * The user is on the access list of a project (stored in `project_access`), as a condition over
 * the id at `path` (`id`, `project.id`), as {@link matterAccess} for matters.
 *
 * @example
 * accessRule: unlessAdminOrBilling((user) => projectAccess(user, 'project.id'))
 */
export function projectAccess(user: AccessSubject, path = 'id'): AccessCondition {
  return rule.accessList('projects', path, positionIds(user), user.username ?? null);
}

/**
 * An access rule that lets admins and billing managers see every row (PROJ-04, MAT-13) and
 * everyone else the rows `condition` allows.
 */
export const unlessAdminOrBilling =
  (condition: (user: AccessSubject) => AccessCondition): AccessRule =>
  (user) =>
    isAdminOrBillingManager(user.roles) ? null : condition(user);
