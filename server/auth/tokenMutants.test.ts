import { createHmac, createPrivateKey, randomBytes, sign as rsaSign, type KeyObject } from 'node:crypto';
import { exportJWK, exportSPKI, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { loadProviderKeys } from './keys';
import { embeddedIssuer } from './provider';
import { signInThroughPages } from './testing';

/**
 * Token mutants: bearer tokens that must all be refused with 401 by the API. Each family is
 * generated from a valid access token (signed like the provider's: RS256, `typ: at+jwt`, the
 * provider's `kid`) by changing one thing: the signature bytes, the algorithm, the key, a claim,
 * a header, or the token's shape.
 */

const ENDPOINTS = ['/core/api/clients', '/core/api/auth2/info'];
const b64 = (value: unknown): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const parts = (token: string): [string, string, string] => token.split('.') as [string, string, string];

/** A compact JWS of any header and payload, signed by `signer` over `header.payload` (no checks at all). */
const assemble = (header: unknown, payload: unknown, signer: (input: Buffer) => Buffer | string): string => {
  const input = `${b64(header)}.${b64(payload)}`;
  const signature = signer(Buffer.from(input));
  return `${input}.${typeof signature === 'string' ? signature : signature.toString('base64url')}`;
};

let h: Harness;
let mutants: Array<{ family: string; token: string }> = [];
let valid: string;

beforeAll(async () => {
  h = await createHarness();
  const { signing, publicJwks } = await loadProviderKeys(h.db);
  const real = signing[0]!;
  const realPublic = publicJwks[0]!;
  const kid = real.kid!;
  const stripAlg = (jwk: JWK): JWK => ({ ...jwk, alg: undefined });
  const realKey = await importJWK(real, 'RS256');
  const realKeyObject: KeyObject = createPrivateKey({ key: real as never, format: 'jwk' });
  const iss = embeddedIssuer(h.config);
  const aud = h.config.oidcAudience;
  const now = Math.floor(Date.now() / 1000);
  const claims: JWTPayload = {
    iss,
    aud,
    sub: 'admin',
    client_id: 'bureau-spa',
    scope: 'openid profile',
    jti: 'mutant',
    iat: now,
    exp: now + 600,
  };
  const header = { alg: 'RS256', typ: 'at+jwt', kid };
  const jwt = (head: Record<string, unknown>, payload: JWTPayload, key: Parameters<SignJWT['sign']>[0]) =>
    new SignJWT(payload).setProtectedHeader(head as never).sign(key);
  valid = await jwt(header, claims, realKey);
  const add = (family: string, token: string) => mutants.push({ family, token });

  // 1. bad signature: one byte of the header, the payload or the signature flipped (two ways)
  const [h64, p64, s64] = parts(valid);
  const flipped = (segment: string, at: number, mask: number) => {
    const bytes = Buffer.from(segment, 'base64url');
    bytes[at] = bytes[at]! ^ mask;
    return bytes.toString('base64url');
  };
  [h64, p64, s64].forEach((segment, which) => {
    const length = Buffer.from(segment, 'base64url').length;
    for (let i = 0; i < 12; i++) {
      const at = Math.round((i * (length - 1)) / 11);
      for (const mask of [0x01, 0x80]) {
        const next = [h64, p64, s64];
        next[which] = flipped(segment, at, mask);
        add(`flipped byte in ${['header', 'payload', 'signature'][which]}`, next.join('.'));
      }
    }
  });

  // 2. alg none, in several spellings, with no signature, the original one, or no third part
  for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
    const unsigned = `${b64({ alg, typ: 'at+jwt', kid })}.${p64}`;
    add('alg none', `${unsigned}.`);
    add('alg none', `${unsigned}.${s64}`);
    add('alg none', unsigned);
    add('alg none', `${b64({ alg, typ: 'at+jwt' })}.${p64}.`);
  }

  // 3. key confusion: HMAC keyed with the public key's bytes (PEM, JWK JSON, modulus)
  const spki = await exportSPKI((await importJWK(realPublic, 'RS256')) as CryptoKey);
  const secrets = [Buffer.from(spki), Buffer.from(JSON.stringify(realPublic)), Buffer.from(realPublic.n!, 'base64url')];
  for (const alg of ['HS256', 'HS384', 'HS512']) {
    for (const secret of secrets) {
      for (const head of [
        { alg, typ: 'at+jwt', kid },
        { alg, typ: 'at+jwt' },
      ]) {
        add('key confusion', await jwt(head, claims, new Uint8Array(secret)));
      }
    }
  }
  // ... and the same by hand, with the RS256 header kept (the signature is an HMAC)
  for (const secret of secrets)
    add(
      'key confusion',
      assemble(header, claims, (input) => createHmac('sha256', secret).update(input).digest()),
    );

  // 4. another key: a different RSA key with the provider's kid, its own kid, none; an EC key; the right key with other algorithms
  const other = await generateKeyPair('RS256', { extractable: true });
  const otherJwk = await exportJWK(other.publicKey);
  const ec = await generateKeyPair('ES256', { extractable: true });
  for (const head of [header, { ...header, kid: 'other-key' }, { alg: 'RS256', typ: 'at+jwt' }]) {
    add('other RSA key', await jwt(head, claims, other.privateKey));
    add('other EC key', await jwt({ ...head, alg: 'ES256' }, claims, ec.privateKey));
  }
  for (const alg of ['RS384', 'RS512', 'PS256', 'PS384', 'PS512']) {
    add('right key, other algorithm', await jwt({ ...header, alg }, claims, await importJWK(stripAlg(real), alg)));
  }
  // keys named by the token itself: an embedded jwk, a jku / x5u to fetch elsewhere, an x5c chain
  const selfNamed = [
    { jwk: otherJwk },
    { jku: 'https://evil.example/jwks.json' },
    { x5u: 'https://evil.example/cert.pem' },
    { x5c: [randomBytes(300).toString('base64')] },
  ];
  for (const extra of selfNamed) {
    add('key named by the token', await jwt({ ...header, ...extra }, claims, other.privateKey));
    add('key named by the token', await jwt({ ...header, kid: 'attacker', ...extra }, claims, other.privateKey));
  }
  add('unknown kid', await jwt({ ...header, kid: 'no-such-key' }, claims, other.privateKey));
  add('unknown kid', await jwt({ ...header, kid: `${kid}x` }, claims, other.privateKey));

  // 5. right key, wrong claims (with the provider's kid and without any kid)
  const claimMutations: Array<[string, JWTPayload]> = [
    ['expired', { ...claims, exp: now - 60 }],
    ['expired', { ...claims, iat: now - 7200, exp: now - 3600 }],
    ['expired', { ...claims, exp: now - 10 }],
    ['expired', { ...claims, exp: 0 }],
    ['not yet valid', { ...claims, nbf: now + 60 }],
    ['not yet valid', { ...claims, nbf: now + 3600 }],
    ['wrong issuer', { ...claims, iss: 'http://evil.example/oidc' }],
    ['wrong issuer', { ...claims, iss: `${iss}/` }],
    ['wrong issuer', { ...claims, iss: iss.replace('http:', 'https:') }],
    ['wrong issuer', { ...claims, iss: h.config.publicUrl }],
    ['wrong issuer', { ...claims, iss: '' }],
    ['wrong audience', { ...claims, aud: 'bureau-spa' }],
    ['wrong audience', { ...claims, aud: 'http://evil.example/core/api' }],
    ['wrong audience', { ...claims, aud: ['http://evil.example/core/api'] }],
    ['wrong audience', { ...claims, aud: `${aud}/` }],
    ['wrong audience', { ...claims, aud: h.config.publicUrl }],
  ];
  const without = (name: keyof JWTPayload): JWTPayload =>
    Object.fromEntries(Object.entries(claims).filter(([k]) => k !== name));
  claimMutations.push(
    ['missing sub', without('sub')],
    ['missing exp', without('exp')],
    ['missing iss', without('iss')],
    ['missing aud', without('aud')],
  );
  claimMutations.push(
    ['sub not a string', { ...claims, sub: 42 as never }],
    ['exp not a number', { ...claims, exp: `${now + 600}` as never }],
  );
  for (const [family, payload] of claimMutations) {
    add(family, await jwt(header, payload, realKey));
    add(family, await jwt({ alg: 'RS256', typ: 'at+jwt' }, payload, realKey));
  }

  // 6. the wrong token type: typ JWT and others, an ID token, a refresh token
  for (const typ of ['JWT', 'jwt', 'application/jwt', 'id_token+jwt', 'logout+jwt', 'dpop+jwt', undefined]) {
    add('wrong typ', await jwt({ alg: 'RS256', kid, ...(typ ? { typ } : {}) }, claims, realKey));
  }
  add(
    'ID token imitation',
    await jwt(
      { alg: 'RS256', typ: 'JWT', kid },
      { ...claims, aud: 'bureau-spa', azp: 'bureau-spa', nonce: 'n-1' },
      realKey,
    ),
  );
  const issued = await signInThroughPages(h.app, 'admin', 'admin');
  add('real ID token', issued.id_token!);
  add('real refresh token', issued.refresh_token!);
  for (let i = 0; i < 3; i++) add('refresh token imitation', randomBytes(32).toString('base64url'));

  // 7. critical and duplicated headers (signed with the right key: only the header is wrong)
  const byRealKey = (input: Buffer) => rsaSign('sha256', input, realKeyObject);
  add('crit header', assemble({ ...header, crit: ['x-ext'], 'x-ext': true }, claims, byRealKey));
  add('crit header', assemble({ ...header, crit: ['exp'] }, claims, byRealKey));
  add('crit header', assemble({ ...header, crit: [] }, claims, byRealKey));
  add('crit header', assemble({ ...header, crit: 'x-ext' }, claims, byRealKey));
  add('crit header', assemble({ ...header, b64: false, crit: ['b64'] }, claims, byRealKey));
  const raw = (headerJson: string) => {
    const input = `${Buffer.from(headerJson).toString('base64url')}.${b64(claims)}`;
    return `${input}.${rsaSign('sha256', Buffer.from(input), realKeyObject).toString('base64url')}`;
  };
  add('header not an object', raw('["RS256"]'));
  add('header not JSON', raw('alg=RS256'));

  // 8. the shape: truncated, padded, extra parts, garbage
  for (const length of [
    1,
    10,
    40,
    h64.length,
    h64.length + 1,
    h64.length + 1 + p64.length,
    valid.length - 100,
    valid.length - 10,
    valid.length - 2,
    valid.length - 1,
  ]) {
    add('truncated', valid.slice(0, length));
  }
  for (const padded of [
    `${valid}=`,
    `${valid}==`,
    `${valid}.`,
    `.${valid}`,
    `${valid}.${s64}`,
    `${h64}.${p64}..${s64}`,
    `${h64}..${s64}`,
    `${h64}.${p64}.${s64}${s64}`,
  ]) {
    add('padded or extra parts', padded);
  }
  const garbage = [
    'x',
    'null',
    'undefined',
    '0',
    '...',
    'e30.e30.',
    'e30.e30.e30',
    `${b64({ alg: 'RS256' })}..`,
    'a'.repeat(8000),
    valid.replaceAll('.', ''),
    `${valid.slice(0, 20)}${valid.slice(21)}`,
  ];
  for (let i = 0; i < 5; i++)
    garbage.push(
      `${randomBytes(20).toString('base64url')}.${randomBytes(60).toString('base64url')}.${randomBytes(256).toString('base64url')}`,
    );
  garbage.push(
    `${b64({ alg: 'RSA-OAEP', enc: 'A256GCM' })}.${randomBytes(256).toString('base64url')}.${randomBytes(12).toString('base64url')}.${randomBytes(40).toString('base64url')}.${randomBytes(16).toString('base64url')}`,
  );
  for (const g of garbage) add('garbage', g);

  mutants = mutants.filter((m, i) => mutants.findIndex((n) => n.token === m.token) === i);
});

afterAll(async () => {
  await h?.close();
});

describe('token mutants', () => {
  it("token mutants: the unmutated token is accepted (so a refusal below is the mutation's doing)", async () => {
    for (const url of ENDPOINTS) {
      const res = await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${valid}` } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('token mutants: at least 200 mutated bearer tokens, every one answered 401 by /core/api/clients and /core/api/auth2/info', async () => {
    const families = new Map<string, number>();
    for (const m of mutants) families.set(m.family, (families.get(m.family) ?? 0) + 1);
    const accepted: string[] = [];
    for (const { family, token } of mutants) {
      for (const url of ENDPOINTS) {
        const res = await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 401 || typeof res.json().message !== 'string')
          accepted.push(`${family} -> ${url} ${res.statusCode} ...${token.slice(-4)}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(mutants.length).toBeGreaterThanOrEqual(200);
    console.info(
      `token mutants: ${mutants.length} distinct tokens x ${ENDPOINTS.length} endpoints, all 401`,
      Object.fromEntries(families),
    );
  });
});
