import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { HttpError } from 'ra-core';
import { schemas } from '../schemas/index';
import { createDataProvider, createHttpClient } from './index';
import { halPage, route, server } from './testing';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
afterAll(() => server.close());

const list = { pagination: { page: 1, perPage: 20 }, sort: { field: 'gname', order: 'ASC' as const }, filter: {} };
const status =
  (code: number, body: object = { message: `status ${code}` }) =>
  () =>
    HttpResponse.json(body, { status: code });

describe('headers', () => {
  it('AUTH-20 sends the bearer token on /core/api and none on /auth/api/v2, which goes with credentials', async () => {
    const inits: RequestInit[] = [];
    const spy: typeof fetch = (input, init) => {
      inits.push(init ?? {});
      return globalThis.fetch(input, init);
    };
    const dp = createDataProvider({ schemas, getToken: () => 'tok-1', fetch: spy });
    const core = route('/core/api/clients', halPage('clients', []));
    const auth = route('/auth/api/v2/users', halPage('users', [{ id: 1, username: 'ann' }]));
    await dp.getList('clients', list);
    const users = await dp.getList('users', list);
    expect(core[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(auth[0]!.path).toBe('/auth/api/v2/users');
    expect(auth[0]!.headers.has('Authorization')).toBe(false);
    expect(users.data).toEqual([{ id: 1, username: 'ann' }]);
    expect(inits.map((i) => i.credentials)).toEqual([undefined, 'include']);
  });

  it('sendTokenToAuthApi opts the auth service into the bearer token', async () => {
    const seen = route('/auth/api/v2/users', halPage('users', []));
    await createDataProvider({ schemas, getToken: () => 'tok-1', sendTokenToAuthApi: true }).getList('users', list);
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('sends no Authorization header when signed out', async () => {
    const seen = route('/core/api/clients', halPage('clients', []));
    await createDataProvider({ schemas, getToken: () => null }).getList('clients', list);
    expect(seen[0]!.headers.has('Authorization')).toBe(false);
  });

  it("sends the user's current language as Accept-Language, read at each call", async () => {
    let language = 'en';
    const seen = route('/core/api/clients', halPage('clients', []));
    const dp = createDataProvider({ schemas, getToken: () => null, getLanguage: () => language });
    await dp.getList('clients', list);
    language = 'ru';
    await dp.getList('clients', list);
    expect(seen.map((r) => r.headers.get('Accept-Language'))).toEqual(['en', 'ru']);
  });

  it('SHELL-30 sends the XSRF-TOKEN cookie as X-XSRF-TOKEN', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D1; path=/';
    const seen = route('/core/api/ping', { ok: true });
    await createHttpClient({ getToken: () => null })('/core/api/ping');
    expect(seen[0]!.headers.get('X-XSRF-TOKEN')).toBe('abc=1');
  });

  it('SHELL-30 sends no X-XSRF-TOKEN without the cookie', async () => {
    const seen = route('/core/api/ping', { ok: true });
    await createHttpClient({ getToken: () => null })('/core/api/ping');
    expect(seen[0]!.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('H2-07 a write to /auth/api/v2 goes with the session cookie, no bearer, and echoes XSRF-TOKEN', async () => {
    // the server refuses a cookie-authenticated write without the header (docs/api.md "Security headers and CSRF")
    document.cookie = 'XSRF-TOKEN=tok-xsrf; path=/';
    const inits: RequestInit[] = [];
    const spy: typeof fetch = (input, init) => {
      inits.push(init ?? {});
      return globalThis.fetch(input, init);
    };
    const seen = route('/auth/api/v2/roles', { id: 7, name: 'R' });
    await createDataProvider({ schemas, getToken: () => 'tok-1', fetch: spy }).create('roles', { data: { name: 'R' } });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('X-XSRF-TOKEN')).toBe('tok-xsrf');
    expect(seen[0]!.headers.has('Authorization')).toBe(false);
    expect(inits[0]!.credentials).toBe('include');
  });

  it('SHELL-29 asks for JSON, sends object bodies as JSON and accepts text answers', async () => {
    const seen = route(
      '/core/api/echo',
      () => new HttpResponse('plain words', { headers: { 'Content-Type': 'text/plain' } }),
    );
    const res = await createHttpClient({ getToken: () => null })('/core/api/echo', {
      method: 'POST',
      body: { a: [1, 2] },
    });
    expect(seen[0]!.headers.get('Accept')).toBe('application/json');
    expect(seen[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(seen[0]!.body).toEqual({ a: [1, 2] });
    expect(res).toMatchObject({ status: 200, body: 'plain words', json: 'plain words' });
  });

  it('downloads a blob with responseType blob', async () => {
    route(
      '/core/api/export',
      () => new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'application/octet-stream' } }),
    );
    const res = await createHttpClient({ getToken: () => null })('/core/api/export', { responseType: 'blob' });
    expect(res.blob?.size).toBe(3);
  });
});

describe('status handling', () => {
  it('SHELL-32 treats 201 and 204 as success and calls onSuccess (SHELL-09)', async () => {
    const onSuccess = vi.fn();
    const http = createHttpClient({ getToken: () => null, onSuccess });
    route('/core/api/a', () => HttpResponse.json({ id: 1 }, { status: 201 }));
    route('/core/api/b', () => new HttpResponse(null, { status: 204 }));
    expect((await http('/core/api/a')).json).toEqual({ id: 1 });
    expect((await http('/core/api/b')).json).toBeUndefined();
    expect(onSuccess).toHaveBeenCalledTimes(2);
  });

  it('SHELL-32 rejects a 300 and does not call onSuccess', async () => {
    const onSuccess = vi.fn();
    route('/core/api/a', status(300));
    await expect(createHttpClient({ getToken: () => null, onSuccess })('/core/api/a')).rejects.toMatchObject({
      status: 300,
    });
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('SHELL-33 rejects a 500 to the caller with the body', async () => {
    const body = { message: 'Unexpected failure during request processing!' };
    route('/core/api/clients', status(500, body));
    const error = await createDataProvider({ schemas, getToken: () => 't' })
      .getList('clients', list)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 500, message: body.message, body });
  });

  it('SHELL-33 rejects a non-JSON failure with its text', async () => {
    route('/core/api/a', () => new HttpResponse('Bad Gateway', { status: 502 }));
    await expect(createHttpClient({ getToken: () => null })('/core/api/a')).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
      body: 'Bad Gateway',
    });
  });

  it('PERM-12 a 403 calls onForbidden with the message and rejects, without signing out', async () => {
    const onForbidden = vi.fn();
    const onUnauthorized = vi.fn();
    route('/core/api/clients', status(403, { message: 'Access denied' }));
    const dp = createDataProvider({ schemas, getToken: () => 't', onForbidden, onUnauthorized });
    await expect(dp.delete('clients', { id: 1 })).rejects.toMatchObject({
      status: 403,
      message: 'Access denied',
      body: { message: 'Access denied' },
    });
    expect(onForbidden).toHaveBeenCalledExactlyOnceWith('Access denied');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('AUTH-19 401 handling', () => {
  it('refreshes the token once and retries the call with the new token', async () => {
    let token = 'old';
    const refreshToken = vi.fn(async () => (token = 'new'));
    const onUnauthorized = vi.fn();
    const seen = route('/core/api/clients', (s) =>
      s.headers.get('Authorization') === 'Bearer new'
        ? halPage('clients', [{ id: 1 }])
        : HttpResponse.json({ message: 'expired' }, { status: 401 }),
    );
    const dp = createDataProvider({ schemas, getToken: () => token, refreshToken, onUnauthorized });
    const result = await dp.getList('clients', list);
    expect(result.data).toEqual([{ id: 1 }]);
    expect(seen.map((s) => s.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new']);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('retries a write with the same body and headers', async () => {
    const seen = route('/core/api/contactComments', (s, n) =>
      n === 1 ? HttpResponse.json({}, { status: 401 }) : { id: 5, ...(s.body as object) },
    );
    const dp = createDataProvider({ schemas, getToken: () => 'old', refreshToken: async () => 'new' });
    await dp.create('contactComments', { data: { comment: 'hi', contact: { id: 7 } } });
    expect(seen.map((s) => [s.method, s.headers.get('Authorization'), s.body])).toEqual([
      ['POST', 'Bearer old', { comment: 'hi', contact: { id: 7 } }],
      ['POST', 'Bearer new', { comment: 'hi', contact: { id: 7 } }],
    ]);
  });

  it('a second 401 calls onUnauthorized and rejects, without refreshing again', async () => {
    const refreshToken = vi.fn(async () => 'new');
    const onUnauthorized = vi.fn();
    const seen = route('/core/api/clients', status(401, { message: 'Full authentication is required' }));
    const dp = createDataProvider({ schemas, getToken: () => 'old', refreshToken, onUnauthorized });
    await expect(dp.getList('clients', list)).rejects.toMatchObject({
      status: 401,
      message: 'Full authentication is required',
    });
    expect(seen).toHaveLength(2);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh calls onUnauthorized and does not retry', async () => {
    const onUnauthorized = vi.fn();
    const seen = route('/core/api/clients', status(401));
    const dp = createDataProvider({
      schemas,
      getToken: () => 'old',
      refreshToken: () => Promise.reject(new Error('invalid_grant')),
      onUnauthorized,
    });
    await expect(dp.getList('clients', list)).rejects.toBeInstanceOf(HttpError);
    expect(seen).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('without refreshToken a 401 calls onUnauthorized', async () => {
    const onUnauthorized = vi.fn();
    route('/core/api/clients', status(401));
    await expect(
      createDataProvider({ schemas, getToken: () => 'old', onUnauthorized }).getList('clients', list),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('concurrent 401s share one refresh', async () => {
    let token = 'old';
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const refreshToken = vi.fn(async () => {
      await gate;
      return (token = 'new');
    });
    route('/core/api/clients', (s) =>
      s.headers.get('Authorization') === 'Bearer new' ? halPage('clients', []) : HttpResponse.json({}, { status: 401 }),
    );
    const dp = createDataProvider({ schemas, getToken: () => token, refreshToken });
    const both = Promise.all([dp.getList('clients', list), dp.getList('clients', list)]);
    await vi.waitFor(() => expect(refreshToken).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    release();
    await both;
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });
});

describe('paths and timing', () => {
  it('SHELL-25 sends every core collection call under /core/api', async () => {
    const urls: string[] = [];
    const spy: typeof fetch = async (input) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url.pathname);
      const collection = url.pathname.split('/').pop()!;
      return Response.json({
        _embedded: { [collection]: [] },
        page: { size: 20, totalElements: 0, totalPages: 0, number: 0 },
      });
    };
    const dp = createDataProvider({ schemas, getToken: () => 't', fetch: spy });
    const core = schemas.filter((s) => s.base === 'core');
    for (const s of core) await dp.getList(s.route, list);
    expect(urls).toHaveLength(core.length);
    expect(urls.every((p) => p.startsWith('/core/api/'))).toBe(true);
  });

  it('SHELL-31 sets no timeout: a slow answer still resolves and no abort signal is added', async () => {
    const inits: RequestInit[] = [];
    const slow: typeof fetch = async (_input, init) => {
      inits.push(init ?? {});
      await new Promise((r) => setTimeout(r, 1500));
      return Response.json({ ok: true });
    };
    const res = await createHttpClient({ getToken: () => null, fetch: slow })('/core/api/slow');
    expect(res.json).toEqual({ ok: true });
    expect(inits[0]!.signal ?? null).toBeNull();
  });
});
