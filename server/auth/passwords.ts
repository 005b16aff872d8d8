import { hash, verify } from '@node-rs/bcrypt';

/**
 * Password hashing for sign-in, the users write path, the seed and tests: bcrypt through
 * `@node-rs/bcrypt`, which runs on libuv's thread pool, so hashing and verifying never block the
 * event loop (pure-JS bcrypt at cost 10 holds it for ~70 ms per call).
 */

/** bcrypt cost of stored passwords (2^10 rounds). */
export const PASSWORD_COST = 10;

/**
 * Hashes a password with bcrypt (`$2b$` format).
 * @param password the plain password (UTF-8; bcrypt reads its first 72 bytes)
 * @param cost bcrypt cost factor, 4..31 (default {@link PASSWORD_COST}); tests use 4
 * @param salt an optional bcrypt salt string (`$2b$<cost>$<22 chars>`) or 16 raw bytes, for
 *   reproducible hashes such as the demo seed's; omitted = a random salt
 * @returns the 60-character bcrypt hash
 * @throws Error for a cost outside 4..31 or a malformed salt
 */
export async function hashPassword(
  password: string,
  cost = PASSWORD_COST,
  salt?: string | Uint8Array,
): Promise<string> {
  if (typeof salt === 'string') {
    const match = /^\$2[abxy]\$(\d\d)\$([./A-Za-z0-9]{22})$/.exec(salt);
    if (!match?.[2]) throw new Error('bcrypt salt must look like $2b$<cost>$<22 characters>');
    return hash(password, Number(match[1]), decodeBcryptSalt(match[2]));
  }
  return hash(password, cost, salt);
}

/**
 * Checks a password against a bcrypt hash (`$2a$`, `$2b$`, `$2y$`). A value that is not a
 * bcrypt hash (null, empty, another format) never matches, and no error is thrown for it.
 * @returns true when the password matches
 */
export async function verifyPassword(password: string, passwordHash: string | null | undefined): Promise<boolean> {
  if (!passwordHash || !/^\$2[abxy]\$\d\d\$[./A-Za-z0-9]{53}$/.test(passwordHash)) return false;
  try {
    return await verify(password, passwordHash);
  } catch {
    return false;
  }
}

/** bcrypt's base64 alphabet, in which salts and hashes are written. */
export const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** bcrypt's own base64 (alphabet `./A-Za-z0-9`, no padding): 22 characters carry the 16 salt bytes. */
function decodeBcryptSalt(text: string): Uint8Array {
  const bytes = new Uint8Array(16);
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const ch of text) {
    value = (value << 6) | BCRYPT_ALPHABET.indexOf(ch);
    bits += 6;
    if (bits >= 8 && at < 16) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 0xff;
    }
  }
  return bytes;
}
