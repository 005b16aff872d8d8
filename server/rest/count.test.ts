import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { countRows } from './service';

/** The count strategy for `page.totalElements` (bench/api/README.md). */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  for (const t of ['count_probe_analyzed', 'count_probe_fresh']) {
    await h.db.exec(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
    await h.db.exec(`INSERT INTO ${t} SELECT g FROM generate_series(1, 50) g`);
  }
  await h.db.exec('ANALYZE count_probe_analyzed');
});
afterAll(async () => {
  await h?.db.exec('DROP TABLE IF EXISTS count_probe_analyzed, count_probe_fresh');
  await h?.close();
});

const where = 'FROM count_probe_fresh t0 WHERE t0.id <= $1';

describe('count strategy', () => {
  it('counts exactly when the filter matches at most the limit', async () => {
    expect(await countRows(h.db, 'count_probe_fresh', where, true, [30], 30)).toEqual({ total: 30, estimated: false });
  });

  it('estimates above the limit, never below the rows counted', async () => {
    const r = await countRows(h.db, 'count_probe_fresh', where, true, [30], 10);
    expect(r.estimated).toBe(true);
    expect(r.total).toBeGreaterThanOrEqual(11);
  });

  it('uses reltuples for an unfiltered list of an analysed table at or above the limit', async () => {
    const r = await countRows(h.db, 'count_probe_analyzed', 'FROM count_probe_analyzed t0', false, [], 40);
    expect(r).toEqual({ total: 50, estimated: true });
  });

  it('counts exactly when the table is below the limit', async () => {
    const r = await countRows(h.db, 'count_probe_analyzed', 'FROM count_probe_analyzed t0', false, [], 100);
    expect(r).toEqual({ total: 50, estimated: false });
  });

  it('answers exact totals for a filtered HAL page, without the estimate flag', async () => {
    const r = await h.json<{ page: Record<string, unknown> }>(
      'admin',
      'GET',
      `/core/api/contacts?client.id=${h.fx.clients.acme}&sort=lastModifiedDate,desc&projection=flat`,
    );
    expect(r.status).toBe(200);
    expect(r.body.page.totalElementsEstimated).toBeUndefined();
    expect(r.body.page.totalElements).toBeGreaterThan(0);
  });
});
