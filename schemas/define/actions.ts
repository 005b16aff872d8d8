/**
 * The actions an entity declares (named operations beyond create/update/delete) and the buttons
 * the generic views render for them. Declarations only: an action's body lives in the entity's
 * server room (`defineServer` in `server/define.ts`).
 */
import type { Action, AccessSubject } from './access';
import type { Field, WireRecord } from './fields';

/**
 * The HTTP methods an action answers. A `GET` action reads: its input comes from the query string
 * (`?currencyCode=USD&payerOfficeId=3`, each declared input field parsed by its type), the other
 * parameters are the list's filters ({@link ActionListRows}), and it takes no lock on the record.
 */
export type ActionMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A named operation on a collection or one of its records, beyond create/update/delete:
 * `item` actions answer `POST <collection>/{id}/<name>`, `collection` actions
 * `POST <collection>/<name>` (or the `methods` listed). The server checks, in this order: the
 * signed-in user (401), `access.privilege` on the entity (403), the record exists and is
 * readable (404), `access.allow` (403), the input against `input` (400 `Validation failed`),
 * then runs the action's body - declared in the entity's server room (`defineServer(name, {
 * actions: { <name>: async (ctx) => ... } })` in `server/<area>/`, told an `ActionContext`) - in a
 * transaction and answers its return value as JSON (`status`, default 200; `undefined` answers
 * 204). A body's error with a 4xx `statusCode` is answered as such. The server refuses to start
 * when a declared action has no body, or a body no declared action. Listed in the OpenAPI
 * document and the authorization matrix.
 *
 * @example
 * // schemas/workspace/ideas.ts - the declaration
 * actions: {
 *   // POST /core/api/ideas/5/votes votes, DELETE /core/api/ideas/5/votes takes the vote back
 *   votes: {
 *     level: 'item',
 *     methods: ['POST', 'DELETE'],
 *     summary: 'Vote for an idea, or take the vote back',
 *     access: { privilege: 'view', allow: (user) => user.employeeId !== null },
 *   },
 *   // GET /core/api/matters/5/balance?currencyCode=USD - a read: input from the query string
 *   balance: {
 *     level: 'item',
 *     methods: ['GET'],
 *     input: { currencyCode: f.text({ maxLength: 3 }) },
 *     access: { privilege: 'view' },
 *   },
 * }
 * // server/workspace/ideas.ts - the body
 * export const ideasServer = defineServer('ideas', {
 *   actions: { votes: async ({ tx, id, user, method }) => ({ votes: await vote(tx, id!, user, method) }) },
 * });
 */
export interface EntityAction {
  /**
   * `item`: `<collection>/{id}/<name>`; `collection`: `<collection>/<name>`. The name is one path
   * segment; an action answering under several segments declares them in `path`.
   */
  level: 'item' | 'collection';
  /**
   * For an `item` action whose `{id}` names a record of another collection: that collection's
   * name. The server reads (under that collection's access rule: 404 when unreachable) and locks
   * that record instead of one of this collection's, and hands it over as `row`.
   * @example
   * // PATCH /budgetPayers/{budgetId}/true (BUD-18): the id is a budget's
   * true: { level: 'item', idOf: 'budgets', methods: ['PATCH'], access: { privilege: 'update' } }
   */
  idOf?: string;
  /** Methods answered; default `['POST']`. */
  methods?: ActionMethod[];
  /**
   * The URL after the collection (after `{id}` for an `item` action); default the action's name.
   * Segments of the form `:field` are read from the path into the input field of that name
   * (declare it in `input`): for a GET along with the query string, otherwise over the body.
   * Starts with a plain segment, so it never shadows the item route `<collection>/{id}`.
   * @example
   * // GET /auth/api/v2/users/check/username/anna@bureau.example -> { username, available }
   * check: {
   *   level: 'collection',
   *   methods: ['GET'],
   *   path: 'check/username/:username',
   *   input: { username: f.text({ required: true, maxLength: 120 }) },
   *   access: { privilege: 'view' },
   * }
   */
  path?: string;
  /** One line for the OpenAPI document. */
  summary?: string;
  /** The input's fields, declared with the field builders `f.*`; none means an empty object. */
  input?: Record<string, Field>;
  /**
   * Who may call it: the privilege flag needed on the entity (judged like the generic routes:
   * the schema's `access` levels and `module`), and/or a predicate on the user and the stored
   * record (`row` undefined for a collection action). At least one of them.
   */
  access: { privilege?: Action; allow?: (user: AccessSubject, row?: WireRecord) => boolean };
  /** Answer status when the body returns a value; default 200. */
  status?: number;
  /**
   * The button the generic card (and, for a collection action, the generic list) renders for it
   * (`src/resources/views/ActionButtons.tsx`). Display only: the server still checks `access`.
   */
  button?: ActionButton;
}

/** A text on screen: a translation key (`bureau.billing.act`), a plain text, or one per language. */
export type ScreenText = string | { en: string; ru: string };

/**
 * A condition on a record, judged in the SPA to decide whether a button applies: the value at
 * `field` (a dotted path, `status.code`) is one of `in` (`null` stands for absent or null too),
 * and none of `notIn`. A list of conditions must all hold.
 * @example
 * // a draft (or a record saved before statuses existed) that is not signed
 * [{ field: 'status.code', in: [null, 1] }, { field: 'signed', notIn: [true] }]
 */
export interface RecordCondition {
  field: string;
  in?: ReadonlyArray<string | number | boolean | null>;
  notIn?: ReadonlyArray<string | number | boolean | null>;
}

/**
 * How an action shows itself as a button.
 * @example
 * button: {
 *   label: 'bureau.billing.act',
 *   when: [{ field: 'status.code', in: [5, 6, 7] }, { field: 'signed', notIn: [true] }],
 *   confirm: { en: 'Act this invoice?', ru: 'Подписать акт по счёту?' },
 *   success: 'bureau.billing.acted',
 * }
 */
export interface ActionButton {
  label: ScreenText;
  /** Where it shows: the card of a record (`show`), the list's toolbar (`list`, collection actions). Default `['show']`. */
  on?: ReadonlyArray<'show' | 'list'>;
  /** When it applies to the card's record; absent = always. */
  when?: RecordCondition | ReadonlyArray<RecordCondition>;
  /** Asked (Confirm / Cancel) before the call; absent = no question. */
  confirm?: ScreenText;
  /** Notified when the server accepts. */
  success?: ScreenText;
  /** Notified when the server refuses without a message of its own; default `bureau.progress.failed`. */
  failure?: ScreenText;
  /** The method sent; default the first of `methods`. */
  method?: ActionMethod;
  /** Input fields filled from the record: input field -> record path (`{ invoiceId: 'id' }`). */
  fromRecord?: Record<string, string>;
}

/** The value at a dotted path of a record (`status.code`), or undefined. */
export const valueAt = (record: Record<string, unknown> | undefined, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      record,
    );

/**
 * Whether a record meets a button's `when` ({@link RecordCondition}); true without a condition.
 * @example recordMatches({ field: 'status.code', in: [null, 1] }, { status: null }) // true
 */
export function recordMatches(
  when: RecordCondition | ReadonlyArray<RecordCondition> | undefined,
  record: Record<string, unknown> | undefined,
): boolean {
  if (!when) return true;
  const all: ReadonlyArray<RecordCondition> = Array.isArray(when) ? when : [when as RecordCondition];
  return all.every((c) => {
    const raw = valueAt(record, c.field);
    const value = raw === undefined ? null : raw;
    if (c.in && !c.in.includes(value as string | number | boolean | null)) return false;
    if (c.notIn && c.notIn.includes(value as string | number | boolean | null)) return false;
    return true;
  });
}

/**
 * The URL of an action below its collection's `base` path, in the router's syntax
 * (`:id`, `:field`): `<base>/:id/<path>` for an item action, `<base>/<path>` for a collection one.
 * @example actionUrl('/auth/api/v2/users', 'check', { level: 'collection', path: 'check/username/:username', ... })
 * // '/auth/api/v2/users/check/username/:username'
 */
export const actionUrl = (base: string, name: string, action: Pick<EntityAction, 'level' | 'path'>): string =>
  action.level === 'item' ? `${base}/:id/${action.path ?? name}` : `${base}/${action.path ?? name}`;

/** The input fields an action reads from its path (`:field` segments of `path`). */
export const actionPathParams = (action: Pick<EntityAction, 'path'>): string[] =>
  (action.path ?? '')
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

/**
 * Checks an action's `button` when the registry loads: its method is one the action answers, the
 * fields it fills from the record are inputs of the action, and a list button is a collection
 * action that needs no record.
 * @throws Error naming the schema, the action and what is wrong
 */
export function checkActionButton(schemaName: string, name: string, action: EntityAction): void {
  const button = action.button!;
  const where = `schema ${schemaName}: the button of action "${name}"`;
  if (button.method && !(action.methods ?? ['POST']).includes(button.method))
    throw new Error(`${where} sends ${button.method}, which the action does not answer`);
  for (const field of Object.keys(button.fromRecord ?? {}))
    if (!action.input?.[field]) throw new Error(`${where} fills "${field}", which is not an input of the action`);
  if (button.on?.includes('list') && (action.level === 'item' || button.fromRecord))
    throw new Error(`${where} is on the list, but the action needs a record (item level or fromRecord)`);
}

/** Names an action may not take: they are the paths of the generic routes. */
export const RESERVED_ACTION_NAMES = [
  'history',
  'transitions',
  'statusChanges',
  'bulk',
  'trash',
  'restore',
  'purge',
] as const;
