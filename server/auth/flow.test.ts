import Fastify, { type FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { registerAuth } from './index';
import {
  authorizeUrl,
  createTestUser,
  Jar,
  pathOf,
  pkce,
  REDIRECT,
  signInThroughPages,
  testConfig,
  TEST_HOST as HOST,
} from './testing';
import { openTestDatabase } from '../test/database';

const config = testConfig();
let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await createTestUser(db, {
    username: 'alice@bureau.test',
    password: 'correct horse',
    email: 'alice@bureau.test',
    roles: [{ name: 'MEMBER', privileges: [{ module: 'client', view: true }] }],
  });
  app = Fastify();
  await registerAuth(app, { db, config });
  for (const base of ['/core/api', '/auth/api/v2'])
    app.get(`${base}/whoami`, async (request) => ({ username: request.user?.username ?? null }));
  await app.ready();
});

const get = (jar: Jar, url: string) => jar.get(app, url);
const postForm = (jar: Jar, url: string, form: Record<string, string>) => jar.postForm(app, url, form);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('embedded OpenID Connect provider', () => {
  it('AUTH-22 serves the discovery document with the mount prefix in the issuer', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: HOST },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe('http://localhost:8080/oidc');
    expect(doc.authorization_endpoint).toBe('http://localhost:8080/oidc/auth');
    expect(doc.token_endpoint).toBe('http://localhost:8080/oidc/token');
    expect(doc.end_session_endpoint).toBe('http://localhost:8080/oidc/session/end');
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('serves the SPA configuration publicly', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-config.json' });
    expect(res.json()).toEqual({
      oidcIssuer: 'http://localhost:8080/oidc',
      oidcClientId: 'bureau-spa',
      apiAudience: 'http://localhost:8080/core/api',
    });
  });

  it('AUTH-21 refuses an authorization request without PKCE', async () => {
    const jar = new Jar();
    const q = new URLSearchParams({
      client_id: 'bureau-spa',
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: 'openid',
      state: 's',
    });
    const res = await get(jar, `/oidc/auth?${q}`);
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toContain('error=invalid_request');
  });

  it('AUTH-21 AUTH-23 signs in with code + PKCE S256, issues a JWT for the API and a rotating refresh token', async () => {
    const jar = new Jar();
    const { verifier, challenge } = pkce();

    const start = await get(jar, authorizeUrl(challenge));
    expect(start.statusCode).toBe(303);
    const interaction = pathOf(start.headers.location);
    expect(interaction).toMatch(/^\/oidc\/interaction\/[\w-]+$/);

    const page = await get(jar, interaction);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Bureau');
    expect(page.body).toMatch(/<input[^>]+name="username"/);
    expect(page.body).toMatch(
      /<input[^>]+name="password"[^>]+type="password"|<input[^>]+type="password"[^>]+name="password"/,
    );
    expect(page.body).toContain(`action="${interaction}/login"`);

    const wrong = await postForm(jar, `${interaction}/login`, { username: 'alice@bureau.test', password: 'wrong' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('Invalid username or password');
    expect(wrong.body).toContain('value="alice@bureau.test"');

    const unknown = await postForm(jar, `${interaction}/login`, { username: 'nobody@bureau.test', password: 'wrong' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('Invalid username or password');

    const right = await postForm(jar, `${interaction}/login`, {
      username: 'alice@bureau.test',
      password: 'correct horse',
    });
    expect(right.statusCode).toBe(303);
    const resume = pathOf(right.headers.location);
    expect(resume).toMatch(/^\/oidc\/auth\//);

    const done = await get(jar, resume);
    expect(done.statusCode).toBe(303);
    const callback = new URL(String(done.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT); // no consent screen in between
    expect(callback.searchParams.get('state')).toBe('st-1');
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    const token = await app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        client_id: 'bureau-spa',
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    const tokens = token.json();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();
    expect(tokens.expires_in).toBe(300);
    const idToken = decodeJwt(tokens.id_token);
    expect(idToken).toMatchObject({
      sub: 'alice@bureau.test',
      preferred_username: 'alice@bureau.test',
      name: 'alice@bureau.test',
      aud: 'bureau-spa',
      nonce: 'n-1',
    });
    const me = await app.inject({
      method: 'GET',
      url: '/oidc/me',
      headers: { host: HOST, authorization: `Bearer ${tokens.access_token}` },
    });
    // by oidc-provider's design a token for the API audience is refused at userinfo: the SPA takes
    // the profile from the ID token and /core/api/auth2/info (oidc-client-ts loadUserInfo: false)
    expect(me.statusCode).toBe(401);

    const jwks = (
      await app.inject({ method: 'GET', url: '/oidc/jwks', headers: { host: HOST } })
    ).json() as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, createLocalJWKSet(jwks), {
      issuer: 'http://localhost:8080/oidc',
      audience: 'http://localhost:8080/core/api',
    });
    expect(protectedHeader.typ).toBe('at+jwt');
    expect(payload.sub).toBe('alice@bureau.test');
    expect(payload.client_id).toBe('bureau-spa');
    expect(payload.exp! - payload.iat!).toBe(300);

    // AUTH-14: the token opens the API
    const info = await app.inject({
      method: 'GET',
      url: '/core/api/auth2/info',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().username).toBe('alice@bureau.test');

    const refresh = (refreshToken: string) =>
      app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: 'bureau-spa',
        }).toString(),
      });
    const renewed = await refresh(tokens.refresh_token);
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json();
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(tokens.refresh_token); // rotated
    const renewedPayload = decodeJwt(next.access_token); // still a JWT for the API (docs/pitfalls.md)
    expect(renewedPayload.aud).toBe('http://localhost:8080/core/api');
    await jwtVerify(next.access_token, createLocalJWKSet(jwks), {
      issuer: 'http://localhost:8080/oidc',
      audience: 'http://localhost:8080/core/api',
    });

    const reused = await refresh(tokens.refresh_token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
  });

  it('AUTH-28 signs out through the end-session endpoint without a confirm question', async () => {
    const jar = new Jar();
    const { verifier, challenge } = pkce();
    const start = await get(jar, authorizeUrl(challenge));
    const interaction = pathOf(start.headers.location);
    await get(jar, interaction);
    const right = await postForm(jar, `${interaction}/login`, {
      username: 'alice@bureau.test',
      password: 'correct horse',
    });
    const done = await get(jar, pathOf(right.headers.location));
    const code = new URL(String(done.headers.location)).searchParams.get('code')!;
    const tokenForm = (form: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ client_id: 'bureau-spa', ...form }).toString(),
      });
    const tokens = (
      await tokenForm({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier })
    ).json();
    expect(tokens.refresh_token).toBeTruthy();

    const q = new URLSearchParams({
      client_id: 'bureau-spa',
      post_logout_redirect_uri: 'http://localhost:8080/authorization/login',
    });
    const page = await get(jar, `/oidc/session/end?${q}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="logout" value="yes"');
    expect(page.body).toContain('document.forms[0].submit()');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(xsrf).toBeTruthy();
    const cookiesBefore = jar.header();
    const live = await app.inject({
      method: 'GET',
      url: '/auth/api/v2/whoami',
      headers: { host: HOST, cookie: cookiesBefore },
    });
    expect(live.json().username).toBe('alice@bureau.test');
    const confirm = await postForm(jar, '/oidc/session/end/confirm', { xsrf: xsrf!, logout: 'yes' });
    expect(confirm.statusCode).toBe(303);
    expect(String(confirm.headers.location)).toBe('http://localhost:8080/authorization/login');

    // a replayed session cookie no longer opens the auth service
    const replay = await app.inject({
      method: 'GET',
      url: '/auth/api/v2/whoami',
      headers: { host: HOST, cookie: cookiesBefore },
    });
    expect(replay.json().username).toBeNull();
    // the session's refresh token died with it (stored server-side, so on every instance)
    const refreshed = await tokenForm({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.json().error).toBe('invalid_grant');

    // signed out: a new authorization asks for the password again
    const again = await get(jar, authorizeUrl(pkce().challenge));
    expect(pathOf(again.headers.location)).toMatch(/^\/oidc\/interaction\//);
  });

  it("PROBE-12 lets only PUBLIC_URL's origin call the token endpoint, and the dev SPA origin only when DEV_SPA_ORIGIN is set", async () => {
    const call = (target: FastifyInstance, origin: string) =>
      target.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { host: HOST, origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=refresh_token&refresh_token=bogus&client_id=bureau-spa',
      });
    const allowed = async (target: FastifyInstance, origin: string) => {
      const res = await call(target, origin);
      return res.headers['access-control-allow-origin'] === origin;
    };
    const first = await call(app, 'http://localhost:8080');
    expect(first.json().error).toBe('invalid_grant');
    expect(await allowed(app, 'http://localhost:8080')).toBe(true);
    expect(await allowed(app, 'http://localhost:5173')).toBe(false);
    expect(await allowed(app, 'https://evil.example')).toBe(false);

    const dev = Fastify();
    await registerAuth(dev, { db, config: testConfig({ devSpaOrigin: 'http://localhost:5173' }) });
    try {
      expect(await allowed(dev, 'http://localhost:5173')).toBe(true);
      expect(await allowed(dev, 'http://localhost:8080')).toBe(true);
      expect(await allowed(dev, 'https://evil.example')).toBe(false);
    } finally {
      await dev.close();
    }
  });

  it('keeps no state in the process: a second instance on the same database continues a sign-in', async () => {
    const other = Fastify();
    await registerAuth(other, { db, config });
    try {
      const jar = new Jar();
      const { verifier, challenge } = pkce();
      const start = await get(jar, authorizeUrl(challenge));
      const interaction = pathOf(start.headers.location);
      const login = await jar.postForm(other, `${interaction}/login`, {
        username: 'alice@bureau.test',
        password: 'correct horse',
      });
      expect(login.statusCode).toBe(303);
      const done = await get(jar, pathOf(login.headers.location));
      const code = new URL(String(done.headers.location)).searchParams.get('code')!;
      const token = await other.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: 'bureau-spa',
          redirect_uri: REDIRECT,
          code_verifier: verifier,
        }).toString(),
      });
      expect(token.statusCode).toBe(200);
      const info = await app.inject({
        method: 'GET',
        url: '/core/api/auth2/info',
        headers: { authorization: `Bearer ${token.json().access_token}` },
      });
      expect(info.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('AUTH-20 signs /auth/api/v2 calls in by the provider session cookie (the SPA sends no token there)', async () => {
    const jar = new Jar();
    await signInThroughPages(app, 'alice@bureau.test', 'correct horse', jar);
    const whoami = async (base: string, cookie: string) =>
      (await app.inject({ method: 'GET', url: `${base}/whoami`, headers: { host: HOST, cookie } })).json().username;
    expect(await whoami('/auth/api/v2', jar.header())).toBe('alice@bureau.test');
    expect(await whoami('/core/api', jar.header())).toBeNull(); // the main API takes bearer tokens only
    expect(await whoami('/auth/api/v2', '')).toBeNull();
    expect(await whoami('/auth/api/v2', jar.header().replace(/_session=[^;]+/, '_session=forged'))).toBeNull();
  });

  it('shows an expiry page for an unknown or cookie-less interaction', async () => {
    const res = await app.inject({ method: 'GET', url: '/oidc/interaction/unknown-uid' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Sign-in expired');
    const post = await app.inject({
      method: 'POST',
      url: '/oidc/interaction/unknown-uid/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(post.statusCode).toBe(400);
  });

  it('answers the forgot-password form neutrally', async () => {
    const form = await app.inject({ method: 'GET', url: '/oidc/forgot-password' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toMatch(/name="username"/);
    const known = await app.inject({
      method: 'POST',
      url: '/oidc/forgot-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=alice%40bureau.test',
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/oidc/forgot-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=nobody%40bureau.test',
    });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.body).toContain('If an account exists');
  });
});
