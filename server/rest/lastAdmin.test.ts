import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEnabledAdmins } from '../auth/lastAdmin';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/** The last enabled ADMIN/SUPER_ADMIN user stays: every way of losing them is a 409 that writes nothing. */
let h: Harness;
let adminRole: number;
let billRole: number;
beforeAll(async () => {
  h = await createHarness();
  const roles = await h.db.query<{ id: number; name: string }>(
    "SELECT id, name FROM roles WHERE name IN ('ADMIN', 'BILL')",
  );
  adminRole = Number(roles.find((r) => r.name === 'ADMIN')!.id);
  billRole = Number(roles.find((r) => r.name === 'BILL')!.id);
});
afterAll(async () => h?.close());

type Err = { message: string };
const adminId = () => h.fx.users.admin;
const expectRefused = (r: { status: number; body: Err }) => {
  expect(r.status).toBe(409);
  expect(r.body.message).toMatch(/last enabled administrator/);
};

describe('last admin', () => {
  it('PROBE-3 the only enabled admin cannot be deleted, disabled or lose the ADMIN role (409, nothing written)', async () => {
    expect(await countEnabledAdmins(h.db)).toBe(1);
    const users = '/auth/api/v2/users';
    expectRefused(await h.json<Err>('admin', 'DELETE', `${users}/${adminId()}`));
    expectRefused(await h.json<Err>('admin', 'PATCH', `${users}/${adminId()}`, { enabled: false }));
    expectRefused(await h.json<Err>('admin', 'PATCH', `${users}/${adminId()}`, { roles: [] }));
    expectRefused(
      await h.json<Err>('admin', 'PUT', `${users}/${adminId()}`, { username: 'admin', roles: [{ id: billRole }] }),
    );
    const after = await h.json<{ enabled: boolean; version: number; roles: Array<{ id: number }> }>(
      'admin',
      'GET',
      `${users}/${adminId()}`,
    );
    expect(after.body).toMatchObject({ enabled: true, version: 0 });
    expect(after.body.roles.map((r) => r.id)).toEqual([adminRole]);
    // a change that keeps the role is fine
    expect((await h.request('admin', 'PATCH', `${users}/${adminId()}`, { email: 'root@bureau.test' })).statusCode).toBe(
      200,
    );
  });

  it('PROBE-3 the ADMIN role of the last admin cannot be deleted or renamed (409, nothing written)', async () => {
    const roles = '/auth/api/v2/roles';
    expectRefused(await h.json<Err>('admin', 'DELETE', `${roles}/${adminRole}`));
    expectRefused(await h.json<Err>('admin', 'PATCH', `${roles}/${adminRole}`, { name: 'FORMER_ADMIN' }));
    const [row] = await h.db.query<{ name: string }>('SELECT name FROM roles WHERE id = $1', [adminRole]);
    expect(row!.name).toBe('ADMIN');
    expect(await countEnabledAdmins(h.db)).toBe(1);
  });

  it('PROBE-3 with a second enabled admin, one of them may be disabled or deleted', async () => {
    const second = await createTestUser(h.db, { username: 'admin-two', roles: [{ name: 'ADMIN' }] });
    expect(await countEnabledAdmins(h.db)).toBe(2);
    const disabled = await h.request('admin', 'PATCH', `/auth/api/v2/users/${second}`, { enabled: false });
    expect(disabled.statusCode).toBe(200);
    expectRefused(await h.json<Err>('admin', 'DELETE', `/auth/api/v2/users/${adminId()}`));
    expect((await h.request('admin', 'DELETE', `/auth/api/v2/users/${second}`)).statusCode).toBe(204);
    expect(await countEnabledAdmins(h.db)).toBe(1);
  });
});
