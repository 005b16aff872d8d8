import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import fakeRestProvider from 'ra-data-fakerest';
import { fileContentUrl } from '../../dataProvider/files';
import { schemas } from '../../schemas/index';
import type { Permissions } from '../access/canAccess';
import { BESPOKE_PAGES } from '../app/bespokePages';
import { renderBespokePage, viewPermissions } from '../app/bespokeTestUtils';
import { buildMenu } from '../app/menuModel';
import { CATALOG_TEXT_EN, catalogTree, openPath, type SharedMaterial } from './catalogModel';

/** The catalogs page (NAV-57, DICT-35, DICT-36): a guarded file explorer over the shared materials. */

const MATERIALS: SharedMaterial[] = [
  {
    id: 1,
    name: 'Acme brief',
    file: { id: 11, name: 'brief.pdf', contentType: 'application/pdf', size: 2048 },
    matter: { id: 5, number: 'M-0001', description: 'Share purchase' },
    folder: { id: 2, name: 'Share purchases' },
    clientId: 7,
    clientName: 'Acme LLP',
    year: 2026,
  },
  {
    id: 2,
    name: 'Globex report',
    file: { id: 12, name: 'report.pdf', contentType: 'application/pdf', size: 4096 },
    matter: { id: 6, number: 'M-0002', description: 'Audit' },
    folder: null,
    clientId: 8,
    clientName: 'Globex Corporation',
    year: 2025,
  },
];
const FOLDERS = [
  { id: 1, name: 'Precedents', parent: null },
  { id: 2, name: 'Share purchases', parent: { id: 1 } },
  { id: 3, name: 'Empty', parent: null },
];

const renderAt = (path: string, permissions: Permissions, materials = MATERIALS) => {
  const httpClient = vi.fn(async () => ({ status: 200, headers: new Headers(), body: '', blob: new Blob(['x']) }));
  const base = fakeRestProvider({
    matterSharedMaterials: materials,
    storageFolders: FOLDERS,
    clients: [
      { id: 7, gname: 'Acme LLP' },
      { id: 8, gname: 'Globex Corporation' },
    ],
    departments: [],
    offices: [],
    baseDictionaries: [],
  });
  const getList = vi.fn(base.getList);
  const dataProvider = { ...base, getList, httpClient } as unknown as DataProvider;
  renderBespokePage('catalogs', path, dataProvider, permissions);
  return { getList, httpClient };
};

const admin = viewPermissions(['ADMIN'], []);
/** The first render loads the page's chunk and the materials: allow it more than the default second. */
const findButton = (name: string) => screen.findByRole('button', { name }, { timeout: 8000 });
const listedResources = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.map((c) => c[0] as string);

describe('the catalogs page', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('NAV-57 /catalogs carries module SHARED_MATERIAL: in the menu only for users with view on it', () => {
    const routes = (p: Permissions) =>
      buildMenu(schemas, p, BESPOKE_PAGES)
        .flatMap((g) => g.items)
        .map((i) => i.route);
    expect(routes(viewPermissions(['MEMBER'], ['SHARED_MATERIAL']))).toContain('catalogs');
    expect(routes(viewPermissions(['MEMBER'], ['matter']))).not.toContain('catalogs');
  });

  it('NAV-57 a user without SHARED_MATERIAL lands on the not-found page and no material is asked for', async () => {
    const { getList } = renderAt('/catalogs', viewPermissions(['MEMBER'], ['matter']));
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(listedResources(getList)).not.toContain('matterSharedMaterials');
  });

  it('DICT-35 the materials are folders of clients, then matters, then files; the location goes back up', async () => {
    renderAt('/catalogs', admin);
    fireEvent.click(await findButton('Open Acme LLP'));
    expect(screen.queryByRole('button', { name: 'Open Globex Corporation' })).toBeNull();
    fireEvent.click(await findButton('Open M-0001 Share purchase'));
    expect(await screen.findByText('Acme brief')).toBeTruthy();
    expect(screen.getByText(/brief\.pdf · 2\.0 KB/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All materials' }));
    expect(await findButton('Open Globex Corporation')).toBeTruthy();
  });

  it('DICT-35 a file downloads with the user token from its content URL', async () => {
    const { httpClient } = renderAt('/catalogs', admin);
    fireEvent.click(await findButton('Open Globex Corporation'));
    fireEvent.click(await findButton('Open M-0002 Audit'));
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(await findButton('Download Globex report'));
    await waitFor(() => expect(httpClient).toHaveBeenCalled());
    // the data provider's client asked for file 12's content (the address: dataProvider/files.test.ts)
    expect((httpClient.mock.calls[0] as unknown[])[0]).toBe(fileContentUrl(12));
  });

  it('DICT-35 grouped by storage folder: the folder tree, unfiled materials apart, empty folders left out', async () => {
    const { getList } = renderAt('/catalogs', admin);
    fireEvent.click(await findButton('By storage folder'));
    fireEvent.click(await findButton('Open Precedents'));
    expect(listedResources(getList)).toContain('storageFolders');
    const folderCall = getList.mock.calls.find((c) => c[0] === 'storageFolders')!;
    expect(folderCall[1]).toMatchObject({ meta: { projection: 'full' } });
    fireEvent.click(await findButton('Open Share purchases'));
    expect(await screen.findByText('Acme brief')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All materials' }));
    expect(await findButton('Open Not filed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open Empty' })).toBeNull();
  });

  it('DICT-36 the filters are client, service, product, business RM office, matter office, year, client sector and client country', async () => {
    renderAt('/catalogs', admin);
    for (const label of [
      'Client',
      'Service',
      'Product',
      'Business RM office',
      'Matter office',
      'Year',
      'Client sector',
      'Client country',
    ])
      expect(await screen.findByLabelText(label)).toBeTruthy();
  });

  it('DICT-36 a filter is sent under the catalog name and narrows the folders', async () => {
    const { getList } = renderAt(`/catalogs?filter=${encodeURIComponent(JSON.stringify({ clientId: 8 }))}`, admin);
    expect(await findButton('Open Globex Corporation')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open Acme LLP' })).toBeNull();
    const call = getList.mock.calls.find((c) => c[0] === 'matterSharedMaterials')!;
    expect(call[1]).toMatchObject({ filter: { clientId: 8 } });
  });

  it('DICT-36 a user who may not read clients is not offered the client filter, and no client is asked for', async () => {
    const { getList } = renderAt('/catalogs', viewPermissions(['MEMBER'], ['SHARED_MATERIAL', 'department', 'office']));
    expect(await screen.findByLabelText('Client sector')).toBeTruthy();
    expect(screen.queryByLabelText('Client')).toBeNull();
    expect(listedResources(getList)).not.toContain('clients');
  });

  it('DICT-35 says so when nothing matches the filters, and when the catalog is empty', async () => {
    renderAt(`/catalogs?filter=${encodeURIComponent(JSON.stringify({ year: 1999 }))}`, admin);
    expect(await screen.findByText('No shared material matches these filters.', {}, { timeout: 8000 })).toBeTruthy();
    cleanup();
    renderAt('/catalogs', admin, []);
    expect(await screen.findByText('No shared materials yet.', {}, { timeout: 8000 })).toBeTruthy();
  });
});

describe('the catalog tree', () => {
  it('DICT-35 counts the files of every folder and keeps the deepest path that still exists', () => {
    const root = catalogTree(MATERIALS, 'client');
    expect(root.total).toBe(2);
    expect(root.children.map((c) => [c.label, c.total])).toEqual([
      ['Acme LLP', 1],
      ['Globex Corporation', 1],
    ]);
    const trail = openPath(root, ['client-7', 'client-7/matter-5', 'gone']);
    expect(trail.map((n) => n.label)).toEqual(['All materials', 'Acme LLP', 'M-0001 Share purchase']);
    expect(trail[2]!.materials.map((m) => m.name)).toEqual(['Acme brief']);
  });

  it('I18N-01 names its own folders in the given language', () => {
    const text = { ...CATALOG_TEXT_EN, all: 'Все материалы', noClient: 'Без клиента', notFiled: 'Вне папок' };
    const orphan: SharedMaterial = { id: 9, name: 'Loose note', matter: null, folder: null, clientId: null };
    expect(catalogTree([orphan], 'client', [], text).children.map((c) => c.label)).toEqual(['Без клиента']);
    const byFolder = catalogTree([orphan], 'folder', [], text);
    expect([byFolder.label, ...byFolder.children.map((c) => c.label)]).toEqual(['Все материалы', 'Вне папок']);
  });
});
