import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The XSRF double-submit check of cookie-authenticated calls (H2-07, docs/api.md "Security
 * headers and CSRF"). The server sets a random `XSRF-TOKEN` cookie that scripts of the page may
 * read; the SPA's HTTP client echoes it in `X-XSRF-TOKEN` (SHELL-30). Another site can make the
 * browser send the cookie but can neither read it nor add the header, so an unsafe call signed in
 * by the session cookie must carry both, equal.
 */

/** The cookie the SPA reads (SHELL-30). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The header the SPA echoes it in (lower case, as Node hands headers over). */
export const XSRF_HEADER = 'x-xsrf-token';
/** The methods that change something; GET, HEAD and OPTIONS need no header. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The 403 message of a missing or wrong header. */
export const XSRF_REFUSED = 'Invalid or missing X-XSRF-TOKEN header';
/** As long as a sign-in session lives (provider.ts), so the cookie outlasts no session and dies with none. */
const MAX_AGE_S = 14 * 24 * 60 * 60;

/** The value of one cookie in a `Cookie` header, or undefined (URL-decoded, as browsers' cookie libraries write it). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      const value = part.slice(i + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when the request carries the `XSRF-TOKEN` cookie and `X-XSRF-TOKEN` with the same,
 * non-empty value. Compared in constant time (both hashed first, so neither the length nor the
 * first differing byte shows in the timing).
 */
export function xsrfEchoed(request: FastifyRequest): boolean {
  const cookie = readCookie(request.headers.cookie, XSRF_COOKIE);
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !header) return false;
  return timingSafeEqual(digest(cookie), digest(header));
}

/** True when the request carries an `XSRF-TOKEN` cookie (any value). */
export const hasXsrfCookie = (request: FastifyRequest): boolean => !!readCookie(request.headers.cookie, XSRF_COOKIE);

/**
 * The `Set-Cookie` line of an `XSRF-TOKEN` cookie: path `/`, readable by scripts (no HttpOnly,
 * the SPA must read it), SameSite=Strict (no other site's request carries it), Secure when the
 * server is reached over https, 14 days.
 */
export function xsrfSetCookie(token: string, secure: boolean): string {
  return `${XSRF_COOKIE}=${token}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * Sets a fresh random `XSRF-TOKEN` cookie (32 bytes, base64url) on the reply. Appended to the raw
 * response's `Set-Cookie`, next to the cookies the OpenID provider sets there: a `Set-Cookie`
 * given to Fastify's `reply.header` would replace those when the head is written.
 */
export function issueXsrfCookie(reply: FastifyReply, secure: boolean): void {
  reply.raw.appendHeader('set-cookie', xsrfSetCookie(randomBytes(32).toString('base64url'), secure));
}
