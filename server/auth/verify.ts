import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { loadProviderKeys } from './keys';
import { embeddedIssuer } from './provider';
import { loadUser, type LoadedUser } from './users';

/** A verified access token and the user it names (null: no such user in `app_users`). */
export interface Principal {
  username: string;
  claims: JWTPayload;
  loaded: LoadedUser | null;
}

/** Why a token was refused; the message is safe to show. */
export class InvalidTokenError extends Error {}

type Verify = (token: string) => Promise<{ username: string; claims: JWTPayload }>;

const CLOCK_TOLERANCE_S = 5;

/** A JWS in compact serialisation: three unpadded base64url parts (RFC 7515 section 7.1). */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Refuses anything that is not exactly a compact JWS before it reaches the JWT library, which
 * tolerates some padding: one token must have one spelling (the principal cache is keyed by it).
 * @throws InvalidTokenError otherwise
 */
function compactJws(token: string): string {
  if (!COMPACT_JWS.test(token)) throw new InvalidTokenError('Invalid token');
  return token;
}

/**
 * Verifies access tokens (ARCHITECTURE "Tokens in the API"): embedded mode against the keys in
 * `oidc_keys` (issuer `<publicUrl>/oidc`, `typ` at+jwt, audience `config.oidcAudience`, username =
 * `sub`); external mode (`config.oidcIssuer`, e.g. Keycloak) against the issuer's JWKS from its
 * discovery document, accepting `azp` = the SPA's client id when `aud` lacks the audience, and
 * taking the username from `preferred_username`.
 * @throws InvalidTokenError for a bad signature, issuer, audience, or an expired token
 */
export async function createTokenVerifier({ db, config }: { db: Database; config: ServerConfig }): Promise<Verify> {
  if (!config.oidcIssuer) {
    const keys = await loadProviderKeys(db);
    const jwks = createLocalJWKSet({ keys: keys.publicJwks });
    const issuer = embeddedIssuer(config);
    return async (token) => {
      const { payload } = await verifying(() =>
        jwtVerify(compactJws(token), jwks, {
          issuer,
          audience: config.oidcAudience,
          typ: 'at+jwt',
          algorithms: ['RS256'],
          clockTolerance: CLOCK_TOLERANCE_S,
          requiredClaims: ['sub', 'exp'],
        }),
      );
      return { username: String(payload.sub), claims: payload };
    };
  }
  const external = config.oidcIssuer;
  let remote: Promise<{ issuer: string; jwks: JWTVerifyGetKey }> | undefined;
  const discover = async () => {
    const response = await fetch(`${external}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`OIDC discovery of ${external} answered ${response.status}`);
    const doc = (await response.json()) as { issuer?: string; jwks_uri?: string };
    if (!doc.jwks_uri) throw new Error(`OIDC discovery of ${external} has no jwks_uri`);
    return { issuer: doc.issuer ?? external, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
  };
  return async (token) => {
    remote ??= discover().catch((e: unknown) => {
      remote = undefined;
      throw e;
    });
    const { issuer, jwks } = await remote;
    const { payload } = await verifying(() =>
      jwtVerify(compactJws(token), jwks, { issuer, clockTolerance: CLOCK_TOLERANCE_S, requiredClaims: ['exp'] }),
    );
    const aud = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
    if (!aud.includes(config.oidcAudience) && payload.azp !== config.oidcClientId)
      throw new InvalidTokenError('Token audience is not this API');
    const username = typeof payload.preferred_username === 'string' ? payload.preferred_username : payload.sub;
    if (!username) throw new InvalidTokenError('Token names no user');
    return { username, claims: payload };
  };
}

async function verifying<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new InvalidTokenError(code === 'ERR_JWT_EXPIRED' ? 'Token expired' : 'Invalid token', { cause: e });
  }
}

const CACHE_MS = 5_000;
const CACHE_MAX = 1_000;

/** Bumped by {@link invalidatePrincipals}: a cached principal of an older generation is stale. */
let generation = 0;

/**
 * Marks every cached principal of this process stale, so the next request of every user loads
 * their roles, privileges and positions again. Called once a write to users, roles, privileges,
 * employees or positions has committed (`server/rest/hooks.ts`).
 */
export function invalidatePrincipals(): void {
  generation++;
}

/**
 * Turns a bearer token into a {@link Principal}: verifies it, then loads the user with roles and
 * privileges. The user is cached per token for at most 5 s (and never past the token's `exp`).
 * A committed change of users, roles, privileges, employees or positions empties the cache of
 * this process ({@link invalidatePrincipals}): it applies from the user's next request here, and
 * within the 5 s on other instances, which share no state.
 */
export function createPrincipalResolver(
  verify: Verify,
  db: Pick<Database, 'query'>,
): (token: string) => Promise<Principal> {
  const cache = new Map<string, { until: number; generation: number; principal: Promise<Principal> }>();
  return (token) => {
    const now = Date.now();
    const hit = cache.get(token);
    if (hit && hit.until > now && hit.generation === generation) return hit.principal;
    const principal = (async () => {
      const { username, claims } = await verify(token);
      return { username, claims, loaded: await loadUser(db, username) };
    })();
    if (cache.size >= CACHE_MAX) {
      for (const [key, entry] of cache) if (entry.until <= now) cache.delete(key);
      if (cache.size >= CACHE_MAX) cache.clear();
    }
    cache.set(token, { until: now + CACHE_MS, generation, principal });
    principal.then(
      (p) => {
        const exp = typeof p.claims.exp === 'number' ? p.claims.exp * 1000 : now;
        const entry = cache.get(token);
        if (entry) entry.until = Math.min(entry.until, exp);
      },
      () => cache.delete(token),
    );
    return principal;
  };
}
