import type { Action, EntitySchema } from '../../schemas/define';
import {
  canAccessEntity,
  hasPrivilege,
  isAdmin,
  mergePrivileges,
  roleNames,
  type Privilege,
  type UserInfo,
} from '../../schemas/access';

/** The signed-in user's access facts, computed once per `/auth2/info` answer (PERM-08/09). */
export interface Permissions {
  roles: string[];
  privileges: Map<string, Privilege>;
}

/** Roles and merged privileges of a user; `null` user -> no roles, no privileges. */
export const toPermissions = (user: Pick<UserInfo, 'roleList'> | null | undefined): Permissions => ({
  roles: roleNames(user),
  privileges: mergePrivileges(user?.roleList ?? []),
});

/** react-admin's `canAccess` parameters. `action` is a react-admin action or a privilege flag. */
export interface CanAccessParams {
  action: string;
  resource: string;
  record?: Record<string, unknown>;
}

/** react-admin view actions mapped to the privilege flag they need (PERM-08). */
const ACTION_TO_PRIVILEGE: Record<string, Action> = {
  list: 'view',
  show: 'view',
  view: 'view',
  export: 'view',
  create: 'create',
  clone: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

/**
 * Whether the user may open the schema's pages and see its menu entry: `access.page` is
 * `admin` (admins only, NAV-51/52), `signedIn`, or `module` (view privilege on the module).
 */
export const canViewPage = (schema: Pick<EntitySchema, 'access' | 'module'>, perms: Permissions): boolean => {
  if (isAdmin(perms.roles)) return true; // PERM-03
  switch (schema.access.page) {
    case 'admin':
      return false;
    case 'signedIn':
      return true;
    default:
      if (!schema.module) return false;
      return hasPrivilege(perms.roles, perms.privileges, schema.module, 'view');
  }
};

/**
 * What `createCanAccess` reads of an entity: a schema, or its entry of the SPA's manifest
 * (`src/resources/schemaLoader.ts`), which the shell holds before the schema loads.
 */
export type AccessFacts = Pick<EntitySchema, 'name' | 'route' | 'access' | 'module' | 'rowModules'>;

/**
 * Builds react-admin's `authProvider.canAccess` from the shared predicates of `schemas/access.ts`.
 * `resource` is a react-admin resource name (a schema's `route`) or, for bespoke pages, a
 * privilege module name (`cashbox`, `PUBLISHER_NEWS`). Page actions (`list`, `show`, `create`,
 * `edit`) need the page to be visible AND the entity privilege; unknown resources fall back to
 * the module privilege (admins pass, PERM-03). Drives the menu and the `/404` guard (PERM-10).
 *
 * @example
 * const canAccess = createCanAccess(schemas, toPermissions(userInfo));
 * canAccess({ action: 'list', resource: 'clients' }); // member without client view -> false
 */
export const createCanAccess = (schemas: readonly AccessFacts[], perms: Permissions) => {
  const byRoute = new Map(schemas.map((s) => [s.route, s]));
  const byName = new Map(schemas.map((s) => [s.name, s]));
  return ({ action, resource }: CanAccessParams): boolean => {
    const privilege = ACTION_TO_PRIVILEGE[action] ?? 'view';
    const schema = byRoute.get(resource) ?? byName.get(resource);
    if (!schema) return hasPrivilege(perms.roles, perms.privileges, resource, privilege);
    if (!canViewPage(schema, perms)) return false;
    return canAccessEntity(schema, privilege, perms.roles, perms.privileges);
  };
};
