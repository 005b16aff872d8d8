import { randomBytes } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/database';
import { oidcKeys } from './tables';

const KEYS = getTableName(oidcKeys);
/** Row id of the first signing key; a fixed id makes concurrent first starts of N instances agree. */
const SIGNING_KEY_ID = 'signing-key-1';
const COOKIE_SECRET_ID = 'cookie-secret';

/** The embedded provider's key material, read from (and created once in) `oidc_keys`. */
export interface ProviderKeys {
  /** Private RS256 JWKs with `kid`, `alg`, `use`; the first one signs. */
  signing: JWK[];
  /** Public halves of `signing`, for `createLocalJWKSet`. */
  publicJwks: JWK[];
  /** Secret for the provider's signed cookies (base64url). */
  cookieSecret: string;
}

const PUBLIC_PARTS = ['kty', 'kid', 'alg', 'use', 'n', 'e'] as const;

const toPublic = (jwk: JWK): JWK =>
  Object.fromEntries(PUBLIC_PARTS.filter((k) => jwk[k] !== undefined).map((k) => [k, jwk[k]])) as JWK;

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

const loaded = new WeakMap<Database, Promise<ProviderKeys>>();

/**
 * Loads the provider's signing keys and cookie secret, generating each once (first start).
 * `INSERT ... ON CONFLICT DO NOTHING` then re-read, so simultaneous starts share one key.
 * Memoised per database handle (keys never change while the process runs).
 */
export function loadProviderKeys(db: Database): Promise<ProviderKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = readOrCreate(db);
    loaded.set(db, keys);
    keys.catch(() => loaded.delete(db));
  }
  return keys;
}

async function readOrCreate(db: Database): Promise<ProviderKeys> {
  const select = () =>
    db.query<{ id: string; jwk: JWK }>(`SELECT id, jwk FROM ${KEYS} ORDER BY created_at DESC, id DESC`);
  const insert = `INSERT INTO ${KEYS} (id, jwk) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO NOTHING`;
  let rows = await select();
  if (!rows.some((r) => r.id === SIGNING_KEY_ID))
    await db.query(insert, [SIGNING_KEY_ID, JSON.stringify(await newSigningKey())]);
  if (!rows.some((r) => r.id === COOKIE_SECRET_ID)) {
    await db.query(insert, [
      COOKIE_SECRET_ID,
      JSON.stringify({ kty: 'oct', k: randomBytes(32).toString('base64url') }),
    ]);
  }
  rows = await select();
  const signing = rows.filter((r) => r.jwk.kty === 'RSA').map((r) => r.jwk);
  const cookieSecret = rows.find((r) => r.id === COOKIE_SECRET_ID)?.jwk.k;
  if (!signing.length || !cookieSecret) throw new Error(`${KEYS} holds no signing key or cookie secret`);
  return { signing, publicJwks: signing.map(toPublic), cookieSecret };
}
