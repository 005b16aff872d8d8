/**
 * What the server's bodies of an entity (hooks, action bodies, approval and document callbacks,
 * declared with `defineServer` in `server/define.ts`) are told: the transaction, the schema, the
 * user and the record. Types only; no schema declares a body.
 */
import type { Money as Decimal } from '../money';
import type { AccessSubject } from './access';
import type { ActionMethod } from './actions';
import type { EntitySchema } from './entity';
import type { WireRecord } from './fields';

/**
 * The transaction handle a hook receives: the same `query` as the server's database handle
 * (`$1`-numbered parameters, rows back), bound to the write's transaction.
 */
export interface HookTx {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

// ---------------------------------------------------------------------------------------------
// Writes: hooks, actions, history
// ---------------------------------------------------------------------------------------------

/** The signed-in user as hooks and actions see it. */
export type HookUser = AccessSubject & { username: string };

/** What a write does to one record: `create` (POST), `put`, `patch`, or `delete`. */
export type WriteKind = 'create' | 'put' | 'patch' | 'delete';

/** What every hook is told: the write's transaction, the schema, the user and the kind of write. */
export interface HookBase {
  /** The write's transaction: statements run here commit or roll back with the write. */
  tx: HookTx;
  /** The schema written. */
  schema: EntitySchema;
  /** The signed-in user who made the write. */
  user: HookUser;
  /** The kind of write. */
  mode: WriteKind;
  /**
   * A write by the hook to record `id` of `collection` (any collection), as
   * {@link ActionContext.write}: PATCH semantics, read-only fields writable, validated (400), the
   * version moved and a history entry recorded as the signed-in user's, in the write's transaction.
   * No access check is made: the hook decides. For a document kept in step with its rows (a
   * payment moves its invoice's `paid` flag).
   * @example
   * afterChange: async ({ tx, id, write }) => {
   *   const [row] = await tx.query<{ invoice_id: number }>('SELECT invoice_id FROM payment_histories WHERE id = $1', [id]);
   *   if (row) await write('invoices', row.invoice_id, { paid: true });
   * },
   * @throws 404 for a missing record; 400 `Validation failed` for values the fields refuse
   */
  write(collection: string, id: number, values: WireRecord): Promise<void>;
}

/** What `afterChange` and `afterDelete` are told about the write they follow. */
export interface HookContext extends HookBase {
  /** The id of the record created, updated or deleted. */
  id: number;
  /**
   * `afterChange` only: the body as validated (after `beforeValidate`), so a hook can write what
   * the spine leaves to the other side, such as an inverse list (`refList` with `via`), which
   * the generic write ignores.
   * @example
   * // link the picked times to the invoice created (invoices.timeList is `via: 'invoice'`)
   * afterChange: async ({ tx, id, body }) => {
   *   const ids = (body?.timeList as Array<{ id: number }> | undefined)?.map((t) => t.id) ?? [];
   *   await tx.query('UPDATE times SET invoice_id = $1 WHERE id = ANY($2)', [id, ids]);
   * },
   */
  body?: WireRecord;
}

/** What `beforeValidate` sees: the raw body (a JSON object) before any validation. */
export interface BeforeValidateContext extends HookBase {
  /** The record updated; undefined for a create. */
  id?: number;
  /** The request body as sent; the hook may change it in place or return a replacement. */
  body: WireRecord;
  /** The record as stored before the write (own fields, references as `{ id }`); undefined for a create. */
  stored?: WireRecord;
}

/** What `beforeChange` sees: the validated write and the stored record. */
export interface BeforeChangeContext extends HookBase {
  /** The record updated; undefined for a create. */
  id?: number;
  /**
   * The validated values of the own fields the write sets, in wire units (references as
   * `{ id }`, PUT's omitted fields as null, defaults filled). Read-only: adjust by returning
   * an object.
   */
  data: Readonly<WireRecord>;
  /** The record as stored before the write; undefined for a create. */
  stored?: WireRecord;
}

/**
 * Code run by the generic service inside the write's transaction, in this order:
 * `beforeValidate` (the raw body) -> validation -> `beforeChange` (the validated write and the
 * stored row) -> the row, its links and nested children are written (and the history entry)
 * -> `afterChange` / `afterDelete` -> commit.
 *
 * A hook that throws rolls the whole write back (row, links, children, history). An error
 * carrying a 4xx `statusCode` (the server's `HttpError`, or any `Error` with that property) is
 * answered with that status and `{ "message": error.message }`, plus its `errors` array
 * (`[{ entity, property, invalidValue, message }]`) on a 400, so a hook's refusal lands on a form
 * field like a validation error; anything else is a 500.
 *
 * An entity declares its hooks in its server room (`defineServer` in `server/<area>/`, a list per
 * moment); a schema declares none.
 */
export interface EntityHooks {
  /**
   * Before validation of a create, PUT or PATCH: sees the raw JSON body and may change it in
   * place or return a replacement object (validated as if the client had sent it).
   * @example
   * // the author of an idea is the signed-in employee, whatever the body says
   * beforeValidate: async ({ body, user, mode }) => {
   *   if (mode === 'create') body.author = user.employeeId === null ? null : { id: user.employeeId };
   * },
   */
  beforeValidate?: (ctx: BeforeValidateContext) => Promise<WireRecord | void>;
  /**
   * After validation, before anything is written: sees the validated values and the stored
   * record; throws to refuse, or returns an object of fields to set as well (validated like a
   * PATCH body and merged into the write; unlike a client's body it may set `readOnly` fields,
   * such as the author of an idea). Before a delete it runs too, with `mode: 'delete'`, empty
   * `data` and the stored record: it may refuse the delete (what it returns is ignored).
   * @example
   * // a closed matter keeps its number
   * beforeChange: async ({ data, stored }) => {
   *   if (stored?.closed && 'number' in data && data.number !== stored.number)
   *     throw Object.assign(new Error('A closed matter keeps its number'), { statusCode: 409 });
   *   return { lastReviewed: new Date().toISOString().slice(0, 10) };
   * },
   */
  beforeChange?: (ctx: BeforeChangeContext) => Promise<WireRecord | void>;
  /**
   * After a create or an update (PUT or PATCH) of one record, with its links and children written.
   * @example
   * // refuse to leave a role without privileges
   * afterChange: async ({ tx, id }) => {
   *   const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM privileges WHERE role_id = $1', [id]);
   *   if (row?.n === 0) throw Object.assign(new Error('A role needs at least one privilege'), { statusCode: 409 });
   * },
   */
  afterChange?: (ctx: HookContext) => Promise<void>;
  /**
   * After the delete of one record (its row is gone inside `tx`).
   * @example
   * afterDelete: async ({ tx, id }) => {
   *   await tx.query('DELETE FROM idea_votes WHERE idea_id = $1', [id]);
   * },
   */
  afterDelete?: (ctx: HookContext) => Promise<void>;
  /**
   * After the write's transaction committed (create, update or delete): work that must only
   * happen once the write is durable, such as handing a queued e-mail to the mail server. It
   * cannot refuse or change the write; what it throws is caught and ignored by the write, so
   * the hook reports its own failures (the outbox records them on the message).
   * `ctx` carries the schema, the user, the kind of write and the id; there is no transaction.
   * @example
   * // deliver the outbox rows this write queued, now that they are committed
   * afterCommit: async () => {
   *   void deliverOutbox();
   * },
   */
  afterCommit?: (ctx: Omit<HookContext, 'tx' | 'write'>) => Promise<void>;
}

/**
 * The collection's list as an action reads it, in the action's transaction and for the signed-in
 * user - the same filters, search and access rule as `GET <collection>?<query>`.
 */
export interface ActionListRows {
  /**
   * Sums and counts over all the rows the request's own query string selects (not one page), in
   * one SQL statement: a sum over a number, money or duration path (0 over no rows), or a count;
   * a sum of money is an exact `Decimal` (the reply writes it as a JSON number with every digit),
   * every other output a number.
   * @example
   * // GET /core/api/times/totalDuration?matter.id=5&workType.code=1 -> { "durationTotal": 5400000 }
   * totalDuration: async ({ list }) => list.aggregate({ durationTotal: { sum: 'duration' } }),
   * @throws 400 (`{ message }`) for an unknown filter or a path that is not numeric
   */
  aggregate(spec: Record<string, { sum: string } | { count: true }>): Promise<Record<string, number | Decimal>>;
  /**
   * {@link ActionListRows.aggregate} per group of the rows: one entry per distinct value of the
   * `groupBy` paths (a to-one reference's id and its properties), ordered by them, no rows no
   * entries - e.g. totals per currency (MC-4: never one bare sum over currencies).
   * @example
   * // -> [{ group: { 'currency.code': 'KZT', 'currency.id': 2 }, values: { totalAmount: Decimal(1200) } }, ...]
   * list.aggregateGroups({ totalAmount: { sum: 'amount' } }, ['currency.code', 'currency.id'])
   * @throws 400 (`{ message }`) for an unknown filter, sum or group path
   */
  aggregateGroups(
    spec: Record<string, { sum: string } | { count: true }>,
    groupBy: string[],
  ): Promise<Array<{ group: Record<string, string | number | null>; values: Record<string, number | Decimal> }>>;
  /**
   * A page of the list for the given parameters (`size`, `sort`, `projection`, filters), items in
   * wire form. 400 for a bad parameter, as the list answers.
   * @example
   * matterPage: async ({ list }) => list.page({ size: '10', projection: 'matterList' })
   */
  page(query: Record<string, string>): Promise<{ items: WireRecord[]; totalElements: number }>;
}

/** What an action's body (`actions` of its server room) receives. */
export interface ActionContext {
  /** The action's transaction: an error thrown by the body rolls back everything it wrote. */
  tx: HookTx;
  schema: EntitySchema;
  user: HookUser;
  /** The method called (an action may answer several: POST votes, DELETE takes the vote back). */
  method: ActionMethod;
  /** The record of an `item` action; undefined for a `collection` action. */
  id?: number;
  /** The record as stored (own fields, references as `{ id }`), locked for the transaction; `item` only. */
  row?: WireRecord;
  /** The validated input: field name -> value (numbers, strings, booleans, ISO dates, reference ids). */
  input: WireRecord;
  /**
   * The record `id` of the action's collection as `GET <collection>/{id}` answers it to the user
   * (default projection, computed fields included); a 404 when it is missing or the user may not
   * read it. `lock: true` takes the row's lock (`FOR UPDATE`) first, so what is read is the latest
   * committed state and stays so until the action commits: concurrent actions on one record run
   * one after the other, and the second sees what the first did.
   * @example
   * const chain = await read(input.verificationChainId as number, { lock: true });
   * @throws 404 `{ message }` for a missing or hidden record
   */
  read(id: number, options?: { lock?: boolean }): Promise<WireRecord>;
  /**
   * A write by the action itself to record `id` of `collection` (any collection): PATCH semantics
   * (only the given fields; read-only fields may be set), validated like a body (400), the version
   * moved and a history entry recorded with the signed-in user as author, in the action's
   * transaction. No access check is made: the action's own checks decided.
   * @example
   * await write('verificationApprovers', stepId, { decision: { id: approvedId }, comment, decisionDate: new Date().toISOString() });
   * @throws 404 for a missing record; 400 `Validation failed` for values the fields refuse
   */
  write(collection: string, id: number, values: WireRecord): Promise<void>;
  /**
   * Starts the approval chain of record `id` of the action's collection (`verification`, usually
   * with `startOn: 'action'`): the approvers are asked with the stored record, the chain and its
   * pending steps are inserted and the chain's id is written into the record's chain field, all
   * with history, in the action's transaction. Returns the new chain's id. A record that already
   * has a chain gets a new one (the body decides whether that is allowed).
   * @example
   * verify: async ({ id, startVerification }) => ({ verificationChainId: await startVerification(id!) })
   * @throws 404 for a missing record; Error when the entity declares no `verification`
   */
  startVerification(id: number): Promise<number>;
  /** The request's query string, parameter -> value (repeated parameters as arrays). */
  query: Record<string, string | string[] | undefined>;
  /** The collection's list for this user: totals over the request's filters, or a page ({@link ActionListRows}). */
  list: ActionListRows;
}

/** What `verification.approvers` and `description` are told about the document being created. */
export interface VerificationStartContext {
  /** The create's transaction (read other rows here: office approvers, positions...). */
  tx: HookTx;
  schema: EntitySchema;
  /** The signed-in user who creates the document. */
  user: HookUser;
  /**
   * The validated values of the new document's own fields, in wire units (references as
   * `{ id }`, defaults filled), as `beforeChange` sees them; the row is not written yet.
   */
  record: Readonly<WireRecord>;
}

/** What `verification.onDecided` is told when a chain reaches its final decision. */
export interface VerificationDecidedContext {
  /** The solve's transaction: what the callback writes commits or rolls back with the decision. */
  tx: HookTx;
  schema: EntitySchema;
  /** Who took the final decision (the last approver, a rejecting approver, or an admin). */
  user: HookUser;
  /** The owning document's id. */
  ownerId: number;
  /** The chain's id. */
  chainId: number;
  /** The chain's final decision code: 2 approved, 3 rejected (VERIFICATION_DECISION). */
  decision: 2 | 3;
  /** The decision's comment (required for a rejection). */
  comment: string | null;
  /** The solve request's optional `actionPayload` (any JSON value) and `number`, passed through. */
  actionPayload?: unknown;
  number?: string | null;
  /**
   * A write to any record in the solve's transaction, with history (as `ActionContext.write`).
   * @example
   * onDecided: async ({ ownerId, decision, write }) => write('preInvoices', ownerId, { status: { id: approvedId } }),
   */
  write(collection: string, id: number, values: WireRecord): Promise<void>;
}

/** What the functions of {@link DocumentsConfig} are told about the record being rendered. */
export interface DocumentContext {
  /** The request's database handle (reads only). */
  tx: HookTx;
  schema: EntitySchema;
  /** The signed-in user who asked for the document. */
  user: HookUser;
  /** The record as `GET <collection>/{id}` answers it to that user (default projection, embeds). */
  record: WireRecord;
  /** The DOCUMENT_TYPE entry the key chose (`1` Invoice, `2` Pre-invoice, `3` Act, `4` Contract). */
  documentType: { code: number; gname: string };
}
