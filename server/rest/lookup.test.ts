import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema, storedSchemas } from '../../schemas/index';
import { lookupProjection } from '../../schemas/lookup';
import { createTestUser } from '../auth/testing';
import { SYSTEM_COLUMNS } from '../db/naming';
import { collectionPath } from './values';
import { createHarness, type Harness } from '../test/harness';
import { grantSeeded } from '../test/seededRoles';

/**
 * H2-04 lookups: a writer of a reference field looks its target up (`?projection=lookup`: id and
 * representation, under the target's row rule) without reading it. Writers: the fixture's
 * `lawyer` (LAWYER: project, matter, time; no client; on the Acme matter's team), a seeded MEMBER
 * (time, no client), a seeded BUDGET_VIEW (reads budgets, writes nothing).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  for (const role of ['MEMBER', 'BUDGET_VIEW'] as const) {
    await grantSeeded(h.db, role);
    // the MEMBER is boris, so their own times are theirs to write
    await createTestUser(h.db, {
      username: `lookup-${role.toLowerCase()}`,
      roles: [{ name: role }],
      employeeId: role === 'MEMBER' ? h.fx.employees.boris : undefined,
    });
  }
}, 120_000);
afterAll(async () => h?.close());

/** What every record answers besides its projection's fields: its id and system columns (and its lock property). */
const RECORD_KEYS = ['id', ...Object.keys(SYSTEM_COLUMNS)];
const rolesPath = collectionPath(getSchema('roles'));

type Page = { _embedded?: Record<string, Array<Record<string, unknown>>>; page: { totalElements: number } };

describe('H2-04 lookups of entities the writer does not read', () => {
  it('H2-04 every entity answers its lookup, list and item, with only what its representation reads', async () => {
    const problems: string[] = [];
    for (const schema of storedSchemas()) {
      const path = collectionPath(schema);
      const list = await h.json<Page>('admin', 'GET', `${path}?projection=lookup&size=2`);
      if (list.status !== 200) {
        problems.push(`${schema.name} list: ${list.status} ${JSON.stringify(list.body).slice(0, 200)}`);
        continue;
      }
      const shown = new Set([
        ...RECORD_KEYS,
        schema.lockProperty,
        '_links',
        ...Object.keys(lookupProjection(schema).embed ?? {}),
      ]);
      for (const f of lookupProjection(schema).fields ?? []) shown.add(f);
      const [first] = Object.values(list.body._embedded ?? {})[0] ?? [];
      if (!first) continue;
      const extra = Object.keys(first).filter((k) => !shown.has(k));
      if (extra.length > 0) problems.push(`${schema.name}: ${extra.join(', ')} beyond the representation`);
      const one = await h.request('admin', 'GET', `${path}/${String(first.id)}?projection=lookup`);
      if (one.statusCode !== 200) problems.push(`${schema.name} item: ${one.statusCode} ${one.body.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });

  it('H2-04 a MEMBER, who writes time but holds no client privilege, reads client names through the lookup and nothing else', async () => {
    expect((await h.request('lookup-member', 'GET', '/core/api/clients')).statusCode).toBe(403);
    const list = await h.json<Page>('lookup-member', 'GET', '/core/api/clients?projection=lookup&size=100');
    expect(list.status).toBe(200);
    const all = await h.json<Page>('admin', 'GET', '/core/api/clients?size=100');
    expect(list.body.page.totalElements).toBe(all.body.page.totalElements);
    const items = list.body._embedded?.clients ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(Object.keys(item).filter((k) => !['gname', '_links', 'version', ...RECORD_KEYS].includes(k))).toEqual([]);
      expect(typeof item.gname).toBe('string');
    }
    const one = await h.json<Record<string, unknown>>(
      'lookup-member',
      'GET',
      `/core/api/clients/${String(items[0]!.id)}?projection=lookup`,
    );
    expect(one.status).toBe(200);
    expect(one.body.gname).toBe(items[0]!.gname);
    // the full read stays closed, and a lookup filters only by what a pick list sends
    expect((await h.request('lookup-member', 'GET', `/core/api/clients/${String(items[0]!.id)}`)).statusCode).toBe(403);
    const filtered = await h.json<{ message: string }>(
      'lookup-member',
      'GET',
      '/core/api/clients?projection=lookup&underSanctions=true',
    );
    expect(filtered.status).toBe(400);
    expect(filtered.body.message).toContain('underSanctions');
    // the pick list's own request: a page, sorted newest first, with the typed search
    const searched = await h.request(
      'lookup-member',
      'GET',
      '/core/api/clients?projection=lookup&page=0&size=20&sort=lastModifiedDate,desc&search=a',
    );
    expect(searched.statusCode, searched.body).toBe(200);
    // the search and the order see only what the lookup shows: not a client's tax number
    const bin = '990140000385';
    const set = await h.request('admin', 'PATCH', `/core/api/clients/${String(items[0]!.id)}`, { iinBin: bin });
    expect(set.statusCode, set.body).toBe(200);
    const byBin = `/core/api/clients?search=${bin}`;
    expect((await h.json<Page>('admin', 'GET', byBin)).body.page.totalElements).toBe(1);
    expect((await h.json<Page>('lookup-member', 'GET', `${byBin}&projection=lookup`)).body.page.totalElements).toBe(0);
    expect(
      (await h.request('lookup-member', 'GET', '/core/api/clients?projection=lookup&sort=iinBin,asc')).statusCode,
    ).toBe(400);
  });

  it('H2-04 a MEMBER names the client picked through the lookup on their own time entry: 201', async () => {
    const [client] = (await h.json<Page>('lookup-member', 'GET', '/core/api/clients?projection=lookup&size=1')).body
      ._embedded!.clients!;
    const r = await h.json<Record<string, unknown>>('lookup-member', 'POST', '/core/api/times', {
      dateTime: '2026-11-05T09:00:00Z',
      workType: { id: h.fx.dict('WORK_TYPE', 1) },
      matter: { id: h.fx.matters.globexMatter },
      client: { id: client!.id },
      workDescription: 'Call with the client',
      duration: 900_000,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });

  it('H2-04 a lookup keeps the row rule: the lawyer looks up the matter of their team, not the hidden one (404)', async () => {
    const { acmeMatter, globexMatter } = h.fx.matters;
    const seen = await h.json<Record<string, unknown>>(
      'lawyer',
      'GET',
      `/core/api/matters/${acmeMatter}?projection=lookup`,
    );
    expect(seen.status).toBe(200);
    expect(Object.keys(seen.body).sort()).toEqual(expect.arrayContaining(['description', 'id', 'number']));
    expect(seen.body).not.toHaveProperty('project');
    expect((await h.request('lawyer', 'GET', `/core/api/matters/${globexMatter}?projection=lookup`)).statusCode).toBe(
      404,
    );
    const list = await h.json<Page>('lawyer', 'GET', '/core/api/matters?projection=lookup&size=100');
    const full = await h.json<Page>('lawyer', 'GET', '/core/api/matters?size=100');
    expect(list.body._embedded?.matters?.map((m) => m.id).sort()).toEqual(
      full.body._embedded?.matters?.map((m) => m.id).sort(),
    );
  });

  it('H2-04 no lookup without a referencing module the user writes, and none of an entity read by administrators only', async () => {
    // BUDGET_VIEW writes nothing that points at clients
    expect((await h.request('lookup-budget_view', 'GET', '/core/api/clients?projection=lookup')).statusCode).toBe(403);
    // roles are read by administrators only: a saved view's writer gets no lookup of them (H2-06 judges the field)
    expect((await h.request('lawyer', 'GET', `${rolesPath}?projection=lookup`)).statusCode).toBe(403);
    expect((await h.request('admin', 'GET', `${rolesPath}?projection=lookup`)).statusCode).toBe(200);
  });
});
