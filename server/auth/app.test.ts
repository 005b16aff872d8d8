import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createTestUser, Jar, authorizeUrl, pathOf, pkce, signInThroughPages, testConfig } from './testing';
import { openTestDatabase } from '../test/database';

/** The auth plugin inside the whole server (helmet CSP, SPA fallback, REST routes). */
const config = testConfig({ spaDir: './no-spa-here' });
let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await createTestUser(db, { username: 'admin@bureau.test', password: 'pw-admin', roles: [{ name: 'ADMIN' }] });
  app = await buildApp({ db, config });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('auth inside buildApp', () => {
  it('AUTH-21 renders the sign-in page under the server CSP with its inline style allowed', async () => {
    const jar = new Jar();
    const start = await jar.get(app, authorizeUrl(pkce().challenge));
    const page = await jar.get(app, pathOf(start.headers.location));
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/style-src [^;]*'sha256-/);
    expect(csp).toMatch(/form-action [^;]*http:\/\/localhost:8080/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('AUTH-14 signs in through the pages and reads /core/api/auth2/info with the token', async () => {
    const tokens = await signInThroughPages(app, 'admin@bureau.test', 'pw-admin');
    const info = await app.inject({
      method: 'GET',
      url: '/core/api/auth2/info',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      username: 'admin@bureau.test',
      roleList: [{ name: 'ADMIN', privilegeList: [] }],
    });
  });

  it('serves /app-config.json and the discovery document, not the SPA fallback', async () => {
    expect((await app.inject({ method: 'GET', url: '/app-config.json' })).json().oidcIssuer).toBe(
      'http://localhost:8080/oidc',
    );
    const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json().issuer).toBe('http://localhost:8080/oidc');
  });
});
