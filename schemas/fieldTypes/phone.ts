import { PHONE_RE } from './checks';
import { textual } from './textual';

/** `phone`: digits, blanks, `()` and `-` (5 to 20, optional leading `+`); blank is stored as null (CONST-07). */
export const phone = textual({
  type: 'phone',
  maxLength: 32,
  blankIsNull: true,
  format: { test: (s) => PHONE_RE.test(s), message: 'must be a valid phone number' },
  json: { pattern: PHONE_RE.source, description: 'digits, blanks, ( ) and -, an optional leading +' },
  sample: (_fd, seed) => `+7 700 ${String(seed % 1000).padStart(3, '0')} 00 00`,
  invalid: ['call me', '12', '+7 700 000 00 00 ext. 5'],
});
