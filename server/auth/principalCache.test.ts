import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { createTestUser } from './testing';

/** A role's privileges and a user's roles change what the user may do from their next request. */
let h: Harness;
let roleId: number;
let userId: number;
beforeAll(async () => {
  h = await createHarness();
  userId = await createTestUser(h.db, {
    username: 'promoted',
    roles: [{ name: 'PROMOTION_CANDIDATE', privileges: [{ module: 'project', view: true }] }],
  });
  const roles = await h.json<{ _embedded: { roles: Array<{ id: number; name: string }> } }>(
    'admin',
    'GET',
    '/auth/api/v2/roles?search=PROMOTION_CANDIDATE',
  );
  roleId = roles.body._embedded.roles.find((r) => r.name === 'PROMOTION_CANDIDATE')!.id;
});
afterAll(async () => h?.close());

const clientsStatus = async () => (await h.request('promoted', 'GET', '/core/api/clients?size=1')).statusCode;

describe('privilege changes apply at the next request', () => {
  it('USR-02 a privilege added to the role opens the clients list at the very next request, and closes it when removed', async () => {
    expect(await clientsStatus()).toBe(403);
    const granted = await h.request('admin', 'PATCH', `/auth/api/v2/roles/${roleId}`, {
      privilegeList: [
        { module: 'project', view: true },
        { module: 'client', view: true },
      ],
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await clientsStatus()).toBe(200);
    const revoked = await h.request('admin', 'PATCH', `/auth/api/v2/roles/${roleId}`, {
      privilegeList: [{ module: 'project', view: true }],
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await clientsStatus()).toBe(403);
  });

  it('USR-10 a role taken from the user closes what it gave at the next request', async () => {
    expect((await h.request('promoted', 'GET', '/core/api/projects?size=1')).statusCode).toBe(200);
    const r = await h.request('admin', 'PATCH', `/auth/api/v2/users/${userId}`, { roles: [] });
    expect(r.statusCode, r.body).toBe(200);
    expect((await h.request('promoted', 'GET', '/core/api/projects?size=1')).statusCode).toBe(403);
  });
});
