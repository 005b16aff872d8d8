import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rule, type AccessRule } from '../../schemas/accessRule';
import type { EntitySchema } from '../../schemas/define';
import { clients, contacts, departments } from '../../schemas/index';
import { insertRow } from '../auth/testing';
import { loadUser } from '../auth/users';
import { createHarness, type Harness } from '../test/harness';
import { listRecords } from './service';

/**
 * Access rules (`EntityConfig.accessRule`) through the HTTP API. The rules are test-only: each
 * test sets one on the registry's schema object (the same object the routes serve) with
 * {@link withRule} and removes it afterwards, so the rest of the suite sees the schemas unchanged.
 */
let h: Harness;
/** Contacts of Initech made for the paging test: 25 open, 20 marked `Confidential`. */
const open: number[] = [];
const hidden: number[] = [];

beforeAll(async () => {
  h = await createHarness();
  for (let i = 0; i < 45; i++) {
    const secret = i % 9 < 4; // 20 of 45, spread over the whole sort order
    const id = await insertRow(h.db, 'contacts', {
      client: h.fx.clients.initech,
      gname: `Initech contact ${String(i).padStart(2, '0')}`,
      gjobTitle: secret ? 'Confidential' : 'Engineer',
      emailSubscribed: false,
    });
    (secret ? hidden : open).push(id);
  }
});
afterAll(async () => h?.close());

async function withRule<T>(schema: EntitySchema, accessRule: AccessRule, run: () => Promise<T>): Promise<T> {
  schema.accessRule = accessRule;
  try {
    return await run();
  } finally {
    delete schema.accessRule;
  }
}

type Page = { _embedded: Record<string, Array<Record<string, unknown>>>; page: Record<string, number> };
const get = async (url: string, user = 'billing') => {
  const r = await h.json<Page>(user, 'GET', url);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** Confidential contacts are hidden from everyone but admins. */
const noConfidential: AccessRule = (user) =>
  user.roles.includes('ADMIN') ? null : rule.ne('gjobTitle', 'Confidential');

describe('access rule: lists and totals', () => {
  it('access rule: full pages and exact totals when rows are hidden', async () => {
    expect(hidden).toHaveLength(20);
    await withRule(contacts, noConfidential, async () => {
      const seen: number[] = [];
      for (let page = 0; page < 3; page++) {
        const body = await get(
          `/core/api/contacts?client.id=${h.fx.clients.initech}&size=10&page=${page}&sort=gname,asc&projection=flat`,
        );
        expect(body.page).toEqual({ size: 10, totalElements: 25, totalPages: 3, number: page });
        expect(body._embedded.contacts).toHaveLength(page < 2 ? 10 : 5);
        seen.push(...body._embedded.contacts!.map((c) => c.id as number));
      }
      expect(seen.sort()).toEqual([...open].sort());
      expect(seen.filter((id) => hidden.includes(id))).toEqual([]);
      // search and filters keep the rule: no hidden id through any door
      const searched = await get(`/core/api/contacts?search=Initech&size=100`);
      expect(searched.page.totalElements).toBe(25);
      const named = await get(`/core/api/contacts?gjobTitle=Confidential`);
      expect(named._embedded.contacts).toEqual([]);
      expect(named.page.totalElements).toBe(0);
      // the admin is outside the rule (it returns null for ADMIN): every row
      const all = await get(`/core/api/contacts?client.id=${h.fx.clients.initech}&size=10`, 'admin');
      expect(all.page.totalElements).toBe(45);
    });
  });

  it('access rule: OR of a reference path and an EXISTS over a to-many field', async () => {
    const r: AccessRule = () =>
      rule.or(rule.eq('country.code', 826), rule.exists('contactList', rule.eq('gname', 'Wile Coyote')));
    await withRule(clients, r, async () => {
      const body = await get('/core/api/clients?sort=gname,asc');
      expect(body._embedded.clients!.map((c) => c.gname)).toEqual(['Acme LLP', 'Globex Corporation']);
      expect(body.page.totalElements).toBe(2);
    });
  });

  it('access rule: NOT and an EXISTS through an inverse reference', async () => {
    const r: AccessRule = () =>
      rule.not(rule.exists({ collection: 'contacts', via: 'client' }, rule.eq('firstEmail', 'wile@acme.test')));
    await withRule(clients, r, async () => {
      const body = await get('/core/api/clients?sort=gname,asc');
      expect(body._embedded.clients!.map((c) => c.gname)).toEqual(['Globex Corporation', 'Initech']);
      expect((await h.json('billing', 'GET', `/core/api/clients/${h.fx.clients.acme}`)).status).toBe(404);
    });
  });

  it("access rule: the user's employee and positions (a department is visible to whoever holds a position in it)", async () => {
    const r: AccessRule = (user) =>
      user.employeeId === null
        ? false
        : rule.exists({ collection: 'positions', via: 'department' }, rule.eq('employee.id', user.employeeId));
    await withRule(departments, r, async () => {
      // member's employee Anna holds one position, in the sector
      const body = await get('/core/api/departments', 'member');
      expect(body._embedded.departments!.map((d) => d.id)).toEqual([h.fx.departments.sector]);
      expect(body.page.totalElements).toBe(1);
      // billing's employee Boris holds one, in the firm
      expect((await get('/core/api/departments'))._embedded.departments!.map((d) => d.id)).toEqual([
        h.fx.departments.firm,
      ]);
      // a user without an employee (admin) sees nothing: the rule holds for no row
      expect((await get('/core/api/departments', 'admin')).page.totalElements).toBe(0);
    });
    // the same through the positions loaded with the user (the positions table)
    const member = (await loadUser(h.db, 'member'))!.user;
    expect(member.positions.map((p) => p.departmentId)).toEqual([h.fx.departments.sector]);
    const byPosition: AccessRule = (user) =>
      rule.in(
        'id',
        user.positions.map((p) => p.departmentId),
      );
    const page = await listRecords(h.db, { ...departments, accessRule: byPosition }, member, {});
    expect(page.items.map((d) => d.id)).toEqual([h.fx.departments.sector]);
    expect(page.page.totalElements).toBe(1);
  });
});

describe('access rule: embedded records', () => {
  it('access rule: an embedded record of a hidden target comes back as { id } only', async () => {
    await withRule(
      clients,
      () => rule.ne('underSanctions', true),
      async () => {
        const body = await get('/core/api/contacts?projection=withClient&size=100');
        const byName = new Map(body._embedded.contacts!.map((c) => [c.gname, c]));
        expect(byName.get('Hank Scorpio')!.client).toEqual({ id: h.fx.clients.globex });
        expect(byName.get('Wile Coyote')!.client).toMatchObject({ id: h.fx.clients.acme, gname: 'Acme LLP' });
        const one = await h.json<Record<string, unknown>>('billing', 'GET', `/core/api/contacts/${h.fx.contacts.hank}`);
        expect(one.body.client).toEqual({ id: h.fx.clients.globex });
      },
    );
    // without the rule the same record is embedded in full
    const one = await h.json<Record<string, unknown>>('billing', 'GET', `/core/api/contacts/${h.fx.contacts.hank}`);
    expect(one.body.client).toMatchObject({ id: h.fx.clients.globex, gname: 'Globex Corporation' });
  });

  it('access rule: hidden items of an embedded list are { id } only', async () => {
    await withRule(contacts, noConfidential, async () => {
      const r = await h.json<{ contactList: Array<Record<string, unknown>> }>(
        'billing',
        'GET',
        `/core/api/clients/${h.fx.clients.initech}`,
      );
      expect(r.status).toBe(200);
      expect(r.body.contactList).toHaveLength(45);
      const bare = r.body.contactList.filter((c) => Object.keys(c).length === 1);
      expect(bare.map((c) => c.id).sort()).toEqual([...hidden].sort());
    });
  });

  it('access rule: an embedded record of an entity the user may not read comes back as { id } only', async () => {
    // clients moved to a module billing lacks (test-only): billing still reads contacts (module client)
    const module = clients.module;
    clients.module = 'cashbox';
    try {
      const c = await h.json<Record<string, unknown>>('billing', 'GET', `/core/api/contacts/${h.fx.contacts.wile}`);
      expect(c.status).toBe(200);
      expect(c.body.client).toEqual({ id: h.fx.clients.acme });
    } finally {
      clients.module = module;
    }
    const c = await h.json<Record<string, unknown>>('billing', 'GET', `/core/api/contacts/${h.fx.contacts.wile}`);
    expect(c.body.client).toMatchObject({ id: h.fx.clients.acme, gname: 'Acme LLP' });
  });
});

describe('access rule: a hidden row is 404 on every verb', () => {
  it('access rule: GET, PUT, PATCH and DELETE of a hidden row are 404 and change nothing', async () => {
    const id = hidden[0]!;
    const url = `/core/api/contacts/${id}`;
    const before = (await h.json<Record<string, unknown>>('admin', 'GET', url)).body;
    await withRule(contacts, noConfidential, async () => {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { client: { id: h.fx.clients.initech }, gname: 'Taken', emailSubscribed: false }],
        ['PATCH', { gname: 'Taken' }],
        ['DELETE', undefined],
      ] as const) {
        const r = await h.json<{ message: string }>('billing', method, url, body);
        expect(r.status, method).toBe(404);
        expect(r.body.message, method).toMatch(/not found/i);
      }
      // an open row of the same client is served as usual
      expect((await h.json('billing', 'GET', `/core/api/contacts/${open[0]}`)).status).toBe(200);
      // a create or an update into the hidden set is 403 and writes nothing
      const created = await h.json('billing', 'POST', '/core/api/contacts', {
        client: { id: h.fx.clients.initech },
        gname: 'New secret',
        gjobTitle: 'Confidential',
        emailSubscribed: false,
      });
      expect(created.status).toBe(403);
      const moved = await h.json('billing', 'PATCH', `/core/api/contacts/${open[0]}`, { gjobTitle: 'Confidential' });
      expect(moved.status).toBe(403);
    });
    expect((await h.json<Record<string, unknown>>('admin', 'GET', url)).body).toEqual(before);
    expect((await get(`/core/api/contacts?gname=New secret`, 'admin')).page.totalElements).toBe(0);
    expect(
      (await h.json<Record<string, unknown>>('admin', 'GET', `/core/api/contacts/${open[0]}`)).body.gjobTitle,
    ).toBe('Engineer');
  });
});

describe('access rule: through a to-one reference', () => {
  it('access rule: rule.through judges the referenced record (and a chain of references) in SQL', async () => {
    // contacts whose client has a contact named Wile Coyote: a condition written for clients, reused
    const r: AccessRule = () => rule.through('client', rule.exists('contactList', rule.eq('gname', 'Wile Coyote')));
    await withRule(contacts, r, async () => {
      const body = await get('/core/api/contacts?size=100');
      expect(body._embedded.contacts!.map((c) => c.gname)).toEqual(['Wile Coyote']);
      expect(body.page.totalElements).toBe(1);
      expect((await h.json('billing', 'GET', `/core/api/contacts/${h.fx.contacts.hank}`)).status).toBe(404);
    });
    // a chain: the contact's client's country
    await withRule(
      contacts,
      () => rule.through('client.country', rule.eq('code', 826)),
      async () => {
        const body = await get('/core/api/contacts?size=100');
        expect(body._embedded.contacts!.map((c) => c.gname)).toEqual(['Hank Scorpio']);
      },
    );
    // a row whose reference is empty does not match, even under a condition that holds for every record
    await withRule(
      clients,
      () => rule.through('country', true),
      async () => {
        const all = await get('/core/api/clients?size=100', 'admin');
        const withCountry = all._embedded.clients!.filter((c) => c.country !== null).length;
        expect(all.page.totalElements).toBe(withCountry);
      },
    );
  });

  it('access rule: rule.through a field that is not a to-one reference is a schema error (500), not a leak', async () => {
    await withRule(
      contacts,
      () => rule.through('gname', true),
      async () => {
        const r = await h.json('billing', 'GET', '/core/api/contacts');
        expect(r.status).toBe(500);
      },
    );
  });
});

describe('row modules: the privilege module chosen by the row', () => {
  it('row modules: each row needs the action on its own module, on reads and writes', async () => {
    // sanctioned clients need `cashbox` (billing has only `client`); the others `client`
    clients.rowModules = [
      { module: 'cashbox', when: rule.eq('underSanctions', true) },
      { module: 'client', when: rule.ne('underSanctions', true) },
    ];
    try {
      await h.json('admin', 'PATCH', `/core/api/clients/${h.fx.clients.globex}`, { underSanctions: true });
      const body = await get('/core/api/clients?size=100');
      expect(body._embedded.clients!.map((c) => c.id)).not.toContain(h.fx.clients.globex);
      expect((await h.json('billing', 'GET', `/core/api/clients/${h.fx.clients.globex}`)).status).toBe(404);
      // moving a client into the other module is refused and writes nothing
      const moved = await h.json('billing', 'PATCH', `/core/api/clients/${h.fx.clients.acme}`, {
        underSanctions: true,
      });
      expect(moved.status).toBe(403);
      expect(
        (await h.json<Record<string, unknown>>('admin', 'GET', `/core/api/clients/${h.fx.clients.acme}`)).body
          .underSanctions,
      ).toBe(false);
      // the admin sees both modules
      expect((await h.json('admin', 'GET', `/core/api/clients/${h.fx.clients.globex}`)).status).toBe(200);
      // an embedded client of the other module is { id } only
      const hank = await h.json<Record<string, unknown>>('billing', 'GET', `/core/api/contacts/${h.fx.contacts.hank}`);
      expect(hank.body.client).toEqual({ id: h.fx.clients.globex });
    } finally {
      delete clients.rowModules;
      await h.json('admin', 'PATCH', `/core/api/clients/${h.fx.clients.globex}`, { underSanctions: false });
    }
  });
});
