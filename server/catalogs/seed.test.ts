import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../files/localStorage';
import { seedCatalogs } from '../db/seed/catalogs';
import type { Reference } from '../db/seed/reference';
import { createHarness, type Harness } from '../test/harness';

/** The demo catalogs: folders and materials whose files download like uploaded ones. */
let h: Harness;
let dir: string;
let counts: Record<string, number>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bureau-catalog-seed-'));
  h = await createHarness({ files: { storage: 'local', dir, maxBytes: 1024 * 1024, maxCount: 3 } });
  const ref = { dict: (type: string, code: number) => h.fx.dict(type, code) } as Reference;
  counts = await seedCatalogs(h.db, ref, new LocalStorage(dir));
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Row = Record<string, unknown> & { id: number; file: { id: number; name: string } };

describe('the demo catalogs', () => {
  it('DICT-35 seeds storage folders and one shared material per matter, each file downloadable', async () => {
    // the fixture has two matters
    expect(counts).toEqual({ storageFolders: 5, storedFiles: 2, matterSharedMaterials: 2 });
    const folders = await h.json<{ page: { totalElements: number } }>(
      'admin',
      'GET',
      '/core/api/storageFolders?type.code=2',
    );
    // four seeded document folders and the fixture's
    expect(folders.body.page.totalElements).toBe(5);
    const list = await h.json<{ _embedded: { matterSharedMaterials: Row[] } }>(
      'admin',
      'GET',
      '/core/api/matterSharedMaterials?sort=id,asc',
    );
    const rows = list.body._embedded.matterSharedMaterials.filter((r) => r.id !== h.fx.catalogs.acmeMemo);
    expect(rows.map((r) => r.name)).toEqual(['Engagement summary', 'Share purchase checklist']);
    expect(rows[1]).toMatchObject({ folder: { name: 'Share purchases' }, clientName: 'Globex Corporation' });
    const content = await h.request('admin', 'GET', `/core/api/storedFiles/${rows[0]!.file.id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.body).toContain('Matter M-0001: Acme share purchase');
    // a material created after the seed gets a fresh id
    const created = await h.json<Row>('admin', 'POST', '/core/api/storageFolders', { name: 'Later' });
    expect(created.status).toBe(201);
  });
});
