import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { multipartBody, samples } from '../files/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * The catalogs of shared materials (DICT-35..38): storage folders and the shared materials of
 * matters, with the catalog's filters under the specification's parameter names.
 */
let h: Harness;
let dir: string;

type Row = Record<string, unknown> & { id: number };
type Page<K extends string> = { _embedded: Record<K, Row[]>; page: { totalElements: number } };

/** Uploads one PDF as `user`; the stored file's id. */
async function upload(user: string, filename: string): Promise<number> {
  const { payload, contentType } = multipartBody([{ filename, data: samples.pdf(), type: 'application/pdf' }]);
  const res = await h.app.inject({
    method: 'POST',
    url: '/core/api/storedFiles',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${await h.token(user)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

let docs: number;
let images: number;
let acmeBrief: Row;
let globexReport: Row;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bureau-catalogs-'));
  h = await createHarness({ files: { storage: 'local', dir, maxBytes: 1024 * 1024, maxCount: 3 } });
  const { fx } = h;
  // the Acme matter: service "Bureau", product "Energy", business RM boris (London office);
  // the Globex matter dated 2025
  await h.db.query('UPDATE projects SET business_relationship_manager_position_id = $1 WHERE id = $2', [
    fx.positions.borisFirm,
    fx.projects.acmeProject,
  ]);
  await h.db.query('UPDATE matters SET service_department_id = $1, product_department_id = $2 WHERE id = $3', [
    fx.departments.firm,
    fx.departments.sector,
    fx.matters.acmeMatter,
  ]);
  await h.db.query("UPDATE matters SET date = '2025-03-01' WHERE id = $1", [fx.matters.globexMatter]);
  // reader: view on shared materials, employee carl (on the Acme matter's team only)
  await createTestUser(h.db, {
    username: 'reader',
    password: 'reader',
    employeeId: fx.employees.carl,
    roles: [
      {
        name: 'CATALOG_READER',
        privileges: [{ module: 'SHARED_MATERIAL', view: true, create: false, update: false, delete: false }],
      },
    ],
  });
  const folder = async (name: string, code: number, parent?: number) => {
    const res = await h.json<Row>('admin', 'POST', '/core/api/storageFolders', {
      name,
      type: { id: fx.dict('STORAGE_FOLDER_TYPE', code) },
      ...(parent ? { parent: { id: parent } } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  docs = await folder('Precedents', 2);
  images = await folder('Diagrams', 1);
  await folder('Share purchases', 2, docs);
  const material = async (name: string, matter: number, folderId?: number) => {
    const res = await h.json<Row>('admin', 'POST', '/core/api/matterSharedMaterials', {
      name,
      matter: { id: matter },
      file: { id: await upload('admin', `${name}.pdf`) },
      ...(folderId ? { folder: { id: folderId } } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  acmeBrief = await material('Acme brief', fx.matters.acmeMatter, docs);
  globexReport = await material('Globex report', fx.matters.globexMatter);
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

const names = (page: Page<'matterSharedMaterials'>) => page._embedded.matterSharedMaterials.map((r) => r.name);
const list = async (query: string, user = 'admin') => {
  const res = await h.json<Page<'matterSharedMaterials'>>(user, 'GET', `/core/api/matterSharedMaterials?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('storage folders', () => {
  it('DICT-38 GET /storageFolders with paging, projection full and type.code', async () => {
    const all = await h.json<Page<'storageFolders'>>(
      'admin',
      'GET',
      '/core/api/storageFolders?page=0&size=2&projection=full',
    );
    expect(all.status).toBe(200);
    // the fixture's folder and the three made here
    expect(all.body.page.totalElements).toBe(4);
    expect(all.body._embedded.storageFolders).toHaveLength(2);
    const typed = await h.json<Page<'storageFolders'>>(
      'reader',
      'GET',
      '/core/api/storageFolders?page=0&size=20&projection=full&type.code=2',
    );
    expect(typed.status).toBe(200);
    const rows = typed.body._embedded.storageFolders;
    expect(rows.map((r) => r.name)).toEqual(['Fixture folder', 'Precedents', 'Share purchases']);
    expect(rows[2]).toMatchObject({ parent: { id: docs, name: 'Precedents' }, type: { code: 2, gname: 'Documents' } });
    expect(rows.some((r) => r.id === images)).toBe(false);
  });

  it('DICT-38 only administrators write storage folders; a user without SHARED_MATERIAL reads none', async () => {
    const write = await h.json('reader', 'POST', '/core/api/storageFolders', { name: 'Mine' });
    expect(write.status).toBe(403);
    expect(write.body).toHaveProperty('message');
    expect((await h.json('member', 'GET', '/core/api/storageFolders')).status).toBe(403);
  });

  it('DICT-38 a folder that still holds a subfolder is not deleted with it', async () => {
    const res = await h.json('admin', 'DELETE', `/core/api/storageFolders/${docs}`);
    expect(res.status).toBe(409);
    const still = await h.json('admin', 'GET', `/core/api/storageFolders/${docs}`);
    expect(still.status).toBe(200);
  });
});

describe('shared materials', () => {
  it('DICT-37 a material reads its matter, client, service, product, offices, year, sector and country', async () => {
    const { fx } = h;
    const res = await h.json<Row>('admin', 'GET', `/core/api/matterSharedMaterials/${acmeBrief.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Acme brief',
      file: { name: 'Acme brief.pdf', contentType: 'application/pdf' },
      matter: { id: fx.matters.acmeMatter, number: 'M-0001' },
      folder: { id: docs, name: 'Precedents' },
      projectId: fx.projects.acmeProject,
      clientId: fx.clients.acme,
      clientName: 'Acme LLP',
      serviceId: fx.departments.firm,
      serviceName: 'Bureau',
      productId: fx.departments.sector,
      productName: 'Energy',
      brmOfficeId: fx.offices.london,
      officeId: fx.offices.almaty,
      year: 2026,
      sectorId: fx.departments.sector,
      sectorName: 'Energy',
      countryId: fx.dict('COUNTRY', 398),
      countryName: 'Kazakhstan',
    });
  });

  it('DICT-37 GET /matterSharedMaterials filters by serviceId, productId, brmOfiiceId, officeId, clientId, year, sectorId and countryId', async () => {
    const { fx } = h;
    // the fixture's Acme memo is on the Acme matter too
    expect(names(await list(''))).toEqual(['Acme brief', 'Acme memo', 'Globex report']);
    const cases: Array<[string, string[]]> = [
      [`clientId=${fx.clients.acme}`, ['Acme brief', 'Acme memo']],
      [`clientId=${fx.clients.globex}`, ['Globex report']],
      [`serviceId=${fx.departments.firm}`, ['Acme brief', 'Acme memo']],
      [`productId=${fx.departments.sector}`, ['Acme brief', 'Acme memo']],
      [`brmOfiiceId=${fx.offices.london}`, ['Acme brief', 'Acme memo']],
      [`brmOfiiceId=${fx.offices.almaty}`, []],
      [`officeId=${fx.offices.london}`, ['Globex report']],
      ['year=2025', ['Globex report']],
      [`sectorId=${fx.departments.sector2}`, ['Globex report']],
      [`countryId=${fx.dict('COUNTRY', 398)}`, ['Acme brief', 'Acme memo']],
      [`clientId=${fx.clients.acme}&year=2025`, []],
    ];
    for (const [query, expected] of cases) expect(names(await list(query)), query).toEqual(expected);
  });

  it('DICT-37 a filter value that is not a number is a 400 naming the parameter', async () => {
    for (const param of ['brmOfiiceId', 'clientId', 'year']) {
      const res = await h.json<{ message: string }>('admin', 'GET', `/core/api/matterSharedMaterials?${param}=x`);
      expect(res.status, param).toBe(400);
      expect(res.body.message).toContain(param);
    }
  });

  it('DICT-37 a user reads the materials of the matters they may read, and downloads only those', async () => {
    const page = await list('', 'reader');
    expect(names(page)).toEqual(['Acme brief', 'Acme memo']);
    expect(page.page.totalElements).toBe(2);
    expect((await h.json('reader', 'GET', `/core/api/matterSharedMaterials/${globexReport.id}`)).status).toBe(404);
    const fileOf = (r: Row) => (r.file as { id: number }).id;
    const own = await h.request('reader', 'GET', `/core/api/storedFiles/${fileOf(acmeBrief)}/content`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const memo = await h.request('reader', 'GET', `/core/api/storedFiles/${h.fx.catalogs.memoFile}/content`);
    expect(memo.body).toBe('memo');
    const other = await h.request('reader', 'GET', `/core/api/storedFiles/${fileOf(globexReport)}/content`);
    expect(other.statusCode).toBe(404);
  });

  it('DICT-37 the derived values are read-only and follow the matter', async () => {
    const { fx } = h;
    const res = await h.json<Row>('admin', 'PATCH', `/core/api/matterSharedMaterials/${globexReport.id}`, {
      clientId: fx.clients.acme,
      year: 1999,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ clientId: fx.clients.globex, year: 2025 });
    await h.db.query("UPDATE matters SET date = '2024-06-01' WHERE id = $1", [fx.matters.globexMatter]);
    const moved = await h.json<Row>('admin', 'GET', `/core/api/matterSharedMaterials/${globexReport.id}`);
    expect(moved.body.year).toBe(2024);
    await h.db.query("UPDATE matters SET date = '2025-03-01' WHERE id = $1", [fx.matters.globexMatter]);
  });

  it('INV-31 POST /matterSharedMaterials/list with matterIds answers the materials of those matters the user may read', async () => {
    const { fx } = h;
    const post = async (user: string, body: unknown) => {
      const res = await h.json<Page<'matterSharedMaterials'>>(
        user,
        'POST',
        '/core/api/matterSharedMaterials/list',
        body,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const both = await post('admin', { matterIds: [fx.matters.acmeMatter, fx.matters.globexMatter] });
    expect(names(both)).toEqual(['Acme brief', 'Acme memo', 'Globex report']);
    expect(both.page.totalElements).toBe(3);
    // the materials carry what the list shows: the file, the matter and the derived client
    expect(both._embedded.matterSharedMaterials[0]).toMatchObject({
      file: { name: 'Acme brief.pdf' },
      matter: { id: fx.matters.acmeMatter, number: 'M-0001' },
      clientName: 'Acme LLP',
    });
    expect(names(await post('admin', { matterIds: [{ id: fx.matters.globexMatter }] }))).toEqual(['Globex report']);
    expect(names(await post('admin', { matterIds: [] }))).toEqual([]);
    // carl's reader sees the Acme matter's materials only, whatever ids are asked for
    expect(names(await post('reader', { matterIds: [fx.matters.acmeMatter, fx.matters.globexMatter] }))).toEqual([
      'Acme brief',
      'Acme memo',
    ]);
  });

  it('INV-31 POST /matterSharedMaterials/list refuses a body without matterIds or with ids that are not ids', async () => {
    for (const body of [{}, { matterIds: 'x' }, { matterIds: ['x'] }]) {
      const res = await h.json<{ errors: Array<{ property: string }> }>(
        'admin',
        'POST',
        '/core/api/matterSharedMaterials/list',
        body,
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e) => e.property)).toContain('matterIds');
    }
    const denied = await h.json('member', 'POST', '/core/api/matterSharedMaterials/list', { matterIds: [1] });
    expect(denied.status).toBe(403);
  });

  it('DICT-37 only SHARED_MATERIAL create writes a material; the matter is required', async () => {
    const denied = await h.json('reader', 'POST', '/core/api/matterSharedMaterials', { name: 'x' });
    expect(denied.status).toBe(403);
    const missing = await h.json<{ errors: Array<{ property: string }> }>(
      'admin',
      'POST',
      '/core/api/matterSharedMaterials',
      {
        name: 'No matter',
      },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e) => e.property)).toEqual(expect.arrayContaining(['matter', 'file']));
  });
});
