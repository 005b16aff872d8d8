import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { HttpError } from '../rest/errors';

/** Path prefixes of the APIs (XSRF applies there; the SPA fallback never answers them). */
export const API_PREFIXES = ['/core/api', '/auth/api', '/analytics', '/rating'];

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The value of one cookie in a `Cookie` header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/**
 * Security headers and CSRF (docs/api.md "Security headers and CSRF", PITFALLS "Server"):
 * - helmet with a deliberate CSP: scripts from self only; styles self + inline (MUI/emotion
 *   injects style tags); connect-src and frame-src self + the OIDC issuer origin (token calls,
 *   silent renew); frame-ancestors 'none' (the app is never framed by other sites);
 * - XSRF: an API request that carries cookie `XSRF-TOKEN` must echo it in `X-XSRF-TOKEN` on
 *   unsafe methods (403 otherwise). Bearer-only calls carry no cookie and are not affected.
 */
export async function registerSecurity(app: FastifyInstance, config: Pick<ServerConfig, 'oidcIssuer'>): Promise<void> {
  const issuerOrigin = config.oidcIssuer ? new URL(config.oidcIssuer).origin : undefined;
  const withIssuer = (list: string[]) => (issuerOrigin ? [...list, issuerOrigin] : list);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: withIssuer(["'self'"]),
        frameSrc: withIssuer(["'self'"]),
        formAction: withIssuer(["'self'"]),
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !API_PREFIXES.some((p) => request.url.startsWith(p))) return;
    const cookie = readCookie(request.headers.cookie, 'XSRF-TOKEN');
    if (cookie === undefined) return;
    if (request.headers['x-xsrf-token'] !== cookie) throw new HttpError(403, 'Invalid or missing X-XSRF-TOKEN header');
  });
}
