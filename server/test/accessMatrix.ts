import { actionUrl, type Action, type EntityAction, type EntitySchema, type WireRecord } from '../../schemas/define';
import type { HTTPMethods } from 'fastify';
import { ROLE_PRIVILEGES } from '../db/seed/roles';
import type { Role } from '../../schemas/modules';
import type { RouteEntry } from '../app';
import { collectionPath } from '../rest/values';
import { getSchema, storedFiles } from '../../schemas/index';
import { exportPath } from '../exports/routes';
import { documentPath } from '../documents/routes';
import { SEARCH_PATH } from '../search/service';
import { JOBS_PATH } from '../jobs/routes';
import { ANALYTICS_PATH } from '../dashboards/routes';
import { MONEY_CHECK_PATH } from '../billing/moneyCheck/routes';
import { CASHBOX_CALCULATE_PATH } from '../cashbox/routes';
import { calculatesCashbox } from '../../schemas/cashbox/access';
import { RATING_PATH } from '../rankings/routes';

/**
 * The expectations of the authorization matrix, written from the declarations rather than from the
 * server's checks: the schemas' `access` levels and `module`, and the seeded roles' grants
 * (`server/db/seed/roles.ts`, merged across roles as a flag-wise OR). Every route of the app's
 * route table must be judged here; a route this file does not know is reported as unjudged.
 */

/** Who sends a request: nobody (no token) or a user holding one or more seeded roles. */
export interface Subject {
  /** Label in reports: `anonymous`, a role name, or role names joined by `+`. */
  name: string;
  /** The user name created for the subject; null for anonymous. */
  username: string | null;
  roles: Role[];
}

/** The seeded demo roles, one user each, and users holding two of them (grants merged flag-wise). */
export const SUBJECTS: readonly Subject[] = [
  { name: 'anonymous', username: null, roles: [] },
  ...(['ADMIN', 'BILL', 'MEMBER', 'GLOBAL_TOP', 'PUBLISHER', 'LEGAL_ASSISTANT', 'NO_ACCESS'] as const).map((role) => ({
    name: role,
    username: `matrix-${role.toLowerCase()}`,
    roles: [role],
  })),
  { name: 'MEMBER+PUBLISHER', username: 'matrix-member-publisher', roles: ['MEMBER', 'PUBLISHER'] },
  // MEMBER alone may not read clients, LEGAL_ASSISTANT may: the merged user reads them, writes nothing
  { name: 'MEMBER+LEGAL_ASSISTANT', username: 'matrix-member-assistant', roles: ['MEMBER', 'LEGAL_ASSISTANT'] },
];

const ALL_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const READ: HTTPMethods[] = ['GET', 'HEAD'];

/**
 * How a route decides:
 * - `public`: never asks who is calling (the answer must not be a 401/403, for anyone);
 * - `signedIn`: any valid token, NO_ACCESS users included (the current-user endpoint, which the
 *   SPA reads to sign NO_ACCESS users out);
 * - `user`: any signed-in user with a usable account (NO_ACCESS is 401); what it answers is each
 *   entity's own business (the global search, which lists only what the user's lists show);
 * - `entity`: a generated collection route, judged by the schema's access for `action`
 *   (the record history is an item read, reverting one of its entries an item update, a bulk
 *   change of a selection the collection's update);
 * - `action`: a schema's action, judged by its declared access: the privilege on the entity,
 *   for an `item` action the record's read access, then its predicate on the user and record;
 * - `admin`: administrators (ADMIN, SUPER_ADMIN) only, 403 for any other user (the money check).
 */
export type Rule =
  | { kind: 'public' }
  | { kind: 'admin' }
  /** Allowed to the subjects whose roles `allow` accepts (a route deciding by role names). */
  | { kind: 'roles'; allow: (roles: string[]) => boolean }
  | { kind: 'signedIn' }
  | { kind: 'user' }
  | {
      kind: 'entity';
      schema: EntitySchema;
      action: Action;
      item: boolean;
      sub?: StatusRoute;
      /**
       * The rows to create come in an uploaded file (an import): the route decides by the privilege
       * alone, and a row its access rule refuses is reported among the rejected rows.
       */
      rowsInFile?: true;
      /**
       * Only the record's uploader or an administrator may (deleting a stored file); no subject of
       * the matrix uploaded the record it names.
       */
      uploaderOnly?: true;
    }
  | { kind: 'action'; schema: EntitySchema; name: string; action: EntityAction; item: boolean };

/**
 * The routes of a declared status, under an item: moving it is an update (a transition whose own
 * privilege is the entity's `update`), reading its history a view.
 */
export type StatusRoute = 'transitions' | 'statusChanges';
const STATUS_ROUTES: Record<StatusRoute, { methods: HTTPMethods[]; action: Action }> = {
  transitions: { methods: ['POST'], action: 'update' },
  statusChanges: { methods: READ, action: 'view' },
};

/** Allowed (any status but 401/403), or the refusal expected. */
export type Outcome = 'allow' | 401 | 403;

/** Whether the seeded grants of `roles` let them read the rankings: an administrator, or view on RANKING. */
const viewsRankings = (roles: string[]): boolean =>
  roles.includes('ADMIN') || roles.includes('SUPER_ADMIN') || granted(roles as Role[], 'RANKING', 'view');

/** The routes that are not generated from a schema, with their rule and allowed methods. */
export const KNOWN_ROUTES: ReadonlyArray<{ url: string; methods: HTTPMethods[]; rule: Rule }> = [
  // the embedded OpenID provider and its sign-in pages: public by nature
  { url: '/oidc', methods: ALL_METHODS, rule: { kind: 'public' } },
  { url: '/oidc/*', methods: ALL_METHODS, rule: { kind: 'public' } },
  { url: '/oidc/interaction/:uid', methods: READ, rule: { kind: 'public' } },
  { url: '/oidc/interaction/:uid/login', methods: ['POST'], rule: { kind: 'public' } },
  { url: '/oidc/forgot-password', methods: [...READ, 'POST'], rule: { kind: 'public' } },
  { url: '/app-config.json', methods: READ, rule: { kind: 'public' } },
  { url: '/core/api/openapi.json', methods: READ, rule: { kind: 'public' } },
  { url: '/', methods: READ, rule: { kind: 'public' } },
  { url: '/core/api/auth2/info', methods: READ, rule: { kind: 'signedIn' } },
  { url: SEARCH_PATH, methods: READ, rule: { kind: 'user' } },
  // a user's own background jobs: any signed-in user, each seeing only the jobs they started
  { url: JOBS_PATH, methods: READ, rule: { kind: 'user' } },
  { url: `${JOBS_PATH}/:id`, methods: READ, rule: { kind: 'user' } },
  { url: `${JOBS_PATH}/:id/result`, methods: READ, rule: { kind: 'user' } },
  { url: `${JOBS_PATH}/:id/cancel`, methods: ['POST'], rule: { kind: 'user' } },
  // the dashboards' analytics queries and their jobs (server/dashboards/): any signed-in user, each
  // reading their own scope and their own jobs
  { url: `${ANALYTICS_PATH}/queries`, methods: READ, rule: { kind: 'user' } },
  { url: `${ANALYTICS_PATH}/queries/:queryId/results`, methods: ['POST'], rule: { kind: 'user' } },
  { url: `${ANALYTICS_PATH}/jobs/:jobId`, methods: [...READ, 'DELETE'], rule: { kind: 'user' } },
  // the money check (server/billing/moneyCheck/): administrators only
  { url: MONEY_CHECK_PATH, methods: READ, rule: { kind: 'admin' } },
  // the cashbox calculation (CASH-40): administrators, billing and top managers, the cashbox operator
  { url: CASHBOX_CALCULATE_PATH, methods: ['POST'], rule: { kind: 'roles', allow: calculatesCashbox } },
  // the rankings (server/rankings/): view on RANKING (NAV-122); administrators may (PERM-03)
  {
    url: `${RATING_PATH}/request/getAllDepartmentsOrEmployee`,
    methods: READ,
    rule: { kind: 'roles', allow: viewsRankings },
  },
  { url: `${RATING_PATH}/request/getLast3MonthData`, methods: READ, rule: { kind: 'roles', allow: viewsRankings } },
  // the download of a stored file reads the file like its item route
  {
    url: `${collectionPath(storedFiles)}/:id/content`,
    methods: READ,
    rule: { kind: 'entity', schema: storedFiles, action: 'view', item: true },
  },
];

const ACTION_OF: Partial<Record<HTTPMethods, Action>> = {
  GET: 'view',
  HEAD: 'view',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * The rule of one registered route, or undefined when nothing here judges it (the test fails).
 * @param staticFiles URL paths of the built SPA's files (served publicly by `@fastify/static`)
 */
export function judge(
  route: RouteEntry,
  schemas: readonly EntitySchema[],
  staticFiles: ReadonlySet<string>,
): Rule | undefined {
  const known = KNOWN_ROUTES.find((k) => k.url === route.url);
  if (known) return known.methods.includes(route.method) ? known.rule : undefined;
  if (READ.includes(route.method) && staticFiles.has(route.url)) return { kind: 'public' };
  for (const schema of schemas) {
    // an Excel export reads the list: the entity's view access
    if (schema.excel && route.url === exportPath(schema.excel.name) && route.method === 'POST')
      return { kind: 'entity', schema, action: 'view', item: false };
    // a document rendered from an office template reads its record: the entity's item view access
    if (schema.documents && route.url === documentPath(schema) && route.method === 'GET')
      return { kind: 'entity', schema, action: 'view', item: true };
    const path = collectionPath(schema);
    // the export reads the list (HEAD as GET); an import creates rows (server/transfer/routes.ts)
    if (route.url === `${path}/export` && READ.includes(route.method))
      return { kind: 'entity', schema, action: 'view', item: false };
    if (
      route.method === 'POST' &&
      ['mapping', 'dryRun', 'commit'].some((step) => route.url === `${path}/import/${step}`)
    )
      return { kind: 'entity', schema, action: 'create', item: false, rowsInFile: true };
    const action = ACTION_OF[route.method];
    if (!action) continue;
    const collection = route.url === path || route.url === `${path}/`;
    const item = route.url === `${path}/:id` || (READ.includes(route.method) && route.url === `${path}/:id/history`);
    // a bulk change is judged by the update privilege before anything else; what each record
    // allows is reported per id (server/rest/bulk.ts)
    if (route.method === 'POST' && route.url === `${path}/bulk`)
      return { kind: 'entity', schema, action: 'update', item: false };
    // the trash (server/trash/): listing it, restoring from it and purging are judged as a delete of
    // the entity; the record itself is one in the trash, which no live id of the matrix names
    if (
      (READ.includes(route.method) && route.url === `${path}/trash`) ||
      (route.method === 'POST' && route.url === `${path}/:id/restore`) ||
      (route.method === 'DELETE' && route.url === `${path}/:id/purge`)
    )
      return { kind: 'entity', schema, action: 'delete', item: false };
    // taking back a recorded change is an edit of the record
    if (route.method === 'POST' && route.url === `${path}/:id/history/:entryId/revert`)
      return { kind: 'entity', schema, action: 'update', item: true };
    for (const [name, a] of Object.entries(schema.actions ?? {})) {
      const url = actionUrl(path, name, a);
      // Fastify answers HEAD for every GET route: a GET action's HEAD is judged like its GET
      const method = route.method === 'HEAD' ? 'GET' : route.method;
      if (route.url === url && (a.methods ?? ['POST']).includes(method as 'POST'))
        return { kind: 'action', schema, name, action: a, item: a.level === 'item' };
    }
    // a collection takes reads and creates; an item reads, updates and deletes
    if (collection && (action === 'view' || action === 'create'))
      return { kind: 'entity', schema, action, item: false };
    if (item && action === 'delete' && schema.name === storedFiles.name)
      return { kind: 'entity', schema, action, item: true, uploaderOnly: true };
    if (item && action !== 'create') return { kind: 'entity', schema, action, item: true };
    for (const [sub, r] of Object.entries(STATUS_ROUTES) as Array<[StatusRoute, (typeof STATUS_ROUTES)[StatusRoute]]>) {
      if (schema.status && route.url === `${path}/:id/${sub}` && r.methods.includes(route.method))
        return { kind: 'entity', schema, action: r.action, item: true, sub };
    }
  }
  return undefined;
}

const LETTER: Record<Action, string> = { view: 'V', create: 'C', update: 'U', delete: 'D' };

/** Whether the seeded grants of `roles`, merged flag-wise, include `action` on `module`. */
function granted(roles: readonly Role[], module: string, action: Action): boolean {
  return roles.some((role) => {
    const flags = (ROLE_PRIVILEGES[role].grants as Record<string, string | undefined>)[module];
    return flags?.includes(LETTER[action]) ?? false;
  });
}

/**
 * What `subject` must get from a route under `rule`.
 * @param row the record an `item` action is called on, as the admin read it (its predicate's input)
 */
export function expectedOutcome(rule: Rule, subject: Subject, row?: WireRecord): Outcome {
  if (rule.kind === 'public') return 'allow';
  if (!subject.username) return 401;
  if (rule.kind === 'signedIn') return 'allow';
  // NO_ACCESS tokens are valid but name no usable user: every data route answers 401
  if (subject.roles.includes('NO_ACCESS')) return 401;
  if (rule.kind === 'user') return 'allow';
  if (rule.kind === 'admin') return subject.roles.some((r) => r === 'ADMIN' || r === 'SUPER_ADMIN') ? 'allow' : 403;
  if (rule.kind === 'roles') return rule.allow(subject.roles) ? 'allow' : 403;
  if (rule.kind === 'action') {
    const { schema, action, item } = rule;
    const on = (a: Action): Outcome => expectedOutcome({ kind: 'entity', schema, action: a, item }, subject);
    if (action.access.privilege && on(action.access.privilege) !== 'allow') return 403;
    // an item action reads its record first: of the collection `idOf` names (a budget's id on a
    // cashbox collection), else its own - a reader of that record's collection passes
    const owner = item && action.idOf ? getSchema(action.idOf) : schema;
    if (item && expectedOutcome({ kind: 'entity', schema: owner, action: 'view', item }, subject) !== 'allow')
      return 403;
    const who = { roles: [...subject.roles], employeeId: null, employeeOfficeId: null, positions: [] };
    return !action.access.allow || action.access.allow(who, item ? row : undefined) ? 'allow' : 403;
  }
  if (subject.roles.some((r) => r === 'ADMIN' || r === 'SUPER_ADMIN')) return 'allow';
  if (rule.uploaderOnly) return 403;
  const { schema, action } = rule;
  const level = action === 'view' ? schema.access.read : schema.access.write;
  // a declared predicate on the stored record decides updates and deletes of an item it allows
  const who = { roles: [...subject.roles], employeeId: null, employeeOfficeId: null, positions: [] };
  const rowAllows = () =>
    !rule.item ||
    (action !== 'update' && action !== 'delete') ||
    !schema.rowWrite ||
    !row ||
    schema.rowWrite(who, row, action);
  if (level === 'signedIn') return rowAllows() ? 'allow' : 403;
  if (level === 'admin') return 403;
  // an access rule that keeps the subject out of every row (times for a user without an employee):
  // whatever it would create is outside its rows
  // (an import is refused at once only when the rule, with the signed-in user's name, keeps them
  // out of every row; a row it refuses otherwise is reported among the rejected rows)
  if (
    action === 'create' &&
    schema.accessRule?.(rule.rowsInFile ? { ...who, username: subject.username } : who) === false
  )
    return 403;
  if (!schema.module) throw new Error(`${schema.name}: access level 'module' without a module`);
  // a row-chosen module (rowModules) opens the entity too; which rows is the row rule's business
  const modules = [schema.module, ...(schema.rowModules ?? []).map((m) => m.module)];
  return modules.some((m) => granted(subject.roles, m, action)) && rowAllows() ? 'allow' : 403;
}

/** The outcome a status means: 401 and 403 are refusals, anything else is an allowed request. */
export const outcomeOf = (status: number): Outcome => (status === 401 || status === 403 ? status : 'allow');

/**
 * The personal fields of `schema` (declared `readModules`, H2-05) that `subject` must read, written
 * from the declarations and the seeded grants as the rest of the matrix is: administrators read
 * every one, others those with a module among `readModules` whose seeded flags hold `V`.
 * @example expectedPersonalFields(employees, { name: 'PUBLISHER', username: 'p', roles: ['PUBLISHER'] }) // []
 */
export function expectedPersonalFields(schema: EntitySchema, subject: Subject): { read: string[]; hidden: string[] } {
  const personal = Object.entries(schema.fields).filter(([, fd]) => fd.readModules);
  const admin = subject.roles.some((r) => r === 'ADMIN' || r === 'SUPER_ADMIN');
  const reads = ([, fd]: (typeof personal)[number]) =>
    admin || fd.readModules!.some((m) => granted(subject.roles, m, 'view'));
  return {
    read: personal.filter(reads).map(([name]) => name),
    hidden: personal.filter((e) => !reads(e)).map(([name]) => name),
  };
}
