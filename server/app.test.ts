import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { registerErrorHandler, UNEXPECTED } from './plugins/errors';
import { pageWithConfig } from './plugins/spa';
import { createHarness, type Harness } from './test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('loadConfig', () => {
  it('fills defaults from PORT', () => {
    const c = loadConfig({ PORT: '9090' });
    expect(c).toMatchObject({
      port: 9090,
      publicUrl: 'http://localhost:9090',
      dataDir: './.data',
      spaDir: './dist',
      oidcClientId: 'bureau-spa',
      oidcAudience: 'http://localhost:9090/core/api',
      seed: 'demo',
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.oidcIssuer).toBeUndefined();
  });

  it('reads the environment and refuses a bad port', () => {
    const c = loadConfig({
      PUBLIC_URL: 'https://bureau.example/',
      DATABASE_URL: 'postgres://x/y',
      OIDC_ISSUER: 'https://id.example/realms/b/',
      SEED: 'none',
    });
    expect(c).toMatchObject({
      publicUrl: 'https://bureau.example',
      databaseUrl: 'postgres://x/y',
      oidcIssuer: 'https://id.example/realms/b',
      oidcAudience: 'https://bureau.example/core/api',
      seed: 'none',
    });
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT/);
  });
});

describe('security headers', () => {
  it('sends a deliberate CSP with frame-ancestors none and the usual hardening headers', async () => {
    const r = await h.request('admin', 'GET', '/core/api/currencies');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
  });

  it('adds the external issuer origin to connect-src', async () => {
    const app = await buildApp({
      db: h.db,
      config: { ...h.config, oidcIssuer: 'https://id.example/realms/b' },
      registerAuth: async (a) => void a.decorateRequest('user', null),
    });
    const r = await app.inject({ method: 'GET', url: '/core/api/openapi.json' });
    expect(String(r.headers['content-security-policy'])).toMatch(/connect-src 'self' https:\/\/id\.example/);
    await app.close();
  });

  // XSRF: server/auth/xsrf.test.ts (H2-07), where a cookie session signs the calls in
});

describe('OpenAPI', () => {
  it('serves a public OpenAPI 3.1 document of every collection', async () => {
    const r = await h.request(null, 'GET', '/core/api/openapi.json');
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/core/api/clients', '/core/api/clients/{id}', '/auth/api/v2/users']),
    );
    expect(doc.paths['/core/api/countries']).toBeUndefined();
    const params = doc.paths['/core/api/clients'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['page', 'size', 'sort', 'projection', 'search', 'country.id', 'gname']),
    );
    expect(doc.components.schemas.Client.properties.vatPercent).toBeDefined();
    expect(doc.components.schemas.User.properties.password.anyOf[0].writeOnly).toBe(true);
  });
});

describe('errors and the SPA', () => {
  it('answers 500 with the fixed message for an unexpected failure', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('secret detail');
    });
    const r = await app.inject({ method: 'GET', url: '/boom' });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ message: UNEXPECTED });
  });

  it('says to build the SPA when dist is missing, and 404s unknown API paths with { message }', async () => {
    const r = await h.request(null, 'GET', '/');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('npm run build');
    const api = await h.request('admin', 'GET', '/core/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBeTruthy();
  });

  it('serves the built SPA with a history fallback outside the APIs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spa-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Bureau</title>');
    writeFileSync(join(dir, 'app.js'), 'console.log(1)');
    const app = await buildApp({
      db: h.db,
      config: { ...h.config, spaDir: dir },
      registerAuth: async (a) => void a.decorateRequest('user', null),
    });
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<title>Bureau</title>');
    expect((await app.inject({ method: 'GET', url: '/clients/12/show' })).body).toContain('<title>Bureau</title>');
    expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    const api = await app.inject({ method: 'GET', url: '/core/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    await app.close();
  });

  it('writes the SPA configuration into the page in place of its preload (no request at start-up)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spa-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<head><link rel="preload" href="/app-config.json" as="fetch" crossorigin="anonymous" /></head>',
    );
    const app = await buildApp({
      db: h.db,
      config: { ...h.config, spaDir: dir },
      registerAuth: async (a) => void a.decorateRequest('user', null),
    });
    for (const url of ['/', '/clients/12']) {
      const page = await app.inject({ method: 'GET', url });
      const json = /<script id="app-config" type="application\/json">(.*)<\/script>/.exec(page.body)?.[1];
      expect(JSON.parse(json!)).toEqual({
        oidcIssuer: `${h.config.publicUrl}/oidc`,
        oidcClientId: h.config.oidcClientId,
        apiAudience: h.config.oidcAudience,
      });
      expect(page.body).not.toContain('rel="preload"');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    await app.close();
    expect(pageWithConfig('<link rel="preload" href="/app-config.json">', { x: '</script><script>alert(1)' })).toBe(
      '<script id="app-config" type="application/json">{"x":"\\u003c/script>\\u003cscript>alert(1)"}</script>',
    );
  });

  it("sends the build's brotli copies when accepted; hashed assets are cached for good, the page never", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spa-'));
    mkdirSync(join(dir, 'assets'));
    const code = 'console.log("bureau");'.repeat(100);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Bureau</title>');
    writeFileSync(join(dir, 'assets', 'index-abc.js'), code);
    writeFileSync(join(dir, 'assets', 'index-abc.js.br'), brotliCompressSync(code));
    const app = await buildApp({
      db: h.db,
      config: { ...h.config, spaDir: dir },
      registerAuth: async (a) => void a.decorateRequest('user', null),
    });
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(code);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
    const page = await app.inject({ method: 'GET', url: '/clients' });
    expect(page.body).toContain('<title>Bureau</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    await app.close();
  });
});
