import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDictionaries, baseDictionaryTypes } from '../../schemas/index';
import { createHarness, type Harness } from '../test/harness';

/**
 * Base dictionary types and entries through the API (DICT-01..18): fields, tables, default
 * sort, the type-code filter, automatic code and orderliness (also under parallel creates), CRUD
 * and who may write.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Rec = Record<string, unknown>;
type Entries = { _embedded: { baseDictionaries: Rec[] }; page: { totalElements: number } };
type Types = { _embedded: { baseDictionaryTypes: Rec[] }; page: { totalElements: number } };

const newType = async (gname: string) => {
  const r = await h.json<Rec>('admin', 'POST', '/core/api/baseDictionaryTypes', { gname });
  expect(r.status).toBe(201);
  return r.body as { id: number; code: number };
};

describe('base dictionaries', () => {
  it('DICT-01 an entry has id, type {id, code}, code, gname, lname, orderliness and charCode', async () => {
    const r = await h.json<Entries>('member', 'GET', '/core/api/baseDictionaries?type.code=5&projection=full&size=1');
    const entry = r.body._embedded.baseDictionaries[0]!;
    for (const k of ['id', 'code', 'gname', 'orderliness']) expect(entry).toHaveProperty(k);
    for (const k of ['lname', 'charCode']) expect(Object.keys(entry)).toContain(k);
    expect(entry.type).toMatchObject({ id: h.fx.dictType('LANGUAGE'), code: 5 });
  });

  it('DICT-02 a type has id, code, gname and lname', async () => {
    const r = await h.json<Rec>('admin', 'GET', `/core/api/baseDictionaryTypes/${h.fx.dictType('OFFICE_TYPE')}`);
    expect(r.body).toMatchObject({ id: h.fx.dictType('OFFICE_TYPE'), code: 26 });
    expect(Object.keys(r.body)).toEqual(expect.arrayContaining(['gname', 'lname']));
  });

  it('DICT-03 a new type defaults to count + 2; a code sent is kept', async () => {
    const [{ n }] = (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM base_dictionary_types')) as [
      { n: number },
    ];
    expect((await newType('Storage shelf')).code).toBe(n + 2);
    const own = await h.json<Rec>('admin', 'POST', '/core/api/baseDictionaryTypes', { gname: 'Own code', code: 900 });
    expect(own.body.code).toBe(900);
  });

  it('DICT-04 DICT-05 table columns: base type, code, name, local name, char code; code, name, local name', () => {
    expect(baseDictionaries.list?.columns).toEqual(['type', 'code', 'gname', 'lname', 'charCode']);
    expect(baseDictionaryTypes.list?.columns).toEqual(['code', 'gname', 'lname']);
  });

  it('DICT-06 DICT-18 base types and entries sort by lastModifiedDate desc unless asked', async () => {
    expect(baseDictionaryTypes.defaultSort).toEqual([['lastModifiedDate', 'desc']]);
    expect(baseDictionaries.defaultSort).toEqual([['lastModifiedDate', 'desc']]);
    const fresh = await newType('Newest type');
    const r = await h.json<Types>('admin', 'GET', '/core/api/baseDictionaryTypes?size=1');
    expect(r.body._embedded.baseDictionaryTypes[0]!.id).toBe(fresh.id);
  });

  it('DICT-07 entries are listed by type code with sort, page, size and projection', async () => {
    const r = await h.json<Entries>(
      'member',
      'GET',
      '/core/api/baseDictionaries?type.code=16&sort=code,asc&page=0&size=2&projection=full',
    );
    expect(r.status).toBe(200);
    const rows = r.body._embedded.baseDictionaries;
    expect(rows).toHaveLength(2);
    expect(rows.every((e) => (e.type as { code: number }).code === 16)).toBe(true);
    expect(rows.map((e) => e.code)).toEqual([...rows.map((e) => e.code as number)].sort((a, b) => a - b));
    const [{ n }] = (await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id WHERE t.code = 16',
    )) as [{ n: number }];
    expect(r.body.page.totalElements).toBe(n);
    expect((await h.request('member', 'GET', '/core/api/baseDictionaries?type.kode=16')).statusCode).toBe(400);
  });

  it('DICT-08 DICT-09 DICT-10 POST /baseDictionaries/ assigns code and orderliness one above the type highest', async () => {
    const type = await newType('Shelf kinds');
    const first = await h.json<Rec>('admin', 'POST', '/core/api/baseDictionaries/', {
      type: { id: type.id },
      gname: 'A',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ code: 1, orderliness: 1 });
    await h.json<Rec>('admin', 'POST', '/core/api/baseDictionaries/', {
      type: { id: type.id },
      gname: 'B',
      code: 40,
      orderliness: 7,
    });
    const third = await h.json<Rec>('admin', 'POST', '/core/api/baseDictionaries/', {
      type: { id: type.id },
      gname: 'C',
    });
    expect(third.body).toMatchObject({ code: 41, orderliness: 8 });
    // another type's numbers are its own
    const other = await newType('Other kinds');
    const o = await h.json<Rec>('admin', 'POST', '/core/api/baseDictionaries', { type: { id: other.id }, gname: 'X' });
    expect(o.body).toMatchObject({ code: 1, orderliness: 1 });
  });

  it('DICT-09 DICT-10 parallel creates in one type get distinct consecutive codes and orderliness', async () => {
    const type = await newType('Parallel kinds');
    const N = 12;
    const rs = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        h.json<Rec>('admin', 'POST', '/core/api/baseDictionaries', { type: { id: type.id }, gname: `P${i}` }),
      ),
    );
    expect(rs.map((r) => r.status)).toEqual(Array(N).fill(201));
    const expected = Array.from({ length: N }, (_, i) => i + 1);
    expect(rs.map((r) => r.body.code as number).sort((a, b) => a - b)).toEqual(expected);
    expect(rs.map((r) => r.body.orderliness as number).sort((a, b) => a - b)).toEqual(expected);
  });

  it('DICT-11 DICT-12 an entry is updated with PUT and deleted with DELETE; only admins write', async () => {
    const type = await newType('Desk kinds');
    const made = await h.json<Rec>('admin', 'POST', '/core/api/baseDictionaries', {
      type: { id: type.id },
      gname: 'Old',
    });
    const id = made.body.id as number;
    const body = { type: { id: type.id }, gname: 'New', code: 3, orderliness: 2, charCode: 'nw' };
    expect((await h.request('member', 'PUT', `/core/api/baseDictionaries/${id}`, body)).statusCode).toBe(403);
    const put = await h.json<Rec>('admin', 'PUT', `/core/api/baseDictionaries/${id}`, body);
    expect(put.body).toMatchObject({ gname: 'New', code: 3, orderliness: 2, charCode: 'nw', lname: null });
    expect((await h.request('member', 'DELETE', `/core/api/baseDictionaries/${id}`)).statusCode).toBe(403);
    expect((await h.request('admin', 'DELETE', `/core/api/baseDictionaries/${id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/baseDictionaries/${id}`)).statusCode).toBe(404);
  });

  it('DICT-13 DICT-14 DICT-15 DICT-16 types are read, created, updated and deleted; only admins write', async () => {
    const list = await h.json<Types>('member', 'GET', '/core/api/baseDictionaryTypes?size=100');
    expect(list.status).toBe(200);
    expect(list.body.page.totalElements).toBeGreaterThanOrEqual(46);
    expect((await h.request('member', 'POST', '/core/api/baseDictionaryTypes', { gname: 'No' })).statusCode).toBe(403);
    const t = await newType('Temporary');
    expect((await h.json<Rec>('member', 'GET', `/core/api/baseDictionaryTypes/${t.id}`)).body.gname).toBe('Temporary');
    const put = await h.json<Rec>('admin', 'PUT', `/core/api/baseDictionaryTypes/${t.id}`, {
      code: t.code,
      gname: 'Renamed',
      lname: 'Переименован',
    });
    expect(put.body).toMatchObject({ gname: 'Renamed', lname: 'Переименован', code: t.code });
    const dup = await h.json<Rec>('admin', 'PUT', `/core/api/baseDictionaryTypes/${t.id}`, { code: 26, gname: 'x' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBeTruthy();
    expect((await h.request('member', 'DELETE', `/core/api/baseDictionaryTypes/${t.id}`)).statusCode).toBe(403);
    expect((await h.request('admin', 'DELETE', `/core/api/baseDictionaryTypes/${t.id}`)).statusCode).toBe(204);
  });

  it('DICT-17 base types and entries search by name', async () => {
    const office = await h.json<Rec>('admin', 'GET', `/core/api/baseDictionaryTypes/${h.fx.dictType('OFFICE_TYPE')}`);
    const word = String(office.body.gname).slice(1, 6).toLowerCase();
    const types = await h.json<Types>(
      'member',
      'GET',
      `/core/api/baseDictionaryTypes?search=${encodeURIComponent(word)}`,
    );
    expect(types.body._embedded.baseDictionaryTypes.map((t) => t.code)).toContain(26);
    expect(types.body.page.totalElements).toBeLessThan(46);
    const byName = await h.json<Entries>('member', 'GET', '/core/api/baseDictionaries?type.code=3&search=activ');
    expect(byName.body._embedded.baseDictionaries.map((e) => e.code)).toContain(1);
    expect(byName.body._embedded.baseDictionaries.every((e) => /activ/i.test(String(e.gname)))).toBe(true);
    for (const s of [baseDictionaries, baseDictionaryTypes])
      expect(s.list?.filters?.find((f) => f.source === 'search')?.alwaysOn).toBe(true);
  });
});
