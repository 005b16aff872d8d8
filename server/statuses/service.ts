import type { EntitySchema, StatusConfig, WireRecord } from '../../schemas/define';
import { humanize } from '../../schemas/define';
import { dictionaryCode } from '../../schemas/dictionaryTypes';
import { findTransition, mayTake, privilegeText, readOnlyIn } from '../../schemas/statuses';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import { type FieldError, forbidden, HttpError, validationFailed } from '../rest/errors';
import { q } from '../rest/model';
import { sameAsStored } from '../rest/unchanged';
import type { ParsedWrite } from '../rest/validate';
import { referenceId } from '../rest/validate';
import { hasNul } from '../rest/values';
import { systemWrite } from '../rest/system';
import { getSchema } from '../../schemas/index';

/**
 * The server side of declared statuses (`status` in `schemas/define.ts`, rules in
 * `schemas/statuses.ts`): the initial status of a create, the checks of a write that changes the
 * status or a field locked in the current status, and the history rows, all inside the write's
 * transaction. The generic service (`server/rest/service.ts`) calls these, action bodies move a
 * status with {@link moveStatus}; the routes are in
 * `server/rest/statuses.ts`.
 */

type Db = Pick<Database, 'query'>;
type Row = Record<string, unknown>;

/** A dictionary entry as the history and the messages show it. */
export interface StatusEntry {
  id: number;
  code: number;
  gname: string;
}

/** What a write asks of the status besides its body: a comment, and whether it must move. */
export interface StatusRequest {
  comment?: string | null;
  /** A dedicated move (the transitions route): staying in the same status is a 409. */
  move?: boolean;
}

/** A status change about to be written: recorded by {@link recordStatusChange}. */
export interface StatusChange {
  field: string;
  fromId: number | null;
  toId: number;
  comment: string | null;
}

/** Most characters a status comment may hold (the `longText` default). */
export const MAX_COMMENT = 1000;

const label = (schema: EntitySchema, status: StatusConfig): string =>
  schema.fields[status.field]?.label ?? humanize(status.field);

const lower = (s: string): string => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** The status column of the schema's table. */
const statusColumn = (schema: EntitySchema, status: StatusConfig): string =>
  columnName(status.field, schema.fields[status.field]!);

/** The entry of the status dictionary with id `id`, or undefined (none, or another type's). */
async function entryById(
  db: Db,
  status: StatusConfig,
  schema: EntitySchema,
  id: number,
): Promise<StatusEntry | undefined> {
  const [row] = await db.query<StatusEntry>(
    `SELECT d.id, d.code, d.gname FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id
      WHERE d.id = $1 AND t.code = $2`,
    [id, dictionaryCode(schema.fields[status.field]!.dictionary!)],
  );
  return row ? { id: Number(row.id), code: Number(row.code), gname: row.gname } : undefined;
}

/** The entry of the status dictionary with code `code`, or undefined. */
export async function entryByCode(db: Db, schema: EntitySchema, code: number): Promise<StatusEntry | undefined> {
  const status = schema.status!;
  const [row] = await db.query<StatusEntry>(
    `SELECT d.id, d.code, d.gname FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id
      WHERE d.code = $1 AND t.code = $2 ORDER BY d.id LIMIT 1`,
    [code, dictionaryCode(schema.fields[status.field]!.dictionary!)],
  );
  return row ? { id: Number(row.id), code: Number(row.code), gname: row.gname } : undefined;
}

/** A comment as a request sends it: a string (trimmed; blank = none) or null. @throws 400 naming `property` */
export function parseComment(schema: EntitySchema, property: string, v: unknown): string | null {
  const error = (message: string): HttpError =>
    validationFailed([{ entity: schema.entityName, property, invalidValue: v ?? null, message }]);
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw error('must be a string');
  if (hasNul(v)) throw error('must not contain a NUL character');
  if (v.length > MAX_COMMENT) throw error(`size must be between 0 and ${MAX_COMMENT}`);
  return v.trim() === '' ? null : v.trim();
}

/**
 * Splits the status shorthand out of a PUT or PATCH body (`status.patch`: `{ "statusId": 12,
 * "comment": "..." }`): the target becomes the status field (`{ "dealStage": { "id": 12 } }`)
 * and the comment is returned apart. Bodies of schemas without the shorthand pass unchanged.
 * @throws HttpError 400 for a target that is not an id, a comment that is not text, or a target
 *   that contradicts the status field sent in the same body
 */
export function splitStatusBody(schema: EntitySchema, body: unknown): { body: unknown; comment?: string | null } {
  const patch = schema.status?.patch;
  if (!patch || !body || typeof body !== 'object' || Array.isArray(body)) return { body };
  const input = body as WireRecord;
  const hasTo = Object.hasOwn(input, patch.to);
  const hasComment = Object.hasOwn(input, patch.comment);
  if (!hasTo && !hasComment) return { body };
  const rest: WireRecord = { ...input };
  delete rest[patch.to];
  delete rest[patch.comment];
  const errors: FieldError[] = [];
  const entity = schema.entityName;
  if (hasTo) {
    const v = input[patch.to];
    const id = referenceId(v);
    const field = schema.status!.field;
    if (id === undefined || typeof v === 'string')
      errors.push({ entity, property: patch.to, invalidValue: v ?? null, message: 'must be an id (a number)' });
    else if (Object.hasOwn(input, field) && referenceId(input[field]) !== id)
      errors.push({ entity, property: patch.to, invalidValue: v, message: `must match ${field} when both are sent` });
    else rest[field] = { id };
  }
  if (errors.length) throw validationFailed(errors);
  return { body: rest, comment: hasComment ? parseComment(schema, patch.comment, input[patch.comment]) : undefined };
}

/**
 * A create's status: the initial one when the body leaves it out; another one is a 409.
 * Mutates `write` (the status column, `present` and `values`) and returns the change to record.
 */
export async function startStatus(tx: Db, schema: EntitySchema, write: ParsedWrite): Promise<StatusChange | undefined> {
  const status = schema.status;
  if (!status) return undefined;
  const col = statusColumn(schema, status);
  const initial = await entryByCode(tx, schema, status.initial);
  if (!initial) throw new Error(`${schema.name}: no ${status.field} entry with the initial code ${status.initial}`);
  const given = write.columns[col];
  if (given !== undefined && given !== null && Number(given) !== initial.id) {
    const entry = await entryById(tx, status, schema, Number(given));
    // an id of another dictionary type is refused by the reference checks with a 400
    if (entry)
      throw new HttpError(
        409,
        `A new ${lower(schema.entityName)} starts as "${initial.gname}", not "${entry.gname}": create it, then move its ${lower(label(schema, status))}`,
      );
    return undefined;
  }
  write.columns[col] = initial.id;
  write.present.add(status.field);
  write.values[status.field] = { id: initial.id };
  return { field: status.field, fromId: null, toId: initial.id, comment: null };
}

/**
 * Checks an update against the status of the stored row: the fields locked in that status must
 * keep their values (409), and a changed status must be a declared transition (409) the user may
 * take (403), with a comment when the transition requires one (400). Returns the change to
 * record, or undefined when the status stays.
 * @param row the stored row, locked by the caller (`SELECT ... FOR UPDATE`)
 */
export async function checkStatusWrite(
  tx: Db,
  schema: EntitySchema,
  user: AuthUser,
  row: Row,
  write: ParsedWrite,
  request: StatusRequest = {},
): Promise<StatusChange | undefined> {
  const status = schema.status;
  if (!status) return undefined;
  const col = statusColumn(schema, status);
  const fromId = row[col] === null || row[col] === undefined ? null : Number(row[col]);
  const from = fromId === null ? undefined : await entryById(tx, status, schema, fromId);
  const what = lower(label(schema, status));
  for (const name of readOnlyIn(status, from?.code)) {
    const fcol = columnName(name, schema.fields[name]!);
    if (write.present.has(name) && !sameAsStored(write.columns[fcol], row[fcol])) {
      const message = `${schema.fields[name]!.label ?? humanize(name)} cannot be changed while the ${lower(schema.entityName)}'s ${what} is "${from!.gname}"`;
      // named at the field too, so an edit form shows it there
      throw new HttpError(409, message, [{ entity: schema.entityName, property: name, invalidValue: null, message }]);
    }
  }
  const given = write.columns[col];
  const changes = given !== undefined && !sameAsStored(given, row[col]);
  if (!changes) {
    if (request.move) throw new HttpError(409, `${label(schema, status)} is already "${from?.gname ?? 'none'}"`);
    return undefined;
  }
  if (given === null)
    throw new HttpError(409, `${label(schema, status)} cannot be cleared (it is "${from?.gname ?? 'none'}")`);
  const to = await entryById(tx, status, schema, Number(given));
  if (!to) return undefined; // not an entry of the dictionary: the reference checks answer 400
  const transition = from ? findTransition(status, from.code, to.code) : undefined;
  const fromInitial = !from && to.code === status.initial;
  if (!transition && !fromInitial)
    throw new HttpError(409, `${label(schema, status)} cannot move from "${from?.gname ?? 'none'}" to "${to.gname}"`);
  if (transition && !mayTake(schema, transition, user.roles, user.privileges))
    throw forbidden(
      `Moving a ${lower(schema.entityName)} from "${from!.gname}" to "${to.gname}" needs ${privilegeText(schema, transition)}`,
    );
  const comment = request.comment ?? null;
  if (transition?.comment === 'required' && !comment)
    throw validationFailed([
      {
        entity: schema.entityName,
        property: status.patch?.comment ?? 'comment',
        invalidValue: null,
        message: `must not be blank: moving ${what} from "${from!.gname}" to "${to.gname}" needs a comment`,
      },
    ]);
  return { field: status.field, fromId, toId: to.id, comment };
}

/** Writes one history row (inside the write's transaction). */
export async function recordStatusChange(
  tx: Db,
  schema: EntitySchema,
  id: number,
  change: StatusChange,
  username: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO status_changes (collection, record_id, field, from_id, to_id, comment, changed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [schema.name, id, change.field, change.fromId, change.toId, change.comment, username],
  );
}

/** Options of {@link moveStatus}. */
export interface MoveOptions {
  /** The move's comment, kept in the status history (required when the transition says so). */
  comment?: string | null;
  /**
   * A move the approval engine makes (a document sent to verification, a chain's decision): the
   * schema leaves these out of its `transitions` so no user takes them by hand, so they are not
   * checked against them; the status history is written all the same.
   */
  byEngine?: boolean;
}

/** What {@link moveStatus} did: the entries moved from and to, or `moved: false` when the record was already there. */
export interface StatusMove {
  moved: boolean;
  from: StatusEntry | null;
  to: StatusEntry;
}

/**
 * Moves record `id` of collection `schemaName` (an entity with a declared `status`) to the status
 * of dictionary code `toCode`, in the caller's transaction: the row is locked, the move checked
 * against the schema's declared transitions (a record without a status may only take the initial
 * one), the status field written through the write that records history (`systemWrite`: version
 * moved, `record_history` row) and the move added to the status history (`status_changes`, with
 * `comment`). A record already in `toCode` is left as it is (`moved: false`). The caller's own
 * access decided who may do it (an action's privilege): transition privileges are not asked.
 * @param user the author of the write and of the history rows (its `username`)
 * @example
 * // an action body: PATCH preInvoices/verify/changeStatus/{id}/{status}
 * changeStatus: async ({ tx, user, input }) => moveStatus(tx, user, 'preInvoices', input.preInvoiceId as number, PRE_ACTED),
 * // the approval engine's move, outside the declared transitions
 * await moveStatus(tx, user, 'preInvoices', ownerId, PRE_APPROVED, { byEngine: true });
 * @throws HttpError 404 for a missing record; 409 `Status cannot move from "Draft" (code 1) to "Acted" (code 5)`
 *   for an undeclared move; 400 `Validation failed` at `comment` when the transition needs one, at
 *   the status field when `toCode` is no entry of its dictionary; Error for an entity without `status`
 */
export async function moveStatus(
  tx: Db,
  user: Pick<AuthUser, 'username'>,
  schemaName: string,
  id: number,
  toCode: number,
  options: MoveOptions = {},
): Promise<StatusMove> {
  const schema = getSchema(schemaName);
  const status = schema.status;
  if (!status) throw new Error(`${schemaName} declares no status`);
  const col = statusColumn(schema, status);
  const [row] = await tx.query<Row>(`SELECT ${q(col)} AS s FROM ${q(schema.table)} WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw new HttpError(404, `${schema.entityName} ${id} not found`);
  const fromId = row.s === null || row.s === undefined ? null : Number(row.s);
  const from = fromId === null ? null : ((await entryById(tx, status, schema, fromId)) ?? null);
  const to = await entryByCode(tx, schema, toCode);
  if (!to)
    throw validationFailed([
      {
        entity: schema.entityName,
        property: status.field,
        invalidValue: toCode,
        message: `has no entry of code ${toCode}`,
      },
    ]);
  if (from?.code === to.code) return { moved: false, from, to };
  const name = (e: StatusEntry | null) => (e ? `"${e.gname}" (code ${e.code})` : 'none');
  const transition = from ? findTransition(status, from.code, to.code) : undefined;
  if (!options.byEngine && !transition && !(!from && to.code === status.initial))
    throw new HttpError(409, `${label(schema, status)} cannot move from ${name(from)} to ${name(to)}`);
  const comment = options.comment?.trim() || null;
  if (!options.byEngine && transition?.comment === 'required' && !comment)
    throw validationFailed([
      {
        entity: schema.entityName,
        property: status.patch?.comment ?? 'comment',
        invalidValue: null,
        message: `must not be blank: moving ${lower(label(schema, status))} from ${name(from)} to ${name(to)} needs a comment`,
      },
    ]);
  await systemWrite(tx, schema, user.username, id, { [status.field]: { id: to.id } });
  await recordStatusChange(tx, schema, id, { field: status.field, fromId, toId: to.id, comment }, user.username);
  return { moved: true, from, to };
}

/** One history row on the wire. */
export interface StatusChangeWire {
  id: number;
  field: string;
  from: StatusEntry | null;
  to: StatusEntry;
  comment: string | null;
  changedBy: string | null;
  changedDate: string;
}

/** The history of one record, newest first (the caller checks the record's read access). */
export async function statusHistory(db: Db, schema: EntitySchema, id: number): Promise<StatusChangeWire[]> {
  const rows = await db.query<Row>(
    `SELECT s.id, s.field, s.comment, s.changed_by, s.changed_date,
            f.id AS from_id, f.code AS from_code, f.gname AS from_gname,
            t.id AS to_id, t.code AS to_code, t.gname AS to_gname
       FROM status_changes s
       LEFT JOIN base_dictionaries f ON f.id = s.from_id
       JOIN base_dictionaries t ON t.id = s.to_id
      WHERE s.collection = $1 AND s.record_id = $2
      ORDER BY s.changed_date DESC, s.id DESC`,
    [schema.name, id],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    field: String(r.field),
    from: r.from_id == null ? null : { id: Number(r.from_id), code: Number(r.from_code), gname: String(r.from_gname) },
    to: { id: Number(r.to_id), code: Number(r.to_code), gname: String(r.to_gname) },
    comment: (r.comment as string | null) ?? null,
    changedBy: (r.changed_by as string | null) ?? null,
    changedDate: (r.changed_date instanceof Date ? r.changed_date : new Date(String(r.changed_date))).toISOString(),
  }));
}
