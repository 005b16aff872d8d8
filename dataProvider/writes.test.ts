import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpResponse } from 'msw';
import { HttpError } from 'ra-core';
import { schemas } from '../schemas/index';
import { createDataProvider, STALE_VERSION_MESSAGE } from './index';
import { route, server } from './testing';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const dp = createDataProvider({ schemas, getToken: () => 'tok' });
const created = (s: { body: unknown }) => HttpResponse.json({ id: 99, ...(s.body as object) }, { status: 201 });

/** A client as the wizard's form holds it (percent already a fraction). */
const clientForm = {
  gname: 'Acme LLP',
  underSanctions: false,
  sanctionComments: 'left over from before',
  vatEnabled: true,
  vatPercent: 0.12,
  businessForm: null,
  country: { id: 5, gname: 'Kazakhstan' },
};

describe('create', () => {
  it('CLI-09 posts a client to /clients with the payload rules CLI-03/04/06 applied', async () => {
    const seen = route('/core/api/clients', created);
    const result = await dp.create('clients', { data: clientForm });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.path).toBe('/core/api/clients');
    expect(seen[0]!.query).toBe('');
    expect(seen[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(seen[0]!.body).toEqual({
      gname: 'Acme LLP',
      underSanctions: false,
      vatEnabled: true,
      vatPercent: 0.12,
      country: { id: 5 },
    });
    expect(result.data.id).toBe(99);
  });

  it('CLI-03 sends sanctionComments when underSanctions is true', async () => {
    const seen = route('/core/api/clients', created);
    await dp.create('clients', { data: { ...clientForm, underSanctions: true } });
    expect(seen[0]!.body).toMatchObject({ underSanctions: true, sanctionComments: 'left over from before' });
  });

  it('CLI-05 sends vatPercent 0 when VAT is off', async () => {
    const seen = route('/core/api/clients', created);
    await dp.create('clients', { data: { ...clientForm, vatEnabled: false } });
    expect(seen[0]!.body).toMatchObject({ vatEnabled: false, vatPercent: 0 });
  });

  it('CLI-06 sends businessForm when one is chosen, as { id }', async () => {
    const seen = route('/core/api/clients', created);
    await dp.create('clients', { data: { ...clientForm, businessForm: { id: 40, gname: 'LLP' } } });
    expect(seen[0]!.body).toMatchObject({ businessForm: { id: 40 } });
  });

  it("the client wizard's contactList is written nested with the contact rules (CLI-13/14)", async () => {
    const seen = route('/core/api/clients', created);
    const contact = {
      gname: 'Ann',
      firstPhoneNumber: '',
      emailSubscribed: false,
      language: { id: 3 },
      client: { id: 1 },
    };
    await dp.create('clients', { data: { ...clientForm, contactList: [contact] } });
    expect((seen[0]!.body as { contactList: unknown }).contactList).toEqual([
      { gname: 'Ann', firstPhoneNumber: null, emailSubscribed: false },
    ]);
  });

  it('CLI-13/14 a contact sends language only when subscribed and empty phones as null', async () => {
    const seen = route('/core/api/contacts', created);
    const contact = {
      client: { id: 12, gname: 'Acme' },
      gname: 'Ann',
      firstPhoneNumber: '',
      secondPhoneNumber: '',
      language: { id: 3, gname: 'English' },
    };
    await dp.create('contacts', { data: { ...contact, emailSubscribed: false } });
    await dp.create('contacts', { data: { ...contact, emailSubscribed: true, firstPhoneNumber: '+7 701 000 00 00' } });
    expect(seen.map((s) => s.path)).toEqual(['/core/api/contacts', '/core/api/contacts']);
    expect(seen[0]!.body).toEqual({
      client: { id: 12 },
      gname: 'Ann',
      firstPhoneNumber: null,
      secondPhoneNumber: null,
      emailSubscribed: false,
    });
    expect(seen[1]!.body).toEqual({
      client: { id: 12 },
      gname: 'Ann',
      firstPhoneNumber: '+7 701 000 00 00',
      secondPhoneNumber: null,
      emailSubscribed: true,
      language: { id: 3 },
    });
  });

  it('CLI-22 posts a contact comment with contact.id', async () => {
    const seen = route('/core/api/contactComments', created);
    await dp.create('contactComments', { data: { comment: 'Called', contact: { id: 7 } } });
    expect(seen[0]!.body).toEqual({ comment: 'Called', contact: { id: 7 } });
  });

  it('DICT-08 creates a base dictionary entry at baseDictionaries (route base-subtypes)', async () => {
    const seen = route('/core/api/baseDictionaries', created);
    await dp.create('base-subtypes', { data: { type: { id: 7, gname: 'Business form' }, gname: 'LLP', lname: '' } });
    expect(seen[0]!.path).toBe('/core/api/baseDictionaries');
    expect(seen[0]!.body).toEqual({ type: { id: 7 }, gname: 'LLP', lname: '' });
  });

  it('preset countries creates in baseDictionaries with the preset values merged', async () => {
    const seen = route('/core/api/baseDictionaries', created);
    await dp.create('countries', { data: { charCode: 'KZ', gname: 'Kazakhstan', code: 398 } });
    expect(seen[0]!.path).toBe('/core/api/baseDictionaries');
    expect(seen[0]!.body).toEqual({ charCode: 'KZ', gname: 'Kazakhstan', code: 398, type: { id: 4 } });
  });

  it('a create answer without an id rejects with an error telling what the server must return', async () => {
    route('/core/api/clients', () => new HttpResponse(null, { status: 201 }));
    await expect(dp.create('clients', { data: clientForm })).rejects.toThrow(
      /POST \/core\/api\/clients has no "id".*created object/,
    );
  });
});

/** Answers a PUT with the body it got, as the stored object (version bumped). */
const stored = (s: { body: unknown; path: string }) =>
  HttpResponse.json({ ...(s.body as object), id: Number(s.path.split('/').pop()), version: 4, _links: {} });

/** A client as `GET /clients/12?projection=full` returns it. */
const loadedClient = {
  id: 12,
  version: 3,
  createdDate: '2026-01-01T00:00:00Z',
  lastModifiedDate: '2026-01-02T00:00:00Z',
  gname: 'Acme LLP',
  underSanctions: true,
  sanctionComments: 'listed in 2025',
  siteUrl: 'https://acme.test',
  vatEnabled: true,
  vatPercent: 0.12,
  address: 'Main street 1',
  iinBin: '123456789012',
  businessForm: { id: 40, code: 1, gname: 'LLP' },
  country: { id: 5, gname: 'Kazakhstan', charCode: 'KZ' },
  sector: { id: 8, gname: 'Banking' },
  subSector: null,
  account: { bic: 'KZKOKZKX' },
  contactList: [
    {
      id: 7,
      version: 2,
      client: { id: 12, gname: 'Acme LLP' },
      gname: 'Ann',
      emailSubscribed: false,
      rankList: [{ id: 3, code: 1, gname: 'A' }],
    },
  ],
};

describe('update', () => {
  it('CLI-10 a client is updated with PUT and the whole record; an emptied businessForm and unticked underSanctions are absent, so the server clears them', async () => {
    const seen = route('/core/api/clients', stored);
    const data = { ...loadedClient, gname: 'Acme Ltd', businessForm: null, underSanctions: false };
    const result = await dp.update('clients', { id: 12, previousData: loadedClient, data });
    expect(seen).toHaveLength(1);
    expect(`${seen[0]!.method} ${seen[0]!.path}`).toBe('PUT /core/api/clients/12');
    expect(seen[0]!.headers.get('If-Match')).toBe('"3"');
    expect(seen[0]!.body).toEqual({
      gname: 'Acme Ltd',
      underSanctions: false,
      siteUrl: 'https://acme.test',
      vatEnabled: true,
      vatPercent: 0.12,
      address: 'Main street 1',
      iinBin: '123456789012',
      country: { id: 5 },
      sector: { id: 8 },
      subSector: null,
      account: { bic: 'KZKOKZKX' },
      contactList: [{ id: 7, gname: 'Ann', emailSubscribed: false, rankList: [{ id: 3 }], version: 2 }],
      version: 3,
    });
    expect(result.data).toMatchObject({ id: 12, version: 4, gname: 'Acme Ltd' });
  });

  it('CLI-10 a contactList the loaded client did not hold is not sent, even when the form holds an empty one', async () => {
    const seen = route('/core/api/clients', stored);
    const { contactList: _none, ...withoutContacts } = loadedClient;
    await dp.update('clients', {
      id: 12,
      previousData: withoutContacts,
      data: { ...withoutContacts, gname: 'Acme Ltd', contactList: [] },
    });
    expect(seen[0]!.method).toBe('PUT');
    expect(seen[0]!.body).not.toHaveProperty('contactList');
    expect(seen[0]!.body).toMatchObject({ gname: 'Acme Ltd', version: 3 });
  });

  it('CLI-10 a loaded contactList emptied in the form is sent empty (the user removed the contacts)', async () => {
    const seen = route('/core/api/clients', stored);
    await dp.update('clients', { id: 12, previousData: loadedClient, data: { ...loadedClient, contactList: [] } });
    expect((seen[0]!.body as { contactList: unknown }).contactList).toEqual([]);
  });

  it('CLI-10 a collection of a loaded contact that the contact did not hold is not sent; a new contact sends all its fields', async () => {
    const seen = route('/core/api/clients', stored);
    const previousData = {
      ...loadedClient,
      contactList: [{ id: 7, version: 2, gname: 'Ann', emailSubscribed: false }],
    };
    const data = {
      ...previousData,
      contactList: [
        { ...previousData.contactList[0], rankList: [] },
        { gname: 'Bob', rankList: [] },
      ],
    };
    await dp.update('clients', { id: 12, previousData, data });
    expect((seen[0]!.body as { contactList: unknown }).contactList).toEqual([
      { id: 7, gname: 'Ann', emailSubscribed: false, version: 2 },
      { gname: 'Bob', rankList: [] },
    ]);
  });

  const loadedPut = (collection: string) => route(collection, stored);
  const putCases = [
    {
      id: 'CLI-18',
      what: 'a contact',
      resource: 'contacts',
      path: '/core/api/contacts/7',
      previousData: {
        id: 7,
        version: 2,
        client: { id: 12, gname: 'Acme' },
        gname: 'Ann',
        firstPhoneNumber: '+7 701',
        emailSubscribed: true,
        language: { id: 3, gname: 'English' },
        rankList: [{ id: 3 }],
      },
      change: { emailSubscribed: false, firstPhoneNumber: '' },
      body: {
        client: { id: 12 },
        gname: 'Ann',
        firstPhoneNumber: null,
        emailSubscribed: false,
        rankList: [{ id: 3 }],
        version: 2,
      },
    },
    {
      id: 'CLI-23',
      what: 'a contact comment',
      resource: 'contactComments',
      path: '/core/api/contactComments/9',
      previousData: { id: 9, version: 1, contact: { id: 7 }, comment: 'Called', createdBy: 'admin' },
      change: { comment: 'Called twice' },
      body: { contact: { id: 7 }, comment: 'Called twice', version: 1 },
    },
    {
      id: 'DICT-11',
      what: 'a base dictionary entry',
      resource: 'base-subtypes',
      path: '/core/api/baseDictionaries/40',
      previousData: {
        id: 40,
        version: 1,
        type: { id: 7, code: 7, gname: 'Business form' },
        code: 1,
        gname: 'LLP',
        lname: '',
        orderliness: 1,
        charCode: null,
      },
      change: { gname: 'LLC' },
      body: { type: { id: 7 }, code: 1, gname: 'LLC', lname: '', orderliness: 1, charCode: null, version: 1 },
    },
    {
      id: 'DICT-15',
      what: 'a base dictionary type',
      resource: 'base-types',
      path: '/core/api/baseDictionaryTypes/7',
      previousData: { id: 7, version: 1, code: 7, gname: 'Business form', lname: null },
      change: { lname: 'Forme' },
      body: { code: 7, gname: 'Business form', lname: 'Forme', version: 1 },
    },
    {
      id: 'DICT-28',
      what: 'a department',
      resource: 'departments',
      path: '/core/api/departments/8',
      previousData: {
        id: 8,
        version: 5,
        gname: 'Banking',
        lname: null,
        top: false,
        businessTeam: true,
        parent: null,
        type: { id: 70, code: 7 },
        status: { id: 80 },
        officeId: 2,
        uuid: 'u-1',
        levelCode: 3,
      },
      change: { parent: { id: 1, gname: 'Root' } },
      body: {
        gname: 'Banking',
        lname: null,
        top: false,
        businessTeam: true,
        parent: { id: 1 },
        type: { id: 70 },
        status: { id: 80 },
        officeId: 2,
        version: 5,
      },
    },
    {
      id: 'OFF-05',
      what: 'an office',
      resource: 'offices',
      path: '/core/api/offices/2',
      previousData: {
        id: 2,
        version: 1,
        gfirmName: 'Almaty',
        currency: { id: 1, code: 'KZT' },
        firstPhoneNumber: '+7 727',
        zip: '050000',
      },
      change: { firstPhoneNumber: '' },
      body: { gfirmName: 'Almaty', currency: { id: 1 }, firstPhoneNumber: null, zip: '050000', version: 1 },
    },
    {
      id: 'EMP-07',
      what: 'an employee',
      resource: 'teams',
      path: '/core/api/employees/3',
      previousData: {
        id: 3,
        version: 2,
        gfirstName: 'Ann',
        glastName: 'Lee',
        office: { id: 2, gfirmName: 'Almaty' },
        birthDate: '1990-01-31',
      },
      change: { glastName: 'Smith' },
      body: { gfirstName: 'Ann', glastName: 'Smith', office: { id: 2 }, birthDate: '1990-01-31', version: 2 },
    },
    {
      id: 'EMP-19',
      what: 'a position',
      resource: 'positions',
      path: '/core/api/positions/4',
      previousData: {
        id: 4,
        version: 1,
        employee: { id: 3 },
        department: { id: 8 },
        office: { id: 2 },
        level: { id: 22 },
        dateGte: '2026-01-01',
        dateLte: null,
        main: true,
        virtual: false,
      },
      change: { dateLte: '2026-06-30' },
      body: {
        employee: { id: 3 },
        department: { id: 8 },
        office: { id: 2 },
        level: { id: 22 },
        dateGte: '2026-01-01',
        dateLte: '2026-06-30',
        main: true,
        virtual: false,
        version: 1,
      },
    },
    {
      id: 'USR-08',
      what: 'a privilege, on the auth service',
      resource: 'privileges',
      path: '/auth/api/v2/privileges/5',
      previousData: {
        id: 5,
        version: 1,
        role: { id: 2 },
        module: 'client',
        view: true,
        create: false,
        update: false,
        delete: false,
      },
      change: { update: true },
      body: { role: { id: 2 }, module: 'client', view: true, create: false, update: true, delete: false, version: 1 },
    },
    {
      id: 'USR-18',
      what: 'a currency',
      resource: 'currencies',
      path: '/core/api/currencies/1',
      previousData: { id: 1, version: 1, code: 'KZT', gname: 'Tenge', lname: 'Теңге' },
      change: { gname: 'Kazakh tenge' },
      body: { code: 'KZT', gname: 'Kazakh tenge', lname: 'Теңге', version: 1 },
    },
  ];
  for (const { id, what, resource, path, previousData, change, body } of putCases) {
    it(`${id} ${what} is updated with PUT, the whole record after the payload rules and If-Match`, async () => {
      const seen = loadedPut(path.replace(/\/\d+$/, ''));
      await dp.update(resource, { id: previousData.id, previousData, data: { ...previousData, ...change } });
      expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`PUT ${path}`]);
      expect(seen[0]!.headers.get('If-Match')).toBe(`"${previousData.version}"`);
      expect(seen[0]!.body).toEqual(body);
    });
  }

  it('DICT-11 a country (a preset over baseDictionaries) is updated with PUT on its collection, keeping the fields it does not declare', async () => {
    const seen = loadedPut('/core/api/baseDictionaries');
    const previousData = {
      id: 50,
      version: 1,
      type: { id: 4, code: 4 },
      code: 398,
      charCode: 'KZ',
      gname: 'Kazakhstan',
      lname: null,
      orderliness: 12,
    };
    await dp.update('countries', { id: 50, previousData, data: { ...previousData, gname: 'Republic of Kazakhstan' } });
    expect(`${seen[0]!.method} ${seen[0]!.path}`).toBe('PUT /core/api/baseDictionaries/50');
    expect(seen[0]!.body).toEqual({
      type: { id: 4 },
      code: 398,
      charCode: 'KZ',
      gname: 'Republic of Kazakhstan',
      lname: null,
      orderliness: 12,
      version: 1,
    });
  });

  it('USR-10 a user edited without a new password sends no password (an empty write-only field means unchanged)', async () => {
    const seen = route('/auth/api/v2/users', stored);
    const previousData = {
      id: 6,
      version: 1,
      username: 'ann',
      email: 'ann@x.test',
      employee: null,
      roles: [{ id: 2, name: 'BILL' }],
      phoneNumber: null,
      enabled: true,
    };
    await dp.update('users', {
      id: 6,
      previousData,
      data: { ...previousData, roles: [{ id: 2 }, { id: 3 }], password: '' },
    });
    expect(seen[0]!.method).toBe('PUT');
    expect(seen[0]!.body).toEqual({
      username: 'ann',
      email: 'ann@x.test',
      employee: null,
      roles: [{ id: 2 }, { id: 3 }],
      phoneNumber: null,
      enabled: true,
      version: 1,
    });
  });

  it('sends no If-Match when the previous version is unknown', async () => {
    const seen = route('/core/api/contactComments', { id: 3, comment: 'x' });
    await dp.update('contactComments', { id: 3, previousData: { id: 3 }, data: { comment: 'x' } });
    expect(seen[0]!.headers.has('If-Match')).toBe(false);
  });

  it('a 412 rejects with a message telling the user to reload', async () => {
    route('/core/api/clients', () => HttpResponse.json({ message: 'Precondition failed' }, { status: 412 }));
    const error = await dp
      .update('clients', { id: 12, previousData: { id: 12, version: 2 }, data: { id: 12, gname: 'X' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 412, message: STALE_VERSION_MESSAGE });
    expect(STALE_VERSION_MESSAGE).toBe('This record was changed by someone else. Reload to see the latest version.');
  });

  it("a 400 with errors[] rejects with the server's message and react-admin field errors", async () => {
    route('/core/api/clients', () =>
      HttpResponse.json(
        {
          message: 'Validation failed',
          errors: [
            { entity: 'Client', property: 'gname', invalidValue: null, message: 'must not be blank' },
            { entity: 'Client', property: 'account.bic', invalidValue: 'x', message: 'size must be 8' },
          ],
        },
        { status: 400 },
      ),
    );
    const error = await dp
      .update('clients', { id: 12, previousData: { id: 12 }, data: { gname: '' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      body: { errors: { gname: 'must not be blank', 'account.bic': 'size must be 8' } },
    });
  });

  it('a 409 for a duplicate unique value carries the field error, so the form shows it at the field', async () => {
    const message = 'A Currency with this code already exists';
    route('/core/api/currencies', () =>
      HttpResponse.json(
        { message, errors: [{ entity: 'Currency', property: 'code', invalidValue: null, message }] },
        { status: 409 },
      ),
    );
    const error = await dp.create('currencies', { data: { code: 'USD', gname: 'Again' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message, body: { errors: { code: message } } });
  });

  it('updateMany patches (a partial change, not a full replace) each id with only the fields given', async () => {
    const seen = route('/core/api/clients', (s) => ({ id: Number(s.path.split('/').pop()) }));
    const result = await dp.updateMany('clients', {
      ids: [12, 13],
      data: { underSanctions: true, sanctionComments: 'listed' },
    });
    expect(seen.map((s) => `${s.method} ${s.path}`).sort()).toEqual([
      'PATCH /core/api/clients/12',
      'PATCH /core/api/clients/13',
    ]);
    expect(seen.map((s) => s.body)).toEqual([
      { underSanctions: true, sanctionComments: 'listed' },
      { underSanctions: true, sanctionComments: 'listed' },
    ]);
    expect(result).toEqual({ data: [12, 13] });
  });
});

describe('delete', () => {
  it('CLI-11 deletes /clients/12 with If-Match and answers the previous record', async () => {
    const seen = route('/core/api/clients', () => new HttpResponse(null, { status: 204 }));
    const previousData = { id: 12, gname: 'Acme LLP', version: 3 };
    const result = await dp.delete('clients', { id: 12, previousData });
    expect(`${seen[0]!.method} ${seen[0]!.path}`).toBe('DELETE /core/api/clients/12');
    expect(seen[0]!.headers.get('If-Match')).toBe('"3"');
    expect(seen[0]!.body).toBeUndefined();
    expect(result).toEqual({ data: previousData });
  });

  it('deleteMany deletes each id', async () => {
    const seen = route('/core/api/contacts', () => new HttpResponse(null, { status: 204 }));
    const result = await dp.deleteMany('contacts', { ids: [1, 2] });
    expect(seen.map((s) => `${s.method} ${s.path}`).sort()).toEqual([
      'DELETE /core/api/contacts/1',
      'DELETE /core/api/contacts/2',
    ]);
    expect(result).toEqual({ data: [1, 2] });
  });
});

describe('bulk change and patch of one field', () => {
  it('bulkChange posts the ids and the patch as wire values to <collection>/bulk and answers the results', async () => {
    const answer = { ok: 1, refused: 1, results: [{ id: 4, ok: true }] };
    const seen = route('/core/api/leads/bulk', () => HttpResponse.json(answer));
    const result = await dp.bulkChange('leads', {
      ids: [4, '5'],
      patch: { businessRelationshipManager: { id: 7, gfirstName: 'Aida' } },
    });
    expect(`${seen[0]!.method} ${seen[0]!.path}`).toBe('POST /core/api/leads/bulk');
    expect(seen[0]!.body).toEqual({ ids: [4, 5], patch: { businessRelationshipManager: { id: 7 } } });
    expect(result).toEqual(answer);
    await dp.bulkChange('leads', { ids: [4], transition: { to: 2, comment: 'Called' } });
    expect(seen[1]!.body).toEqual({ ids: [4], transition: { to: 2, comment: 'Called' } });
  });

  it('patch sends a PATCH of the given field alone with If-Match; a stale row is the 412 message', async () => {
    const seen = route('/core/api/clients', () => ({ id: 12, gname: 'Acme LLP', version: 4 }));
    const previousData = { id: 12, gname: 'Acme', vatEnabled: true, vatPercent: 0.12, version: 3 };
    const result = await dp.patch('clients', { id: 12, data: { gname: 'Acme LLP' }, previousData });
    expect(`${seen[0]!.method} ${seen[0]!.path}`).toBe('PATCH /core/api/clients/12');
    expect(seen[0]!.headers.get('If-Match')).toBe('"3"');
    expect(seen[0]!.body).toEqual({ gname: 'Acme LLP' });
    expect(result.data).toMatchObject({ id: 12, version: 4 });
    server.resetHandlers();
    route('/core/api/clients', () => HttpResponse.json({ message: 'stale' }, { status: 412 }));
    await expect(dp.patch('clients', { id: 12, data: { gname: 'X' }, previousData })).rejects.toThrow(
      STALE_VERSION_MESSAGE,
    );
  });
});
