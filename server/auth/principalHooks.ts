import type { EntityHooks } from '../../schemas/define';
import { invalidatePrincipals } from './verify';

/**
 * Server hooks of the records a signed-in user's principal is loaded from (users, roles,
 * privileges, employees, positions): once such a write commits, the cached principals are stale,
 * so a role or privilege change applies from the user's next request.
 */
export const principalHooks: EntityHooks = {
  afterCommit: async () => invalidatePrincipals(),
};
