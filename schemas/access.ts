import type { Action, EntitySchema } from './define';
import { matchesRecord } from './accessRule';

/**
 * Access predicates shared by the SPA's `canAccess` and the server's hooks.
 * Source: ledger PERM, docs/decisions.md (PERM-05, PERM-07, merging privileges).
 */

/** One role's privileges on one module (PERM-08). */
export interface Privilege {
  module: string;
  view: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

/** The current user as `/auth2/info` returns it (AUTH-15). */
export interface UserInfo {
  username: string;
  employeeId: number | null;
  employeeOfficeId: number | null;
  employeeName: string | null;
  roleList: Array<{ name: string; privilegeList: Privilege[] }>;
  positionList: Array<{
    id: number;
    dateGte: string | null;
    dateLte: string | null;
    department: { id: number; gname?: string | null; type: { code: number } | null } | null;
  }>;
}

export const roleNames = (user: Pick<UserInfo, 'roleList'> | null | undefined): string[] =>
  user?.roleList.map((r) => r.name) ?? [];

/** ADMIN or SUPER_ADMIN (PERM-02). */
export const isAdmin = (roles: string[]): boolean => roles.includes('ADMIN') || roles.includes('SUPER_ADMIN');

/** BILL, LOCAL_BILLING, ADMIN or SUPER_ADMIN (PERM-04; docs/decisions.md, PERM-05). */
export const isAdminOrBillingManager = (roles: string[]): boolean =>
  isAdmin(roles) || roles.includes('BILL') || roles.includes('LOCAL_BILLING');

/** Admin or LEGAL_ASSISTANT (PERM-06). */
export const hasChatbotAccess = (roles: string[]): boolean => isAdmin(roles) || roles.includes('LEGAL_ASSISTANT');

/**
 * Roles that give powers by their name, beyond their privilege lists: the predicates above read
 * them. Only a holder of the same role (or an admin) may grant one.
 */
export const NAMED_POWER_ROLES: readonly string[] = [
  'ADMIN',
  'SUPER_ADMIN',
  'BILL',
  'LOCAL_BILLING',
  'LEGAL_ASSISTANT',
];

/** Holds NO_ACCESS: signed out on sign-in (AUTH-13). */
export const isNoAccess = (roles: string[]): boolean => roles.includes('NO_ACCESS');

/**
 * A current position (open-ended or covering `today`) whose department's type code is 4, 5 or 6
 * (docs/decisions.md, PERM-07).
 */
export const isTopManager = (positions: UserInfo['positionList'], today: string): boolean =>
  positions.some(
    (p) =>
      (!p.dateGte || p.dateGte <= today) &&
      (!p.dateLte || p.dateLte >= today) &&
      [4, 5, 6].includes(p.department?.type?.code ?? -1),
  );

/** Flag-wise OR of a user's privileges across all roles (PERM-09, docs/decisions.md), by module. */
export const mergePrivileges = (roleList: UserInfo['roleList']): Map<string, Privilege> => {
  const merged = new Map<string, Privilege>();
  for (const role of roleList) {
    for (const p of role.privilegeList) {
      const m = merged.get(p.module) ?? { module: p.module, view: false, create: false, update: false, delete: false };
      merged.set(p.module, {
        module: p.module,
        view: m.view || p.view,
        create: m.create || p.create,
        update: m.update || p.update,
        delete: m.delete || p.delete,
      });
    }
  }
  return merged;
};

/** Whether the merged privileges allow `action` on `module`; admins have all (PERM-03). */
export const hasPrivilege = (
  roles: string[],
  privileges: ReadonlyMap<string, Privilege>,
  module: string,
  action: Action,
): boolean => isAdmin(roles) || Boolean(privileges.get(module)?.[action]);

/**
 * Whether a user may do `action` on an entity at all. `view` uses the entity's read level, other
 * actions its write level. Which rows are concerned is the entity's `accessRule`, applied by the
 * server in SQL.
 */
export const canAccessEntity = (
  schema: Pick<EntitySchema, 'access' | 'module' | 'rowModules'>,
  action: Action,
  roles: string[],
  privileges: ReadonlyMap<string, Privilege>,
): boolean => {
  if (isAdmin(roles)) return true;
  const level = action === 'view' ? schema.access.read : schema.access.write;
  if (level === 'admin') return false;
  if (level === 'signedIn') return true;
  return entityModules(schema).some((module) => hasPrivilege(roles, privileges, module, action));
};

/**
 * Every module that opens an entity: its `module` and the modules of its `rowModules` (H9), so
 * a user holding only `TIME` reaches the times API and sees the tasks, never the time entries.
 */
export const entityModules = (schema: Pick<EntitySchema, 'module' | 'rowModules'>): string[] => [
  ...new Set([...(schema.module ? [schema.module] : []), ...(schema.rowModules ?? []).map((m) => m.module)]),
];

/**
 * The privilege module that governs one record (as the API returns it): the first of the
 * schema's `rowModules` whose condition it matches, else the entity's `module`; undefined when
 * neither applies. The SPA asks `canAccess(action, rowModuleOf(schema, record))` before offering
 * an edit or a delete; the server checks the same conditions in SQL.
 * @example
 * rowModuleOf(times, { workType: { code: 5 } }); // 'TIME'
 */
export const rowModuleOf = (
  schema: Pick<EntitySchema, 'module' | 'rowModules'>,
  record: Record<string, unknown>,
): string | undefined => schema.rowModules?.find((m) => matchesRecord(m.when, record))?.module ?? schema.module;

/**
 * Whether a user reads a field (H2-05): a field without `readModules` is read by whoever reads its
 * record; a personal one only by administrators and holders of `view` on one of its modules.
 * `roles` are role names, `privileges` the merged privileges (PERM-09), as for {@link canAccessEntity}.
 * @example
 * canReadField(employees.fields.birthDate, ['PUBLISHER'], mergePrivileges(publisher.roleList)); // false: team only
 */
export const canReadField = (
  fd: { readModules?: readonly string[] },
  roles: string[],
  privileges: ReadonlyMap<string, Privilege> | undefined,
): boolean => !fd.readModules || isAdmin(roles) || fd.readModules.some((m) => Boolean(privileges?.get(m)?.view));

/**
 * The names of the fields of `schema` a user does not read ({@link canReadField}); empty for most
 * entities and for administrators. The server leaves them out of every read and refuses filters
 * and sorts on them; the SPA hides their columns, inputs and filters.
 * @example
 * unreadableFields(employees, ['PUBLISHER'], privileges); // ['gender', 'birthDate', 'secondEmail', ...]
 */
export const unreadableFields = (
  schema: Pick<EntitySchema, 'fields'>,
  roles: string[],
  privileges: ReadonlyMap<string, Privilege> | undefined,
): string[] =>
  Object.entries(schema.fields)
    .filter(([, fd]) => !canReadField(fd, roles, privileges))
    .map(([name]) => name);
