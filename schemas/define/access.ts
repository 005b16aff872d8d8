/**
 * Who may do what, as declared in a schema and as access rules read the signed-in user. The
 * lowest module of the DSL: it imports nothing, so `schemas/accessRule.ts` builds on it.
 */

/** The four privilege flags of a module (PERM-08). */
export type Action = 'view' | 'create' | 'update' | 'delete';

/**
 * Who may do what. `module` means "the user's privilege on the entity's module";
 * `signedIn` any signed-in user; `admin` ADMIN or SUPER_ADMIN only (PERM-02).
 */
export type AccessLevel = 'module' | 'signedIn' | 'admin';

/** A position of the signed-in user's employee, as access rules read it (the positions table). */
export interface AccessPosition {
  id: number;
  departmentId: number | null;
  officeId: number | null;
  /** `YYYY-MM-DD`, or null when open. */
  dateGte: string | null;
  dateLte: string | null;
}

/** The part of the signed-in user that access rules read (AUTH-15 shape). */
export interface AccessSubject {
  roles: string[];
  employeeId: number | null;
  employeeOfficeId: number | null;
  /** Every position of the user's employee (past, current and future); empty without an employee. */
  positions: AccessPosition[];
  /**
   * The user name, as the server writes it into `createdBy` and `lastModifiedBy`; absent where
   * no signed-in user is at hand (a rule comparing with it then holds for no row).
   */
  username?: string;
  /**
   * The user's privileges merged across roles (PERM-09), by module; absent where none are at
   * hand (a rule reading them then treats every module as not held).
   */
  privileges?: ReadonlyMap<string, ModulePrivilege>;
}

/** One module's privilege flags, as merged across the user's roles (`Privilege`, schemas/access.ts). */
export interface ModulePrivilege {
  module: string;
  view: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}
