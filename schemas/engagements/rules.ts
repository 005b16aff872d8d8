/**
 * What the SPA and the server share about projects and matters: the shape of a field error,
 * reference ids and dictionary codes as sent, and the rate-based bill type. The write rules that
 * read the database are in `server/engagements/rules.ts`.
 */

/** A 400 `Validation failed` with one field error, as the generic validation answers it. */
export const fieldError = (entity: string, property: string, invalidValue: unknown, message: string): Error =>
  Object.assign(new Error('Validation failed'), {
    statusCode: 400,
    errors: [{ entity, property, invalidValue, message }],
  });

/** The id of a reference value as sent (`{ id }`, a bare id, or an SDR URI), or undefined. */
export const referenceId = (value: unknown): number | undefined => {
  const raw =
    value && typeof value === 'object'
      ? (value as { id?: unknown }).id
      : typeof value === 'string'
        ? value.split('/').pop()
        : value;
  const n = Number(raw);
  return raw !== null && raw !== '' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** The code of a dictionary value of a form record (`{ id, code }`), or undefined. */
export const codeOf = (value: unknown): number | undefined => {
  const code = value && typeof value === 'object' ? (value as { code?: unknown }).code : undefined;
  return code === null || code === undefined ? undefined : Number(code);
};

/** Bill type code of a rate-based matter (MAT-10). */
export const RATE_BASED = 2;
