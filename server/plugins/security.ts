import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** Path prefixes of the APIs (the SPA fallback never answers them). */
export const API_PREFIXES = ['/core/api', '/auth/api', '/analytics', '/rating'];

/**
 * Security headers and CSRF (docs/api.md "Security headers and CSRF", docs/pitfalls.md "Server"):
 * - helmet with a deliberate CSP: scripts from self only; styles self + inline (MUI/emotion
 *   injects style tags); connect-src and frame-src self + the OIDC issuer origin (token calls,
 *   silent renew); frame-ancestors 'none' (the app is never framed by other sites);
 * - XSRF is checked where a cookie signs a call in: the auth plugin's session sign-in under
 *   `/auth/api/v2` (server/auth/index.ts, server/auth/xsrf.ts, H2-07). Bearer calls are not subject to it.
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
}
