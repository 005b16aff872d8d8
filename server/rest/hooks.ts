import type { EntityHooks, EntitySchema } from '../../schemas/define';
import { serverHooksOf } from './rooms';

/**
 * Every hook set of `schema`, in the order they run: the hooks of its server declaration
 * (`defineServer` in `server/<area>/`, listed in `server/areas.ts`), one set per hook in list
 * order.
 */
export function hooksOf(schema: EntitySchema): EntityHooks[] {
  return serverHooksOf(schema);
}
