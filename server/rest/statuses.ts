import type { FastifyInstance } from 'fastify';
import type { EntitySchema, WireRecord } from '../../schemas/define';
import type { Database } from '../db/database';
import { entryByCode, parseComment, statusHistory } from '../statuses/service';
import { type FieldError, validationFailed } from './errors';
import { idParam, requireUser } from './request';
import { getRecord, parseIfMatch, updateRecord } from './service';
import { referenceId } from './validate';
import { collectionPath } from './values';

/**
 * The routes of declared statuses (`status` in `schemas/define.ts`), for every stored schema that
 * declares one:
 * - `POST <collection>/{id}/transitions` with `{ "to": <code> | { "id": <entry id> }, "comment": "..." }`
 *   moves the record (the checks of `server/statuses/service.ts`, `If-Match` honoured) and answers
 *   the record as `GET <collection>/{id}` does;
 * - `GET <collection>/{id}/statusChanges` lists the history, newest first, to whoever may read
 *   the record (`{ "_embedded": { "statusChanges": [...] } }`).
 */

/** The target entry id of a transitions body. @throws 400 naming the property */
export async function parseMove(
  db: Database,
  schema: EntitySchema,
  body: unknown,
): Promise<{ toId: number; comment: unknown }> {
  const entity = schema.entityName;
  const fail = (property: string, invalidValue: unknown, message: string): never => {
    throw validationFailed([{ entity, property, invalidValue: invalidValue ?? null, message }]);
  };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fail('$', body, 'must be a JSON object');
  const input = body as WireRecord;
  const errors: FieldError[] = Object.keys(input)
    .filter((k) => k !== 'to' && k !== 'comment')
    .map((k) => ({ entity, property: k, invalidValue: input[k] ?? null, message: 'unknown property' }));
  if (errors.length) throw validationFailed(errors);
  const to = input.to;
  if (typeof to === 'number') {
    if (!Number.isSafeInteger(to)) return fail('to', to, 'must be a status code or { "id": <number> }');
    const entry = await entryByCode(db, schema, to);
    return entry
      ? { toId: entry.id, comment: input.comment }
      : fail('to', to, `no ${schema.status!.field} with code ${to}`);
  }
  const id = to && typeof to === 'object' ? referenceId(to) : undefined;
  return id === undefined
    ? fail('to', to, 'must be a status code or { "id": <number> }')
    : { toId: id, comment: input.comment };
}

/** Registers the status routes of one schema (nothing when it declares no status). */
export function registerStatusRoutes(app: FastifyInstance, db: Database, schema: EntitySchema): void {
  const status = schema.status;
  if (!status) return;
  const path = collectionPath(schema);

  app.post(`${path}/:id/transitions`, async (request, reply) => {
    const user = requireUser(request);
    const id = idParam(request, schema);
    const ifMatch = parseIfMatch(request.headers['if-match']);
    const move = await parseMove(db, schema, request.body);
    await updateRecord(db, schema, user, id, { [status.field]: { id: move.toId } }, 'patch', ifMatch, {
      comment: parseComment(schema, 'comment', move.comment),
      move: true,
    });
    const item = await getRecord(db, schema, user, id);
    reply.header('ETag', `"${item[schema.lockProperty]}"`);
    return item;
  });

  app.get(`${path}/:id/statusChanges`, async (request) => {
    const user = requireUser(request);
    const id = idParam(request, schema);
    await getRecord(db, schema, user, id);
    return { _embedded: { statusChanges: await statusHistory(db, schema, id) } };
  });
}
