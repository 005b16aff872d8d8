import type { EntityHooks, EntitySchema } from '../../schemas/define';
import { serverHooksOf } from './rooms';

/**
 * Every hook set of `schema`, in the order they run: the hooks of its server declaration
 * (`defineServer` in `server/<area>/`, listed in `server/areas.ts`), one set per hook in list
 * order, after a schema object's own `hooks` (only entities a test builds carry those).
 */
export function hooksOf(schema: EntitySchema): EntityHooks[] {
  return [...(schema.hooks ? [schema.hooks] : []), ...serverHooksOf(schema)];
}
