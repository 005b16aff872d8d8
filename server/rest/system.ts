import { hasTrash, type EntitySchema, type WireRecord } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { Database } from '../db/database';
import { notFound } from './errors';
import { q } from './model';
import { parseBody } from './validate';
import { deleteRow, insertRow, updateRow } from './write';

/**
 * Writes made by the server's own code rather than a client's body: a hook's or an action's
 * `write`, a room's extension (the approvals' chain), a recalculation. They go through the same
 * row writes as the REST routes (`write.ts`: version moved, history recorded) with the schema's
 * read-only fields writable, and without access checks (the calling code decided).
 */

type Db = Pick<Database, 'query'>;

const hookWritableSchemas = new WeakMap<EntitySchema, EntitySchema>();

/**
 * The schema as server code writes it: its read-only fields (the author of an idea, an invoice's
 * number) are writable by the server's own code, never by a client's body.
 */
export function hookWritable(schema: EntitySchema): EntitySchema {
  let writable = hookWritableSchemas.get(schema);
  if (!writable) {
    const fields = Object.fromEntries(
      Object.entries(schema.fields).map(([name, fd]) => [name, fd.readOnly ? { ...fd, readOnly: false } : fd]),
    );
    writable = { ...schema, fields };
    hookWritableSchemas.set(schema, writable);
  }
  return writable;
}

/**
 * A write made by server code (an action's or a hook's `write`): PATCH semantics over the schema
 * with its read-only fields writable, the row locked, the version moved and the history recorded.
 * @throws HttpError 404 for a missing row; 400 for values the fields refuse
 */
export async function systemWrite(
  tx: Db,
  schema: EntitySchema,
  username: string,
  id: number,
  values: WireRecord,
): Promise<void> {
  const [stored] = await tx.query<Record<string, unknown>>(
    `SELECT * FROM ${q(schema.table)} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!stored) throw notFound(`${schema.entityName} ${id}`);
  const write = await parseBody(hookWritable(schema), values, 'patch');
  await updateRow(tx, schema, id, write, username, stored);
}

/**
 * The `write` server code is handed (a hook's, an action's, `beforeTrash`'s): {@link systemWrite}
 * in transaction `tx`, recorded in the history as `username`'s, the schema found by collection name.
 * @example const write = systemWriter(tx, user.username); await write('invoices', 7, { paid: true });
 */
export const systemWriter =
  (tx: Db, username: string) =>
  (collection: string, id: number, values: WireRecord): Promise<void> =>
    systemWrite(tx, getSchema(collection), username, id, values);

/**
 * A new row of `schema` made by server code: validated as a create body with the read-only fields
 * writable, inserted with its links and children, and recorded in the history. Returns its id.
 * @throws HttpError 400 for values the fields refuse; 409 for a duplicate
 */
export async function systemInsert(
  tx: Db,
  schema: EntitySchema,
  username: string,
  values: WireRecord,
): Promise<number> {
  return insertRow(tx, schema, await parseBody(hookWritable(schema), values, 'create'), username);
}

/**
 * Deletes row `id` of `schema` as server code (an entity without a trash: the row goes, its
 * delete recorded in the history). A foreign key still pointing at it is a 409.
 * @throws HttpError 404 for a missing row; 409 for a row still referenced; Error for an entity
 *   with a trash (its records go there through the service's delete)
 */
export async function systemDelete(tx: Db, schema: EntitySchema, username: string, id: number): Promise<void> {
  if (hasTrash(schema)) throw new Error(`${schema.name} has a trash: delete its records through the service`);
  const [stored] = await tx.query<Record<string, unknown>>(
    `SELECT * FROM ${q(schema.table)} WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!stored) throw notFound(`${schema.entityName} ${id}`);
  await deleteRow(tx, schema, stored, username);
}
