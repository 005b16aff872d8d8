import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { Jar, signInThroughPages, TEST_HOST } from './testing';
import { xsrfSetCookie } from './xsrf';

/**
 * H2-07 (docs/hardening.md): the provider's session cookie signs calls to `/auth/api/v2` in
 * (AUTH-20), and a cookie is an ambient credential, so every unsafe call it signs in must echo the
 * `XSRF-TOKEN` cookie in `X-XSRF-TOKEN` (docs/api.md "Security headers and CSRF"). Bearer calls
 * and safe methods need no header.
 */
let h: Harness;
let jar: Jar;
let signIn: LightMyRequestResponse[];

/** The value of cookie `name` in the jar, or undefined. */
const inJar = (j: Jar, name: string): string | undefined =>
  j
    .header()
    .split('; ')
    .map((pair) => pair.split('='))
    .find(([k]) => k === name)?.[1];

/** The jar's Cookie header without cookie `name`. */
const without = (j: Jar, name: string): string =>
  j
    .header()
    .split('; ')
    .filter((pair) => !pair.startsWith(`${name}=`))
    .join('; ');

/** The `Set-Cookie` lines of an answer that set `name`. */
const setCookies = (res: LightMyRequestResponse, name: string): string[] =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).filter((line) => line.startsWith(`${name}=`));

let seq = 0;
/** A role body with a fresh name (letters only, as the role names are). */
const newRole = () => ({ name: `XSRF_ROLE_${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[seq++ % 26]}${Date.now() % 100000}` });

/** Sends `method url` with `cookie` and `headers`, as the browser would for the SPA. */
const call = (method: string, url: string, cookie: string, headers: Record<string, string> = {}, body?: unknown) =>
  h.app.inject({
    method: method as 'POST',
    url,
    headers: {
      host: TEST_HOST,
      cookie,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });

const roleCount = async () => Number((await h.db.query<{ n: number }>('SELECT count(*) AS n FROM roles'))[0]!.n);

beforeAll(async () => {
  h = await createHarness();
  jar = new Jar();
  // keep every answer of the sign-in, to find where the XSRF-TOKEN cookie was set
  signIn = [];
  const take = jar.take.bind(jar);
  jar.take = (res) => {
    signIn.push(res);
    take(res);
  };
  await signInThroughPages(h.app, 'admin', 'admin', jar);
  jar.take = take;
});
afterAll(async () => h?.close());

describe('XSRF on cookie-authenticated calls (H2-07)', () => {
  it('H2-07 a sign-in sets an XSRF-TOKEN cookie the SPA can read (not HttpOnly, SameSite=Strict, path /)', () => {
    const lines = signIn.flatMap((res) => setCookies(res, 'XSRF-TOKEN'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; /);
    expect(lines[0]).toMatch(/; Path=\/(;|$)/);
    expect(lines[0]).toMatch(/; SameSite=Strict(;|$)/);
    expect(lines[0]).not.toMatch(/HttpOnly/i);
    expect(lines[0]).not.toMatch(/Secure/i); // PUBLIC_URL is http here
    expect(inJar(jar, 'XSRF-TOKEN')).toBeTruthy();
  });

  it('H2-07 the cookie is Secure when PUBLIC_URL is https', () => {
    expect(xsrfSetCookie('t', true)).toMatch(/; Secure(;|$)/);
    expect(xsrfSetCookie('t', false)).not.toMatch(/Secure/);
  });

  it('H2-07 a cookie-authenticated write without X-XSRF-TOKEN is 403 and writes nothing', async () => {
    const before = await roleCount();
    const res = await call('POST', '/auth/api/v2/roles', jar.header(), {}, newRole());
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/X-XSRF-TOKEN/);
    expect(await roleCount()).toBe(before);
  });

  it('H2-07 a cookie-authenticated write with a wrong X-XSRF-TOKEN is 403, for every unsafe method', async () => {
    const token = inJar(jar, 'XSRF-TOKEN')!;
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const role = await h.json<{ id: number; name: string }>('admin', 'POST', '/auth/api/v2/roles', newRole());
    const url = `/auth/api/v2/roles/${role.body.id}`;
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/auth/api/v2/roles', newRole()],
      ['PUT', url, { name: 'XSRF_ROLE_PUT' }],
      ['PATCH', url, { name: 'XSRF_ROLE_PATCH' }],
      ['DELETE', url, undefined],
    ];
    for (const [method, target, body] of cases) {
      for (const header of [wrong, '', `${token}x`]) {
        const res = await call(method, target, jar.header(), { 'x-xsrf-token': header }, body);
        expect(res.statusCode, `${method} with "${header}": ${res.body}`).toBe(403);
      }
    }
    // the header alone, without the cookie to match, is refused too
    const alone = await call(
      'POST',
      '/auth/api/v2/roles',
      without(jar, 'XSRF-TOKEN'),
      { 'x-xsrf-token': token },
      newRole(),
    );
    expect(alone.statusCode).toBe(403);
    // nothing was written: the role keeps its name
    expect((await h.json<{ name: string }>('admin', 'GET', url)).body.name).toBe(role.body.name);
  });

  it('H2-07 a cookie-authenticated write with X-XSRF-TOKEN equal to the cookie passes', async () => {
    const headers = { 'x-xsrf-token': inJar(jar, 'XSRF-TOKEN')! };
    const created = await call('POST', '/auth/api/v2/roles', jar.header(), headers, newRole());
    expect(created.statusCode, created.body).toBe(201);
    const url = `/auth/api/v2/roles/${created.json().id}`;
    const patched = await call('PATCH', url, jar.header(), headers, { name: 'XSRF_ROLE_PATCHED' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().name).toBe('XSRF_ROLE_PATCHED');
    const deleted = await call('DELETE', url, jar.header(), headers);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });

  it('H2-07 a bearer write needs no X-XSRF-TOKEN, even with the session and XSRF-TOKEN cookies sent along', async () => {
    // a browser context's API client (Playwright's page.request, say) sends the cookies of the jar too
    const cookie = `${without(jar, 'XSRF-TOKEN')}; XSRF-TOKEN=another-tab`;
    const res = await h.request('admin', 'POST', '/auth/api/v2/roles', newRole(), { cookie, host: TEST_HOST });
    expect(res.statusCode, res.body).toBe(201);
    const core = await h.request('admin', 'POST', '/core/api/currencies', { code: 'XSR', gname: 'Xsrf' }, { cookie });
    expect(core.statusCode, core.body).toBe(201);
  });

  it('H2-07 safe methods need no X-XSRF-TOKEN', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await call(method, '/auth/api/v2/roles', jar.header());
      expect(res.statusCode, `${method}: ${res.body}`).toBe(200);
    }
  });

  it('H2-07 a session without the XSRF-TOKEN cookie (signed in before the check) gets one on its next call', async () => {
    const old = without(jar, 'XSRF-TOKEN');
    const read = await call('GET', '/auth/api/v2/roles', old);
    expect(read.statusCode).toBe(200);
    const [line] = setCookies(read, 'XSRF-TOKEN');
    const token = /^XSRF-TOKEN=([^;]+)/.exec(line ?? '')?.[1];
    expect(token).toBeTruthy();
    // a write before any read is refused, and its answer carries the cookie for the next try
    const refused = await call('POST', '/auth/api/v2/roles', old, {}, newRole());
    expect(refused.statusCode).toBe(403);
    expect(setCookies(refused, 'XSRF-TOKEN')).toHaveLength(1);
    const res = await call(
      'POST',
      '/auth/api/v2/roles',
      `${old}; XSRF-TOKEN=${token}`,
      { 'x-xsrf-token': token! },
      newRole(),
    );
    expect(res.statusCode, res.body).toBe(201);
    // a call that has the cookie is not sent another one
    expect(setCookies(res, 'XSRF-TOKEN')).toEqual([]);
  });

  it('H2-07 the sign-in pages take no X-XSRF-TOKEN, and a new sign-in rotates the cookie', async () => {
    // a browser that still holds an XSRF-TOKEN cookie signs in; the forms and the token call send no header
    const next = new Jar();
    next.take({ cookies: [{ name: 'XSRF-TOKEN', value: 'from-before' }] } as unknown as LightMyRequestResponse);
    await signInThroughPages(h.app, 'admin', 'admin', next);
    const after = inJar(next, 'XSRF-TOKEN');
    expect(after).toBeTruthy();
    expect(after).not.toBe('from-before');
  });
});
