import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

/**
 * Reads the embedded provider's sign-in session from its signed `_session` cookie and returns
 * the username, or null. Used for `/auth/api/v2`, where the SPA sends no bearer token (AUTH-20,
 * docs/api.md "Bases"). The cookie is SameSite=Lax, so cross-site writes never carry it; a
 * same-site one (a sibling subdomain) does, and the XSRF-TOKEN check (xsrf.ts, H2-07) refuses it. A sign-out destroys the
 * session in the database, so every instance stops accepting it at once.
 */
export function createSessionReader(
  provider: Provider,
): (request: FastifyRequest, reply: FastifyReply) => Promise<string | null> {
  const name = provider.cookieName('session');
  return async (request, reply) => {
    if (!request.headers.cookie?.includes(name)) return null;
    const id = provider.createContext(request.raw, reply.raw).cookies.get(name, { signed: true });
    if (!id) return null;
    const session = await provider.Session.find(id);
    return session?.accountId ?? null;
  };
}
