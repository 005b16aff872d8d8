import { isAdmin } from '../../schemas/access';
import { checkViewFilter, checkViewSharing } from '../../schemas/workspace/savedViews';
import { defineServer } from '../define';

/**
 * The server side of `savedViews` (`schemas/workspace/savedViews.ts`): the filter must be a JSON
 * object, the owner is the signed-in user, a view is only of a list its writer reads and only
 * shared with roles its writer holds (H2-06), `mine` marks the user's own views, and `roles` lists
 * the roles the user may share a view with.
 */
export const savedViewsServer = defineServer('savedViews', {
  hooks: {
    beforeValidate: [async ({ body }) => checkViewFilter(body)],
    beforeChange: [
      // the writer publishes only what they may read, to roles they hold (admins: anything)
      async ({ tx, user, mode, data, stored }) => {
        const resource = String(data.resource ?? stored?.resource ?? '');
        const resourceChanged = mode === 'create' || resource !== stored?.resource;
        const refs = data.sharedRoles as Array<{ id: number }> | null | undefined;
        let sharedNames: string[] | undefined;
        if (refs !== undefined) {
          const ids = (refs ?? []).map((r) => r.id);
          sharedNames =
            ids.length === 0
              ? []
              : (await tx.query<{ name: string }>('SELECT name FROM roles WHERE id = ANY($1)', [ids])).map(
                  (r) => r.name,
                );
        }
        checkViewSharing(user, resource, resourceChanged, sharedNames);
      },
      // the owner is the signed-in user, set on create whatever the body says (a read-only field)
      async ({ user, mode }) => {
        if (mode === 'create') return { owner: user.username };
      },
    ],
  },
  computed: {
    mine: (row, user, params) => `COALESCE(${row}.owner = ${params.add(user.username ?? null)}, FALSE)`,
  },
  actions: {
    // GET roles: [{ id, name }], the roles the user holds (every role for an admin)
    roles: async ({ tx, user }) =>
      isAdmin(user.roles)
        ? tx.query<{ id: number; name: string }>('SELECT id, name FROM roles ORDER BY name')
        : tx.query<{ id: number; name: string }>('SELECT id, name FROM roles WHERE name = ANY($1) ORDER BY name', [
            user.roles,
          ]),
  },
});
