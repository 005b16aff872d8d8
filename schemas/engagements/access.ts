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
 */

/** The ids of every position of the user's employee (an empty list matches no row). */
const positionIds = (user: AccessSubject): number[] => user.positions.map((p) => p.id);

/** The matter's own people (no project, no creator): what a project reads through its matters. */
const matterPeople = (ids: number[]): AccessCondition =>
  rule.or(
    rule.in('responsiblePosition.id', ids),
    rule.in('internationalResponsiblePosition.id', ids),
    rule.in('hunterPosition.id', ids),
    rule.exists('matterTeamList', rule.in('teamPosition.id', ids)),
  );

/** The project's own people: its business relationship manager and its project managers. */
const projectPeople = (ids: number[]): AccessCondition =>
  rule.or(
    rule.in('businessRelationshipManagerPosition.id', ids),
    rule.exists('projectManagerList', rule.in('managerPosition.id', ids)),
  );

/**
 * The user is on the access list of a matter, as a condition over matters. No role exemption:
 * callers decide who sees everything. A row that belongs to a matter reads it `through` its
 * reference (one primary-key probe per row; reference paths would JOIN matters and projects into
 * the statement, which the planner answers by hashing every matter the user reaches).
 *
 * @param user the signed-in user (its positions and user name are read)
 * @example
 * // matters themselves
 * accessRule: unlessAdminOrBilling((user) => matterAccess(user))
 * // times: own time, or time on a matter the user can access
 * accessRule: (user) => rule.or(rule.eq('employee.id', user.employeeId), rule.through('matter', matterAccess(user)))
 */
export function matterAccess(user: AccessSubject): AccessCondition {
  const ids = positionIds(user);
  return rule.or(
    matterPeople(ids),
    rule.through('project', projectPeople(ids)),
    rule.eq('createdBy', user.username ?? null),
  );
}

/**
 * The user is on the access list of a project, as a condition over projects (rows of a project
 * read it `through` their reference, as for {@link matterAccess}).
 *
 * @example
 * accessRule: unlessAdminOrBilling((user) => rule.through('project', projectAccess(user)))
 */
export function projectAccess(user: AccessSubject): AccessCondition {
  const ids = positionIds(user);
  return rule.or(
    projectPeople(ids),
    rule.exists({ collection: 'matters', via: 'project' }, matterPeople(ids)),
    rule.eq('createdBy', user.username ?? null),
  );
}

/**
 * An access rule that lets admins and billing managers see every row (PROJ-04, MAT-13) and
 * everyone else the rows `condition` allows.
 */
export const unlessAdminOrBilling =
  (condition: (user: AccessSubject) => AccessCondition): AccessRule =>
  (user) =>
    isAdminOrBillingManager(user.roles) ? null : condition(user);
