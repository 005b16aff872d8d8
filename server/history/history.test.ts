import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rule, type EntitySchema } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { createTestUser } from '../auth/testing';
import { registerServer } from '../areas';
import { defineServer } from '../define';
import { createRecord } from '../rest/service';
import { createHarness, type Harness } from '../test/harness';
import { listHistory, type HistoryEntry } from './read';

/** Every write records who, when, the action and each changed field, in the write's transaction. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Page = { _embedded: { history: HistoryEntry[] }; page: { totalElements: number }; _links: { next?: unknown } };
const history = async (url: string, who: string | null = 'admin') => h.json<Page>(who, 'GET', `${url}/history`);
const entries = async (collection: string, id: number) =>
  h.db.query<{ action: string; changed_by: string; changes: unknown }>(
    'SELECT action, changed_by, changes FROM record_history WHERE collection = $1 AND record_id = $2 ORDER BY id',
    [collection, id],
  );
const contactIds = async (clientId: number) =>
  (await h.db.query<{ id: number }>('SELECT id FROM contacts WHERE client_id = $1 ORDER BY id', [clientId])).map((r) =>
    Number(r.id),
  );

describe('record history', () => {
  it('history: a create records every value set, and its nested children (in bulk) under their own collection', async () => {
    const created = await h.json<{ id: number }>('billing', 'POST', '/core/api/clients', {
      gname: 'History & Co',
      address: 'Main street 1',
      contactList: [{ gname: 'First contact' }, { gname: 'Second contact' }],
    });
    expect(created.status).toBe(201);
    const res = await history(`/core/api/clients/${created.body.id}`, 'billing');
    expect(res.status).toBe(200);
    const [entry] = res.body._embedded.history;
    expect(res.body._embedded.history).toHaveLength(1);
    expect(entry).toMatchObject({ action: 'create', changedBy: 'billing', changedAt: expect.any(String) });
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { field: 'gname', before: null, after: 'History & Co' },
        { field: 'address', before: null, after: 'Main street 1' },
        { field: 'underSanctions', before: null, after: false },
      ]),
    );
    const contacts = await contactIds(created.body.id);
    expect(contacts).toHaveLength(2);
    for (const id of contacts) {
      const [c] = await entries('contacts', id);
      expect(c).toMatchObject({ action: 'create', changed_by: 'billing' });
      expect(c!.changes).toEqual(
        expect.arrayContaining([{ field: 'client', before: null, after: { id: created.body.id } }]),
      );
    }
  });

  it('history: PUT and PATCH record only the changed fields with before and after, newest first; a child dropped is a delete', async () => {
    const { body } = await h.json<{ id: number; version: number }>('admin', 'POST', '/core/api/clients', {
      gname: 'Before',
      address: 'Old address',
      contactList: [{ gname: 'Dropped' }],
    });
    const url = `/core/api/clients/${body.id}`;
    const [dropped] = await contactIds(body.id);
    expect((await h.request('admin', 'PATCH', url, { gname: 'After' })).statusCode).toBe(200);
    expect((await h.request('admin', 'PUT', url, { gname: 'After', contactList: [] })).statusCode).toBe(200);
    const res = await history(url);
    const [put, patch, create] = res.body._embedded.history;
    expect([put!.action, patch!.action, create!.action]).toEqual(['update', 'update', 'create']);
    expect(patch!.changes).toEqual([{ field: 'gname', before: 'Before', after: 'After' }]);
    // PUT without address clears it; the name it sent again is no change
    expect(put!.changes).toEqual([{ field: 'address', before: 'Old address', after: null }]);
    const dropEntries = await entries('contacts', dropped!);
    expect(dropEntries.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(dropEntries[1]!.changes).toEqual(
      expect.arrayContaining([{ field: 'gname', before: 'Dropped', after: null }]),
    );
  });

  it('history: a delete records the values the record had; join lists and passwords are recorded, a password without values', async () => {
    const roles = await h.db.query<{ id: number }>("SELECT id FROM roles WHERE name IN ('BILL', 'MEMBER') ORDER BY id");
    const created = await h.json<{ id: number }>('admin', 'POST', '/auth/api/v2/users', {
      username: 'history-user',
      password: 'first secret',
      roles: [{ id: roles[0]!.id }],
    });
    expect(created.status).toBe(201);
    const url = `/auth/api/v2/users/${created.body.id}`;
    const patched = await h.request('admin', 'PATCH', url, {
      password: 'second secret',
      roles: [{ id: roles[0]!.id }, { id: roles[1]!.id }],
    });
    expect(patched.statusCode).toBe(200);
    const [update, create] = (await history(url)).body._embedded.history;
    expect(create!.changes).toEqual(
      expect.arrayContaining([
        { field: 'password', writeOnly: true },
        { field: 'roles', before: [], after: [{ id: Number(roles[0]!.id) }] },
      ]),
    );
    expect(update!.changes).toEqual([
      { field: 'roles', before: [{ id: Number(roles[0]!.id) }], after: roles.map((r) => ({ id: Number(r.id) })) },
      { field: 'password', writeOnly: true },
    ]);
    expect(JSON.stringify(update)).not.toContain('secret');
    expect((await h.request('admin', 'DELETE', url)).statusCode).toBe(204);
    const all = await entries('users', created.body.id);
    expect(all.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(all[2]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'username', before: 'history-user', after: null },
        { field: 'password', writeOnly: true },
      ]),
    );
    // the record is gone: its history answers as the record does
    expect((await history(url)).status).toBe(404);
  });

  it('history: a rolled-back write leaves no entry, neither for the record nor for its children', async () => {
    const before = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM record_history');
    const user: AuthUser = {
      userId: 1,
      username: 'rolled-back',
      roles: ['ADMIN'],
      privileges: new Map(),
      employeeId: null,
      employeeOfficeId: null,
      employeeName: null,
      positions: [],
    };
    const refuse = async () => Promise.reject(Object.assign(new Error('no'), { statusCode: 409 }));
    const remove = registerServer(defineServer('clients', { hooks: { afterChange: [refuse] } }));
    try {
      await expect(
        createRecord(h.db, getSchema('clients'), user, { gname: 'Never', contactList: [{ gname: 'Never either' }] }),
      ).rejects.toMatchObject({ statusCode: 409 });
    } finally {
      remove();
    }
    const after = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM record_history');
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await h.db.query("SELECT 1 FROM record_history WHERE changed_by = 'rolled-back'")).toEqual([]);
  });

  it('history: the history of a record the user may not read is refused as GET /{id} is', async () => {
    const acme = h.fx.clients.acme;
    // no privilege on the module: 403, like the record itself
    expect((await history(`/core/api/clients/${acme}`, 'member')).status).toBe(403);
    expect((await h.request('member', 'GET', `/core/api/clients/${acme}`)).statusCode).toBe(403);
    expect((await history(`/core/api/clients/${acme}`, null)).status).toBe(401);
    // a record outside the user's rows: 404, nothing of its history is read
    const hidden: EntitySchema = { ...getSchema('clients'), accessRule: () => rule.eq('gname', 'no such client') };
    const billing: AuthUser = {
      userId: h.fx.users.billing,
      username: 'billing',
      roles: ['BILL'],
      privileges: new Map([['client', { module: 'client', view: true, create: true, update: true, delete: true }]]),
      employeeId: null,
      employeeOfficeId: null,
      employeeName: null,
      positions: [],
    };
    await expect(listHistory(h.db, hidden, billing, acme, {})).rejects.toMatchObject({ statusCode: 404 });
    expect((await listHistory(h.db, getSchema('clients'), billing, acme, {})).page.totalElements).toBe(0);
  });

  it('history: pages newest first with HAL links', async () => {
    const { body } = await h.json<{ id: number }>('admin', 'POST', '/core/api/clients', { gname: 'Paged 0' });
    const url = `/core/api/clients/${body.id}`;
    for (let i = 1; i <= 3; i++) await h.request('admin', 'PATCH', url, { gname: `Paged ${i}` });
    const first = await h.json<Page>('admin', 'GET', `${url}/history?size=2`);
    expect(first.body.page).toMatchObject({ totalElements: 4, totalPages: 2, number: 0, size: 2 });
    expect(first.body._embedded.history.map((e) => e.changes[0]!.after)).toEqual(['Paged 3', 'Paged 2']);
    expect(first.body._links.next).toEqual({ href: `${url}/history?size=2&page=1` });
    expect((await h.request('admin', 'GET', `${url}/history?size=0`)).statusCode).toBe(400);
  });
});

describe('taking back a recorded change', () => {
  type Client = { id: number; version: number; gname: string; address: string | null; country?: { id: number } | null };
  const CLIENTS = '/core/api/clients';
  /** A client, then one edit of its name and address; the edit's history entry id. */
  const edited = async () => {
    const created = await h.json<Client>('billing', 'POST', CLIENTS, { gname: 'Before & Co', address: 'Old street 1' });
    const patched = await h.json<Client>('billing', 'PATCH', `${CLIENTS}/${created.body.id}`, {
      gname: 'After & Co',
      address: 'New street 2',
    });
    expect(patched.status).toBe(200);
    const [entry] = (await history(`${CLIENTS}/${created.body.id}`, 'billing')).body._embedded.history;
    expect(entry!.action).toBe('update');
    return { id: created.body.id, version: patched.body.version, entryId: entry!.id };
  };
  const revert = (who: string, id: number, entryId: number, body?: unknown, version?: number) =>
    h.json<Client & { message?: string; errors?: unknown[] }>(
      who,
      'POST',
      `${CLIENTS}/${id}/history/${entryId}/revert`,
      body,
      version === undefined ? {} : { 'if-match': `"${version}"` },
    );

  it('history: reverting one field writes its value before the change back, leaves the others, and is itself recorded', async () => {
    const { id, version, entryId } = await edited();
    const r = await revert('billing', id, entryId, { fields: ['gname'] }, version);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ gname: 'Before & Co', address: 'New street 2', version: version + 1 });
    expect(r.headers.etag).toBe(`"${version + 1}"`);
    const [latest] = (await history(`${CLIENTS}/${id}`, 'billing')).body._embedded.history;
    expect(latest).toMatchObject({ action: 'update', changedBy: 'billing' });
    expect(latest!.changes).toEqual([{ field: 'gname', before: 'After & Co', after: 'Before & Co' }]);
  });

  it('history: reverting a whole version takes back every field it changed', async () => {
    const { id, version, entryId } = await edited();
    const r = await revert('billing', id, entryId, {}, version);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ gname: 'Before & Co', address: 'Old street 1' });
  });

  it('history: a revert follows the If-Match rule of an edit: a stale version is a 412 and nothing changes', async () => {
    const { id, version, entryId } = await edited();
    const r = await revert('billing', id, entryId, { fields: ['gname'] }, version - 1);
    expect(r.status).toBe(412);
    expect((await h.json<Client>('billing', 'GET', `${CLIENTS}/${id}`)).body).toMatchObject({
      gname: 'After & Co',
      version,
    });
  });

  it('history: a revert needs the update access of the record; a reader gets 403 and nothing changes', async () => {
    const { id, entryId } = await edited();
    await createTestUser(h.db, {
      username: 'clientReader',
      password: 'clientReader',
      roles: [
        {
          name: 'CLIENT_READER',
          privileges: [{ module: 'client', view: true, create: false, update: false, delete: false }],
        },
      ],
    });
    // reads the client and its history, but may not edit it
    expect((await history(`${CLIENTS}/${id}`, 'clientReader')).status).toBe(200);
    const r = await revert('clientReader', id, entryId, {});
    expect(r.status).toBe(403);
    expect((await revert('member', id, entryId, {})).status).toBe(403);
    expect((await h.json<Client>('billing', 'GET', `${CLIENTS}/${id}`)).body.gname).toBe('After & Co');
    expect((await revert(null as unknown as string, id, entryId, {})).status).toBe(401);
  });

  it('history: refuses an entry of another record (404), a create entry (409) and a field the entry did not change (400)', async () => {
    const one = await edited();
    const other = await edited();
    expect((await revert('billing', other.id, one.entryId, {})).status).toBe(404);
    expect((await revert('billing', one.id, 9_999_999, {})).status).toBe(404);
    const entriesOfOne = (await history(`${CLIENTS}/${one.id}`, 'billing')).body._embedded.history;
    const create = entriesOfOne.find((e) => e.action === 'create')!;
    const refused = await revert('billing', one.id, create.id, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only a change can be reverted, not a create');
    const unknown = await revert('billing', one.id, one.entryId, { fields: ['phone'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { entity: 'Client', property: 'fields[0]', invalidValue: 'phone', message: 'was not changed by this entry' },
    ]);
  });
});
