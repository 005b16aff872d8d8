import { canAccessEntity, isAdmin } from '../access';
import { defineEntity, f, rule, type AccessSubject, type WireRecord } from '../define';
import { schemas } from '../registry';

/** The sort directions a list's address carries (`order=ASC`). */
export const VIEW_ORDERS = ['ASC', 'DESC'] as const;

/** Most rows per page a saved view may ask for (the lists offer 20, 50 and 100). */
export const VIEW_MAX_PER_PAGE = 500;

/** A 400 `Validation failed` with one field error of a saved view, in the contract's shape. */
const invalid = (property: string, invalidValue: unknown, message: string): Error =>
  Object.assign(new Error('Validation failed'), {
    statusCode: 400,
    errors: [{ entity: 'SavedView', property, invalidValue, message }],
  });

/**
 * Refuses a `params.filter` that is not the text of a JSON object (the list's `filter` address
 * parameter, `{"search":"Aral"}`); absent or null is fine (no filter).
 * @throws Error with `statusCode` 400 and a field error at `params.filter`
 * @example
 * checkViewFilter({ params: { filter: '{"search":"Aral"}' } }); // passes
 * checkViewFilter({ params: { filter: '[1]' } }); // throws: must be a JSON object
 */
export function checkViewFilter(body: WireRecord): void {
  const params = body.params;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return;
  const filter = (params as WireRecord).filter;
  if (typeof filter !== 'string') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    throw invalid('params.filter', filter, 'must be the text of a JSON object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid('params.filter', filter, 'must be the text of a JSON object');
}

/**
 * The lists (entity routes, a view's `resource`) the user may read: those of every entity whose
 * read access the user has (`canAccessEntity` for `view`); every list for an admin. Without
 * privileges at hand, only the lists every signed-in user reads.
 * @example
 * readableLists({ roles: ['ADMIN'], ... }).includes('invoices'); // true
 */
export const readableLists = (user: Pick<AccessSubject, 'roles' | 'privileges'>): string[] =>
  schemas.filter((s) => canAccessEntity(s, 'view', user.roles, user.privileges ?? new Map())).map((s) => s.route);

/**
 * Who reads a saved view: its owner, and every user holding one of the roles it is shared with
 * who may also read the list the view is of (a view of invoices shared with a role stays out of
 * the lists of its members who cannot read invoices; H2-06). Admins too (an admin's list of views
 * is theirs and what is shared with them, not everyone's); a user without a name at hand reads
 * none of their own.
 */
export const savedViewReaders = (user: AccessSubject) =>
  rule.or(
    user.username === undefined ? false : rule.eq('owner', user.username),
    user.roles.length === 0
      ? false
      : rule.and(rule.exists('sharedRoles', rule.in('name', user.roles)), rule.in('resource', readableLists(user))),
  );

/**
 * Refuses a saved view the writer may not publish (H2-06): a `resource` that is not a list the
 * writer can read (`readableLists`), and `sharedRoles` naming a role the writer does not hold.
 * An admin (ADMIN or SUPER_ADMIN) reads every list and may share with any role, so an admin can
 * publish a view to everyone. The resource is checked on create, when it changes, and whenever
 * the view is shared with roles; the roles whenever the write sends them.
 * @param user the signed-in writer
 * @param resource the view's list after the write; `resourceChanged` whether the write sets it anew
 * @param sharedNames the names of the roles the write shares the view with (undefined: not sent)
 * @throws Error with `statusCode` 400 and a field error at `resource` or `sharedRoles`
 * @example
 * checkViewSharing({ roles: ['LAWYER'], ... }, 'invoices', true, undefined); // throws at `resource`
 * checkViewSharing({ roles: ['LAWYER'], ... }, 'matters', false, ['ADMIN']); // throws at `sharedRoles`
 */
export function checkViewSharing(
  user: Pick<AccessSubject, 'roles' | 'privileges'>,
  resource: string,
  resourceChanged: boolean,
  sharedNames: string[] | undefined,
): void {
  if (isAdmin(user.roles)) return;
  const sharing = sharedNames !== undefined && sharedNames.length > 0;
  if ((resourceChanged || sharing) && !readableLists(user).includes(resource))
    throw invalid('resource', resource, 'must be a list you can read');
  const foreign = (sharedNames ?? []).filter((name) => !user.roles.includes(name));
  if (foreign.length > 0)
    throw invalid('sharedRoles', foreign, `may only name roles you hold (not ${foreign.join(', ')})`);
}

/**
 * Saved views (VIEWS): a named state of a generated list - its address parameters `filter` (the
 * JSON text of the filter values), `sort`, `order`, `perPage` - and the columns hidden with the
 * column chooser (`hiddenColumns`, comma-separated sources), kept on the server, so it follows its
 * owner to any machine and can be shared with roles.
 *
 * The owner is the signed-in user's name, set by the server on create whatever the body says; a
 * user reads their own views and those shared with one of their roles (`accessRule`); only the
 * owner (or an admin) changes or deletes one (`rowWrite`); every signed-in user creates.
 * `GET /core/api/savedViews/roles` answers `[{ id, name }]`, the roles a view can be shared with
 * (those the user holds; every role for an admin), since the roles themselves are read by admins
 * only. A view is only of a list its writer can read and only shared with roles the writer holds
 * (`checkViewSharing`, H2-06).
 */
export const savedViews = defineEntity({
  name: 'savedViews',
  entityName: 'SavedView',
  label: 'Saved views',
  area: 'workspace',
  icon: 'BookmarkBorder',
  hideFromMenu: true,
  // the views are managed from the Views control of every list; the generic pages are for admins
  access: { read: 'signedIn', write: 'signedIn', page: 'admin' },
  fields: {
    name: f.text({ required: true, maxLength: 100, label: 'Name', unique: ['owner', 'resource'] }),
    // a list the writer reads (checked by `checkViewSharing`); the generated tests send the example
    resource: f.text({
      required: true,
      maxLength: 64,
      pattern: '^[A-Za-z][A-Za-z0-9-]*$',
      label: 'List',
      example: 'offices',
    }),
    params: f.embedded(
      {
        // checked as JSON by the hook below; the generated tests send the example
        filter: f.longText({ maxLength: 4000, label: 'Filter', example: '{"search":"Aral"}' }),
        sort: f.text({ maxLength: 200, pattern: '^[A-Za-z0-9_.$]+$', label: 'Sort' }),
        order: f.enum(VIEW_ORDERS, { label: 'Order' }),
        perPage: f.number({ integer: true, min: 1, max: VIEW_MAX_PER_PAGE, label: 'Rows per page' }),
        // the column chooser's hidden columns, their sources comma-separated
        hiddenColumns: f.text({
          maxLength: 2000,
          pattern: '^[A-Za-z0-9_.$]+(,[A-Za-z0-9_.$]+)*$',
          label: 'Hidden columns',
          example: 'phone,email',
        }),
      },
      { label: 'List state' },
    ),
    owner: f.text({ readOnly: true, maxLength: 120, label: 'Owner', index: true }),
    sharedRoles: f.refList('roles', { label: 'Shared with' }),
  },
  computed: {
    mine: {
      type: 'boolean',
      label: 'Mine',
    },
  },
  accessRule: savedViewReaders,
  // only the owner changes or deletes a view (admins are not asked)
  rowWrite: (user, row) => user.username !== undefined && row.owner === user.username,
  actions: {
    roles: {
      level: 'collection',
      methods: ['GET'],
      summary: 'The roles the user may share a saved view with (those they hold; all for an admin): [{ id, name }]',
      access: { privilege: 'view' },
    },
  },
  // the roles come as `{ id, name }` to admins and `{ id }` to others (roles are read by admins only)
  projections: { full: { embed: { sharedRoles: ['name'] } } },
  defaultSort: [['name', 'asc']],
  search: ['name'],
  recordRepresentation: 'name',
  list: {
    columns: ['name', 'resource', 'owner', 'sharedRoles', 'mine'],
    filters: [{ source: 'search', label: 'Search', alwaysOn: true }],
  },
  form: {
    layout: 'simple',
    groups: [{ name: 'view', label: 'View', fields: ['name', 'resource', 'params', 'sharedRoles'] }],
  },
  show: {
    tabs: [{ name: 'main', label: 'Main', fields: ['name', 'resource', 'owner', 'params', 'sharedRoles', 'mine'] }],
  },
});
