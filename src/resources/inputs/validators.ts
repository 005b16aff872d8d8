/**
 * react-admin validators of a field, derived from the same zod schemas the server parses bodies
 * with (`parseWire` of `schemas/fieldTypes/`, as `schemas/validation.ts` uses it): a value the form accepts is a value the
 * server accepts (URL, phone, e-mail, lengths, min/max, dates, enums). For percent the bounds are
 * fractions and the message speaks in percent (CONST-06).
 */
import { required, type Validator } from 'react-admin';
import { shapeOf, type Field } from '../../../schemas/define';
import { parseWire, typeModule } from '../../../schemas/fieldTypes/index';
import { endsBeforeStart } from '../../../schemas/fieldTypes/range';
import { fractionToPercent } from '../format';

/** The effective maximum length of a text-like field: its own `maxLength`, else its type's (WID-40: longText 1000, text 255). */
export const maxLengthOf = (fd: Field): number | undefined => fd.maxLength ?? typeModule(fd).maxLength;

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The message of a percent bound in percent (`Must be at most 100%`), or the server's message. */
function percentMessage(fd: Field, message: string): string {
  if (fd.min !== undefined && message.startsWith('must be greater than or equal to'))
    return `Must be at least ${fractionToPercent(fd.min)}%`;
  if (fd.max !== undefined && message.startsWith('must be less than or equal to'))
    return `Must be at most ${fractionToPercent(fd.max)}%`;
  return capitalise(message);
}

/** The type's checks of one value as a form holds it; empty values are `required`'s business. */
const typeValidator =
  (fd: Field): Validator =>
  (value: unknown) => {
    if (value === undefined || value === null || value === '') return undefined;
    const r = parseWire(fd, value instanceof Date ? value.toISOString() : value);
    if ('value' in r) return undefined;
    const message = r.issues[0]!.message;
    return fd.type === 'percent' ? percentMessage(fd, message) : capitalise(message);
  };

/** The value at a dotted path (`periods.0.dateGte`) of the form's values. */
const valueAt = (values: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      values,
    );

/**
 * The range rule (H2-09) at the end input of a range (`notBefore`): the start is the sibling of
 * this input's own source (`periods.0.dateLte` -> `periods.0.dateGte`), judged as the server
 * judges it (`endsBeforeStart`).
 */
const rangeValidator =
  (start: string, startLabel: string): Validator =>
  (value: unknown, values: unknown, props?: { finalSource?: string; source?: string }) => {
    const source = props?.finalSource ?? props?.source ?? '';
    const path = source.includes('.') ? source.replace(/[^.]+$/, start) : start;
    const end = value instanceof Date ? value.toISOString() : value;
    const from = valueAt(values, path);
    return endsBeforeStart(from instanceof Date ? from.toISOString() : from, end)
      ? { message: 'bureau.validation.not_before', args: { field: startLabel } }
      : undefined;
  };

/**
 * The validators of one field, in the order react-admin reports them.
 * @param startLabel for the end of a range (`notBefore`), its start's label in the user's language
 */
export function validatorsFor(fd: Field, startLabel?: string): Validator[] {
  const out: Validator[] = [];
  if (fd.required) out.push(required());
  // scalar values are checked here; references and lists are chosen from the server's own rows
  if (shapeOf(fd) === 'scalar') out.push(typeValidator(fd));
  if (fd.notBefore) out.push(rangeValidator(fd.notBefore, startLabel ?? fd.notBefore));
  return out;
}
