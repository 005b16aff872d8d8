import type { EntitySchema } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import { isNoAccess, mergePrivileges, type Privilege, type UserInfo } from '../../schemas/access';
import type { Database } from '../db/database';
import { columnName, joinTableName } from '../db/naming';
import type { AuthUser } from './types';
import { normalizeUsername } from './usernames';

/** Quoted SQL column of a schema field (names always come from `naming.ts`). */
const col = (schema: EntitySchema, field: string): string => {
  const fd = schema.fields[field];
  if (!fd) throw new Error(`${schema.name} has no field ${field}`);
  return `"${columnName(field, fd)}"`;
};

const sql = () => {
  const users = getSchema('users');
  const roles = getSchema('roles');
  const privileges = getSchema('privileges');
  const employees = getSchema('employees');
  const positions = getSchema('positions');
  const departments = getSchema('departments');
  const dictionaries = getSchema('baseDictionaries');
  const userRoles = joinTableName(users, 'roles');
  return {
    account: `SELECT u.id, u.${col(users, 'username')} AS username, u.${col(users, 'password')} AS password_hash,
        u.${col(users, 'enabled')} AS enabled, u.${col(users, 'email')} AS email,
        e.id AS employee_id, e.${col(employees, 'gfirstName')} AS first_name, e.${col(employees, 'glastName')} AS last_name,
        e.${col(employees, 'office')} AS office_id
      FROM "${users.table}" u LEFT JOIN "${employees.table}" e ON e.id = u.${col(users, 'employee')}
      WHERE lower(trim(u.${col(users, 'username')})) = $1
      ORDER BY u.${col(users, 'username')} = $1 DESC, u.id LIMIT 1`,
    roles: `SELECT r.id, r.${col(roles, 'name')} AS name FROM "${roles.table}" r
      JOIN "${userRoles}" ur ON ur.target_id = r.id WHERE ur.owner_id = $1 ORDER BY r.${col(roles, 'name')}`,
    privileges: `SELECT p.${col(privileges, 'role')} AS role_id, p.${col(privileges, 'module')} AS module,
        p.${col(privileges, 'view')} AS view, p.${col(privileges, 'create')} AS "create",
        p.${col(privileges, 'update')} AS "update", p.${col(privileges, 'delete')} AS "delete"
      FROM "${privileges.table}" p JOIN "${userRoles}" ur ON ur.target_id = p.${col(privileges, 'role')}
      WHERE ur.owner_id = $1 ORDER BY p.${col(privileges, 'module')}`,
    positions: `SELECT p.id, p.${col(positions, 'dateGte')} AS date_gte, p.${col(positions, 'dateLte')} AS date_lte,
        d.id AS department_id, p.${col(positions, 'office')} AS office_id, d.${col(departments, 'gname')} AS gname, t.${col(dictionaries, 'code')} AS type_code
      FROM "${positions.table}" p
      LEFT JOIN "${departments.table}" d ON d.id = p.${col(positions, 'department')}
      LEFT JOIN "${dictionaries.table}" t ON t.id = d.${col(departments, 'type')}
      WHERE p.${col(positions, 'employee')} = $1 ORDER BY p.${col(positions, 'dateGte')} DESC, p.id`,
  };
};
let statements: ReturnType<typeof sql> | undefined;
const q = () => (statements ??= sql());

/** A row of `app_users` with its employee, as sign-in and `findAccount` need it. */
export interface AccountRow {
  id: number;
  username: string;
  passwordHash: string | null;
  enabled: boolean;
  email: string | null;
  employeeId: number | null;
  employeeName: string | null;
  employeeOfficeId: number | null;
}

interface AccountSql {
  id: number;
  username: string;
  password_hash: string | null;
  enabled: boolean | null;
  email: string | null;
  employee_id: number | null;
  first_name: string | null;
  last_name: string | null;
  office_id: number | null;
}

/**
 * The account of `username` compared in its normal form (trimmed, lower case: `normalizeUsername`),
 * or null. `enabled` null in the table counts as true.
 */
export async function findAccount(db: Pick<Database, 'query'>, username: string): Promise<AccountRow | null> {
  const [r] = await db.query<AccountSql>(q().account, [normalizeUsername(username)]);
  if (!r) return null;
  const name = [r.first_name, r.last_name].filter(Boolean).join(' ');
  return {
    id: r.id,
    username: r.username,
    passwordHash: r.password_hash,
    enabled: r.enabled !== false,
    email: r.email,
    employeeId: r.employee_id,
    employeeName: r.employee_id === null ? null : name || null,
    employeeOfficeId: r.office_id,
  };
}

/**
 * The roles of the account `userId`, sorted by name, each with its privileges sorted by module
 * (flags as stored, null read as false): the AUTH-15 `roleList`. Roles without privileges are
 * listed with an empty `privilegeList`.
 */
export async function roleListOf(db: Pick<Database, 'query'>, userId: number): Promise<UserInfo['roleList']> {
  const [roleRows, privilegeRows] = await Promise.all([
    db.query<{ id: number; name: string }>(q().roles, [userId]),
    db.query<Privilege & { role_id: number }>(q().privileges, [userId]),
  ]);
  return roleRows.map((role) => ({
    name: role.name,
    privilegeList: privilegeRows
      .filter((p) => p.role_id === role.id)
      .map((p) => ({
        module: p.module,
        view: Boolean(p.view),
        create: Boolean(p.create),
        update: Boolean(p.update),
        delete: Boolean(p.delete),
      })),
  }));
}

/** Everything the API knows about a signed-in user. */
export interface LoadedUser {
  account: AccountRow;
  /** The AUTH-15 read model served by `/auth2/info`. */
  info: UserInfo;
  /** What routes see as `request.user`. */
  user: AuthUser;
  /** Holds NO_ACCESS (AUTH-13). */
  noAccess: boolean;
}

/**
 * Loads a user with roles, privileges (merged flag-wise across roles, PERM-09) and the employee's
 * positions (department and its type code, for PERM-07). Null when no such user.
 */
export async function loadUser(db: Pick<Database, 'query'>, username: string): Promise<LoadedUser | null> {
  const account = await findAccount(db, username);
  if (!account) return null;
  const [roleList, positionRows] = await Promise.all([
    roleListOf(db, account.id),
    account.employeeId === null
      ? Promise.resolve([])
      : db.query<{
          id: number;
          date_gte: string | null;
          date_lte: string | null;
          department_id: number | null;
          office_id: number | null;
          gname: string | null;
          type_code: number | null;
        }>(q().positions, [account.employeeId]),
  ]);
  const positionList = positionRows.map((p) => ({
    id: p.id,
    dateGte: p.date_gte,
    dateLte: p.date_lte,
    department:
      p.department_id === null
        ? null
        : { id: p.department_id, gname: p.gname, type: p.type_code === null ? null : { code: p.type_code } },
  }));
  const info: UserInfo = {
    username: account.username,
    employeeId: account.employeeId,
    employeeOfficeId: account.employeeOfficeId,
    employeeName: account.employeeName,
    roleList,
    positionList,
  };
  const roles = roleList.map((r) => r.name);
  const user: AuthUser = {
    userId: account.id,
    username: account.username,
    roles,
    privileges: mergePrivileges(roleList),
    employeeId: account.employeeId,
    employeeOfficeId: account.employeeOfficeId,
    employeeName: account.employeeName,
    positions: positionRows.map((p) => ({
      id: Number(p.id),
      departmentId: p.department_id === null ? null : Number(p.department_id),
      officeId: p.office_id === null ? null : Number(p.office_id),
      dateGte: p.date_gte,
      dateLte: p.date_lte,
    })),
  };
  return { account, info, user, noAccess: isNoAccess(roles) };
}
