/**
 * Errors the REST layer throws; the app's error handler turns them into the contract's bodies
 * (CONTRACT.md "Errors").
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

/** 400 `Validation failed` with field errors. */
export const validationFailed = (errors: FieldError[]): HttpError => new HttpError(400, 'Validation failed', errors);

export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found`);

export const forbidden = (message = 'Access denied'): HttpError => new HttpError(403, message);

export const unauthorized = (): HttpError =>
  new HttpError(401, 'Full authentication is required to access this resource', undefined, {
    'WWW-Authenticate': 'Bearer',
  });

/** Maps PostgreSQL integrity errors (unique 23505, foreign key 23503, restrict 23001) to 409; undefined for others. */
export function integrityError(e: unknown): HttpError | undefined {
  const code = (e as { code?: string } | null)?.code;
  const detail = (e as { detail?: string; message?: string }).detail ?? (e as { message?: string }).message ?? '';
  if (code === '23505') return new HttpError(409, `Duplicate value: ${detail}`.trim());
  if (code === '23503' || code === '23001')
    return new HttpError(
      409,
      `The record is referenced by other records or references a missing one: ${detail}`.trim(),
    );
  return undefined;
}
