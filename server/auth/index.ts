import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { appConfigFor } from './appConfig';
import { createProvider, OIDC_MOUNT, pinToPublicUrl } from './provider';
import { mountProvider, registerInteractionRoutes } from './routes';
import { createSessionReader } from './session';
import { loadUser } from './users';
import { createPrincipalResolver, createTokenVerifier, InvalidTokenError, type Principal } from './verify';
import { hasXsrfCookie, issueXsrfCookie, UNSAFE_METHODS, XSRF_REFUSED, xsrfEchoed } from './xsrf';

export { signAccessToken } from './tokens';
export type { AuthUser } from './types';

/** Bases whose requests carry a bearer token (docs/api.md "Bases"). */
const PROTECTED_BASES = ['/core/api', '/auth/api/v2', '/analytics/api', '/rating/api'];
/** The auth service: the SPA sends no token there (AUTH-20); the provider's session cookie also counts. */
const SESSION_BASE = '/auth/api/v2';
/** Public paths under those bases: no token read, never a 401 from here. */
const PUBLIC_PATHS = new Set(['/core/api/openapi.json']);
export const INFO_PATH = '/core/api/auth2/info';
export const APP_CONFIG_PATH = '/app-config.json';
export { appConfigFor, type AppConfig } from './appConfig';

const isProtected = (path: string) =>
  !PUBLIC_PATHS.has(path) && PROTECTED_BASES.some((base) => path === base || path.startsWith(`${base}/`));

/**
 * Answers 401 `{ message }` with `WWW-Authenticate: Bearer` (docs/api.md "Errors"); `invalidToken`
 * adds `error="invalid_token"` (RFC 6750) for a token that was sent but refused.
 */
export function sendUnauthorized(reply: FastifyReply, message: string, invalidToken = false): FastifyReply {
  const challenge = invalidToken
    ? `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`
    : 'Bearer';
  return reply.code(401).header('www-authenticate', challenge).send({ message });
}

/**
 * The auth plugin (call it, or `app.register` it: it is not encapsulated):
 * - embedded mode (no `config.oidcIssuer`): mounts the OpenID Connect provider under `/oidc`
 *   (discovery `/oidc/.well-known/openid-configuration`, `/oidc/auth`, `/oidc/token`, `/oidc/jwks`,
 *   `/oidc/me`, `/oidc/session/end`, `/oidc/token/revocation`) with our sign-in page at
 *   `/oidc/interaction/:uid` and `/oidc/forgot-password`; the provider sees every request with
 *   PUBLIC_URL's host and scheme, whatever `Host` / `X-Forwarded-*` the client sent;
 * - an `onRequest` hook for `/core/api/*` and `/auth/api/v2/*` that sets `request.user` from
 *   `Authorization: Bearer <jwt>`: null without a header; 401 `invalid_token` for a bad or expired
 *   token. A valid token of an unknown or disabled user, or of a NO_ACCESS user (AUTH-13), also
 *   leaves `request.user` null, so every data route refuses them. Under `/auth/api/v2`, where the
 *   SPA sends no token (AUTH-20), the embedded provider's session cookie also signs the user in.
 *   A call signed in by that cookie gets an `XSRF-TOKEN` cookie when it has none, and answers 403
 *   on POST, PUT, PATCH and DELETE unless `X-XSRF-TOKEN` equals that cookie (H2-07, `xsrf.ts`);
 *   a bearer call is not subject to it (a header is no ambient credential);
 * - `GET /core/api/auth2/info` (AUTH-14/15): the current user's `UserInfo`. It answers NO_ACCESS
 *   users too (their roleList shows NO_ACCESS and the SPA signs them out, AUTH-13); unknown or
 *   disabled users get 401 `invalid_token`;
 * - `GET /app-config.json` (public): `{ oidcIssuer, oidcClientId, apiAudience }` for the SPA.
 */
export async function registerAuth(
  app: FastifyInstance,
  { db, config }: { db: Database; config: ServerConfig },
): Promise<void> {
  if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);
  const resolve = createPrincipalResolver(await createTokenVerifier({ db, config }), db);
  const principals = new WeakMap<FastifyRequest, Principal>();
  let sessionUser: ((request: FastifyRequest, reply: FastifyReply) => Promise<string | null>) | undefined;
  const secure = new URL(config.publicUrl).protocol === 'https:';

  if (!config.oidcIssuer) {
    const provider = await createProvider({ db, config });
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?', 1)[0] ?? '';
      if (path === OIDC_MOUNT || path.startsWith(`${OIDC_MOUNT}/`))
        pinToPublicUrl(request.raw, config.publicUrl, request.ip);
    });
    await registerInteractionRoutes(app, { provider, db, config });
    await mountProvider(app, provider);
    sessionUser = createSessionReader(provider);
  }

  app.addHook('onRequest', async (request, reply) => {
    request.user = null;
    const path = request.url.split('?', 1)[0] ?? '';
    if (!isProtected(path)) return;
    const header = request.headers.authorization;
    if (!header) {
      const username =
        sessionUser && (path === SESSION_BASE || path.startsWith(`${SESSION_BASE}/`))
          ? await sessionUser(request, reply)
          : null;
      if (username) {
        // The session cookie goes with every request the browser sends here, another site's too
        // (H2-07): a session without the XSRF-TOKEN cookie (one signed in before the check) is
        // given one, and a write must echo it, which another site cannot.
        if (!hasXsrfCookie(request)) issueXsrfCookie(reply, secure);
        if (UNSAFE_METHODS.has(request.method) && !xsrfEchoed(request))
          return reply.code(403).send({ message: XSRF_REFUSED });
      }
      const loaded = username ? await loadUser(db, username) : null;
      if (loaded?.account.enabled && !loaded.noAccess) request.user = loaded.user;
      return;
    }
    const match = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
    if (!match?.[1]) return sendUnauthorized(reply, 'Authorization must be "Bearer <access token>"', true);
    try {
      const principal = await resolve(match[1]);
      principals.set(request, principal);
      const loaded = principal.loaded;
      request.user = loaded && loaded.account.enabled && !loaded.noAccess ? loaded.user : null;
    } catch (e) {
      if (e instanceof InvalidTokenError) return sendUnauthorized(reply, e.message, true);
      throw e;
    }
  });

  app.get(INFO_PATH, async (request, reply) => {
    const principal = principals.get(request);
    if (!principal) return sendUnauthorized(reply, 'Sign-in required');
    if (!principal.loaded?.account.enabled) return sendUnauthorized(reply, 'User unknown or disabled', true);
    return principal.loaded.info;
  });

  const appConfig = appConfigFor(config);
  app.get(APP_CONFIG_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(appConfig));
}

// Not encapsulated when registered with `app.register` (what fastify-plugin does), so the hook
// and the request decorator apply to every route.
Object.assign(registerAuth, { [Symbol.for('skip-override')]: true });
