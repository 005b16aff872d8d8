import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { registerAuth } from './index';
import { createTestUser, testConfig } from './testing';
import { openTestDatabase } from '../test/database';

/** Production mode: an external issuer (Keycloak-like) served by a local HTTP stub. */
let issuer: string;
let stub: Server;
let privateKey: CryptoKey;
let app: FastifyInstance;
let db: Database;

const keycloakToken = (claims: Record<string, unknown>, iss = issuer) =>
  new SignJWT({
    typ: 'Bearer',
    azp: 'bureau-spa',
    preferred_username: 'kc@bureau.test',
    scope: 'openid profile',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'kc-1' })
    .setIssuer(iss)
    .setSubject('5f0c6d4e-uuid-of-keycloak-user')
    .setAudience('account')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'kc-1', alg: 'RS256', use: 'sig' };
  stub = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/realms/bureau/.well-known/openid-configuration')
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }));
    else if (req.url === '/realms/bureau/protocol/openid-connect/certs') res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/realms/bureau`;

  db = await openTestDatabase();
  await migrate(db);
  await createTestUser(db, { username: 'kc@bureau.test', roles: [{ name: 'MEMBER' }] });
  app = Fastify();
  await registerAuth(app, { db, config: testConfig({ oidcIssuer: issuer }) });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  await new Promise((resolve) => stub?.close(resolve));
});

describe('external issuer (Keycloak)', () => {
  it('AUTH-14 accepts a Keycloak token by azp and takes the username from preferred_username', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/core/api/auth2/info',
      headers: { authorization: `Bearer ${await keycloakToken({})}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'kc@bureau.test', roleList: [{ name: 'MEMBER' }] });
  });

  it('refuses a token for another client or from another issuer', async () => {
    for (const token of [
      await keycloakToken({ azp: 'other-app' }),
      await keycloakToken({}, 'http://127.0.0.1:1/realms/evil'),
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/core/api/auth2/info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('invalid_token');
    }
  });

  it('mounts no embedded provider and points the SPA at the external issuer', async () => {
    expect((await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/app-config.json' })).json()).toEqual({
      oidcIssuer: issuer,
      oidcClientId: 'bureau-spa',
      apiAudience: 'http://localhost:8080/core/api',
    });
  });
});
