import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { verifyCredentials } from './credentials';
import { createTestUser } from './testing';

/** The auth service's users, roles and privileges (USR-01..14) as the screens use them. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await createTestUser(h.db, {
    username: 'usermanager',
    password: 'usermanager',
    roles: [{ name: 'USER_MANAGER', privileges: [{ module: 'user', view: true, create: true, update: true }] }],
  });
});
afterAll(async () => h?.close());

const AUTH = '/auth/api/v2';
type Role = { id: number; name: string; privilegeList?: Privilege[]; version: number };
type Privilege = { id: number; module: string; view: boolean; create: boolean; update: boolean; delete: boolean };

describe('roles and privileges', () => {
  let role: Role;

  it('USR-05 a role is created with POST /roles on the auth service', async () => {
    const r = await h.json<Role>('admin', 'POST', `${AUTH}/roles`, { name: 'CLIENT_VIEWER' });
    expect(r.status).toBe(201);
    role = r.body;
  });

  it('USR-01 USR-03 USR-04 roles are listed with GET /roles on the auth service, each with name and privilegeList', async () => {
    const r = await h.json<{ _embedded: { roles: Role[] } }>('admin', 'GET', `${AUTH}/roles?projection=full&size=100`);
    expect(r.status).toBe(200);
    const found = r.body._embedded.roles.find((x) => x.id === role.id);
    expect(found).toMatchObject({ name: 'CLIENT_VIEWER', privilegeList: [] });
    // the core base does not serve them: they live on the auth service
    expect((await h.request('admin', 'GET', '/core/api/roles')).statusCode).toBe(404);
  });

  let privilege: Privilege;
  it('USR-07 a privilege is added with POST /privileges on the auth service', async () => {
    const r = await h.json<Privilege>('admin', 'POST', `${AUTH}/privileges`, {
      role: { id: role.id },
      module: 'client',
      view: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    privilege = r.body;
    const full = await h.json<Role>('admin', 'GET', `${AUTH}/roles/${role.id}?projection=full`);
    expect(full.body.privilegeList).toEqual([expect.objectContaining({ module: 'client', view: true, create: false })]);
  });

  it('USR-08 a privilege is edited with PUT /privileges on the auth service', async () => {
    const r = await h.json<Privilege>('admin', 'PUT', `${AUTH}/privileges/${privilege.id}`, {
      role: { id: role.id },
      module: 'client',
      view: true,
      create: true,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ view: true, create: true, update: false, delete: false });
  });

  it('USR-02 the same module twice in one role is a 409, not a second row', async () => {
    const r = await h.json<{ message: string }>('admin', 'POST', `${AUTH}/privileges`, {
      role: { id: role.id },
      module: 'client',
      view: true,
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toBeTruthy();
  });

  it('USR-09 a privilege is deleted with DELETE /privileges on the auth service', async () => {
    expect((await h.request('admin', 'DELETE', `${AUTH}/privileges/${privilege.id}`)).statusCode).toBe(204);
    const full = await h.json<Role>('admin', 'GET', `${AUTH}/roles/${role.id}?projection=full`);
    expect(full.body.privilegeList).toEqual([]);
  });

  it('USR-06 a role is deleted with DELETE /roles/{id} on the auth service', async () => {
    expect((await h.request('admin', 'DELETE', `${AUTH}/roles/${role.id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `${AUTH}/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('NAV-100 roles and privileges are for administrators only, a user manager included', async () => {
    for (const user of ['member', 'billing', 'usermanager']) {
      expect((await h.request(user, 'GET', `${AUTH}/roles`)).statusCode, user).toBe(403);
      expect((await h.request(user, 'POST', `${AUTH}/privileges`, { module: 'client' })).statusCode, user).toBe(403);
    }
  });
});

describe('users', () => {
  let userId: number;

  it('USR-12 a user is created with POST /users on the auth service, password given twice', async () => {
    const r = await h.json<{ id: number; password?: unknown; password2?: unknown }>('admin', 'POST', `${AUTH}/users`, {
      username: 'new.hire@bureau.test',
      email: 'new.hire@bureau.test',
      employee: { id: h.fx.employees.anna },
      phoneNumber: '+7 701 555 0101',
      password: 'secret-1',
      password2: 'secret-1',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).not.toHaveProperty('password');
    expect(r.body).not.toHaveProperty('password2');
    userId = r.body.id;
  });

  it('USR-10 password and password2 must match: a field error at password2, nothing written', async () => {
    const r = await h.json<{ message: string; errors: Array<{ property: string; invalidValue: unknown }> }>(
      'admin',
      'POST',
      `${AUTH}/users`,
      { username: 'typo@bureau.test', password: 'secret-1', password2: 'secret-2' },
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Validation failed');
    expect(r.body.errors).toEqual([expect.objectContaining({ property: 'password2', invalidValue: null })]);
    expect(JSON.stringify(r.body)).not.toContain('secret');
    const check = await h.json<{ available: boolean }>('admin', 'GET', `${AUTH}/users/check/username/typo@bureau.test`);
    expect(check.body.available).toBe(true);
  });

  it('USR-13 a single user is loaded with GET /users/{id} on the auth service, with its fields', async () => {
    const r = await h.json<Record<string, unknown>>('admin', 'GET', `${AUTH}/users/${userId}?projection=full`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      username: 'new.hire@bureau.test',
      email: 'new.hire@bureau.test',
      employee: { id: h.fx.employees.anna },
      phoneNumber: '+7 701 555 0101',
      roles: [],
    });
    expect(r.body).not.toHaveProperty('password');
  });

  it('USR-11 users are listed with GET /users on the auth service', async () => {
    const r = await h.json<{ _embedded: { users: Array<{ username: string }> } }>(
      'admin',
      'GET',
      `${AUTH}/users?search=new.hire`,
    );
    expect(r.status).toBe(200);
    expect(r.body._embedded.users.map((u) => u.username)).toEqual(['new.hire@bureau.test']);
  });

  it('USR-14 username availability is checked with GET /users/check/username/{name} on the auth service', async () => {
    const taken = await h.json(
      'admin',
      'GET',
      `${AUTH}/users/check/username/${encodeURIComponent('new.hire@bureau.test')}`,
    );
    expect(taken).toMatchObject({ status: 200, body: { username: 'new.hire@bureau.test', available: false } });
    const free = await h.json('usermanager', 'GET', `${AUTH}/users/check/username/nobody@bureau.test`);
    expect(free).toMatchObject({ status: 200, body: { username: 'nobody@bureau.test', available: true } });
  });

  it('USR-14 the username check needs view on users, and a name too long is a 400', async () => {
    expect((await h.request('member', 'GET', `${AUTH}/users/check/username/x`)).statusCode).toBe(403);
    expect((await h.request(null, 'GET', `${AUTH}/users/check/username/x`)).statusCode).toBe(401);
    const long = await h.json<{ errors: Array<{ property: string }> }>(
      'admin',
      'GET',
      `${AUTH}/users/check/username/${'a'.repeat(121)}`,
    );
    expect(long.status).toBe(400);
    expect(long.body.errors.map((e) => e.property)).toEqual(['username']);
  });

  it('H2-09 USR-12 USR-14 a user name is one account whatever its case and spaces: stored trimmed, a variant refused, found by the check and by sign-in', async () => {
    const created = await h.json<{ id: number; username: string }>('admin', 'POST', `${AUTH}/users`, {
      username: '  Case.Tester ',
      password: 'case-tester',
      password2: 'case-tester',
    });
    expect(created.status).toBe(201);
    expect(created.body.username).toBe('Case.Tester');
    for (const variant of ['CASE.TESTER', 'case.tester ', ' Case.Tester']) {
      const twin = await h.json<{ errors: Array<{ property: string; message: string }> }>(
        'admin',
        'POST',
        `${AUTH}/users`,
        {
          username: variant,
          password: 'x-twin-x',
          password2: 'x-twin-x',
        },
      );
      expect(twin.status, variant).toBe(409);
      expect(twin.body.errors).toEqual([expect.objectContaining({ property: 'username' })]);
    }
    // the demo's admin too: ADMIN and "admin " are the account admin, not new ones
    for (const variant of ['ADMIN', 'admin ']) {
      const r = await h.request('admin', 'POST', `${AUTH}/users`, {
        username: variant,
        password: 'abcd',
        password2: 'abcd',
      });
      expect(r.statusCode, variant).toBe(409);
    }
    const check = await h.json('admin', 'GET', `${AUTH}/users/check/username/${encodeURIComponent(' CASE.tester')}`);
    expect(check.body).toEqual({ username: 'case.tester', available: false });
    expect((await verifyCredentials(h.db, ' Case.TESTER', 'case-tester'))?.id).toBe(created.body.id);
    expect(await verifyCredentials(h.db, 'case.tester', 'wrong')).toBeNull();
    // a rename to another's name in another case is refused too; its own name in other capitals is taken
    const other = await h.json<{ id: number; version: number }>('admin', 'POST', `${AUTH}/users`, {
      username: 'case.other',
      password: 'case-other',
      password2: 'case-other',
    });
    const rename = await h.request('admin', 'PATCH', `${AUTH}/users/${other.body.id}`, { username: 'Case.Tester' });
    expect(rename.statusCode).toBe(409);
    const self = await h.json<{ username: string }>('admin', 'PATCH', `${AUTH}/users/${created.body.id}`, {
      username: 'CASE.Tester',
    });
    expect(self).toMatchObject({ status: 200, body: { username: 'CASE.Tester' } });
  });

  it('NAV-99 the users list requires view on user', async () => {
    expect((await h.request('usermanager', 'GET', `${AUTH}/users`)).statusCode).toBe(200);
    expect((await h.request('member', 'GET', `${AUTH}/users`)).statusCode).toBe(403);
  });

  it('USR-12 a password given once is still accepted (API clients), and an edit without password2 keeps it', async () => {
    const r = await h.json<{ id: number; version: number }>('admin', 'POST', `${AUTH}/users`, {
      username: 'api.client@bureau.test',
      password: 'secret-3',
    });
    expect(r.status).toBe(201);
    const patch = await h.json('admin', 'PATCH', `${AUTH}/users/${r.body.id}`, { phoneNumber: '+44 20 5555 0101' });
    expect(patch.status).toBe(200);
  });
});
