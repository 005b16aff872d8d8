import { isLinkList, isToOne, shapeOf, type EntitySchema, type Field, type WireRecord } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import { toMoney } from '../../schemas/money';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import { rowToWire } from '../history/wire';
import { type FieldError, validationFailed } from './errors';
import { q } from './model';

/**
 * The server-owned fields of the entity DSL (`serverOwned`, H2-04): what the server computes or
 * moves - a billing status, an invoice link, totals, `signed`, `paid` - is never written by a
 * client. A client's write naming such a field must send the stored value (a record sent back
 * whole) or, on create, nothing, the field's `default`, or the dictionary entry of its
 * `initialCode`. Judged on the body as the client sent it (not as the hooks changed it), after the
 * hooks ran (a money lock's 409 comes first), by the generic service's create and update (so PUT, PATCH, the bulk change and the import); server code
 * writing for itself (`server/rest/system.ts`) does not come here.
 */

type Tx = Pick<Database, 'query'>;
type Row = Record<string, unknown>;

/** The message of a refused server-owned field. */
export const SERVER_OWNED_MESSAGE = 'is set by the server and cannot be written';

/** The id of a wire reference (`{ id }`, a bare id, a numeric string), or null. */
function idOf(v: unknown): number | null {
  const id = typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : v;
  if (typeof id === 'number') return id;
  if (typeof id === 'string' && /^\d+$/.test(id)) return Number(id);
  return null;
}

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '';

/** Whether two wire values of field `fd` say the same (ids for references, exact decimals for numbers). */
export function sameValue(fd: Field, a: unknown, b: unknown): boolean {
  if (isToOne(fd)) return idOf(a) === idOf(b);
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  if (isLinkList(fd)) {
    const ids = (v: unknown) => (Array.isArray(v) ? v.map(idOf).sort() : [NaN]);
    return JSON.stringify(ids(a)) === JSON.stringify(ids(b));
  }
  try {
    if (['money', 'number', 'percent', 'durationMs'].includes(fd.type))
      return toMoney(a as string).eq(toMoney(b as string));
    if (fd.type === 'dateTime') return new Date(a as string).getTime() === new Date(b as string).getTime();
  } catch {
    return false;
  }
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

/** Whether `sent` is the value a new record of `fd` may start with: its default, or its dictionary's initial entry. */
async function isInitial(tx: Tx, fd: Field, sent: unknown): Promise<boolean> {
  if (isEmpty(sent) || (isToOne(fd) && idOf(sent) === null)) return true;
  const fallback = typeof fd.default === 'function' ? undefined : fd.default;
  if (fallback !== undefined && sameValue(fd, sent, fallback)) return true;
  const initial = typeof fd.serverOwned === 'object' ? fd.serverOwned.initialCode : undefined;
  const id = idOf(sent);
  if (initial === undefined || id === null || !fd.target) return false;
  const target = getSchema(fd.target);
  const code = target.fields.code;
  if (!code) return false;
  const [row] = await tx.query<{ code: string | number | null }>(
    `SELECT ${q(columnName('code', code))} AS code FROM ${q(target.table)} WHERE id = $1`,
    [id],
  );
  return row !== undefined && row.code !== null && Number(row.code) === initial;
}

/**
 * Refuses a client's write that changes a server-owned field (H2-04): for an update, a value sent
 * that differs from `stored` (the locked row); for a create (no `stored`), a value other than
 * empty, the field's `default` or its dictionary's `initialCode` entry. A body that is not an
 * object is left to the validation. No query unless a create sends a dictionary entry.
 * @param body the client's body as sent (wire units), before any hook
 * @param stored the stored row (columns) of an update; undefined for a create
 * @throws HttpError 400 `Validation failed`, one error per refused field: `is set by the server and cannot be written`
 * @example
 * await checkServerOwned(tx, times, { billingStatus: { id: invoiced } }, row) // 400 at billingStatus
 */
export async function checkServerOwned(tx: Tx, schema: EntitySchema, body: unknown, stored?: Row): Promise<void> {
  const errors: FieldError[] = [];
  await collect(tx, schema, body, stored, '', errors);
  if (errors.length > 0) throw validationFailed(errors);
}

/** The refusals of {@link checkServerOwned} for one record's body, then for its nested children's. */
async function collect(
  tx: Tx,
  schema: EntitySchema,
  body: unknown,
  stored: Row | undefined,
  prefix: string,
  errors: FieldError[],
): Promise<void> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const input = body as WireRecord;
  // the stored row in wire units, converted only when a server-owned field is sent
  let wire: WireRecord | undefined;
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (!Object.hasOwn(input, name) || input[name] === undefined) continue;
    const sent = input[name];
    if (fd.serverOwned) {
      const ok = stored
        ? sameValue(fd, sent, (wire ??= rowToWire(schema, stored))[name])
        : await isInitial(tx, fd, sent);
      if (!ok)
        errors.push({
          entity: schema.entityName,
          property: prefix + name,
          invalidValue: sent,
          message: SERVER_OWNED_MESSAGE,
        });
    }
    // nested children: a listed child is judged against its stored row, a new one as a create
    if (shapeOf(fd) !== 'children' || !fd.target || !Array.isArray(sent)) continue;
    const child = getSchema(fd.target);
    if (serverOwnedFields(child).length === 0) continue;
    const ids = sent.map(idOf).filter((id): id is number => id !== null);
    const rows = new Map<number, Row>();
    if (ids.length > 0)
      for (const r of await tx.query<Row>(`SELECT * FROM ${q(child.table)} WHERE id = ANY($1::bigint[])`, [ids]))
        rows.set(Number(r.id), r);
    for (const [i, item] of sent.entries()) {
      const id = idOf(item);
      await collect(tx, child, item, id === null ? undefined : rows.get(id), `${prefix}${name}[${i}].`, errors);
    }
  }
}

/** The server-owned fields of `schema` (names), for tests and documentation. */
export const serverOwnedFields = (schema: EntitySchema): string[] =>
  Object.entries(schema.fields).flatMap(([name, fd]) => (fd.serverOwned ? [name] : []));
