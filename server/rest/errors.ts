import type { EntitySchema } from '../../schemas/define';
import { humanize, isLinkList, isToOne } from '../../schemas/define';
import { storedSchemas } from '../../schemas/index';
import { columnName, joinTableName } from '../db/naming';

/**
 * Errors the REST layer throws; the app's error handler turns them into the contract's bodies
 * (docs/api.md).
 */

/** One field error of a 400 `Validation failed` answer. */
export interface FieldError {
  entity: string;
  property: string;
  invalidValue: unknown;
  message: string;
}

/** An HTTP error with the contract's `{ message }` body (plus `errors` for validation). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 400 naming the query parameter that is wrong (unknown filter path, bad sort, bad value). */
export const badParam = (name: string, why: string): HttpError =>
  new HttpError(400, `Invalid parameter "${name}": ${why}`);

/**
 * 400 `Validation failed` with field errors. An absent value (an empty body) is reported as
 * `invalidValue: null`, so every error item carries the four properties of the contract.
 */
export const validationFailed = (errors: FieldError[]): HttpError =>
  new HttpError(
    400,
    'Validation failed',
    errors.map((e) => (e.invalidValue === undefined ? { ...e, invalidValue: null } : e)),
  );

export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found`);

export const forbidden = (message = 'Access denied'): HttpError => new HttpError(403, message);

export const unauthorized = (): HttpError =>
  new HttpError(401, 'Full authentication is required to access this resource', undefined, {
    'WWW-Authenticate': 'Bearer',
  });

/** The schema and field a constraint belongs to; `scope` = the other fields of a scoped unique key. */
interface ConstraintOwner {
  schema: EntitySchema;
  field: string;
  scope: string[];
}

const lowerFirst = (s: string): string => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
const fieldLabel = (schema: EntitySchema, name: string): string =>
  lowerFirst(schema.fields[name]?.label ?? humanize(name));

let owners: Map<string, ConstraintOwner> | undefined;

/**
 * Constraint name -> the schema and field it belongs to, by the names `server/db/tables.ts` gives
 * (`<table>_<columns>_unique`, `<table>_<column>_fk`, `<join table>_target_fk`/`_owner_fk`).
 */
function constraintOwners(): Map<string, ConstraintOwner> {
  if (owners) return owners;
  owners = new Map();
  for (const schema of storedSchemas()) {
    for (const [name, fd] of Object.entries(schema.fields)) {
      if (fd.unique) {
        const scope = Array.isArray(fd.unique) ? fd.unique : [];
        const cols = [name, ...scope].map((c) => columnName(c, schema.fields[c]!));
        owners.set(`${schema.table}_${cols.join('_')}_unique`, { schema, field: name, scope });
      }
      if (isToOne(fd)) owners.set(`${schema.table}_${columnName(name, fd)}_fk`, { schema, field: name, scope: [] });
      if (isLinkList(fd) && !fd.via) {
        owners.set(`${joinTableName(schema, name)}_target_fk`, { schema, field: name, scope: [] });
        owners.set(`${joinTableName(schema, name)}_owner_fk`, { schema, field: name, scope: [] });
      }
    }
  }
  return owners;
}

/**
 * Maps PostgreSQL integrity errors (unique 23505, foreign key 23503, restrict 23001) to 409;
 * undefined for others. The message names the entity and field from the constraint's name but
 * never the key values PostgreSQL puts in its detail (they may be another user's data).
 *
 * A unique conflict on a field of `written` (the schema of the record being written) also carries
 * the contract's `errors[]` with that field as `property` (`invalidValue` null), so the form shows
 * it at the field; a conflict in a nested child's table names no property (one sentence).
 *
 * @example
 * integrityError({ code: '23505', constraint: 'currency_code_unique' }, currencies)
 * // HttpError 409 'A Currency with this code already exists',
 * //   errors: [{ entity: 'Currency', property: 'code', invalidValue: null, message: 'A Currency with this code already exists' }]
 */
export function integrityError(e: unknown, written?: EntitySchema): HttpError | undefined {
  const { code, constraint } = (e ?? {}) as { code?: string; constraint?: string };
  const owner = constraint ? constraintOwners().get(constraint) : undefined;
  if (code === '23505') {
    if (!owner) return new HttpError(409, 'A record with the same unique values already exists');
    const within = owner.scope.map((s) => fieldLabel(owner.schema, s)).join(' and ');
    const message = `A ${owner.schema.entityName} with this ${fieldLabel(owner.schema, owner.field)} already exists${within ? ` for its ${within}` : ''}`;
    const atField = written && owner.schema.table === written.table;
    return new HttpError(
      409,
      message,
      atField ? [{ entity: owner.schema.entityName, property: owner.field, invalidValue: null, message }] : undefined,
    );
  }
  if (code === '23503' || code === '23001')
    return new HttpError(
      409,
      owner
        ? `The record is referenced by other records (${owner.schema.entityName} ${fieldLabel(owner.schema, owner.field)})`
        : 'The record is referenced by other records or references a missing one',
    );
  return undefined;
}

/** Node's error codes for a file system that has no room left (a full disk, an exhausted quota). */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

/** The codes found on `error` and the causes it wraps (`cause`), outermost first. */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 10; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * The 503 for a write the server could not keep because it ran out of room or resources
 * (H2-08): a file system error `ENOSPC`/`EDQUOT` anywhere in the cause chain, or a PostgreSQL
 * error of SQLSTATE class 53 (insufficient resources: 53100 disk full, 53200 out of memory, 53300
 * too many connections); undefined for any other error. The transaction that failed was rolled
 * back, so nothing of the request was kept; the answer says so and asks to try again
 * (`Retry-After`, seconds).
 *
 * @example
 * insufficientResources(Object.assign(new Error('could not extend file'), { code: '53100' }))
 * // HttpError 503 'The server has no room to store this: nothing was saved. Try again later.'
 */
export function insufficientResources(error: unknown): HttpError | undefined {
  const codes = codesOf(error);
  const full = codes.some((c) => NO_SPACE.has(c) || c === '53100');
  if (!full && !codes.some((c) => /^53[0-9A-Z]{3}$/.test(c))) return undefined;
  const message = full
    ? 'The server has no room to store this: nothing was saved. Try again later.'
    : 'The server is short of resources: nothing was saved. Try again later.';
  return new HttpError(503, message, undefined, { 'retry-after': '60' });
}
