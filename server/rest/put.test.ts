import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/**
 * Updates are PUT: the body replaces every writable field (an omitted one becomes its default or
 * null), nested collections are left alone unless present. Each test reads the stored result
 * back with a GET after the PUT.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Rec = Record<string, unknown> & { id: number; version: number };

/** POSTs `created`, PUTs `replacement` with If-Match, and answers the record a GET then reads. */
async function putThenGet(
  user: string,
  path: string,
  created: Record<string, unknown>,
  replacement: (rec: Rec) => Record<string, unknown>,
): Promise<{ before: Rec; after: Rec }> {
  const post = await h.json<Rec>(user, 'POST', path, created);
  expect(post.status, JSON.stringify(post.body)).toBe(201);
  const put = await h.json<Rec>(user, 'PUT', `${path}/${post.body.id}`, replacement(post.body), {
    'if-match': `"${post.body.version}"`,
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const get = await h.json<Rec>(user, 'GET', `${path}/${post.body.id}`);
  expect(get.status).toBe(200);
  expect(get.body.version).toBe(post.body.version + 1);
  return { before: post.body, after: get.body };
}

const letters = () =>
  Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

describe('PUT replaces', () => {
  it('CLI-10 a client is updated with PUT: no businessForm and underSanctions false clear both on the server; contacts stay', async () => {
    const { after } = await putThenGet(
      'billing',
      '/core/api/clients',
      {
        gname: 'Sanctioned Ltd',
        businessForm: { id: h.fx.dict('BUSINESS_FORM', 1) },
        underSanctions: true,
        sanctionComments: 'listed in 2025',
        address: 'Old street 1',
        contactList: [{ gname: 'Survivor' }],
      },
      () => ({ gname: 'Cleared Ltd', underSanctions: false, sanctionComments: 'still listed' }),
    );
    expect(after).toMatchObject({
      gname: 'Cleared Ltd',
      businessForm: null,
      underSanctions: false,
      sanctionComments: null,
      address: null,
    });
    const contacts = await h.json<{ _embedded: { contacts: Rec[] } }>(
      'billing',
      'GET',
      `/core/api/contacts?client.id=${after.id}`,
    );
    expect(contacts.body._embedded.contacts.map((c) => c.gname)).toEqual(['Survivor']);
  });

  it('CLI-18 a contact is updated with PUT: omitted fields become null, language only while subscribed', async () => {
    const { after } = await putThenGet(
      'billing',
      '/core/api/contacts',
      {
        client: { id: h.fx.clients.acme },
        gname: 'Wile',
        gjobTitle: 'Coyote',
        emailSubscribed: true,
        language: { id: h.fx.dict('LANGUAGE', 1) },
      },
      () => ({
        client: { id: h.fx.clients.acme },
        gname: 'Wile E.',
        emailSubscribed: false,
        language: { id: h.fx.dict('LANGUAGE', 1) },
      }),
    );
    expect(after).toMatchObject({ gname: 'Wile E.', gjobTitle: null, emailSubscribed: false, language: null });
  });

  it('CLI-23 a contact comment is updated with PUT', async () => {
    const { after } = await putThenGet(
      'billing',
      '/core/api/contactComments',
      { contact: { id: h.fx.contacts.wile }, comment: 'First words' },
      () => ({ contact: { id: h.fx.contacts.wile }, comment: 'Second thoughts' }),
    );
    expect(after.comment).toBe('Second thoughts');
  });

  it('OFF-05 an office is updated with PUT: omitted fields become null', async () => {
    const { after } = await putThenGet(
      'admin',
      '/core/api/offices',
      { gfirmName: 'Bureau Paris', physicalCity: 'Paris', zip: '75001', currency: { id: h.fx.currencies.usd } },
      () => ({ gfirmName: 'Bureau Lyon', physicalCity: 'Lyon' }),
    );
    expect(after).toMatchObject({ gfirmName: 'Bureau Lyon', physicalCity: 'Lyon', zip: null, currency: null });
  });

  it('EMP-07 an employee is updated with PUT: omitted fields become null', async () => {
    const { after } = await putThenGet(
      'admin',
      '/core/api/employees',
      { gfirstName: 'Dana', glastName: 'Doe', lfirstName: 'Дана', office: { id: h.fx.offices.almaty } },
      () => ({ gfirstName: 'Dana', glastName: 'Dale' }),
    );
    expect(after).toMatchObject({ glastName: 'Dale', lfirstName: null, office: null });
  });

  it('EMP-19 a position is updated with PUT: omitted fields take their default or null', async () => {
    const { after } = await putThenGet(
      'admin',
      '/core/api/positions',
      {
        employee: { id: h.fx.employees.carl },
        department: { id: h.fx.departments.sector },
        office: { id: h.fx.offices.london },
        dateGte: '2025-01-01',
        dateLte: '2025-06-10',
        virtual: true,
        main: false,
      },
      (rec) => ({
        employee: { id: h.fx.employees.carl },
        department: rec.department,
        office: { id: h.fx.offices.almaty },
        dateGte: '2025-02-01',
      }),
    );
    expect(after).toMatchObject({ dateGte: '2025-02-01', dateLte: null, virtual: false, main: true });
    expect((after.office as { id: number }).id).toBe(h.fx.offices.almaty);
    expect((after.level as { id: number }).id).toBe(22);
  });

  it('USR-08 a privilege is edited with PUT on the auth service: omitted flags become false', async () => {
    const role = await h.json<Rec>('admin', 'POST', '/auth/api/v2/roles', { name: `PUT_ROLE_${letters()}` });
    expect(role.status).toBe(201);
    const { after } = await putThenGet(
      'admin',
      '/auth/api/v2/privileges',
      { role: { id: role.body.id }, module: 'client', view: true, create: true, delete: true },
      () => ({ role: { id: role.body.id }, module: 'client', view: true, update: true }),
    );
    expect(after).toMatchObject({ module: 'client', view: true, create: false, update: true, delete: false });
  });

  it('USR-18 a currency is updated with PUT: omitted fields become null', async () => {
    const code = letters();
    const { after } = await putThenGet(
      'admin',
      '/core/api/currencies',
      { code, gname: 'Test money', lname: 'Деньги' },
      () => ({ code, gname: 'Renamed money' }),
    );
    expect(after).toMatchObject({ code, gname: 'Renamed money', lname: null });
  });

  it('DICT-11 a base dictionary entry is updated with PUT: omitted fields become null', async () => {
    const type = { id: h.fx.dictType('GENDER') };
    const { after } = await putThenGet(
      'admin',
      '/core/api/baseDictionaries',
      { type, gname: 'Unspecified', lname: 'Не указан', charCode: 'U' },
      (rec) => ({ type, code: rec.code, orderliness: rec.orderliness, gname: 'Not stated' }),
    );
    expect(after).toMatchObject({ gname: 'Not stated', lname: null, charCode: null });
  });

  it('DICT-15 a base dictionary type is updated with PUT: omitted fields become null, the code as sent', async () => {
    const { before, after } = await putThenGet(
      'admin',
      '/core/api/baseDictionaryTypes',
      { gname: 'Put type', lname: 'Тип' },
      (rec) => ({ code: rec.code, gname: 'Put type renamed' }),
    );
    expect(after).toMatchObject({ code: before.code, gname: 'Put type renamed', lname: null });
  });

  it('DICT-28 a department is updated with PUT: omitted fields take their default or null', async () => {
    const type = { id: h.fx.dict('DEPARTMENT_TYPE', 7) };
    const status = { id: h.fx.dict('DEPARTMENT_STATUS', 1) };
    const { after } = await putThenGet(
      'admin',
      '/core/api/departments',
      { gname: 'Mining', lname: 'Горное дело', type, status, top: true, parent: { id: h.fx.departments.firm } },
      () => ({ gname: 'Mining and metals', type, status }),
    );
    expect(after).toMatchObject({ gname: 'Mining and metals', lname: null, top: false, parent: null });
  });
});
