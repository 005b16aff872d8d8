/**
 * react-admin validators from a field's schema options: required, minLength/maxLength (text
 * `maxLength` defaults 255, longText 1000, WID-40), pattern, email, url, phone, min/max
 * (for percent the bounds are fractions and the message speaks in percent, CONST-06).
 */
import { email, maxLength, maxValue, minLength, minValue, regex, required, type Validator } from 'react-admin';
import type { Field } from '../../../schemas/define';
import { fractionToPercent } from '../format';

const TEXT_TYPES = new Set(['text', 'longText', 'email', 'url', 'phone', 'password']);

/** The effective maximum length of a text-like field (WID-40: longText 1000, text 255). */
export const maxLengthOf = (fd: Field): number | undefined =>
  fd.maxLength ?? (fd.type === 'longText' ? 1000 : TEXT_TYPES.has(fd.type) ? 255 : undefined);

const URL_PATTERN = /^(https?:\/\/)?[^\s/$.?#][^\s.]*\.[^\s]+$/i;
const PHONE_PATTERN = /^\+?[0-9 ()-]{5,20}$/;

const percentBound =
  (bound: number, kind: 'min' | 'max'): Validator =>
  (value: unknown) => {
    if (value == null || value === '') return undefined;
    const ok = kind === 'min' ? Number(value) >= bound : Number(value) <= bound;
    return ok ? undefined : `Must be ${kind === 'min' ? 'at least' : 'at most'} ${fractionToPercent(bound)}%`;
  };

/** The validators of one field, in the order react-admin reports them. */
export function validatorsFor(fd: Field): Validator[] {
  const out: Validator[] = [];
  if (fd.required) out.push(required());
  if (TEXT_TYPES.has(fd.type)) {
    if (fd.minLength) out.push(minLength(fd.minLength));
    const max = maxLengthOf(fd);
    if (max) out.push(maxLength(max));
    if (fd.pattern) out.push(regex(new RegExp(fd.pattern), 'Invalid format'));
  }
  if (fd.type === 'email') out.push(email());
  if (fd.type === 'url') out.push(regex(URL_PATTERN, 'Must be a valid URL'));
  if (fd.type === 'phone') out.push(regex(PHONE_PATTERN, 'Must be a valid phone number'));
  if (fd.type === 'percent') {
    if (fd.min !== undefined) out.push(percentBound(fd.min, 'min'));
    if (fd.max !== undefined) out.push(percentBound(fd.max, 'max'));
  } else if (fd.type === 'number' || fd.type === 'money') {
    if (fd.min !== undefined) out.push(minValue(fd.min));
    if (fd.max !== undefined) out.push(maxValue(fd.max));
  }
  return out;
}
