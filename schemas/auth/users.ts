import { defineEntity, f, type WireRecord } from '../define';

/** The confirmation of `password` a form may send along: compared, then dropped (never stored). */
export const PASSWORD_CONFIRMATION = 'password2';

/**
 * Drops `password2` from a user's body after checking it equals `password` (USR-10).
 * @throws Error with `statusCode` 400 and a field error at `password2` when they differ (the
 *   passwords themselves are never echoed in the error)
 */
export function checkPasswordConfirmation(body: WireRecord): void {
  if (!Object.hasOwn(body, PASSWORD_CONFIRMATION)) return;
  const confirmation = body[PASSWORD_CONFIRMATION];
  delete body[PASSWORD_CONFIRMATION];
  const password = body.password ?? null;
  const same = (confirmation ?? '') === (password ?? '');
  if (same) return;
  throw Object.assign(new Error('Validation failed'), {
    statusCode: 400,
    errors: [
      { entity: 'User', property: PASSWORD_CONFIRMATION, invalidValue: null, message: 'Passwords do not match' },
    ],
  });
}

/**
 * Users of the auth service (`/auth/api/v2`, H11; USR-10..14). Passwords are write-only and
 * stored as bcrypt hashes; a body may carry `password2`, which must equal `password` and is
 * never stored. The page needs view on `user` (NAV-99); the service needs an admin or the
 * `user` module (docs/decisions.md, auth service). `GET /users/check/username/{name}` tells a
 * form whether a username is still free (USR-14).
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
  actions: {
    check: {
      level: 'collection',
      methods: ['GET'],
      path: 'check/username/:username',
      summary: 'Whether a username is free (trimmed and in any case, as sign-in compares it)',
      input: { username: f.text({ required: true, maxLength: 120 }) },
      access: { privilege: 'view' },
    },
  },
  projections: { full: { embed: { employee: ['gfirstName', 'glastName'], roles: ['name'] } } },
  search: ['username', 'email'],
  recordRepresentation: 'username',
  list: {
    columns: ['username', 'email', 'employee', 'roles', 'enabled'],
    filters: [{ source: 'search', label: 'Search', alwaysOn: true }],
  },
});
