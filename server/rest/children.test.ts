import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { MAX_COLLECTION_ITEMS } from './validate';

/** Nested child collections (client.contactList): written only when present, under the child's privileges. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // client view/create/update but no delete; and view/update only (no create)
  await createTestUser(h.db, {
    username: 'editor',
    roles: [{ name: 'CLIENT_EDITOR', privileges: [{ module: 'client', view: true, create: true, update: true }] }],
  });
  await createTestUser(h.db, {
    username: 'updater',
    roles: [{ name: 'CLIENT_UPDATER', privileges: [{ module: 'client', view: true, update: true }] }],
  });
});
afterAll(async () => h?.close());

type Rec = Record<string, unknown> & { id: number; version: number; lastModifiedDate: string };
type Err = { message: string; errors?: Array<{ property: string; message: string }> };

const newClient = async (contacts: Array<Record<string, unknown>>) => {
  const r = await h.json<Rec>('billing', 'POST', '/core/api/clients', {
    gname: `Client ${Math.random()}`,
    contactList: contacts,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
};
const contactsOf = async (clientId: number) =>
  (
    await h.json<{ _embedded: { contacts: Rec[] } }>(
      'billing',
      'GET',
      `/core/api/contacts?client.id=${clientId}&sort=id,asc&projection=full&size=100`,
    )
  ).body._embedded.contacts;

describe('child privileges', () => {
  it('PROBE-4 PATCH {"contactList": []} without the contact delete privilege is 403 and the contacts remain', async () => {
    const client = await newClient([{ gname: 'Kept one' }, { gname: 'Kept two' }]);
    const r = await h.json<Err>('editor', 'PATCH', `/core/api/clients/${client.id}`, { contactList: [] });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/delete/);
    expect((await contactsOf(client.id)).map((c) => c.gname)).toEqual(['Kept one', 'Kept two']);
  });

  it('PROBE-4 a PUT that drops a contact without the delete privilege writes nothing, not even the name', async () => {
    const client = await newClient([{ gname: 'A' }, { gname: 'B' }]);
    const [a] = await contactsOf(client.id);
    const r = await h.request('editor', 'PUT', `/core/api/clients/${client.id}`, {
      gname: 'Renamed',
      contactList: [{ id: a!.id, gname: 'A' }],
    });
    expect(r.statusCode).toBe(403);
    const after = await h.json<Rec>('billing', 'GET', `/core/api/clients/${client.id}`);
    expect(after.body).toMatchObject({ gname: client.gname, version: 0 });
    expect(await contactsOf(client.id)).toHaveLength(2);
  });

  it('PROBE-4 creating a child needs create on the child, deleting needs delete; with both it is written', async () => {
    const client = await newClient([{ gname: 'Only' }]);
    const [only] = await contactsOf(client.id);
    const added = await h.request('updater', 'PATCH', `/core/api/clients/${client.id}`, {
      contactList: [{ id: only!.id }, { gname: 'New' }],
    });
    expect(added.statusCode).toBe(403);
    expect(await contactsOf(client.id)).toHaveLength(1);
    const edited = await h.request('updater', 'PATCH', `/core/api/clients/${client.id}`, {
      contactList: [{ id: only!.id, gname: 'Only renamed' }],
    });
    expect(edited.statusCode).toBe(200);
    const cleared = await h.request('billing', 'PATCH', `/core/api/clients/${client.id}`, { contactList: [] });
    expect(cleared.statusCode).toBe(200);
    expect(await contactsOf(client.id)).toEqual([]);
  });

  it('PROBE-4 a PUT or PATCH without contactList leaves the contacts alone; null is refused', async () => {
    const client = await newClient([{ gname: 'Stays' }]);
    expect((await h.request('editor', 'PUT', `/core/api/clients/${client.id}`, { gname: 'New name' })).statusCode).toBe(
      200,
    );
    expect((await h.request('editor', 'PATCH', `/core/api/clients/${client.id}`, { address: 'x' })).statusCode).toBe(
      200,
    );
    const nul = await h.json<Err>('billing', 'PATCH', `/core/api/clients/${client.id}`, { contactList: null });
    expect(nul.status).toBe(400);
    expect(nul.body.errors?.[0]?.property).toBe('contactList');
    expect((await contactsOf(client.id)).map((c) => c.gname)).toEqual(['Stays']);
  });
});

describe('unchanged children', () => {
  it('PROBE-4 contacts sent back as they were loaded keep their version, lastModifiedDate and join rows', async () => {
    const ranks = [{ id: h.fx.dict('CONTACT_RANK', 1) }, { id: h.fx.dict('CONTACT_RANK', 2) }];
    const client = await newClient([
      { gname: 'Loaded one', rankList: ranks, stage: { id: h.fx.dict('CONTACT_STAGE', 1) } },
      {
        gname: 'Loaded two',
        firstEmail: 'two@x.test',
        emailSubscribed: true,
        language: { id: h.fx.dict('LANGUAGE', 1) },
      },
    ]);
    const loaded = await contactsOf(client.id);
    const joinRows = async () =>
      h.db.query<{ xmin: string }>(
        'SELECT xmin::text AS xmin FROM contacts_rank_list WHERE owner_id = $1 ORDER BY target_id',
        [loaded[0]!.id],
      );
    const before = await joinRows();
    await new Promise((r) => setTimeout(r, 20));
    const put = await h.json<Err>('billing', 'PUT', `/core/api/clients/${client.id}`, {
      gname: 'Renamed only',
      contactList: loaded,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = await contactsOf(client.id);
    expect(after.map((c) => [c.id, c.version, c.lastModifiedDate])).toEqual(
      loaded.map((c) => [c.id, c.version, c.lastModifiedDate]),
    );
    expect(await joinRows()).toEqual(before);
    const changed = await h.json<Err>('billing', 'PUT', `/core/api/clients/${client.id}`, {
      gname: 'Renamed only',
      contactList: [loaded[0], { ...loaded[1], gjobTitle: 'CFO' }],
    });
    expect(changed.status).toBe(200);
    expect((await contactsOf(client.id)).map((c) => c.version)).toEqual([loaded[0]!.version, loaded[1]!.version + 1]);
  });
});

describe('bounded work', () => {
  it(`PROBE-5 a collection of more than ${MAX_COLLECTION_ITEMS} children is 400 naming the property; ${MAX_COLLECTION_ITEMS} are created`, async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ gname: `C${i}` }));
    const over = await h.json<Err & { errors: Array<{ invalidValue: unknown }> }>(
      'billing',
      'POST',
      '/core/api/clients',
      {
        gname: 'Too many',
        contactList: many(MAX_COLLECTION_ITEMS + 1),
      },
    );
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([
      expect.objectContaining({ property: 'contactList', invalidValue: `${MAX_COLLECTION_ITEMS + 1} items` }),
    ]);
    const ok = await h.json<Rec>('billing', 'POST', '/core/api/clients', {
      gname: 'Just enough',
      contactList: many(MAX_COLLECTION_ITEMS),
    });
    expect(ok.status).toBe(201);
    const [{ n }] = (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contacts WHERE client_id = $1', [
      ok.body.id,
    ])) as [{ n: number }];
    expect(n).toBe(MAX_COLLECTION_ITEMS);
  });

  it('PROBE-5 a body over 1 MiB is 413 with { message }', async () => {
    const r = await h.json<Err>('billing', 'POST', '/core/api/clients', {
      gname: 'Huge',
      address: 'x'.repeat(1024 * 1024),
    });
    expect(r.status).toBe(413);
    expect(Object.keys(r.body)).toEqual(['message']);
  });
});

describe('a nested collection changed through its own collection', () => {
  it('CLI-14 a client form loaded before a contact was added cannot save its contact list over it (412), and the contact stays', async () => {
    const client = await newClient([{ gname: 'First' }]);
    const loaded = (await h.json<Rec>('billing', 'GET', `/core/api/clients/${client.id}`)).body;
    const [first] = await contactsOf(client.id);
    // meanwhile, another user adds a contact to the client
    const added = await h.json<Rec>('billing', 'POST', '/core/api/contacts', {
      gname: 'Added meanwhile',
      client: { id: client.id },
    });
    expect(added.status).toBe(201);
    // the stale form saves the client with the contact list it loaded
    const r = await h.json<Err>('billing', 'PUT', `/core/api/clients/${client.id}`, {
      gname: loaded.gname,
      version: loaded.version,
      contactList: [{ id: first!.id, gname: 'First' }],
    });
    expect(r.status).toBe(412);
    expect(r.body.message).toMatch(/changed by someone else/);
    expect((await contactsOf(client.id)).map((c) => c.gname)).toEqual(['First', 'Added meanwhile']);
  });

  it('CLI-14 editing, moving and deleting a contact on its own moves its clients’ versions, old and new', async () => {
    const a = await newClient([{ gname: 'Moved' }]);
    const b = await newClient([]);
    const version = async (id: number) => (await h.json<Rec>('billing', 'GET', `/core/api/clients/${id}`)).body.version;
    const [moved] = await contactsOf(a.id);
    const [va, vb] = [await version(a.id), await version(b.id)];
    const r = await h.request('billing', 'PATCH', `/core/api/contacts/${moved!.id}`, { client: { id: b.id } });
    expect(r.statusCode).toBe(200);
    expect([await version(a.id), await version(b.id)]).toEqual([va + 1, vb + 1]);
    const d = await h.request('billing', 'DELETE', `/core/api/contacts/${moved!.id}`);
    expect(d.statusCode).toBeLessThan(300);
    expect(await version(b.id)).toBe(vb + 2);
  });
});
