import { EMAIL_RE } from './checks';
import { textual } from './textual';

/** `email`: an e-mail address of at most 254 characters (RFC 5321); blank is stored as null. */
export const email = textual({
  type: 'email',
  maxLength: 254,
  blankIsNull: true,
  format: { test: (s) => EMAIL_RE.test(s), message: 'must be a well-formed email address' },
  json: { format: 'email' },
  sample: (_fd, seed) => `sample${seed}@example.test`,
  invalid: ['not-an-email', 'a@b', 'two words@example.test'],
});
