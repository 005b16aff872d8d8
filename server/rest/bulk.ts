import { servesGenericWrite, type EntitySchema, type WireRecord } from '../../schemas/define';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { dataException } from '../plugins/errors';
import { parseComment } from '../statuses/service';
import { type FieldError, HttpError, integrityError, validationFailed } from './errors';
import { authorize, deleteInTransaction, isObject, runAfterCommit, updateInTransaction, type Db } from './service';
import { parseMove } from './statuses';
import { parseBody } from './validate';

/**
 * One change applied to a selection of records (`POST <collection>/bulk`, docs/api.md "Bulk
 * changes"): each id goes through the function a single request of the same kind uses
 * (`updateInTransaction` for a PATCH or a move, `deleteInTransaction` for a DELETE in
 * `server/rest/service.ts`), so privileges, access rules, `rowWrite`, validation, status rules,
 * hooks and history apply per record. All ids share one transaction, each under its own
 * savepoint: a refused record is rolled back to it and reported, the others are kept.
 */

/** Most ids one bulk request may name. */
export const BULK_MAX_IDS = 1000;

/** What `POST <collection>/bulk` carries: the ids and exactly one of `patch`, `transition`, `delete`. */
export interface BulkRequest {
  ids: number[];
  /** Values of the schema's `bulk.fields`, as a PATCH body carries them. */
  patch?: WireRecord;
  /** A move of the status, as `POST <collection>/{id}/transitions` carries it. */
  transition?: { to: number | { id: number }; comment?: string | null };
  delete?: true;
}

/** The outcome of one id: done, or refused with the status and body a single request would get. */
export type BulkItemResult =
  { id: number; ok: true } | { id: number; ok: false; status: number; message: string; errors?: FieldError[] };

/** The answer of `POST <collection>/bulk`: counts, then one result per id in the order sent. */
export interface BulkResult {
  ok: number;
  refused: number;
  results: BulkItemResult[];
}

/** One parsed operation, applied to one id inside the caller's transaction. */
type Operation = { kind: 'update' | 'delete'; apply: (tx: Db, id: number) => Promise<void> };

const prefixed = (error: unknown, prefix: string): unknown =>
  error instanceof HttpError && error.errors
    ? validationFailed(
        error.errors.map((e) => ({ ...e, property: e.property === '$' ? prefix : `${prefix}.${e.property}` })),
      )
    : error;

/** The request's ids and operation. @throws HttpError 400 `Validation failed` naming the property */
async function parseBulk(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  body: unknown,
): Promise<{ ids: number[]; op: Operation }> {
  const entity = schema.entityName;
  const fail = (property: string, invalidValue: unknown, message: string): never => {
    throw validationFailed([{ entity, property, invalidValue: invalidValue ?? null, message }]);
  };
  if (!isObject(body)) return fail('$', body, 'must be a JSON object');
  const unknown = Object.keys(body).filter((k) => !['ids', 'patch', 'transition', 'delete'].includes(k));
  if (unknown.length)
    throw validationFailed(
      unknown.map((k) => ({ entity, property: k, invalidValue: body[k] ?? null, message: 'unknown property' })),
    );
  const ids = body.ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > BULK_MAX_IDS)
    return fail('ids', ids, `must be a list of 1 to ${BULK_MAX_IDS} ids`);
  ids.forEach((id, i) => {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
      fail(`ids[${i}]`, id, 'must be an id (a number)');
    if (ids.indexOf(id) !== i) fail(`ids[${i}]`, id, 'is named twice');
  });
  const given = (['patch', 'transition', 'delete'] as const).filter((k) => body[k] !== undefined);
  if (given.length !== 1) return fail('$', body, 'must carry exactly one of patch, transition, delete');
  const kind = given[0]!;
  if (kind === 'delete') {
    if (body.delete !== true) return fail('delete', body.delete, 'must be true');
    if (!servesGenericWrite(schema, 'delete')) return fail('delete', true, `a ${entity} is not deleted this way`);
    return { ids, op: { kind: 'delete', apply: (tx, id) => deleteInTransaction(tx, schema, user, id) } };
  }
  if (kind === 'transition') {
    if (!schema.status) return fail('transition', body.transition, `a ${entity} has no status`);
    const move = await parseMove(db, schema, body.transition).catch((e: unknown) => {
      throw prefixed(e, 'transition');
    });
    const comment = parseComment(schema, 'transition.comment', move.comment);
    const patch = { [schema.status.field]: { id: move.toId } };
    return {
      ids,
      op: {
        kind: 'update',
        apply: (tx, id) =>
          updateInTransaction(tx, schema, user, id, patch, 'patch', undefined, { comment, move: true }),
      },
    };
  }
  const patch = body.patch;
  const allowed = schema.bulk?.fields ?? [];
  if (!isObject(patch) || Object.keys(patch).length === 0)
    return fail('patch', patch, 'must be a JSON object naming at least one field');
  const errors = Object.keys(patch)
    .filter((k) => !allowed.includes(k))
    .map((k) => ({ entity, property: `patch.${k}`, invalidValue: patch[k] ?? null, message: 'cannot be set in bulk' }));
  if (errors.length) throw validationFailed(errors);
  // the values are the same for every record: a wrong one is refused once, before any record
  await parseBody(schema, patch, 'patch').catch((e: unknown) => {
    throw prefixed(e, 'patch');
  });
  return {
    ids,
    op: { kind: 'update', apply: (tx, id) => updateInTransaction(tx, schema, user, id, patch, 'patch') },
  };
}

/** The refusal a single request would have got for `error`; undefined for a failure that is not the record's. */
function refusal(id: number, error: unknown): BulkItemResult | undefined {
  const known = error instanceof HttpError ? error : (integrityError(error) ?? dataException(error));
  const status = known?.statusCode ?? (error as { statusCode?: number } | null)?.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const errors = known?.errors ?? (error as { errors?: unknown }).errors;
  return {
    id,
    ok: false,
    status,
    message: (known ?? (error as Error)).message,
    ...(Array.isArray(errors) && errors.length ? { errors: errors as FieldError[] } : {}),
  };
}

/**
 * Applies one patch, status move or delete to every id of `body` ({@link BulkRequest}), each id
 * as its single request would (see the module comment), and reports each id's outcome.
 * @returns the counts and one result per id, in the order sent
 * @throws HttpError 403 when the user lacks the entity's update privilege, or its delete privilege
 *   for a `delete` (nothing is looked at);
 *   400 `Validation failed` for a body that is not a bulk request (more than
 *   {@link BULK_MAX_IDS} ids, a field not in `bulk.fields`, a bad value, an unknown status);
 *   a failure that is not a record's (the database gone) as it is, nothing written
 * @example
 * await bulkChange(db, tasks, user, { ids: [4, 5], transition: { to: 2, comment: 'Started' } });
 * // { ok: 1, refused: 1, results: [{ id: 4, ok: true },
 * //   { id: 5, ok: false, status: 409, message: 'Status cannot move from "Done" to "In progress"' }] }
 */
export async function bulkChange(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  body: unknown,
): Promise<BulkResult> {
  // a bulk delete needs the delete privilege, every other change the update privilege
  authorize(schema, user, isObject(body) && body.delete !== undefined ? 'delete' : 'update');
  const { ids, op } = await parseBulk(db, schema, user, body);
  const results: BulkItemResult[] = [];
  await db.transaction(async (tx) => {
    for (const id of ids) {
      await tx.query('SAVEPOINT bulk_item');
      try {
        await op.apply(tx, id);
        await tx.query('RELEASE SAVEPOINT bulk_item');
        results.push({ id, ok: true });
      } catch (error) {
        const refused = refusal(id, error);
        if (!refused) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT bulk_item');
        results.push(refused);
      }
    }
  });
  for (const r of results)
    if (r.ok) await runAfterCommit(schema, op.kind === 'delete' ? 'delete' : 'patch', r.id, user);
  const ok = results.filter((r) => r.ok).length;
  return { ok, refused: results.length - ok, results };
}
