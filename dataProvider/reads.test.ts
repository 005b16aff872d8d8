import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpResponse } from 'msw';
import { defineEntity, f } from '../schemas/define';
import { schemas } from '../schemas/index';
import { createDataProvider } from './index';
import { halPage, route, server } from './testing';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const dp = createDataProvider({ schemas, getToken: () => 'tok' });
const page1 = { page: 1, perPage: 20 };
const newest = { field: 'lastModifiedDate', order: 'DESC' as const };
const acme = { id: 12, gname: 'Acme LLP', version: 3, _links: { self: { href: '/core/api/clients/12' } } };

describe('getList', () => {
  it('CLI-07 lists clients with projection clientList, 0-based page, sort and dotted filters', async () => {
    const seen = route('/core/api/clients', halPage('clients', [acme], 51));
    const result = await dp.getList('clients', { pagination: page1, sort: newest, filter: { country: { id: 5 } } });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.path).toBe('/core/api/clients');
    expect(seen[0]!.query).toBe('page=0&size=20&sort=lastModifiedDate,desc&projection=clientList&country.id=5');
    expect(result).toEqual({ data: [{ id: 12, gname: 'Acme LLP', version: 3 }], total: 51 });
  });

  it('SHELL-26/27/28 writes nested filters with dots, arrays with commas and drops empty values', async () => {
    const seen = route('/core/api/clients', halPage('clients', []));
    await dp.getList('clients', {
      pagination: { page: 3, perPage: 50 },
      sort: { field: 'gname', order: 'ASC' },
      filter: {
        q: '',
        country: { id: 5 },
        'sector.id.in': [1, 2, 3],
        underSanctions: null,
        businessForm: { id: '' },
        tags: [],
      },
    });
    expect(seen[0]!.query).toBe('page=2&size=50&sort=gname,asc&projection=clientList&country.id=5&sector.id.in=1,2,3');
  });

  it("maps react-admin's q filter to search", async () => {
    const seen = route('/core/api/clients', halPage('clients', []));
    await dp.getList('clients', { pagination: page1, sort: newest, filter: { q: 'acme' } });
    expect(seen[0]!.query).toBe('page=0&size=20&sort=lastModifiedDate,desc&projection=clientList&search=acme');
  });

  it('DICT-07 lists base dictionary entries (route base-subtypes) by type code', async () => {
    const seen = route(
      '/core/api/baseDictionaries',
      halPage('baseDictionaries', [{ id: 40, code: 1, gname: 'LLP' }], 6),
    );
    const result = await dp.getList('base-subtypes', {
      pagination: page1,
      sort: { field: 'code', order: 'ASC' },
      filter: { q: 'l', type: { code: 7 } },
    });
    expect(seen[0]!.path).toBe('/core/api/baseDictionaries');
    expect(seen[0]!.query).toBe('page=0&size=20&sort=code,asc&projection=full&search=l&type.code=7');
    expect(result).toEqual({ data: [{ id: 40, code: 1, gname: 'LLP' }], total: 6 });
  });

  it('maps route teams to the employees collection', async () => {
    const seen = route('/core/api/employees', halPage('employees', []));
    await dp.getList('teams', { pagination: page1, sort: newest, filter: {} });
    expect(seen[0]!.path).toBe('/core/api/employees');
  });

  it('preset countries lists baseDictionaries with type.code=4 that the user filter cannot override', async () => {
    const seen = route(
      '/core/api/baseDictionaries',
      halPage('baseDictionaries', [{ id: 8, charCode: 'KZ', gname: 'Kazakhstan' }]),
    );
    const result = await dp.getList('countries', {
      pagination: page1,
      sort: { field: 'gname', order: 'ASC' },
      filter: { q: 'ka', 'type.code': 9 },
    });
    expect(seen[0]!.query).toBe('page=0&size=20&sort=gname,asc&projection=full&search=ka&type.code=4');
    expect(result.data).toEqual([{ id: 8, charCode: 'KZ', gname: 'Kazakhstan' }]);
  });

  it("merges the schema's list defaultFilter unless the user filter overrides it", async () => {
    const matters = defineEntity({
      name: 'matters',
      entityName: 'Matter',
      label: 'Matters',
      area: 'crm',
      fields: { gname: f.text(), status: f.dictionary('MATTER_STATUS') },
      list: { defaultFilter: { 'status.code.ne': 3 } },
    });
    const withMatters = createDataProvider({ schemas: [matters], getToken: () => null });
    const seen = route('/core/api/matters', halPage('matters', []));
    await withMatters.getList('matters', { pagination: page1, sort: newest, filter: {} });
    await withMatters.getList('matters', { pagination: page1, sort: newest, filter: { 'status.code.ne': 5 } });
    expect(seen.map((s) => s.query)).toEqual([
      'page=0&size=20&sort=lastModifiedDate,desc&projection=full&status.code.ne=3',
      'page=0&size=20&sort=lastModifiedDate,desc&projection=full&status.code.ne=5',
    ]);
  });

  it("falls back to the schema's default sort when react-admin gives no sort field", async () => {
    const seen = route('/core/api/contactComments', halPage('contactComments', []));
    await dp.getList('contactComments', { pagination: page1, filter: {} });
    expect(seen[0]!.query).toBe('page=0&size=20&sort=createdDate,desc&projection=simple');
  });

  it('meta.projection overrides the list projection', async () => {
    const seen = route('/core/api/clients', halPage('clients', []));
    await dp.getList('clients', { pagination: page1, sort: newest, filter: {}, meta: { projection: 'full' } });
    expect(seen[0]!.query).toBe('page=0&size=20&sort=lastModifiedDate,desc&projection=full');
  });

  it('a missing _embedded rejects with an error telling what the server must return', async () => {
    route('/core/api/clients', { page: { size: 20, totalElements: 0, totalPages: 0, number: 0 } });
    await expect(dp.getList('clients', { pagination: page1, sort: newest, filter: {} })).rejects.toThrow(
      /"_embedded\.clients" is missing.*"_embedded": \{ "<collection>": \[\.\.\.\] \}, "page": \{ "totalElements"/,
    );
  });

  it('a missing page rejects with an error naming page.totalElements', async () => {
    route('/core/api/clients', { _embedded: { clients: [] } });
    await expect(dp.getList('clients', { pagination: page1, sort: newest, filter: {} })).rejects.toThrow(
      /"page\.totalElements" is missing/,
    );
  });

  it('an unknown resource rejects with an error telling where to declare it', async () => {
    await expect(dp.getList('nope', { pagination: page1, sort: newest, filter: {} })).rejects.toThrow(
      /no resource "nope".*schemas\/index\.ts/,
    );
  });
});

describe('getManyReference', () => {
  it('CLI-16 lists contacts by client.id with projection full, reading _embedded.contacts and page.totalElements', async () => {
    const seen = route(
      '/core/api/contacts',
      halPage(
        'contacts',
        [
          { id: 1, gname: 'Ann' },
          { id: 2, gname: 'Bob' },
        ],
        42,
      ),
    );
    const result = await dp.getManyReference('contacts', {
      target: 'client',
      id: 12,
      pagination: page1,
      sort: newest,
      filter: {},
    });
    expect(seen[0]!.path).toBe('/core/api/contacts');
    expect(seen[0]!.query).toBe('page=0&size=20&sort=lastModifiedDate,desc&projection=full&client.id=12');
    expect(result).toEqual({
      data: [
        { id: 1, gname: 'Ann' },
        { id: 2, gname: 'Bob' },
      ],
      total: 42,
    });
  });

  it('CLI-21 lists contact comments by contactId, projection simple, size 20, sort createdDate desc', async () => {
    const seen = route('/core/api/contactComments', halPage('contactComments', [{ id: 3, comment: 'Called' }], 1));
    const result = await dp.getManyReference('contactComments', {
      target: 'contactId',
      id: 7,
      pagination: page1,
      sort: { field: 'createdDate', order: 'DESC' },
      filter: {},
    });
    expect(seen[0]!.query).toBe('page=0&size=20&sort=createdDate,desc&projection=simple&contactId=7');
    expect(result).toEqual({ data: [{ id: 3, comment: 'Called' }], total: 1 });
  });
});

describe('getOne and getMany', () => {
  it("CLI-08 getOne reads /clients/12 with the schema's default projection", async () => {
    const seen = route('/core/api/clients', acme);
    const result = await dp.getOne('clients', { id: 12 });
    expect(`${seen[0]!.path}?${seen[0]!.query}`).toBe('/core/api/clients/12?projection=full');
    expect(result).toEqual({ data: { id: 12, gname: 'Acme LLP', version: 3 } });
  });

  it('CLI-15 getOne of a contact uses projection full', async () => {
    const seen = route('/core/api/contacts', { id: 3, gname: 'Ann' });
    await dp.getOne('contacts', { id: 3 });
    expect(`${seen[0]!.path}?${seen[0]!.query}`).toBe('/core/api/contacts/3?projection=full');
  });

  it('getOne takes the projection from meta.projection when given', async () => {
    const seen = route('/core/api/contactComments', { id: 3, comment: 'x' });
    await dp.getOne('contactComments', { id: 3 });
    await dp.getOne('contactComments', { id: 3, meta: { projection: 'full' } });
    expect(seen.map((s) => `${s.path}?${s.query}`)).toEqual([
      '/core/api/contactComments/3?projection=simple',
      '/core/api/contactComments/3?projection=full',
    ]);
  });

  it('preset getOne reads the target collection', async () => {
    const seen = route('/core/api/baseDictionaries', { id: 8, gname: 'Kazakhstan' });
    await dp.getOne('countries', { id: 8 });
    expect(`${seen[0]!.path}?${seen[0]!.query}`).toBe('/core/api/baseDictionaries/8?projection=full');
  });

  it('getMany asks for id.in with a page as large as the id list', async () => {
    const seen = route('/core/api/clients', halPage('clients', [{ id: 1 }, { id: 2 }, { id: 3 }]));
    const result = await dp.getMany('clients', { ids: [1, 2, 3] });
    expect(seen[0]!.query).toBe('id.in=1,2,3&size=3');
    expect(result.data.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('getMany with no ids makes no call', async () => {
    const seen = route('/core/api/clients', () => HttpResponse.json({}, { status: 500 }));
    expect(await dp.getMany('clients', { ids: [] })).toEqual({ data: [] });
    expect(seen).toHaveLength(0);
  });
});
