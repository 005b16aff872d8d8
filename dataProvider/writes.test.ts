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
    expect(seen[0]!.body).toEqual({ gname: 'Acme LLP', underSanctions: false, vatEnabled: true, vatPercent: 0.12, country: { id: 5 } });
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
    const contact = { gname: 'Ann', firstPhoneNumber: '', emailSubscribed: false, language: { id: 3 }, client: { id: 1 } };
    await dp.create('clients', { data: { ...clientForm, contactList: [contact] } });
    expect((seen[0]!.body as { contactList: unknown }).contactList).toEqual([{ gname: 'Ann', firstPhoneNumber: null, emailSubscribed: false }]);
  });

  it('CLI-13/14 a contact sends language only when subscribed and empty phones as null', async () => {
    const seen = route('/core/api/contacts', created);
    const contact = { client: { id: 12, gname: 'Acme' }, gname: 'Ann', firstPhoneNumber: '', secondPhoneNumber: '', language: { id: 3, gname: 'English' } };
    await dp.create('contacts', { data: { ...contact, emailSubscribed: false } });
    await dp.create('contacts', { data: { ...contact, emailSubscribed: true, firstPhoneNumber: '+7 701 000 00 00' } });
    expect(seen.map((s) => s.path)).toEqual(['/core/api/contacts', '/core/api/contacts']);
    expect(seen[0]!.body).toEqual({ client: { id: 12 }, gname: 'Ann', firstPhoneNumber: null, secondPhoneNumber: null, emailSubscribed: false });
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
    await expect(dp.create('clients', { data: clientForm })).rejects.toThrow(/POST \/core\/api\/clients has no "id".*created object/);
  });
});

describe('update', () => {
  it('patches /clients/12 with If-Match of the previous version and the payload rules', async () => {
    const seen = route('/core/api/clients', (s) => HttpResponse.json({ ...(s.body as object), id: 12, version: 4, _links: {} }));
    const previousData = { id: 12, ...clientForm, version: 3 };
    const result = await dp.update('clients', { id: 12, previousData, data: { ...previousData, vatEnabled: false } });
    expect(seen[0]!.method).toBe('PATCH');
    expect(seen[0]!.path).toBe('/core/api/clients/12');
    expect(seen[0]!.headers.get('If-Match')).toBe('"3"');
    expect(seen[0]!.body).toEqual({ gname: 'Acme LLP', underSanctions: false, vatEnabled: false, vatPercent: 0, country: { id: 5 }, version: 3 });
    expect(result.data).toEqual({ gname: 'Acme LLP', underSanctions: false, vatEnabled: false, vatPercent: 0, country: { id: 5 }, id: 12, version: 4 });
  });

  it('sends no If-Match when the previous version is unknown', async () => {
    const seen = route('/core/api/contactComments', { id: 3, comment: 'x' });
    await dp.update('contactComments', { id: 3, previousData: { id: 3 }, data: { comment: 'x' } });
    expect(seen[0]!.headers.has('If-Match')).toBe(false);
  });

  it('a 412 rejects with a message telling the user to reload', async () => {
    route('/core/api/clients', () => HttpResponse.json({ message: 'Precondition failed' }, { status: 412 }));
    const error = await dp.update('clients', { id: 12, previousData: { id: 12, version: 2 }, data: { id: 12, gname: 'X' } }).catch((e: unknown) => e);
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
    const error = await dp.update('clients', { id: 12, previousData: { id: 12 }, data: { gname: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      body: { errors: { gname: 'must not be blank', 'account.bic': 'size must be 8' } },
    });
  });

  it('updateMany patches each id with only the fields given', async () => {
    const seen = route('/core/api/clients', (s) => ({ id: Number(s.path.split('/').pop()) }));
    const result = await dp.updateMany('clients', { ids: [12, 13], data: { underSanctions: true, sanctionComments: 'listed' } });
    expect(seen.map((s) => `${s.method} ${s.path}`).sort()).toEqual(['PATCH /core/api/clients/12', 'PATCH /core/api/clients/13']);
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
    expect(seen.map((s) => `${s.method} ${s.path}`).sort()).toEqual(['DELETE /core/api/contacts/1', 'DELETE /core/api/contacts/2']);
    expect(result).toEqual({ data: [1, 2] });
  });
});
