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

/** `at` + `.` + `path`, or `path` when `at` is empty. */
const under = (at: string, path: string): string => (at ? `${at}.${path}` : path);

/** The ids of every position of the user's employee (an empty list matches no row). */
const positionIds = (user: AccessSubject): number[] => user.positions.map((p) => p.id);

/** The matter's own people (no project, no creator): what a project reads through its matters. */
const matterPeople = (ids: number[], at = ''): AccessCondition =>
  rule.or(
    rule.in(under(at, 'responsiblePosition.id'), ids),
    rule.in(under(at, 'internationalResponsiblePosition.id'), ids),
    rule.in(under(at, 'hunterPosition.id'), ids),
    rule.exists(under(at, 'matterTeamList'), rule.in('teamPosition.id', ids)),
  );

/**
 * The user is on the access list of the matter reached by the reference path `at` (`''`: the row
 * itself is the matter; `'matter'`: a row with a `matter` reference, such as a time entry). No
 * role exemption: callers decide who sees everything.
 *
 * @param user the signed-in user (its positions and user name are read)
 * @param at the reference path from the rule's entity to a matter; `''` for matters themselves
 * @returns a condition over the rule's entity; a row without a matter at `at` matches nothing
 * @example
 * // times: own time, or time on a matter the user can access
 * accessRule: (user) => rule.or(rule.eq('employee.id', user.employeeId), matterAccess(user, 'matter'))
 */
export function matterAccess(user: AccessSubject, at = ''): AccessCondition {
  const ids = positionIds(user);
  return rule.or(
    matterPeople(ids, at),
    rule.in(under(at, 'project.businessRelationshipManagerPosition.id'), ids),
    rule.exists(under(at, 'project.projectManagerList'), rule.in('managerPosition.id', ids)),
    rule.eq(under(at, 'createdBy'), user.username ?? null),
  );
}

/**
 * The user is on the access list of the project reached by the reference path `at` (`''`: the
 * row itself is the project; `'project'`: a row with a `project` reference).
 *
 * @example
 * accessRule: (user) => (isAdminOrBillingManager(user.roles) ? null : projectAccess(user, 'project'))
 */
export function projectAccess(user: AccessSubject, at = ''): AccessCondition {
  const ids = positionIds(user);
  return rule.or(
    rule.in(under(at, 'businessRelationshipManagerPosition.id'), ids),
    rule.exists(under(at, 'projectManagerList'), rule.in('managerPosition.id', ids)),
    rule.exists({ collection: 'matters', via: 'project', from: at || undefined }, matterPeople(ids)),
    rule.eq(under(at, 'createdBy'), user.username ?? null),
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
