import { checkPasswordConfirmation } from '../../schemas/auth/users';
import { defineServer, hookLists } from '../define';
import { grantHooks } from './grants';
import { lastAdminHooks } from './lastAdmin';
import { principalHooks } from './principalHooks';
import { normalizeUsername, normalizeUsernameOf } from './usernames';

/**
 * The server side of the accounts: users and roles keep one enabled administrator, a user's
 * roles stay within what the writer may grant, and every write to what a principal is loaded
 * from (users, roles, privileges, employees, positions) drops the cached principals on commit.
 * The parts are functions: the shared hook sets import `server/rest/`, which reads this registry.
 */
export const authServer = [
  defineServer('users', () => ({
    hooks: hookLists(
      {
        beforeValidate: [
          async ({ body }) => checkPasswordConfirmation(body),
          async ({ tx, body, id }) => normalizeUsernameOf(tx, body, id),
        ],
      },
      lastAdminHooks,
      grantHooks,
      principalHooks,
    ),
    actions: {
      // GET check/username/:username: whether a username is free, compared as sign-in compares it
      check: async ({ tx, input }) => {
        const username = normalizeUsername(String(input.username));
        const [row] = await tx.query<{ id: number }>('SELECT id FROM app_users WHERE lower(trim(username)) = $1', [
          username,
        ]);
        return { username, available: row === undefined };
      },
    },
  })),
  defineServer('roles', () => ({ hooks: hookLists(lastAdminHooks, principalHooks) })),
  defineServer('privileges', () => ({ hooks: hookLists(principalHooks) })),
];
