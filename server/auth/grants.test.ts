import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { createTestUser } from './testing';

/** Nobody grants what they do not hold: a user manager who is not an administrator. */
let h: Harness;
const role: Record<string, number> = {};
beforeAll(async () => {
  h = await createHarness();
  await createTestUser(h.db, {
    username: 'usermanager',
    roles: [
      {
        name: 'USER_MANAGER',
        privileges: [
          { module: 'user', view: true, create: true, update: true, delete: true },
          { module: 'client', view: true },
        ],
      },
    ],
  });
  await createTestUser(h.db, {
    username: 'reader-template',
    roles: [{ name: 'CLIENT_READER', privileges: [{ module: 'client', view: true }] }],
  });
  await createTestUser(h.db, {
    username: 'editor-template',
    roles: [{ name: 'CLIENT_EDITOR_ROLE', privileges: [{ module: 'client', view: true, update: true }] }],
  });
  const all = await h.json<{ _embedded: { roles: Array<{ id: number; name: string }> } }>(
    'admin',
    'GET',
    '/auth/api/v2/roles?size=100',
  );
  for (const r of all.body._embedded.roles) role[r.name] = r.id;
});
afterAll(async () => h?.close());

type Err = { message: string };
const newUser = (roles: number[]) =>
  h.json<Err & { id: number }>('usermanager', 'POST', '/auth/api/v2/users', {
    username: `made-${Math.random().toString(36).slice(2, 8)}`,
    roles: roles.map((id) => ({ id })),
  });

describe('granting roles', () => {
  it('USR-12 a user manager may create an account with a role whose privileges they hold', async () => {
    const r = await newUser([role.CLIENT_READER!]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });

  it('USR-12 a role with a privilege the user manager does not hold is refused (403), and no account is made', async () => {
    const before = (await h.json<{ page: { totalElements: number } }>('admin', 'GET', '/auth/api/v2/users')).body.page
      .totalElements;
    const r = await newUser([role.CLIENT_EDITOR_ROLE!]);
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/update on client \(role CLIENT_EDITOR_ROLE\)/);
    const after = (await h.json<{ page: { totalElements: number } }>('admin', 'GET', '/auth/api/v2/users')).body.page
      .totalElements;
    expect(after).toBe(before);
  });

  it('PERM-02 a user manager cannot make themselves an administrator or a billing manager', async () => {
    const self = await h.json<{ _embedded: { users: Array<{ id: number; username: string }> } }>(
      'admin',
      'GET',
      '/auth/api/v2/users?search=usermanager',
    );
    const myId = self.body._embedded.users.find((u) => u.username === 'usermanager')!.id;
    for (const name of ['ADMIN', 'BILL']) {
      const r = await h.json<Err>('usermanager', 'PATCH', `/auth/api/v2/users/${myId}`, {
        roles: [{ id: role.USER_MANAGER }, { id: role[name] }],
      });
      expect(r.status, name).toBe(403);
      expect(r.body.message).toContain(`the ${name} role`);
    }
    const stored = await h.json<{ roles: Array<{ id: number }> }>('admin', 'GET', `/auth/api/v2/users/${myId}`);
    expect(stored.body.roles.map((x) => x.id)).toEqual([role.USER_MANAGER]);
  });

  it("PERM-02 a user manager cannot edit, reset or delete an administrator's account", async () => {
    const adminId = h.fx.users.admin;
    const edit = await h.request('usermanager', 'PATCH', `/auth/api/v2/users/${adminId}`, { password: 'taken-over' });
    expect(edit.statusCode).toBe(403);
    const del = await h.request('usermanager', 'DELETE', `/auth/api/v2/users/${adminId}`);
    expect(del.statusCode).toBe(403);
    expect((await h.request('admin', 'GET', `/auth/api/v2/users/${adminId}`)).statusCode).toBe(200);
  });

  it('PERM-03 an administrator grants any role', async () => {
    const r = await h.json<Err & { id: number }>('admin', 'POST', '/auth/api/v2/users', {
      username: `made-by-admin-${Date.now()}`,
      roles: [{ id: role.BILL }, { id: role.CLIENT_EDITOR_ROLE }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });
});
