import { revertibleChange, type EntitySchema, type WireRecord } from '../../schemas/define';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { HttpError, notFound, validationFailed } from '../rest/errors';
import { checkMayUpdate, isObject, updateRecord } from '../rest/service';
import { storedChanges } from './read';

/** What `POST <collection>/{id}/history/{entryId}/revert` may carry: the fields to take back (default: all of them). */
export interface RevertInput {
  fields?: string[];
}

/**
 * Takes back one recorded update of a record, or some of its fields: writes each field's `before`
 * value as a PATCH through {@link updateRecord}, so the update privilege, the record's access
 * rule, `If-Match`, validation, status rules and hooks apply exactly as to any edit, and the
 * revert is itself recorded as a new history entry. A field changed again since then is set back
 * too (the revert writes the recorded value, it does not merge).
 *
 * @param entryId the history entry's id, as `GET <collection>/{id}/history` lists it
 * @param body `{ "fields": ["gname"] }` or `{}` (every revertible field of the entry)
 * @param ifMatch the record's version (`If-Match`), when the client sent one
 * @throws HttpError 403 when the user may not change the record (privilege, access rule, the
 *   schema's `rowWrite`), checked before the entry is looked up; 404 for an unknown record or an
 *   entry of another record; 400 for a body that is not an object, a field
 *   not in the entry or not revertible; 409 for a create or delete entry; 412 for a stale version
 * @example
 * await revertEntry(db, clients, user, 12, 345, { fields: ['gname'] }, 7);
 */
export async function revertEntry(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  entryId: number,
  body: unknown,
  ifMatch?: number,
): Promise<void> {
  await checkMayUpdate(db, schema, user, id);
  if (!Number.isSafeInteger(entryId)) throw notFound(`History entry of ${schema.entityName} ${id}`);
  const [entry] = await db.query<{ action: string; changes: unknown }>(
    'SELECT action, changes FROM record_history WHERE id = $1 AND collection = $2 AND record_id = $3',
    [entryId, schema.name, id],
  );
  if (!entry) throw notFound(`History entry ${entryId} of ${schema.entityName} ${id}`);
  if (entry.action !== 'update') throw new HttpError(409, `Only a change can be reverted, not a ${entry.action}`);
  const changes = storedChanges(entry.changes);
  const entity = schema.entityName;
  if (body !== undefined && body !== null && !isObject(body))
    throw validationFailed([{ entity, property: '$', invalidValue: body, message: 'must be a JSON object' }]);
  const asked = (body as RevertInput | undefined)?.fields;
  if (asked !== undefined && (!Array.isArray(asked) || asked.some((f) => typeof f !== 'string') || !asked.length))
    throw validationFailed([
      { entity, property: 'fields', invalidValue: asked, message: 'must be a non-empty list of field names' },
    ]);
  const byField = new Map(changes.map((c) => [c.field, c]));
  const chosen = asked ?? changes.filter((c) => revertibleChange(schema, c)).map((c) => c.field);
  const errors = chosen.flatMap((field, i) => {
    const change = byField.get(field);
    if (!change)
      return [{ entity, property: `fields[${i}]`, invalidValue: field, message: 'was not changed by this entry' }];
    if (!revertibleChange(schema, change))
      return [{ entity, property: `fields[${i}]`, invalidValue: field, message: 'cannot be reverted' }];
    return [];
  });
  if (errors.length) throw validationFailed(errors);
  if (!chosen.length) throw new HttpError(409, 'This change has no field that can be reverted');
  const patch: WireRecord = Object.fromEntries(chosen.map((f) => [f, byField.get(f)!.before ?? null]));
  await updateRecord(db, schema, user, id, patch, 'patch', ifMatch);
}
