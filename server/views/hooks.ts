import type { EntityHooks } from '../../schemas/define';
import { findSchemaByRoute } from '../../schemas/index';
import { validationFailed } from '../rest/errors';

/**
 * The server's check of a saved view (`schemas/workspace/savedViews.ts`): its `resource` must be
 * the route of a registered schema's list, the lists the Views control is on.
 * @throws HttpError 400 `Validation failed` at `resource` for a route no schema has
 */
export const savedViewHooks: EntityHooks = {
  beforeChange: async ({ data, mode }) => {
    if (mode === 'delete' || typeof data.resource !== 'string') return;
    if (!findSchemaByRoute(data.resource))
      throw validationFailed([
        { entity: 'SavedView', property: 'resource', invalidValue: data.resource, message: 'is not a list of Bureau' },
      ]);
  },
};
