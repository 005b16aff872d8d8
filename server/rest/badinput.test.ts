import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** Bad input answers 400 naming the parameter or property, never 500 (docs/api.md "Errors"). */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Err = {
  message: string;
  errors?: Array<{ entity: string; property: string; invalidValue: unknown; message: string }>;
};

const get = (url: string) => h.json<Err>('admin', 'GET', url);
const expectBadParam = async (url: string, param: string) => {
  const r = await get(url);
  expect(r.status, url).toBe(400);
  expect(r.body.message, url).toContain(`"${param}"`);
};
const expectBadProperty = async (
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  body: Record<string, unknown>,
  property: string,
) => {
  const r = await h.json<Err>('admin', method, url, body);
  expect(r.status, JSON.stringify(body)).toBe(400);
  expect(r.body.message).toBe('Validation failed');
  expect(
    r.body.errors?.map((e) => e.property),
    JSON.stringify(body),
  ).toContain(property);
};
const enc = encodeURIComponent;
/** POSTs a JSON text as is (numbers beyond 2^53 cannot be written as JavaScript literals). */
const postRaw = async (url: string, json: string) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await h.token('admin')}`, 'content-type': 'application/json' },
    payload: json,
  });
const expectRawBadProperty = async (url: string, json: string, property: string) => {
  const r = await postRaw(url, json);
  expect(r.statusCode, json).toBe(400);
  const body = r.json<Err>();
  expect(body.message).toBe('Validation failed');
  expect(
    body.errors?.map((e) => e.property),
    json,
  ).toContain(property);
};

describe('PROBE-8 bad input never answers 500', () => {
  it('PROBE-8 a NUL byte in a filter, search or sort is a 400 naming the parameter', async () => {
    await expectBadParam(`/core/api/clients?gname=${enc('a\u0000b')}`, 'gname');
    await expectBadParam(`/core/api/clients?gname.like=${enc('a\u0000')}`, 'gname.like');
    await expectBadParam(`/core/api/clients?gname.in=${enc('x,\u0000')}`, 'gname.in');
    await expectBadParam(`/core/api/clients?search=${enc('\u0000')}`, 'search');
    await expectBadParam(`/core/api/clients?sort=${enc('gname\u0000,asc')}`, 'sort');
  });

  it('PROBE-8 a NUL byte in any string of a body is a 400 naming the property', async () => {
    await expectBadProperty('POST', '/core/api/clients', { gname: 'a\u0000b' }, 'gname');
    await expectBadProperty('POST', '/core/api/clients', { gname: 'ok', address: '\u0000' }, 'address');
    await expectBadProperty('POST', '/core/api/clients', { gname: 'ok', account: { bic: 'x\u0000' } }, 'account.bic');
    await expectBadProperty(
      'PATCH',
      `/core/api/clients/${h.fx.clients.acme}`,
      { sanctionComments: '\u0000', underSanctions: true },
      'sanctionComments',
    );
  });

  it('PROBE-8 dates outside years 0001..9999 are a 400 in filters and bodies, 0001 and 9999 are accepted', async () => {
    for (const v of ['+275760-09-13T00:00:00Z', '0000-01-01', '10000-01-01', '-000001-01-01T00:00:00Z']) {
      await expectBadParam(`/core/api/offices?signDate=${enc(v)}`, 'signDate');
      await expectBadParam(`/core/api/offices?signDate.gte=${enc(v)}`, 'signDate.gte');
      await expectBadParam(`/core/api/clients?lastModifiedDate.gte=${enc(v)}`, 'lastModifiedDate.gte');
      await expectBadProperty('PATCH', `/core/api/employees/${h.fx.employees.anna}`, { birthDate: v }, 'birthDate');
    }
    await expectBadParam(`/core/api/offices?signDate=${enc('0000-01')}`, 'signDate');

    expect((await get(`/core/api/offices?signDate.gte=0001-01-01`)).status).toBe(200);
    expect((await get(`/core/api/clients?lastModifiedDate.lte=${enc('9999-12-31T23:59:59Z')}`)).status).toBe(200);
    const r = await h.json<{ birthDate: string }>('admin', 'PATCH', `/core/api/employees/${h.fx.employees.anna}`, {
      birthDate: '0001-01-01',
    });
    expect(r.status).toBe(200);
    expect(r.body.birthDate).toBe('0001-01-01');
  });

  it('PROBE-8 ids beyond safe integers are a 400 in filters and bodies, a 404 in paths', async () => {
    await expectBadParam('/core/api/clients?country.id=99999999999999999999', 'country.id');
    await expectBadParam('/core/api/clients?sector.id.in=1,99999999999999999999', 'sector.id.in');
    await expectBadParam('/core/api/clients?id=9007199254740993', 'id');
    await expectBadParam('/core/api/baseDictionaries?code=1e30', 'code');
    await expectBadProperty('POST', '/core/api/clients', { gname: 'x', sector: { id: 1e30 } }, 'sector');
    await expectBadProperty(
      'POST',
      '/core/api/clients',
      { gname: 'x', sector: '/core/api/departments/99999999999999999999' },
      'sector',
    );
    await expectRawBadProperty('/core/api/clients', '{"gname":"x","sector":{"id":9007199254740993}}', 'sector');
    await expectBadProperty('POST', '/auth/api/v2/users', { username: 'big-ids', roles: [{ id: 1e30 }] }, 'roles');
    const client = await get(`/core/api/clients/${h.fx.clients.initech}`);
    await expectBadProperty('PATCH', `/core/api/clients/${h.fx.clients.initech}`, { version: 1e30 }, 'version');
    expect(client.status).toBe(200);
    for (const id of ['99999999999999999999', '9223372036854775808', '9007199254740993']) {
      const r = await get(`/core/api/clients/${id}`);
      expect(r.status, id).toBe(404);
      expect(r.body.message).toBeTruthy();
    }
  });

  it('PROBE-8 integers beyond bigint and percents beyond numeric(12,8) are a 400', async () => {
    const type = { id: h.fx.dictType('GENDER') };
    await expectBadProperty('POST', '/core/api/baseDictionaries', { type, gname: 'x', code: 1e30 }, 'code');
    await expectRawBadProperty(
      '/core/api/baseDictionaries',
      `{"type":{"id":${type.id}},"gname":"x","code":9007199254740993}`,
      'code',
    );
    await expectBadProperty(
      'POST',
      '/core/api/baseDictionaries',
      { type, gname: 'x', orderliness: '1e400' },
      'orderliness',
    );
    await expectBadParam('/core/api/clients?vatPercent=100000', 'vatPercent');
    await expectBadParam('/core/api/clients?vatPercent.gt=1e30', 'vatPercent.gt');
    await expectBadParam('/core/api/clients?vatPercent=Infinity', 'vatPercent');
  });

  it('PROBE-8 a database data exception that passes validation is a 400 { message }', async () => {
    // the lock column is a 4-byte integer: a safe integer beyond it reaches PostgreSQL (22003)
    const r = await get('/core/api/clients?version=99999999999');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'A number is out of range' });
  });

  it('PROBE-8 vatPercent 1e-7 is a valid number, stored exactly; digits beyond the scale are rounded', async () => {
    const rounded = await h.json<{ vatPercent: number }>('admin', 'POST', '/core/api/clients', {
      gname: 'Rounded VAT',
      vatEnabled: true,
      vatPercent: 0.141 + 1e-12,
    });
    expect(rounded.status).toBe(201);
    expect(rounded.body.vatPercent).toBe(0.141);
    const r = await h.json<{ vatPercent: number }>('admin', 'POST', '/core/api/clients', {
      gname: 'Tiny VAT',
      vatEnabled: true,
      vatPercent: 1e-7,
    });
    expect(r.status).toBe(201);
    expect(r.body.vatPercent).toBe(1e-7);
    expect((await get('/core/api/clients?vatPercent=1e-7')).status).toBe(200);
  });
});

describe('PROBE-8 the OpenAPI document states the accepted ranges', () => {
  it('PROBE-8 ids, integers, percents and dates carry the ranges the server accepts', async () => {
    type Doc = {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; schema: Record<string, unknown> }> }>>;
      components: {
        schemas: Record<string, { properties: Record<string, { anyOf?: Array<Record<string, unknown>> }> }>;
      };
    };
    const doc = (await h.request(null, 'GET', '/core/api/openapi.json')).json<Doc>();
    const id = doc.paths['/core/api/clients/{id}']!.get!.parameters!.find((p) => p.name === 'id')!;
    expect(id.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
    const props = doc.components.schemas;
    expect(props.BaseDictionary!.properties.code!.anyOf![0]).toMatchObject({ maximum: Number.MAX_SAFE_INTEGER });
    expect(props.Client!.properties.vatPercent!.anyOf![0]).toMatchObject({ minimum: 0, maximum: 1 });
    expect(props.Employee!.properties.birthDate!.anyOf![0]!.description).toContain('0001..9999');
  });
});

describe('PROBE-11 URL fields accept http(s) only', () => {
  it('PROBE-11 javascript:, data:, file: and vbscript: URLs are a 400; http(s) URLs and bare hosts are not', async () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)//.x',
      'data:text/html;base64,PHNjcmlwdD4=',
      'file:///etc/passwd',
      'vbscript:msgbox(1).x',
      ' javascript:alert(1).com',
      'ftp://example.com',
      'java\tscript:alert(1).x',
      '\u0001javascript:alert(1).x',
      'mailto:someone@example.com',
    ]) {
      await expectBadProperty('POST', '/core/api/clients', { gname: 'x', siteUrl: url }, 'siteUrl');
    }

    for (const url of [
      'https://example.com/a?b=1',
      'http://example.com',
      'example.com',
      'www.example.co.uk/path',
      'example.com:8080/x',
    ]) {
      const r = await h.json<{ siteUrl: string }>('admin', 'POST', '/core/api/clients', { gname: 'x', siteUrl: url });
      expect(r.status, url).toBe(201);
      expect(r.body.siteUrl).toBe(url);
    }
  });
});

describe('PROBE-15 409 messages do not echo key values', () => {
  it('PROBE-15 a duplicate currency code names the field, not the value', async () => {
    const body = { code: 'QQQ', gname: 'Test currency' };
    expect((await h.request('admin', 'POST', '/core/api/currencies', body)).statusCode).toBe(201);
    const r = await h.json<Err>('admin', 'POST', '/core/api/currencies', body);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('A Currency with this code already exists');
    expect(r.body.message).not.toContain('QQQ');
  });

  it('PROBE-15 a duplicate scoped key names the field and its scope', async () => {
    const type = { id: h.fx.dictType('GENDER') };
    const first = await h.json<{ code: number }>('admin', 'POST', '/core/api/baseDictionaries', { type, gname: 'A' });
    const r = await h.json<Err>('admin', 'POST', '/core/api/baseDictionaries', {
      type,
      gname: 'B',
      code: first.body.code,
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/^A BaseDictionary with this code/);
    expect(r.body.message).not.toContain(String(first.body.code));
  });

  it('PROBE-15 deleting a referenced record names no key values', async () => {
    const r = await h.json<Err>('admin', 'DELETE', `/core/api/offices/${h.fx.offices.almaty}`);
    expect(r.status).toBe(409);
    expect(r.body.message).not.toMatch(/\d/);
    expect(r.body.message).not.toContain('Key');
  });
});

describe('fuzz findings', () => {
  it('fuzz an empty JSON body is a 400 whose field error carries invalidValue null', async () => {
    const r = await h.app.inject({
      method: 'PATCH',
      url: `/core/api/baseDictionaryTypes/${h.fx.dictType('GENDER')}`,
      headers: { authorization: `Bearer ${await h.token('admin')}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      message: 'Validation failed',
      errors: [{ entity: 'BaseDictionaryType', property: '$', invalidValue: null, message: 'must be a JSON object' }],
    });
  });

  it('fuzz a 60,000-character URL or e-mail address is refused at once, not after seconds of backtracking', async () => {
    const started = performance.now();
    const long = `${'a.'.repeat(30_000)} `;
    await expectBadProperty('POST', '/core/api/clients', { gname: 'x', siteUrl: long }, 'siteUrl');
    await expectBadProperty('POST', '/auth/api/v2/users', { username: 'longmail', email: `a@${long}` }, 'email');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
