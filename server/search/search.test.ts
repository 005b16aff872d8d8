import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { searchWords, type SearchResult } from './service';

/**
 * The global search `GET /core/api/search` (server/search/service.ts) on the API fixture
 * (server/test/fixture.ts): words and prefixes, Russian word forms, each entity's own access
 * (privilege module and access rule, as its list), and the 400s of a bad query.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // a matter described in Russian, for the word forms
  await h.db.query(`UPDATE matters SET description = 'Договор поставки оборудования' WHERE id = $1`, [
    h.fx.matters.globexMatter,
  ]);
});
afterAll(async () => h?.close());

const search = async (user: string | null, query: string) => {
  const r = await h.json<SearchResult>(user, 'GET', `/core/api/search?${query}`);
  return r;
};
const found = (result: SearchResult) =>
  Object.fromEntries(result.groups.map((g) => [g.collection, g.items.map((i) => i.representation)]));

describe('global search', () => {
  it('finds records by a whole word of their name, grouped by collection with route, label and icon', async () => {
    const r = await search('admin', 'q=Acme');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.query).toBe('Acme');
    const clients = r.body.groups.find((g) => g.collection === 'clients')!;
    expect(clients).toMatchObject({ route: 'clients', label: 'Clients', icon: 'Domain' });
    expect(clients.items[0]).toMatchObject({
      id: h.fx.clients.acme,
      representation: 'Acme LLP',
      _links: { self: { href: `/core/api/clients/${h.fx.clients.acme}` } },
    });
    expect(clients.items[0]!.rank).toBeGreaterThan(0);
    expect(found(r.body)).toMatchObject({
      projects: ['P-0001 Acme restructuring'],
      matters: ['M-0001 Acme share purchase'],
    });
  });

  it('finds by a prefix of a word, case-insensitively, every word of the query needing a match', async () => {
    expect(found((await search('admin', 'q=glob')).body).clients).toEqual(['Globex Corporation']);
    expect(found((await search('admin', 'q=GLOBEX%20corp')).body).clients).toEqual(['Globex Corporation']);
    expect(found((await search('admin', 'q=globex%20acme')).body).clients).toBeUndefined();
    // a matter by its number, an employee by a prefix of the last name (the route of employees' pages)
    expect(found((await search('admin', 'q=M-0002')).body).matters).toHaveLength(1);
    const people = (await search('admin', 'q=abe')).body.groups.find((g) => g.collection === 'employees');
    expect(people).toMatchObject({
      route: 'teams',
      items: [{ id: h.fx.employees.anna, representation: 'Anna Abenova' }],
    });
  });

  it('matches Russian words across their forms: "договоры" and "поставкой" find "Договор поставки"', async () => {
    for (const q of ['договоры', 'поставкой', 'ДОГОВОРА оборуд']) {
      const r = await search('admin', `q=${encodeURIComponent(q)}`);
      expect(found(r.body).matters, q).toEqual(['M-0002 Договор поставки оборудования']);
    }
  });

  it('reads tsquery operators, quotes and backslashes in the query as separators, never as syntax', async () => {
    for (const q of ['acme & !', "'acme':*", 'acme|(', 'acme\\', '<->acme', 'acme:A']) {
      const r = await search('admin', `q=${encodeURIComponent(q)}`);
      expect(r.status, `${q}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(found(r.body).clients, q).toEqual(['Acme LLP']);
    }
    expect(searchWords('Договоры  "ACME-2026"!')).toEqual(['Договоры', 'ACME-2026']);
    expect(searchWords('a & !b:* --c.')).toEqual(['a', 'b', 'c']);
  });

  it("applies each entity's access rule as its list: the lawyer finds the matters of their list only", async () => {
    const list = await h.json<{ _embedded: { matters: Array<{ id: number }> } }>(
      'lawyer',
      'GET',
      '/core/api/matters?size=100',
    );
    const visible = list.body._embedded.matters.map((m) => m.id);
    expect(visible).toContain(h.fx.matters.acmeMatter);
    expect(visible).not.toContain(h.fx.matters.globexMatter);
    const mine = await search('lawyer', 'q=M');
    expect(mine.body.groups.find((g) => g.collection === 'matters')!.items.map((i) => i.id)).toEqual(visible);
    // the admin finds the hidden one by a word of it; the lawyer does not
    expect(found((await search('admin', 'q=договор')).body).matters).toHaveLength(1);
    expect(found((await search('lawyer', 'q=договор')).body).matters).toBeUndefined();
  });

  it('leaves out an entity the user holds no privilege for: the member finds employees, no client or contact', async () => {
    expect((await search('member', 'q=acme')).status).toBe(200);
    for (const q of ['acme', 'wile', 'globex'])
      expect(
        (await search('member', `q=${q}`)).body.groups.map((g) => g.collection),
        q,
      ).not.toContain('clients');
    expect((await search('member', 'q=wile')).body.groups.map((g) => g.collection)).not.toContain('contacts');
    expect(found((await search('member', 'q=anna')).body).employees).toEqual(['Anna Abenova']);
    // naming a collection the user may not list answers nothing rather than 403
    expect((await search('member', 'q=acme&collections=clients')).body).toEqual({ query: 'acme', groups: [] });
  });

  it('restricts to the named collections and caps the hits per collection by size', async () => {
    const r = await search('admin', 'q=acme&collections=clients,contacts');
    expect(r.body.groups.map((g) => g.collection)).toEqual(['clients']);
    const one = await search('admin', 'q=M&collections=matters&size=1');
    expect(one.body.groups[0]!.items).toHaveLength(1);
  });

  it('answers 400 for an empty, wordless or too long query and a bad size or collection; 401 anonymous', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20',
      'q=%26%7C!',
      `q=${'a'.repeat(201)}`,
      `q=${Array.from({ length: 11 }, (_, i) => `w${i}`).join('%20')}`,
      'q=acme&size=0',
      'q=acme&size=21',
      'q=acme&size=x',
      'q=acme&collections=times',
    ]) {
      const r = await h.json<{ message: string }>('admin', 'GET', `/core/api/search?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.message, query).toMatch(/^Invalid parameter "(q|size|collections)"/);
    }
    expect((await search(null, 'q=acme')).status).toBe(401);
    expect((await search('noaccess', 'q=acme')).status).toBe(401);
  });
});
