import { describe, expect, it } from 'vitest';
import { defineEntity, f } from './define';
import { clients, contacts, findSchema, users } from './index';
import { isEmptyValue, toWirePayload } from './payload';

const childSchemas = (name: string) => findSchema(name);

describe('toWirePayload - clients', () => {
  const base = { gname: 'Acme', underSanctions: false, vatEnabled: true, vatPercent: 0.12 };

  it('CLI-03 omits sanctionComments unless underSanctions is true', () => {
    expect(toWirePayload(clients, { ...base, sanctionComments: 'x' })).not.toHaveProperty('sanctionComments');
    expect(toWirePayload(clients, { ...base, underSanctions: true, sanctionComments: 'x' })).toMatchObject({
      sanctionComments: 'x',
    });
  });

  it('CLI-04 sends vatPercent as the fraction it holds when VAT is on', () => {
    expect(toWirePayload(clients, base).vatPercent).toBe(0.12);
  });

  it('CLI-05 sends vatPercent 0 when VAT is off, even when absent from the record', () => {
    expect(toWirePayload(clients, { ...base, vatEnabled: false }).vatPercent).toBe(0);
    expect(toWirePayload(clients, { gname: 'Acme' }).vatPercent).toBe(0);
  });

  it('CLI-06 omits businessForm when none is chosen and sends { id } when one is', () => {
    expect(toWirePayload(clients, { ...base, businessForm: null })).not.toHaveProperty('businessForm');
    expect(toWirePayload(clients, { ...base, businessForm: { id: undefined } })).not.toHaveProperty('businessForm');
    expect(toWirePayload(clients, { ...base, businessForm: { id: 3, gname: 'LLP' } }).businessForm).toEqual({ id: 3 });
  });

  it('drops system and unknown fields, keeps the lock version and embedded values', () => {
    const out = toWirePayload(clients, {
      ...base,
      id: 12,
      createdDate: '2026-01-01T00:00:00Z',
      lastModifiedBy: 'ann',
      _links: {},
      version: 3,
      account: { bic: 'ABCDKZKA' },
    });
    expect(out).toEqual({ ...base, version: 3, account: { bic: 'ABCDKZKA' } });
  });

  it('clears a reference to null when emptied', () => {
    expect(toWirePayload(clients, { ...base, country: null }).country).toBeNull();
  });

  it('writes nested children with their own rules, without the back reference', () => {
    const out = toWirePayload(
      clients,
      {
        ...base,
        contactList: [
          {
            id: 4,
            gname: 'Ann',
            client: { id: 12 },
            secondPhoneNumber: '',
            emailSubscribed: true,
            language: { id: 2 },
          },
        ],
      },
      childSchemas,
    );
    expect(out.contactList).toEqual([
      { id: 4, gname: 'Ann', secondPhoneNumber: null, emailSubscribed: true, language: { id: 2 } },
    ]);
  });
});

describe('toWirePayload - contacts and others', () => {
  it('CLI-13 sends language only when emailSubscribed is true', () => {
    expect(toWirePayload(contacts, { gname: 'Ann', emailSubscribed: false, language: { id: 2 } })).not.toHaveProperty(
      'language',
    );
    expect(toWirePayload(contacts, { gname: 'Ann', emailSubscribed: true, language: { id: 2 } }).language).toEqual({
      id: 2,
    });
  });

  it('CLI-14 CONST-07 sends empty phone numbers as null', () => {
    expect(toWirePayload(contacts, { firstPhoneNumber: '', secondPhoneNumber: null })).toEqual({
      firstPhoneNumber: null,
      secondPhoneNumber: null,
    });
  });

  it('writes reference lists as [{ id }] from objects or ids', () => {
    expect(toWirePayload(contacts, { rankList: [{ id: 1, gname: 'A' }, 2] }).rankList).toEqual([{ id: 1 }, { id: 2 }]);
    expect(toWirePayload(users, { roles: [{ id: 5, name: 'ADMIN' }] }).roles).toEqual([{ id: 5 }]);
  });

  it('drops read-only fields and sends an emptied number as null', () => {
    const things = defineEntity({
      name: 'things',
      entityName: 'Thing',
      label: 'Things',
      area: 'x',
      fields: { total: f.money({ readOnly: true }), count: f.number(), note: f.text() },
    });
    expect(toWirePayload(things, { total: 5, count: '', note: '' })).toEqual({ count: null, note: '' });
  });

  it('isEmptyValue treats a reference without id as empty', () => {
    expect(isEmptyValue(contacts.fields.client!, { gname: 'x' })).toBe(true);
    expect(isEmptyValue(contacts.fields.client!, { id: 0 })).toBe(false);
    expect(isEmptyValue(contacts.fields.gname!, 'a')).toBe(false);
  });
});

describe('toWirePayload - updates (the loaded record given)', () => {
  const loaded = { id: 12, version: 3, gname: 'Acme', contactList: [{ id: 4, gname: 'Ann', client: { id: 12 } }] };

  it('CLI-10 leaves out a collection the loaded record did not hold, so a form that never loaded it cannot empty it', () => {
    const { contactList: _none, ...withoutContacts } = loaded;
    const out = toWirePayload(clients, { ...withoutContacts, contactList: [] }, childSchemas, withoutContacts);
    expect(out).not.toHaveProperty('contactList');
    expect(toWirePayload(users, { username: 'ann', roles: [] }, childSchemas, { username: 'ann' })).not.toHaveProperty(
      'roles',
    );
  });

  it('CLI-10 sends a loaded collection as the form holds it, emptied included', () => {
    expect(toWirePayload(clients, loaded, childSchemas, loaded).contactList).toEqual([{ id: 4, gname: 'Ann' }]);
    expect(toWirePayload(clients, { ...loaded, contactList: [] }, childSchemas, loaded).contactList).toEqual([]);
  });

  it("CLI-10 leaves out a loaded contact's collection that the contact did not hold; a new contact sends its own", () => {
    const form = {
      ...loaded,
      contactList: [
        { id: 4, gname: 'Ann', rankList: [] },
        { gname: 'Bob', rankList: [1] },
      ],
    };
    expect(toWirePayload(clients, form, childSchemas, loaded).contactList).toEqual([
      { id: 4, gname: 'Ann' },
      { gname: 'Bob', rankList: [{ id: 1 }] },
    ]);
  });

  it('USR-10 leaves out an empty write-only password (unchanged) and sends a typed one', () => {
    expect(toWirePayload(users, { username: 'ann', password: '' })).not.toHaveProperty('password');
    expect(toWirePayload(users, { username: 'ann', password: null })).not.toHaveProperty('password');
    expect(toWirePayload(users, { username: 'ann', password: 's3cret!' }).password).toBe('s3cret!');
  });
});
