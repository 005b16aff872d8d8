import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * Saved views (`schemas/workspace/savedViews.ts`) through the HTTP API: the owner is the signed-in
 * user whatever the body says; a user reads their own views and those shared with one of their
 * roles, never another's unshared one; only the owner or an admin changes or deletes one; bad
 * input is a 400 with field errors.
 */
let h: Harness;
let roleIds: Record<string, number>;
beforeAll(async () => {
  h = await createHarness();
  // a second MEMBER, to read what is shared with the role
  await createTestUser(h.db, { username: 'member2', password: 'member2', roles: [{ name: 'MEMBER' }] });
  const roles = await h.db.query<{ id: number; name: string }>('SELECT id, name FROM roles');
  roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
});
afterAll(async () => h?.close());

interface View {
  id: number;
  name: string;
  resource: string;
  params: { filter?: string | null; sort?: string | null; order?: string | null; perPage?: number | null } | null;
  owner: string;
  sharedRoles: Array<{ id: number }>;
  mine: boolean;
}
type Page = { _embedded?: { savedViews: View[] }; page: { totalElements: number } };

const create = (username: string, body: Record<string, unknown>) =>
  h.json<View & { errors?: Array<{ property: string; message: string }> }>(
    username,
    'POST',
    '/core/api/savedViews',
    body,
  );

const names = async (username: string, resource: string) => {
  const res = await h.json<Page>(username, 'GET', `/core/api/savedViews?resource=${resource}&sort=name,asc&size=100`);
  expect(res.status).toBe(200);
  return (res.body._embedded?.savedViews ?? []).map((v) => `${v.name}${v.mine ? '' : ' (shared)'}`);
};

describe('saved views', () => {
  it('VIEWS-01 the owner is the signed-in user whatever the body says; the view keeps the list state', async () => {
    const created = await create('billing', {
      name: 'Aral clients',
      resource: 'clients',
      params: { filter: '{"search":"Aral"}', sort: 'gname', order: 'ASC', perPage: 50 },
      owner: 'admin',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Aral clients',
      resource: 'clients',
      owner: 'billing',
      params: { filter: '{"search":"Aral"}', sort: 'gname', order: 'ASC', perPage: 50 },
      sharedRoles: [],
      mine: true,
    });
    // a PATCH cannot hand the view to someone else
    const patched = await h.json<View>('billing', 'PATCH', `/core/api/savedViews/${created.body.id}`, {
      owner: 'member',
      name: 'Aral',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ owner: 'billing', name: 'Aral' });
  });

  it('VIEWS-02 another user cannot read, change or delete an unshared view, nor find it in the list', async () => {
    const { body: view } = await create('billing', { name: 'Private', resource: 'clients', params: { perPage: 20 } });
    expect((await h.request('member', 'GET', `/core/api/savedViews/${view.id}`)).statusCode).toBe(404);
    expect(
      (await h.request('member', 'PATCH', `/core/api/savedViews/${view.id}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await h.request('member', 'DELETE', `/core/api/savedViews/${view.id}`)).statusCode).toBe(404);
    expect(await names('member', 'clients')).toEqual([]);
    // billing reads clients, not leads: the list of clients also holds VIEWS-01's view
    expect(await names('billing', 'clients')).toEqual(['Aral', 'Private']);
  });

  it('VIEWS-03 a view shared with a role is read by its users, marked not mine, and only the owner or an admin changes it', async () => {
    const { body: view } = await create('member', {
      name: 'Team offices',
      resource: 'offices',
      params: { filter: '{}', sort: 'gname', order: 'DESC', perPage: 20 },
      sharedRoles: [{ id: roleIds.MEMBER }],
    });
    await create('member', { name: 'Just mine', resource: 'offices' });
    expect(await names('member', 'offices')).toEqual(['Just mine', 'Team offices']);
    // member2 holds MEMBER: sees the shared view (not theirs), not the private one
    expect(await names('member2', 'offices')).toEqual(['Team offices (shared)']);
    const read = await h.json<View>('member2', 'GET', `/core/api/savedViews/${view.id}`);
    expect(read.body).toMatchObject({ owner: 'member', mine: false, params: { sort: 'gname', order: 'DESC' } });
    // but may not change, re-share or delete it
    for (const [method, body] of [
      ['PATCH', { name: 'Taken' }],
      ['PUT', { name: 'Taken', resource: 'offices', sharedRoles: [] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await h.request('member2', method, `/core/api/savedViews/${view.id}`, body);
      expect(res.statusCode, method).toBe(403);
    }
    // billing holds BILL only: the view shared with MEMBER stays hidden
    expect(await names('billing', 'offices')).toEqual([]);
    expect((await h.request('billing', 'GET', `/core/api/savedViews/${view.id}`)).statusCode).toBe(404);
    // an admin may change what they can read (a view shared with ADMIN)
    const { body: shared } = await create('member', { name: 'For admins', resource: 'offices' });
    // shared with ADMIN in the database, as before H2-06 (member holds no ADMIN and may not share so)
    await h.db.query('INSERT INTO saved_views_shared_roles (owner_id, target_id) VALUES ($1, $2)', [
      shared.id,
      roleIds.ADMIN,
    ]);
    const byAdmin = await h.json<View>('admin', 'PATCH', `/core/api/savedViews/${shared.id}`, {
      name: 'Renamed by admin',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ name: 'Renamed by admin', owner: 'member', mine: false });
    // the owner re-shares and deletes
    const unshared = await h.json<View>('member', 'PATCH', `/core/api/savedViews/${view.id}`, { sharedRoles: [] });
    expect(unshared.body.sharedRoles).toEqual([]);
    // the owner reads the roles shared with by id (roles themselves are read by admins only)
    expect(read.body.sharedRoles).toEqual([{ id: roleIds.MEMBER }]);
    expect(await names('member2', 'offices')).toEqual([]);
    expect((await h.request('member', 'DELETE', `/core/api/savedViews/${view.id}`)).statusCode).toBe(204);
  });

  it('VIEWS-04 every signed-in user may create; no one signed out', async () => {
    // NO_ACCESS is signed out at once, so it never reaches the rule
    expect((await create('noaccess', { name: 'x', resource: 'clients' })).status).toBe(401);
    expect((await h.request(null, 'POST', '/core/api/savedViews', { name: 'x', resource: 'clients' })).statusCode).toBe(
      401,
    );
    expect((await h.request(null, 'GET', '/core/api/savedViews/roles')).statusCode).toBe(401);
    expect((await create('lawyer', { name: 'My matters', resource: 'matters' })).status).toBe(201);
  });

  it('VIEWS-05 bad input is a 400 with field errors', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ resource: 'offices' }, 'name'],
      [{ name: 'x' }, 'resource'],
      [{ name: 'x', resource: 'no such list' }, 'resource'],
      [{ name: 'x', resource: 'offices', params: { filter: 'not json' } }, 'params.filter'],
      [{ name: 'x', resource: 'offices', params: { filter: '[1,2]' } }, 'params.filter'],
      [{ name: 'x', resource: 'offices', params: { order: 'UP' } }, 'params.order'],
      [{ name: 'x', resource: 'offices', params: { perPage: 0 } }, 'params.perPage'],
      [{ name: 'x', resource: 'offices', params: { perPage: 2.5 } }, 'params.perPage'],
      [{ name: 'x', resource: 'offices', params: { sort: 'gname; drop' } }, 'params.sort'],
      [{ name: 'x', resource: 'offices', sharedRoles: [{ id: 999_999 }] }, 'sharedRoles'],
      [{ name: 'y'.repeat(101), resource: 'offices' }, 'name'],
    ];
    for (const [body, property] of cases) {
      const res = await create('member', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ message: 'Validation failed' });
      expect(
        res.body.errors?.map((e) => e.property),
        JSON.stringify(body),
      ).toContain(property);
    }
    // the same name twice in one list of one owner is a conflict; another owner may reuse it
    expect((await create('member', { name: 'Twice', resource: 'offices' })).status).toBe(201);
    expect((await create('member', { name: 'Twice', resource: 'offices' })).status).toBe(409);
    expect((await create('billing', { name: 'Twice', resource: 'offices' })).status).toBe(201);
  });
});

/**
 * H2-06: a saved view is only of a list its writer reads and only shared with roles its writer
 * holds (admins: any list, any role), on create and on update; a view shared with a role stays out
 * of the lists of that role's users who cannot read its list.
 */
describe('H2-06 saved views are not pushed to others', () => {
  type Errors = { message?: string; errors?: Array<{ property: string; message: string }> };
  const refused = (res: { status: number; body: unknown }, property: string) => {
    expect(res.status).toBe(400);
    const body = res.body as Errors;
    expect(body.message).toBe('Validation failed');
    expect(body.errors?.map((e) => e.property)).toEqual([property]);
  };

  it('H2-06 a lawyer cannot share a view of invoices, nor with ADMIN; the admins list no pushed view', async () => {
    // the finding: a view of invoices (lawyer reads none) shared with ADMIN (lawyer holds none)
    const pushed = await create('lawyer', {
      name: 'Pushed',
      resource: 'invoices',
      sharedRoles: [{ id: roleIds.ADMIN }],
    });
    refused(pushed, 'resource');
    expect((pushed.body as Errors).errors?.[0]?.message).toBe('must be a list you can read');
    // a list lawyer reads, still to a role lawyer does not hold
    const toAdmins = await create('lawyer', {
      name: 'Pushed',
      resource: 'matters',
      sharedRoles: [{ id: roleIds.ADMIN }],
    });
    refused(toAdmins, 'sharedRoles');
    expect((toAdmins.body as Errors).errors?.[0]?.message).toBe('may only name roles you hold (not ADMIN)');
    // nor a view of a list lawyer cannot read, even unshared
    refused(await create('lawyer', { name: 'Pushed', resource: 'invoices' }), 'resource');
    expect(await names('admin', 'invoices')).toEqual([]);
    expect(await names('admin', 'matters')).toEqual([]);
    // what lawyer may do: a view of matters shared with LAWYER
    const own = await create('lawyer', {
      name: 'Team matters',
      resource: 'matters',
      sharedRoles: [{ id: roleIds.LAWYER }],
    });
    expect(own.status).toBe(201);
  });

  it('H2-06 an update cannot move a view to a list the writer cannot read nor share it with a role they do not hold', async () => {
    const { body: view } = await create('lawyer', { name: 'Mine to change', resource: 'matters' });
    const url = `/core/api/savedViews/${view.id}`;
    refused(await h.json('lawyer', 'PATCH', url, { resource: 'invoices' }), 'resource');
    refused(await h.json('lawyer', 'PATCH', url, { sharedRoles: [{ id: roleIds.ADMIN }] }), 'sharedRoles');
    refused(
      await h.json('lawyer', 'PUT', url, {
        name: 'Mine to change',
        resource: 'matters',
        sharedRoles: [{ id: roleIds.BILL }],
      }),
      'sharedRoles',
    );
    refused(
      await h.json('lawyer', 'PUT', url, { name: 'Mine to change', resource: 'invoices', sharedRoles: [] }),
      'resource',
    );
    // nothing changed, nothing reached the admins
    const after = await h.json<View>('lawyer', 'GET', url);
    expect(after.body).toMatchObject({ resource: 'matters', sharedRoles: [] });
    expect(await names('admin', 'invoices')).toEqual([]);
    // a role lawyer holds is fine
    const ok = await h.json<View>('lawyer', 'PATCH', url, { sharedRoles: [{ id: roleIds.LAWYER }] });
    expect(ok.status).toBe(200);
  });

  it('H2-06 an admin may publish a view of any list to any role', async () => {
    const res = await create('admin', {
      name: 'For everyone',
      resource: 'invoices',
      sharedRoles: [{ id: roleIds.MEMBER }, { id: roleIds.LAWYER }, { id: roleIds.BILL }],
    });
    expect(res.status).toBe(201);
  });

  it('H2-06 a view shared with a role stays out of the lists of its users who cannot read the list', async () => {
    // admin publishes a view of invoices to MEMBER: member reads no invoices, so it never shows
    const { body: view } = await create('admin', {
      name: 'Invoices for members',
      resource: 'invoices',
      sharedRoles: [{ id: roleIds.MEMBER }],
    });
    expect(await names('member', 'invoices')).toEqual([]);
    expect((await h.request('member', 'GET', `/core/api/savedViews/${view.id}`)).statusCode).toBe(404);
    // a view shared with MEMBER of a list members read still shows
    await create('admin', { name: 'Offices for members', resource: 'offices', sharedRoles: [{ id: roleIds.MEMBER }] });
    expect(await names('member2', 'offices')).toContain('Offices for members (shared)');
  });

  it('H2-06 the roles offered for sharing are those the user holds; every role for an admin', async () => {
    const mine = await h.json<Array<{ id: number; name: string }>>('lawyer', 'GET', '/core/api/savedViews/roles');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([{ id: roleIds.LAWYER, name: 'LAWYER' }]);
    const all = await h.json<Array<{ id: number; name: string }>>('admin', 'GET', '/core/api/savedViews/roles');
    expect(all.body.map((r) => r.name)).toEqual(expect.arrayContaining(['ADMIN', 'BILL', 'LAWYER', 'MEMBER']));
  });
});
