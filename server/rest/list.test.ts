import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rule } from '../../schemas/accessRule';
import { clients } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { createHarness, type Harness } from '../test/harness';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from './service';

/** docs/api.md "Collections" and "Filters" through the HTTP API. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Page = {
  _embedded: Record<string, Array<Record<string, unknown>>>;
  _links: Record<string, { href: string }>;
  page: Record<string, number>;
};
const list = async (url: string, user = 'admin') => {
  const r = await h.json<Page>(user, 'GET', url);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const names = async (url: string, key = 'gname', user = 'admin') =>
  (await list(url, user))._embedded[url.split('?')[0]!.split('/').pop()!]!.map((r) => r[key]);
const status = async (url: string, user = 'admin') => {
  const r = await h.json<{ message: string }>(user, 'GET', url);
  return { status: r.status, message: r.body?.message ?? '' };
};

describe('list shape and paging', () => {
  it('answers HAL with _embedded, _links.self and a 0-based page', async () => {
    const body = await list('/core/api/clients');
    expect(body._embedded.clients).toHaveLength(3);
    expect(body.page).toEqual({ size: 20, totalElements: 3, totalPages: 1, number: 0 });
    expect(body._links.self!.href).toBe('/core/api/clients');
    const row = body._embedded.clients![0]!;
    for (const key of ['id', 'version', 'createdDate', 'lastModifiedDate', 'createdBy', 'lastModifiedBy'])
      expect(row).toHaveProperty(key);
    expect(row._links).toEqual({ self: { href: `/core/api/clients/${row.id}` } });
  });

  it('pages with next and prev links', async () => {
    const first = await list('/core/api/clients?size=2&sort=gname,asc');
    expect(first._embedded.clients!.map((c) => c.gname)).toEqual(['Acme LLP', 'Globex Corporation']);
    expect(first.page).toEqual({ size: 2, totalElements: 3, totalPages: 2, number: 0 });
    expect(first._links.next!.href).toContain('page=1');
    expect(first._links.prev).toBeUndefined();
    const second = await list(first._links.next!.href);
    expect(second._embedded.clients!.map((c) => c.gname)).toEqual(['Initech']);
    expect(second._links.prev!.href).toContain('page=0');
  });

  it('keeps _embedded.<collection> on an empty page', async () => {
    const body = await list('/core/api/clients?page=5');
    expect(body._embedded.clients).toEqual([]);
  });

  it('accepts size 1000 and refuses 1001 or a negative page with 400', async () => {
    expect((await status('/core/api/clients?size=1000')).status).toBe(200);
    const big = await status('/core/api/clients?size=1001');
    expect(big.status).toBe(400);
    expect(big.message).toContain('size');
    expect((await status('/core/api/clients?page=-1')).status).toBe(400);
  });
});

describe('sort', () => {
  it('sorts by a field, repeatably and through a reference', async () => {
    expect(await names('/core/api/clients?sort=gname,desc')).toEqual(['Initech', 'Globex Corporation', 'Acme LLP']);
    expect(await names('/core/api/clients?sort=country.gname,asc&sort=gname,desc')).toEqual([
      'Initech',
      'Acme LLP',
      'Globex Corporation',
    ]);
    expect(await names('/core/api/clients?sort=underSanctions,desc&sort=gname,asc')).toEqual([
      'Globex Corporation',
      'Acme LLP',
      'Initech',
    ]);
  });

  it('sorts on a reference by its representation field', async () => {
    expect(await names('/core/api/clients?sort=country,desc&sort=gname,asc')).toEqual([
      'Globex Corporation',
      'Acme LLP',
      'Initech',
    ]);
  });

  it('answers 400 naming sort for an unknown field or direction', async () => {
    const bad = await status('/core/api/clients?sort=nope,asc');
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('sort');
    expect((await status('/core/api/clients?sort=gname,sideways')).status).toBe(400);
  });
});

describe('projection', () => {
  it('CLI-07 clientList returns only its fields with country embedded', async () => {
    const [row] = (await list('/core/api/clients?projection=clientList&sort=gname,asc'))._embedded.clients!;
    expect(row).not.toHaveProperty('address');
    expect(row!.country).toEqual({
      id: h.fx.dict('COUNTRY', 398),
      code: 398,
      gname: 'Kazakhstan',
      lname: null,
      charCode: 'KZ',
    });
    expect(row!.sector).toEqual({
      id: h.fx.departments.sector,
      gname: 'Energy',
      _links: { self: { href: `/core/api/departments/${h.fx.departments.sector}` } },
    });
  });

  it('uses the default projection without a projection parameter (full: every field)', async () => {
    const [row] = (await list('/core/api/clients?sort=gname,asc'))._embedded.clients!;
    expect(row).toHaveProperty('address');
    expect(row).toHaveProperty('account');
    expect(row).toHaveProperty('contactList');
  });

  it('answers 400 for an unknown projection', async () => {
    const r = await status('/core/api/clients?projection=nope');
    expect(r.status).toBe(400);
    expect(r.message).toContain('projection');
  });

  it('embeds children only in a projection that lists them (employees position)', async () => {
    const body = await list(`/core/api/employees?projection=position&id=${h.fx.employees.anna}`);
    const anna = body._embedded.employees![0]!;
    const positions = anna.positionList as Array<Record<string, unknown>>;
    expect(positions).toHaveLength(1);
    expect(positions[0]!.department).toMatchObject({ id: h.fx.departments.sector, gname: 'Energy', type: { code: 7 } });
    const plain = (await list(`/core/api/employees?id=${h.fx.employees.anna}`))._embedded.employees![0]!;
    expect(plain).not.toHaveProperty('positionList');
  });

  it('returns refId fields flat (H2) and non-embedded references as { id }', async () => {
    const [energy] = (await list(`/core/api/departments?id=${h.fx.departments.sector}`))._embedded.departments!;
    expect(energy!.officeId).toBe(h.fx.offices.almaty);
    const [pos] = (await list(`/core/api/positions?id=${h.fx.positions.annaSector}`))._embedded.positions!;
    expect(pos!.parent).toBeNull();
  });
});

describe('filters', () => {
  const kz = () => h.fx.dict('COUNTRY', 398);
  it('filters on equality through a relation, and the xId / x aliases', async () => {
    const expected = ['Acme LLP', 'Initech'];
    expect(await names(`/core/api/clients?country.id=${kz()}&sort=gname,asc`)).toEqual(expected);
    expect(await names(`/core/api/clients?countryId=${kz()}&sort=gname,asc`)).toEqual(expected);
    expect(await names(`/core/api/clients?country=${kz()}&sort=gname,asc`)).toEqual(expected);
    expect(await names('/core/api/clients?country.code=398&sort=gname,asc')).toEqual(expected);
    expect(await names('/core/api/clients?country.charCode=GB')).toEqual(['Globex Corporation']);
  });

  it('supports ne, in, nin', async () => {
    expect(await names('/core/api/clients?country.code.ne=398')).toEqual(['Globex Corporation']);
    expect(await names('/core/api/departments?type.code.in=4,5,7&sort=gname,asc')).toEqual(['Banking', 'Energy']);
    expect(await names('/core/api/departments?type.code.nin=7')).toEqual(['Bureau']);
    expect(await names(`/core/api/clients?id.in=${h.fx.clients.acme},${h.fx.clients.initech}&sort=gname,asc`)).toEqual([
      'Acme LLP',
      'Initech',
    ]);
  });

  it('supports gt/gte/lt/lte and the camel-case Gte/Lte suffix', async () => {
    expect(await names('/core/api/clients?vatPercent.gt=0.1')).toEqual(['Acme LLP']);
    expect(await names('/core/api/clients?vatPercent.gte=0&vatPercent.lte=0&sort=gname,asc')).toEqual([
      'Globex Corporation',
      'Initech',
    ]);
    expect(await names('/core/api/clients?vatPercent.lt=0.12&sort=gname,asc')).toEqual([
      'Globex Corporation',
      'Initech',
    ]);
    expect(await names('/core/api/employees?birthDateGte=1990-01-01', 'gfirstName')).toEqual(['Anna']);
    expect(await names('/core/api/employees?birthDateLte=1980-01-01', 'gfirstName')).toEqual([]);
  });

  it('treats a field named like a suffix as the field (positions.dateGte)', async () => {
    expect((await list('/core/api/positions?dateGte=2024-01-01')).page.totalElements).toBe(1);
    expect((await list('/core/api/positions?dateGte.gt=2024-01-01')).page.totalElements).toBe(0);
  });

  it('supports like (case-insensitive contains) and isNull', async () => {
    expect(await names('/core/api/clients?gname.like=ACM')).toEqual(['Acme LLP']);
    expect(await names('/core/api/clients?gname.like=100%25')).toEqual([]);
    expect(await names('/core/api/clients?sector.id.isNull=true')).toEqual(['Initech']);
    expect((await names('/core/api/clients?sector.id.isNull=false')).length).toBe(2);
    expect(await names('/core/api/departments?parent.id.isNull=true')).toEqual(['Bureau']);
  });

  it('parses values by field type (boolean, refId)', async () => {
    expect(await names('/core/api/clients?underSanctions=true')).toEqual(['Globex Corporation']);
    expect(await names(`/core/api/departments?officeId=${h.fx.offices.london}`)).toEqual(['Banking']);
  });

  it('searches the schema search fields, also through a reference (positions employee.gfirstName)', async () => {
    expect(await names('/core/api/clients?search=glob')).toEqual(['Globex Corporation']);
    expect(await names('/core/api/clients?search=1234567')).toEqual(['Acme LLP']);
    expect((await list('/core/api/positions?search=ann')).page.totalElements).toBe(1);
    expect((await list('/core/api/positions?search=zzz')).page.totalElements).toBe(0);
  });

  it('filters on list fields with EXISTS: join tables and children', async () => {
    expect(await names('/auth/api/v2/users?roles.name=BILL', 'username')).toEqual(['billing']);
    expect(await names('/auth/api/v2/users?roles.name.in=BILL,MEMBER&sort=username,asc', 'username')).toEqual([
      'billing',
      'member',
    ]);
    expect(
      await names(`/core/api/employees?positionList.department.id=${h.fx.departments.sector}`, 'gfirstName'),
    ).toEqual(['Anna']);
    expect(
      await names(
        '/core/api/employees?positionList.department.type.code=7&positionList.dateGte.lte=2030-01-01',
        'gfirstName',
      ),
    ).toEqual(['Anna']);
    expect((await status('/auth/api/v2/users?roles=1')).status).toBe(400);
    expect((await status('/auth/api/v2/users?roles.nope=1')).message).toContain('roles.nope');
  });

  it('answers 400 naming the parameter for an unknown path or a bad value', async () => {
    for (const [url, param] of [
      ['/core/api/clients?gnme=x', 'gnme'],
      ['/core/api/clients?country.nope=1', 'country.nope'],
      ['/core/api/clients?country.id=abc', 'country.id'],
      ['/core/api/clients?underSanctions=maybe', 'underSanctions'],
      ['/core/api/employees?birthDate.gte=yesterday', 'birthDate.gte'],
      ['/core/api/clients?gname.isNull=perhaps', 'gname.isNull'],
    ] as const) {
      const r = await status(url);
      expect(r.status, url).toBe(400);
      expect(r.message, url).toContain(param);
    }
  });
});

describe('projection names', () => {
  it('an inherited object property named as projection (__proto__, constructor) is 400, never a 500', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      for (const url of [
        `/core/api/clients?projection=${name}`,
        `/core/api/clients/${h.fx.clients.acme}?projection=${name}`,
      ]) {
        const r = await status(url);
        expect(r.status, url).toBe(400);
        expect(r.message, url).toContain('projection');
      }
    }
    // the same schema and projection afterwards still answer the right columns
    expect((await list('/core/api/clients?projection=clientList'))._embedded.clients![0]).toHaveProperty('iinBin');
    expect((await list('/auth/api/v2/privileges?size=1'))._embedded.privileges![0]).toHaveProperty('module');
  });
});

describe('access rules in the service', () => {
  it('access rule: ANDed into list and get (a row outside it is 404), a create outside it is 403', async () => {
    const user: AuthUser = {
      userId: 1,
      username: 'x',
      roles: ['BILL'],
      privileges: new Map([['client', { module: 'client', view: true, create: true, update: true, delete: true }]]),
      employeeId: null,
      employeeOfficeId: null,
      employeeName: null,
      positions: [],
    };
    const filtered = { ...clients, accessRule: () => rule.eq('country.code', 398) };
    const page = await listRecords(h.db, filtered, user, {});
    expect(page.items.map((c) => c.gname).sort()).toEqual(['Acme LLP', 'Initech']);
    expect(page.page.totalElements).toBe(2);
    await expect(getRecord(h.db, filtered, user, h.fx.clients.globex)).rejects.toMatchObject({ statusCode: 404 });
    expect((await getRecord(h.db, filtered, user, h.fx.clients.acme)).gname).toBe('Acme LLP');
    await expect(
      updateRecord(h.db, filtered, user, h.fx.clients.globex, { address: 'x' }, 'patch'),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(deleteRecord(h.db, filtered, user, h.fx.clients.globex)).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      createRecord(h.db, filtered, user, { gname: 'Outside', country: { id: h.fx.dict('COUNTRY', 826) } }),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect((await listRecords(h.db, filtered, user, { 'gname.like': 'Outside' })).items).toEqual([]);
    expect((await listRecords(h.db, clients, user, { 'gname.like': 'Outside' })).items).toEqual([]);
  });

  it('access rule: a module chosen by a field value (H9) is compiled per privilege', async () => {
    const priv = { module: 'client', view: true, create: true, update: true, delete: true };
    const user: AuthUser = {
      userId: 1,
      username: 'x',
      roles: ['BILL'],
      privileges: new Map([['client', priv]]),
      employeeId: null,
      employeeOfficeId: null,
      employeeName: null,
      positions: [],
    };
    const byRow = {
      ...clients,
      accessRule: () =>
        rule.or(
          rule.and(rule.eq('underSanctions', true), rule.privilege('cashbox')),
          rule.and(rule.ne('underSanctions', true), rule.privilege('client')),
        ),
    };
    const page = await listRecords(h.db, byRow, user, {});
    expect(page.items.map((c) => c.gname)).not.toContain('Globex Corporation');
    expect(page.page.totalElements).toBe(page.items.length);
    await expect(getRecord(h.db, byRow, user, h.fx.clients.globex)).rejects.toMatchObject({ statusCode: 404 });
    await expect(updateRecord(h.db, byRow, user, h.fx.clients.globex, { address: 'x' }, 'patch')).rejects.toMatchObject(
      { statusCode: 404 },
    );
    // view on cashbox without update: the row is readable, its update is 403
    const viewOnly = {
      ...user,
      privileges: new Map([...user.privileges, ['cashbox', { ...priv, module: 'cashbox', update: false }]]),
    };
    expect((await getRecord(h.db, byRow, viewOnly, h.fx.clients.globex)).gname).toBe('Globex Corporation');
    await expect(
      updateRecord(h.db, byRow, viewOnly, h.fx.clients.globex, { address: 'x' }, 'patch'),
    ).rejects.toMatchObject({ statusCode: 403 });
    // moving a client under sanctions takes it out of what a client-only user may update: 403, nothing written
    await expect(
      updateRecord(h.db, byRow, user, h.fx.clients.acme, { underSanctions: true }, 'patch'),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect((await getRecord(h.db, clients, user, h.fx.clients.acme)).underSanctions).not.toBe(true);
  });
});
