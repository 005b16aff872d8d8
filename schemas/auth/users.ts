import { defineEntity, f } from '../define';

/**
 * Users of the auth service (`/auth/api/v2`, H11; USR-10..14). Passwords are write-only and
 * stored as bcrypt hashes. The page needs view on `user` (NAV-99); the service needs an admin
 * or the `user` module (docs/decisions.md, auth service).
 */
export const users = defineEntity({
  name: 'users',
  entityName: 'User',
  label: 'Users',
  area: 'administration',
  icon: 'ManageAccounts',
  base: 'auth',
  table: 'app_users',
  module: 'user',
  fields: {
    username: f.text({ required: true, unique: true, maxLength: 120 }),
    email: f.email(),
    employee: f.ref('employees', { onDelete: 'setNull' }),
    roles: f.refList('roles'),
    phoneNumber: f.phone({ label: 'Phone' }),
    password: f.password({ minLength: 4, maxLength: 128 }),
    enabled: f.boolean({ default: true }),
  },
  projections: { full: { embed: { employee: ['gfirstName', 'glastName'], roles: ['name'] } } },
  search: ['username', 'email'],
  recordRepresentation: 'username',
  list: {
    columns: ['username', 'email', 'employee', 'roles', 'enabled'],
    filters: [{ source: 'search', label: 'Search', alwaysOn: true }],
  },
});
