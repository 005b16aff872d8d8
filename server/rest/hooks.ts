import type { EntityHooks, EntitySchema } from '../../schemas/define';
import { grantHooks } from '../auth/grants';
import { lastAdminHooks } from '../auth/lastAdmin';
import { principalHooks } from '../auth/principalHooks';
import { leadEmailOutboxHooks } from '../mail/hooks';

/**
 * Server hooks by schema name: checks that need server code (SQL over other tables, `HttpError`)
 * and so cannot be declared in the isomorphic `schemas/`. The service runs a schema's own
 * `hooks` first, then these, inside the write's transaction (`EntityHooks` in
 * `schemas/define.ts`). A static table rather than registration at start-up, so every entry
 * point (server, tests, scripts) gets the same checks without an initialisation step.
 */
const SERVER_HOOKS: Record<string, EntityHooks[]> = {
  users: [lastAdminHooks, grantHooks, principalHooks],
  roles: [lastAdminHooks, principalHooks],
  privileges: [principalHooks],
  employees: [principalHooks],
  positions: [principalHooks],
  leadEmails: [leadEmailOutboxHooks],
};

/** Every hook set of `schema`, in the order they run: the schema's own, then the server's. */
export function hooksOf(schema: EntitySchema): EntityHooks[] {
  return [
    ...(schema.hooks ? [schema.hooks] : []),
    ...(Object.hasOwn(SERVER_HOOKS, schema.name) ? SERVER_HOOKS[schema.name]! : []),
  ];
}
