/**
 * A list of e-mail addresses separated by commas (`a@x.kz, b@y.kz`), as the lead e-mail's `to`
 * and `cc` carry them: each address a local part, `@` and a dotted domain, without spaces.
 * Used as the fields' `pattern`, so the server, the OpenAPI document and the SPA check alike.
 */
export const MAIL_ADDRESS_LIST =
  '^\\s*[^\\s@,;<>]+@[^\\s@,;<>]+\\.[^\\s@,;<>]+\\s*(,\\s*[^\\s@,;<>]+@[^\\s@,;<>]+\\.[^\\s@,;<>]+\\s*)*$';

/** The addresses of a comma-separated list, trimmed, blanks dropped. */
export const splitAddresses = (list: string | null | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
