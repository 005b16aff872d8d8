import type { EntityHooks, HookContext } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import { columnName, joinTableName } from '../db/naming';
import { HttpError } from '../rest/errors';
import { q } from '../rest/model';

/**
 * Keeps at least one enabled administrator: a write to users or roles that leaves no enabled
 * user holding the ADMIN or SUPER_ADMIN role (PERM-02) is refused with 409 and rolled back.
 * That covers deleting or disabling the last admin, removing the role from their `roles`, and
 * deleting or renaming the role itself. Without an admin nobody could manage users again.
 */

/** The role names that make a user an administrator (PERM-02). */
export const ADMIN_ROLES = ['ADMIN', 'SUPER_ADMIN'] as const;

/** The 409 message: what is refused and how to proceed. */
export const LAST_ADMIN_MESSAGE =
  'The last enabled administrator cannot be deleted, disabled or lose the ADMIN/SUPER_ADMIN role: make another user an administrator first';

/** The number of enabled users holding an administrator role, read inside `tx`. */
export async function countEnabledAdmins(tx: HookContext['tx']): Promise<number> {
  const users = getSchema('users');
  const roles = getSchema('roles');
  const link = joinTableName(users, 'roles');
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${q(users.table)} u
      WHERE u.${q(columnName('enabled', users.fields.enabled!))}
        AND EXISTS (SELECT 1 FROM ${q(link)} l JOIN ${q(roles.table)} r ON r.id = l.target_id
                     WHERE l.owner_id = u.id AND r.${q(columnName('name', roles.fields.name!))} = ANY($1::text[]))`,
    [[...ADMIN_ROLES]],
  );
  return Number(row?.n ?? 0);
}

/** @throws HttpError 409 when no enabled administrator is left. */
async function keepOneAdmin({ tx }: HookContext): Promise<void> {
  if ((await countEnabledAdmins(tx)) === 0) throw new HttpError(409, LAST_ADMIN_MESSAGE);
}

/** The hooks attached to `users` and `roles` (see `server/rest/hooks.ts`). */
export const lastAdminHooks: EntityHooks = { afterChange: keepOneAdmin, afterDelete: keepOneAdmin };
