import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openTestDatabase } from '../test/database';
import { spaUris } from './provider';
import { testConfig } from './testing';

let db: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.close();
});

/** The whole server on the shared test database, with a route that shows `request.ip`. */
async function server(overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ db, config: testConfig({ spaDir: './.no-spa', ...overrides }) });
  app.get('/ip-seen', async (request) => ({ ip: request.ip }));
  await app.ready();
  apps.push(app);
  return app;
}

/** Every string value of a JSON document that looks like an absolute URL. */
const urlsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
      ? [value]
      : []
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(urlsIn)
      : [];

const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example:8443',
  'x-forwarded-proto': 'https',
  'x-forwarded-port': '8443',
  forwarded: 'host=evil.example;proto=https',
};

describe('published URLs come from PUBLIC_URL', () => {
  it("PROBE-7 discovery fetched with a forged Host, X-Forwarded-Host and X-Forwarded-Proto lists only PUBLIC_URL's endpoints", async () => {
    for (const trustProxy of [[], ['127.0.0.1']]) {
      const app = await server({ trustProxy });
      const res = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: FORGED });
      expect(res.statusCode).toBe(200);
      const urls = urlsIn(res.json());
      expect(urls.length).toBeGreaterThanOrEqual(5);
      for (const url of urls) expect(url.startsWith('http://localhost:8080/oidc')).toBe(true);
      expect(res.body).not.toContain('evil.example');
    }
  });

  it('PROBE-7 an https PUBLIC_URL is published as https even when the request came over plain http', async () => {
    const app = await server({ publicUrl: 'https://bureau.example', oidcAudience: 'https://bureau.example/core/api' });
    const res = await app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { ...FORGED, 'x-forwarded-proto': 'http' },
    });
    const doc = res.json();
    expect(doc.issuer).toBe('https://bureau.example/oidc');
    for (const url of urlsIn(doc)) expect(url.startsWith('https://bureau.example/oidc')).toBe(true);
  });

  it("PROBE-7 the provider's cookies are Secure exactly when PUBLIC_URL is https, whatever X-Forwarded-Proto says", async () => {
    const q = new URLSearchParams({
      client_id: 'bureau-spa',
      response_type: 'code',
      redirect_uri: 'http://localhost:8080/auth-callback',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const cookies = async (app: FastifyInstance, proto: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/oidc/auth?${q}`,
        headers: { ...FORGED, 'x-forwarded-proto': proto },
      });
      expect(res.statusCode).toBe(303);
      expect(String(res.headers.location)).not.toContain('evil.example');
      return ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    };
    const plain = await cookies(await server(), 'https');
    expect(plain.length).toBeGreaterThan(0);
    for (const c of plain) expect(c.toLowerCase()).not.toContain('secure');
    const secure = await server({
      publicUrl: 'https://bureau.example',
      oidcAudience: 'https://bureau.example/core/api',
    });
    q.set('redirect_uri', 'https://bureau.example/auth-callback');
    const tls = await cookies(secure, 'http');
    expect(tls.length).toBeGreaterThan(0);
    for (const c of tls) expect(c.toLowerCase()).toContain('secure');
  });

  it('PROBE-7 request.ip ignores X-Forwarded-For unless the peer is a trusted proxy (TRUST_PROXY)', async () => {
    const seen = async (app: FastifyInstance, remoteAddress: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/ip-seen',
          remoteAddress,
          headers: { 'x-forwarded-for': '203.0.113.9' },
        })
      ).json().ip;
    const untrusting = await server();
    expect(await seen(untrusting, '127.0.0.1')).toBe('127.0.0.1');
    const trusting = await server({ trustProxy: ['127.0.0.1', '10.0.0.0/8'] });
    expect(await seen(trusting, '127.0.0.1')).toBe('203.0.113.9');
    expect(await seen(trusting, '10.1.2.3')).toBe('203.0.113.9');
    expect(await seen(trusting, '192.0.2.7')).toBe('192.0.2.7');
  });

  it('PROBE-7 TRUST_PROXY is read as a list of addresses and CIDRs, empty by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8 ,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
  });
});

describe('the development SPA origin', () => {
  it("PROBE-12 a default config registers only PUBLIC_URL's URIs, whatever NODE_ENV says", () => {
    const before = process.env.NODE_ENV;
    try {
      for (const env of [undefined, 'development', 'production']) {
        if (env === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = env;
        const config = loadConfig({ PUBLIC_URL: 'https://bureau.example', ...(env ? { NODE_ENV: env } : {}) });
        expect(config.devSpaOrigin).toBeUndefined();
        expect(spaUris(config)).toEqual({
          redirectUris: ['https://bureau.example/auth-callback', 'https://bureau.example/auth-silent'],
          logoutUris: [
            'https://bureau.example/authorization/login',
            'https://bureau.example/authorization/login?reason=noaccess',
          ],
          origins: ['https://bureau.example'],
        });
      }
    } finally {
      process.env.NODE_ENV = before;
    }
  });

  it("PROBE-12 DEV_SPA_ORIGIN (set by npm run dev) adds that origin's URIs", () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:8080', DEV_SPA_ORIGIN: 'http://localhost:5173/' });
    expect(config.devSpaOrigin).toBe('http://localhost:5173');
    expect(spaUris(config).origins).toEqual(['http://localhost:8080', 'http://localhost:5173']);
    expect(spaUris(config).redirectUris).toContain('http://localhost:5173/auth-callback');
    expect(() => loadConfig({ DEV_SPA_ORIGIN: 'javascript:alert(1)' })).toThrow(/DEV_SPA_ORIGIN/);
  });
});
