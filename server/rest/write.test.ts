import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** docs/api.md "Items and writes" and "Errors" through the HTTP API. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Rec = Record<string, unknown> & { id: number; version: number };
type Err = {
  message: string;
  errors?: Array<{ entity: string; property: string; invalidValue: unknown; message: string }>;
};
const newClient = (extra: Record<string, unknown> = {}) =>
  h.json<Rec>('billing', 'POST', '/core/api/clients', { gname: `Client ${Math.random()}`, ...extra });

describe('items', () => {
  it('GET one answers the object with ETag "<version>"', async () => {
    const r = await h.request('billing', 'GET', `/core/api/clients/${h.fx.clients.acme}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers.etag).toBe('"0"');
    expect(r.json()).toMatchObject({ id: h.fx.clients.acme, gname: 'Acme LLP', version: 0 });
  });

  it('answers 404 { message } for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc']) {
      const r = await h.json<Err>('billing', 'GET', `/core/api/clients/${id}`);
      expect(r.status).toBe(404);
      expect(r.body.message).toBeTruthy();
    }
    expect((await h.request('billing', 'PATCH', '/core/api/clients/999999', { gname: 'x' })).statusCode).toBe(404);
    expect((await h.request('billing', 'DELETE', '/core/api/clients/999999')).statusCode).toBe(404);
  });

  it('POST answers 201 with Location and the created object, audit columns set', async () => {
    const r = await h.json<Rec>('billing', 'POST', '/core/api/clients', {
      gname: 'Hooli',
      country: { id: h.fx.dict('COUNTRY', 826) },
    });
    expect(r.status).toBe(201);
    expect(r.headers.location).toBe(`/core/api/clients/${r.body.id}`);
    expect(r.body).toMatchObject({
      gname: 'Hooli',
      version: 0,
      createdBy: 'billing',
      lastModifiedBy: 'billing',
      underSanctions: false,
      vatPercent: 0,
    });
    expect((r.body.country as { gname: string }).gname).toBe('United Kingdom');
  });

  it('H12 accepts POST at the trailing-slash path /baseDictionaries/', async () => {
    const r = await h.json<Rec>('admin', 'POST', '/core/api/baseDictionaries/', {
      type: { id: h.fx.dictType('GENDER') },
      gname: 'Other',
    });
    expect(r.status).toBe(201);
  });

  it('DICT-09/10 numbers a new dictionary entry max(code)+1 and max(orderliness)+1 within its type', async () => {
    const r = await h.json<Rec>('admin', 'POST', '/core/api/baseDictionaries', {
      type: { id: h.fx.dictType('OFFICE_TYPE') },
      gname: 'Virtual office',
    });
    expect(r.body).toMatchObject({ code: 4, orderliness: 4 });
  });

  it('DICT-03 numbers a new dictionary type count+2', async () => {
    const [{ n }] = (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM base_dictionary_types')) as [
      { n: number },
    ];
    const r = await h.json<Rec>('admin', 'POST', '/core/api/baseDictionaryTypes', { gname: 'New type' });
    expect(r.body.code).toBe(n + 2);
  });

  it('accepts a DELETE with Content-Type: application/json and no body (react-admin fetchJson)', async () => {
    const { body } = await newClient();
    const r = await h.request('billing', 'DELETE', `/core/api/clients/${body.id}`, undefined, {
      'content-type': 'application/json',
    });
    expect(r.statusCode).toBe(204);
    const empty = await h.request('billing', 'POST', '/core/api/clients', undefined, {
      'content-type': 'application/json',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('DELETE answers 204, then the record is gone', async () => {
    const { body } = await newClient();
    expect((await h.request('billing', 'DELETE', `/core/api/clients/${body.id}`)).statusCode).toBe(204);
    expect((await h.request('billing', 'GET', `/core/api/clients/${body.id}`)).statusCode).toBe(404);
  });
});

describe('PUT, PATCH and optimistic locking', () => {
  it('PATCH merges, PUT replaces writable fields; each bumps the version', async () => {
    const { body } = await newClient({ address: 'Main st 1', iinBin: '42' });
    const patched = await h.json<Rec>('billing', 'PATCH', `/core/api/clients/${body.id}`, { address: 'Main st 2' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ address: 'Main st 2', iinBin: '42', gname: body.gname, version: 1 });
    expect(patched.headers.etag).toBe('"1"');
    const put = await h.json<Rec>('billing', 'PUT', `/core/api/clients/${body.id}`, { gname: 'Replaced' });
    expect(put.body).toMatchObject({
      gname: 'Replaced',
      address: null,
      iinBin: null,
      version: 2,
      underSanctions: false,
    });
  });

  it('answers 412 for a stale If-Match, and writes nothing', async () => {
    const { body } = await newClient();
    await h.request('billing', 'PATCH', `/core/api/clients/${body.id}`, { address: 'v1' });
    const stale = await h.json<Err>(
      'billing',
      'PATCH',
      `/core/api/clients/${body.id}`,
      { address: 'v2' },
      { 'if-match': '"0"' },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.message).toBeTruthy();
    expect(
      (await h.request('billing', 'DELETE', `/core/api/clients/${body.id}`, undefined, { 'if-match': '"0"' }))
        .statusCode,
    ).toBe(412);
    const fresh = await h.json<Rec>(
      'billing',
      'PATCH',
      `/core/api/clients/${body.id}`,
      { address: 'v3' },
      { 'if-match': '"1"' },
    );
    expect(fresh.body).toMatchObject({ address: 'v3', version: 2 });
  });

  it('answers 412 for a stale version in the body', async () => {
    const { body } = await newClient();
    await h.request('billing', 'PATCH', `/core/api/clients/${body.id}`, { address: 'v1' });
    expect(
      (await h.request('billing', 'PATCH', `/core/api/clients/${body.id}`, { address: 'v2', version: 0 })).statusCode,
    ).toBe(412);
  });
});

describe('validation (400 Validation failed)', () => {
  const expectField = async (
    url: string,
    payload: unknown,
    property: string,
    message: string | RegExp,
    user = 'admin',
    method: 'POST' | 'PATCH' = 'POST',
  ) => {
    const r = await h.json<Err>(user, method, url, payload);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.message).toBe('Validation failed');
    const e = r.body.errors!.find((x) => x.property === property);
    expect(e, JSON.stringify(r.body.errors)).toBeDefined();
    expect(e!.message).toMatch(message);
    return e!;
  };

  it('requires required fields: must not be blank, with entity and invalidValue', async () => {
    const e = await expectField('/core/api/clients', { address: 'x' }, 'gname', 'must not be blank', 'billing');
    expect(e).toEqual({ entity: 'Client', property: 'gname', invalidValue: null, message: 'must not be blank' });
    await expectField('/core/api/clients', { gname: '   ' }, 'gname', 'must not be blank', 'billing');
    await expectField(
      `/core/api/clients/${h.fx.clients.acme}`,
      { gname: null },
      'gname',
      'must not be blank',
      'billing',
      'PATCH',
    );
  });

  it('refuses unknown properties instead of dropping them', async () => {
    await expectField('/core/api/clients', { gname: 'X', nmae: 'typo' }, 'nmae', 'unknown property', 'billing');
    await expectField(
      '/core/api/clients',
      { gname: 'X', account: { bic: 'B', swift: 'S' } },
      'account.swift',
      'unknown property',
      'billing',
    );
  });

  it('checks types, lengths, patterns, formats, ranges and enum values', async () => {
    await expectField(
      '/core/api/clients',
      { gname: 'X', underSanctions: 'yes' },
      'underSanctions',
      'must be a boolean',
      'billing',
    );
    await expectField(
      '/core/api/clients',
      { gname: 'X', iinBin: '1'.repeat(33) },
      'iinBin',
      /size must be between/,
      'billing',
    );
    await expectField(
      '/core/api/clients',
      { gname: 'X', vatPercent: 12 },
      'vatPercent',
      'must be less than or equal to 1',
      'billing',
    );
    await expectField(
      '/core/api/clients',
      { gname: 'X', vatPercent: 'lots' },
      'vatPercent',
      'must be a number',
      'billing',
    );
    await expectField(
      '/core/api/clients',
      { gname: 'X', siteUrl: 'not a url' },
      'siteUrl',
      'must be a valid URL',
      'billing',
    );
    await expectField('/core/api/clients', { gname: 'X', sector: 'abc' }, 'sector', /reference/, 'billing');
    await expectField('/core/api/currencies', { code: 'usd', gname: 'x' }, 'code', 'must match', 'admin');
    await expectField(
      '/core/api/contacts',
      { client: { id: h.fx.clients.acme }, gname: 'X', firstEmail: 'nope' },
      'firstEmail',
      'must be a well-formed email address',
      'billing',
    );
    await expectField(
      '/auth/api/v2/privileges',
      { role: { id: 1 }, module: 'bogus' },
      'module',
      'must be one of',
      'admin',
    );
    await expectField(
      '/core/api/employees',
      { gfirstName: 'A', glastName: 'B', birthDate: '2026-02-30' },
      'birthDate',
      'must be a date',
      'admin',
    );
  });

  it('refuses a dictionary entry of another dictionary type', async () => {
    const e = await expectField(
      '/core/api/clients',
      { gname: 'X', country: { id: h.fx.dict('GENDER', 1) } },
      'country',
      'must be an entry of dictionary COUNTRY',
      'billing',
    );
    expect(e.invalidValue).toEqual({ id: h.fx.dict('GENDER', 1) });
    await expectField(
      `/core/api/contacts/${h.fx.contacts.wile}`,
      { rankList: [{ id: h.fx.dict('CONTACT_STAGE', 1) }] },
      'rankList',
      'must be an entry of dictionary CONTACT_RANK',
      'billing',
      'PATCH',
    );
  });

  it('answers 400 on the field for a reference to a missing row', async () => {
    await expectField(
      '/core/api/clients',
      { gname: 'X', sector: { id: 987654 } },
      'sector',
      'references a record that does not exist',
      'billing',
    );
  });

  it('answers 400, never 500, for malformed JSON or a non-object body', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/core/api/clients',
      headers: { authorization: `Bearer ${await h.token('billing')}`, 'content-type': 'application/json' },
      payload: '{"gname":',
    });
    expect(bad.statusCode).toBe(400);
    expect((await h.request('billing', 'POST', '/core/api/clients', [1, 2])).statusCode).toBe(400);
  });
});

describe('integrity (409)', () => {
  it('answers 409 for a duplicate unique value', async () => {
    const r = await h.json<Err>('admin', 'POST', '/core/api/currencies', { code: 'USD', gname: 'Again' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('A Currency with this code already exists');
    // named at the field, so the form shows it there; never the stored value
    expect(r.body.errors).toEqual([
      { entity: 'Currency', property: 'code', invalidValue: null, message: 'A Currency with this code already exists' },
    ]);
    expect(JSON.stringify(r.body)).not.toContain('USD');
    const scoped = await h.json<Err>('admin', 'POST', '/core/api/baseDictionaries', {
      type: { id: h.fx.dictType('GENDER') },
      code: 1,
      gname: 'Dup',
    });
    expect(scoped.status).toBe(409);
  });

  it('names a duplicate among nested rows at their list, since the form has no field of the child', async () => {
    const r = await h.json<Err>('admin', 'POST', '/auth/api/v2/roles', {
      name: 'DUPLICATE_MODULES',
      privilegeList: [
        { module: 'client', view: true },
        { module: 'client', view: false },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.errors).toEqual([
      { entity: 'Role', property: 'privilegeList', invalidValue: null, message: r.body.message },
    ]);
    expect(r.body.message).toMatch(/^A Privilege with this module already exists/);
    // all or nothing: the role itself was not created
    const roles = await h.json<{ _embedded?: { roles: Array<{ name: string }> } }>(
      'admin',
      'GET',
      '/auth/api/v2/roles?size=200',
    );
    expect((roles.body._embedded?.roles ?? []).map((x) => x.name)).not.toContain('DUPLICATE_MODULES');
  });

  it('answers 409 when deleting a row other rows still reference (restrict)', async () => {
    expect((await h.request('admin', 'DELETE', `/core/api/offices/${h.fx.offices.almaty}`)).statusCode).toBe(409);
    expect((await h.request('admin', 'GET', `/core/api/offices/${h.fx.offices.almaty}`)).statusCode).toBe(200);
  });
});

describe('wire units and associations', () => {
  it('CLI-04/05 stores vatPercent as a fraction: 0.12 round-trips as 0.12', async () => {
    const { body } = await newClient({ vatEnabled: true, vatPercent: 0.12 });
    expect(body.vatPercent).toBe(0.12);
    const [row] = await h.db.query<{ vat_percent: string }>('SELECT vat_percent FROM clients WHERE id = $1', [body.id]);
    expect(Number(row!.vat_percent)).toBe(0.12);
    expect((await h.json<Rec>('billing', 'GET', `/core/api/clients/${body.id}`)).body.vatPercent).toBe(0.12);
  });

  it('accepts references as { id }, an SDR URI string, or null', async () => {
    const { body } = await newClient({ sector: `/core/api/departments/${h.fx.departments.sector}` });
    expect((body.sector as { id: number }).id).toBe(h.fx.departments.sector);
    const cleared = await h.json<Rec>('billing', 'PATCH', `/core/api/clients/${body.id}`, { sector: null });
    expect(cleared.body.sector).toBeNull();
  });

  it('CLI-14 stores an empty phone number as null', async () => {
    const r = await h.json<Rec>('billing', 'POST', '/core/api/contacts', {
      client: { id: h.fx.clients.acme },
      gname: 'Phone less',
      firstPhoneNumber: '',
      secondPhoneNumber: null,
    });
    expect(r.status).toBe(201);
    expect(r.body.firstPhoneNumber).toBeNull();
    expect(r.body.secondPhoneNumber).toBeNull();
  });

  it('writes nested contactList with the client in one transaction (create, update, delete by id)', async () => {
    const created = await newClient({ contactList: [{ gname: 'First' }, { gname: 'Second', firstEmail: 's@x.test' }] });
    expect(created.status).toBe(201);
    const contacts = async () =>
      (
        await h.json<{ _embedded: { contacts: Rec[] } }>(
          'billing',
          'GET',
          `/core/api/contacts?client.id=${created.body.id}&sort=gname,asc`,
        )
      ).body._embedded.contacts;
    const [first, second] = (await contacts()) as [Rec, Rec];
    expect([first.gname, second.gname]).toEqual(['First', 'Second']);
    const patched = await h.request('billing', 'PATCH', `/core/api/clients/${created.body.id}`, {
      contactList: [{ id: first.id, gname: 'First renamed' }, { gname: 'Third' }],
    });
    expect(patched.statusCode).toBe(200);
    expect((await contacts()).map((c) => c.gname)).toEqual(['First renamed', 'Third']);
    const bad = await h.json<Err>('billing', 'PATCH', `/core/api/clients/${created.body.id}`, {
      gname: 'Changed',
      contactList: [{ gname: '' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors![0]!.property).toBe('contactList[0].gname');
    expect((await h.json<Rec>('billing', 'GET', `/core/api/clients/${created.body.id}`)).body.gname).toBe(
      created.body.gname,
    );
  });

  it('writes refList and dictionaryList as [{ id }] and returns them embedded', async () => {
    const ranks = [h.fx.dict('CONTACT_RANK', 1), h.fx.dict('CONTACT_RANK', 2)];
    const r = await h.json<Rec>('billing', 'PATCH', `/core/api/contacts/${h.fx.contacts.wile}`, {
      rankList: ranks.map((id) => ({ id })),
    });
    expect((r.body.rankList as Array<{ id: number; code: number }>).map((x) => x.code)).toEqual([1, 2]);
    const [{ id: adminRole }] = (await h.db.query<{ id: number }>("SELECT id FROM roles WHERE name = 'ADMIN'")) as [
      { id: number },
    ];
    const user = await h.json<Rec>('admin', 'POST', '/auth/api/v2/users', {
      username: 'newbie',
      password: 'secret-pass',
      roles: [{ id: adminRole }],
    });
    expect(user.status).toBe(201);
    expect(user.body.roles).toEqual([
      { id: adminRole, name: 'ADMIN', _links: { self: { href: `/auth/api/v2/roles/${adminRole}` } } },
    ]);
    expect(user.body).not.toHaveProperty('password');
    const [row] = await h.db.query<{ password: string }>('SELECT password FROM app_users WHERE id = $1', [
      user.body.id,
    ]);
    expect(row!.password).toMatch(/^\$2[aby]\$10\$/);
    await h.request('admin', 'PUT', `/auth/api/v2/users/${user.body.id}`, { username: 'newbie', enabled: false });
    const [after] = await h.db.query<{ password: string }>('SELECT password FROM app_users WHERE id = $1', [
      user.body.id,
    ]);
    expect(after!.password).toBe(row!.password);
  });

  it('EMP-15/16 defaults level to entry 22 and moves dateLte to the end of its month', async () => {
    const r = await h.json<Rec>('admin', 'POST', '/core/api/positions', {
      employee: { id: h.fx.employees.boris },
      department: { id: h.fx.departments.sector2 },
      office: { id: h.fx.offices.london },
      dateGte: '2026-01-01',
      dateLte: '2026-02-10',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.dateLte).toBe('2026-02-28');
    expect((r.body.level as { id: number }).id).toBe(22);
  });
});

describe('authentication and privileges', () => {
  it('answers 401 with WWW-Authenticate: Bearer without a token', async () => {
    const r = await h.request(null, 'GET', '/core/api/clients');
    expect(r.statusCode).toBe(401);
    expect(r.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(r.json().message).toBeTruthy();
    expect((await h.request(null, 'POST', '/core/api/clients', { gname: 'x' })).statusCode).toBe(401);
  });

  it('answers 403 { message } without the module privilege, for every verb', async () => {
    const id = h.fx.clients.acme;
    for (const [method, url] of [
      ['GET', '/core/api/clients'],
      ['GET', `/core/api/clients/${id}`],
      ['POST', '/core/api/clients'],
      ['PATCH', `/core/api/clients/${id}`],
      ['PUT', `/core/api/clients/${id}`],
      ['DELETE', `/core/api/clients/${id}`],
    ] as const) {
      const r = await h.json<Err>(
        'member',
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : { gname: 'x' },
      );
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.body.message).toBeTruthy();
    }
  });

  it('lets a module view privilege read but not write; admin-only entities refuse others', async () => {
    expect((await h.request('member', 'GET', '/core/api/departments')).statusCode).toBe(200);
    expect((await h.request('member', 'POST', '/core/api/departments', { gname: 'x' })).statusCode).toBe(403);
    expect((await h.request('billing', 'GET', '/auth/api/v2/roles')).statusCode).toBe(403);
    expect((await h.request('member', 'GET', '/core/api/baseDictionaries?size=1')).statusCode).toBe(200);
    expect((await h.request('member', 'POST', '/core/api/baseDictionaries', { gname: 'x' })).statusCode).toBe(403);
  });

  it('AUTH-13 refuses a NO_ACCESS user on the data API', async () => {
    expect((await h.request('noaccess', 'GET', '/core/api/departments')).statusCode).toBe(401);
  });
});
