import { checkViewFilter } from '../../schemas/workspace/savedViews';
import { defineServer } from '../define';

/**
 * The server side of `savedViews` (`schemas/workspace/savedViews.ts`): the filter must be a JSON
 * object, the owner is the signed-in user, `mine` marks the user's own views, and `roles` lists
 * the roles a view can be shared with.
 */
export const savedViewsServer = defineServer('savedViews', {
  hooks: {
    beforeValidate: [async ({ body }) => checkViewFilter(body)],
    // the owner is the signed-in user, set on create whatever the body says (a read-only field)
    beforeChange: [
      async ({ user, mode }) => {
        if (mode === 'create') return { owner: user.username };
      },
    ],
  },
  computed: {
    mine: (row, user, params) => `COALESCE(${row}.owner = ${params.add(user.username ?? null)}, FALSE)`,
  },
  actions: {
    // GET roles: [{ id, name }]
    roles: async ({ tx }) => tx.query<{ id: number; name: string }>('SELECT id, name FROM roles ORDER BY name'),
  },
});
