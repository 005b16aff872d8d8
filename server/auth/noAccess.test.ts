import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { registerAuth } from './index';
import { SIGN_IN_REASONS } from './pages';
import { authorizeUrl, createTestUser, Jar, pathOf, pkce, signInThroughPages, testConfig } from './testing';
import { openTestDatabase } from '../test/database';

/**
 * AUTH-13: a NO_ACCESS account is signed out by the SPA, which passes `reason=noaccess` through
 * the end-session redirect and the next authorization request: the sign-in page then says why.
 */
const config = testConfig();
let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await createTestUser(db, { username: 'noaccess', password: 'noaccess', roles: [{ name: 'NO_ACCESS' }] });
  app = Fastify();
  await registerAuth(app, { db, config });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const signInPage = async (extra: string) => {
  const jar = new Jar();
  const start = await jar.get(app, `${authorizeUrl(pkce().challenge)}${extra}`);
  expect(start.statusCode).toBe(303);
  const interaction = pathOf(start.headers.location);
  return { jar, interaction, page: await jar.get(app, interaction) };
};

describe('AUTH-13 the sign-in page after a NO_ACCESS sign-out', () => {
  it('AUTH-13 reason=noaccess on the authorization request: the sign-in page says the account has no access to Bureau', async () => {
    const { page } = await signInPage('&reason=noaccess');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This account has no access to Bureau');
    expect(page.body).toContain('role="alert"');
    expect(page.body).toMatch(/<input[^>]+name="username"/);
  });

  it('AUTH-13 the message stays when the next attempt fails', async () => {
    const { jar, interaction } = await signInPage('&reason=noaccess');
    const wrong = await jar.postForm(app, `${interaction}/login`, { username: 'noaccess', password: 'wrong' });
    expect(wrong.body).toContain('This account has no access to Bureau');
    expect(wrong.body).toContain('Invalid username or password');
  });

  it('AUTH-13 an ordinary sign-in, or an unknown reason, shows the plain form and never echoes the parameter', async () => {
    const plain = await signInPage('');
    expect(plain.page.body).not.toContain('no access to Bureau');
    const odd = await signInPage(`&reason=${encodeURIComponent('<b>owned</b>')}`);
    expect(odd.page.statusCode).toBe(200);
    expect(odd.page.body).not.toContain('owned');
    expect(odd.page.body).not.toContain(SIGN_IN_REASONS.noaccess);
  });

  it('AUTH-13 the end-session request may return to the sign-in page with reason=noaccess', async () => {
    const jar = new Jar();
    await signInThroughPages(app, 'noaccess', 'noaccess', jar);
    const back = 'http://localhost:8080/authorization/login?reason=noaccess';
    const q = new URLSearchParams({ client_id: 'bureau-spa', post_logout_redirect_uri: back });
    const page = await jar.get(app, `/oidc/session/end?${q}`);
    expect(page.statusCode).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    const confirm = await jar.postForm(app, '/oidc/session/end/confirm', { xsrf: xsrf!, logout: 'yes' });
    expect(confirm.statusCode).toBe(303);
    expect(String(confirm.headers.location)).toBe(back);
    // any other query on the return address is still refused
    const other = new URLSearchParams({
      client_id: 'bureau-spa',
      post_logout_redirect_uri: 'http://localhost:8080/authorization/login?reason=other',
    });
    const refused = await jar.get(app, `/oidc/session/end?${other}`);
    expect(refused.statusCode).toBe(400);
  });
});
