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

describe('count strategy under a row rule (TIME-12, RULED_COUNT_LIMIT)', () => {
  it('TIME-12 a list under an access rule counts exactly up to 1,000 rows and estimates past it; the same rows unruled stay exact', async () => {
    const insert = (n: number) =>
      h.db.query(
        `INSERT INTO times (date_time, work_type_id, employee_id, duration, billable, version, created_by, created_date, last_modified_by, last_modified_date)
         SELECT now() - g * interval '1 minute', $1, $2, 60000, true, 0, 'admin', now(), 'admin', now() FROM generate_series(1, $3::int) g`,
        [h.fx.entries['WORK_TYPE:1']!, h.fx.employees.carl, n],
      );
    type Page = { page: { totalElements: number; totalElementsEstimated?: boolean } };
    const list = (user: string) => h.json<Page>(user, 'GET', '/core/api/times?workType.code=1&size=5');
    const own = async () =>
      Number(
        (
          await h.db.query<{ n: string | number }>(
            'SELECT count(*) AS n FROM times t JOIN base_dictionaries w ON w.id = t.work_type_id WHERE w.code = 1 AND t.employee_id = $1 AND t.deleted_at IS NULL',
            [h.fx.employees.carl],
          )
        )[0]!.n,
      );
    // up to the limit: exact for the lawyer (own times under the rule)
    await insert(Math.max(0, 900 - (await own())));
    const under = await list('lawyer');
    expect(under.status).toBe(200);
    expect(under.body.page.totalElementsEstimated).toBeUndefined();
    expect(under.body.page.totalElements).toBeGreaterThanOrEqual(await own());
    // past it: estimated, never below the rows counted
    await insert(1_005 - (await own()) + 10);
    await h.db.exec('ANALYZE times');
    const past = await list('lawyer');
    expect(past.status).toBe(200);
    expect(past.body.page.totalElementsEstimated).toBe(true);
    expect(past.body.page.totalElements).toBeGreaterThan(1_000);
    // admin reads the same table without a rule: exact (far below 100,000)
    const [all] = await h.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM times t JOIN base_dictionaries w ON w.id = t.work_type_id WHERE w.code = 1 AND t.deleted_at IS NULL',
    );
    const admin = await list('admin');
    expect(admin.body.page.totalElementsEstimated).toBeUndefined();
    expect(admin.body.page.totalElements).toBe(Number(all!.n));
  });
});
