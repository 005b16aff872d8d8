import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { loadProviderKeys } from './keys';
import { ACCESS_TOKEN_TTL, embeddedIssuer, RESOURCE_SCOPE } from './provider';

/**
 * Signs an access token exactly as the embedded provider does (same key and `kid`, header
 * `typ: at+jwt`, claims `iss`, `aud`, `sub` = username, `scope`, `client_id`, `jti`, `iat`, `exp`),
 * so API tests and tools can call `/core/api` without the browser sign-in.
 * Only meaningful in embedded mode (without `config.oidcIssuer`).
 *
 * @param expiresIn seconds from now (default 300; negative gives an expired token)
 * @example const token = await signAccessToken({ db, config }, 'admin@bureau.test');
 */
export async function signAccessToken(
  { db, config }: { db: Database; config: Pick<ServerConfig, 'publicUrl' | 'oidcAudience' | 'oidcClientId'> },
  username: string,
  { expiresIn = ACCESS_TOKEN_TTL }: { expiresIn?: number } = {},
): Promise<string> {
  const { signing } = await loadProviderKeys(db);
  const jwk = signing[0];
  if (!jwk?.kid) throw new Error('no signing key');
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: RESOURCE_SCOPE, client_id: config.oidcClientId })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
    .setJti(randomUUID())
    .setSubject(username)
    .setIssuer(embeddedIssuer(config))
    .setAudience(config.oidcAudience)
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(key);
}
