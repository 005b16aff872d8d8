import { hasPrivilege, isAdmin, NAMED_POWER_ROLES, type Privilege } from '../../schemas/access';
import type { EntityHooks, HookTx, HookUser } from '../../schemas/define';
import { HttpError } from '../rest/errors';
import type { AuthUser } from './types';
import { roleListOf } from './users';

/**
 * Nobody grants what they do not hold. A user who manages users without being an administrator
 * (the `user` module) may write only accounts whose every role they could hold out themselves:
 * a role they hold, or one whose privileges they all hold and that gives no powers by its name
 * (`NAMED_POWER_ROLES`: ADMIN, BILL, ...). That is checked on the account as stored before the
 * write (so an administrator's account cannot be edited, its password reset or deleted by them)
 * and after it (so no role beyond theirs is added, to anyone, themselves included). Administrators
 * hold every privilege and are not limited.
 */

const ACTIONS = ['view', 'create', 'update', 'delete'] as const;

/** The privileges of `user`, as the server's principal carries them (none if absent: fail closed). */
const privilegesOf = (user: HookUser): Map<string, Privilege> =>
  (user as Partial<AuthUser>).privileges ?? new Map<string, Privilege>();

/**
 * What the account `userId` holds that `actor` could not grant, in words (`"update on client
 * (role CLERK)"`, `"the BILL role"`), or null when nothing.
 */
export async function beyondGrant(tx: HookTx, actor: HookUser, userId: number): Promise<string | null> {
  if (isAdmin(actor.roles)) return null;
  const held = privilegesOf(actor);
  for (const role of await roleListOf(tx, userId)) {
    if (actor.roles.includes(role.name)) continue;
    if (NAMED_POWER_ROLES.includes(role.name)) return `the ${role.name} role`;
    for (const privilege of role.privilegeList) {
      for (const action of ACTIONS) {
        if (privilege[action] && !hasPrivilege(actor.roles, held, privilege.module, action))
          return `${action} on ${privilege.module} (role ${role.name})`;
      }
    }
  }
  return null;
}

/** @throws HttpError 403 naming the first privilege or role the actor could not grant */
async function checkGrant(tx: HookTx, actor: HookUser, userId: number, when: 'holds' | 'would hold'): Promise<void> {
  const beyond = await beyondGrant(tx, actor, userId);
  if (beyond)
    throw new HttpError(
      403,
      `This account ${when} ${beyond}, which you do not hold: only someone who holds it may grant it or manage the account`,
    );
}

/** The hooks attached to `users` (see `server/rest/hooks.ts`). */
export const grantHooks: EntityHooks = {
  beforeChange: async ({ tx, user, id }) => {
    if (id !== undefined) await checkGrant(tx, user, id, 'holds');
  },
  afterChange: async ({ tx, user, id }) => checkGrant(tx, user, id, 'would hold'),
};
