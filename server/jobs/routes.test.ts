import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_EXCEL, exportJobKind } from '../exports/jobs';
import { storageOf } from '../files/config';
import { createHarness, type Harness } from '../test/harness';
import { enqueueJob, JobRunner } from './queue';
import { JOBS_PATH } from './routes';

/**
 * The user's own jobs over HTTP (`server/jobs/routes.ts`), and the time export above the job
 * threshold (here 1 row) running as a job whose file its starter downloads.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ exportJobRows: 1 });
});
afterAll(() => h?.close());

interface WireJob {
  id: number;
  kind: string;
  status: string;
  progress: number;
  result: { rows?: number; file?: { name: string; size: number; key?: string } } | null;
  _links: Record<string, { href: string }>;
}

async function settled(user: string, id: number): Promise<WireJob> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await h.json<WireJob>(user, 'GET', `${JOBS_PATH}/${id}`);
    expect(r.status).toBe(200);
    if (!['queued', 'running'].includes(r.body.status) || Date.now() > deadline) return r.body;
    await new Promise((res) => setTimeout(res, 100));
  }
}

describe('jobs over HTTP', () => {
  it('a time export above the threshold answers 202 with its job; the starter downloads the xlsx when it is done', async () => {
    const total = (await h.json<{ page: { totalElements: number } }>('admin', 'GET', '/core/api/times?workType.code=1'))
      .body.page.totalElements;
    expect(total).toBeGreaterThan(1);
    const r = await h.request('admin', 'POST', '/core/api/excel/generate/time?workType.code=1');
    expect(r.statusCode).toBe(202);
    const { job } = r.json<{ job: { id: number; href: string } }>();
    expect(r.headers.location).toBe(`${JOBS_PATH}/${job.id}`);

    const done = await settled('admin', job.id);
    expect(done).toMatchObject({ kind: EXPORT_EXCEL, status: 'succeeded', progress: 100, result: { rows: total } });
    expect(done.result!.file).toMatchObject({ name: 'times.xlsx' });
    expect(done.result!.file!.key).toBeUndefined(); // the storage key stays on the server
    expect(done._links.download!.href).toBe(`${JOBS_PATH}/${job.id}/result`);

    const file = await h.request('admin', 'GET', `${JOBS_PATH}/${job.id}/result`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('times.xlsx');
    expect(file.rawPayload.length).toBe(done.result!.file!.size);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    // the header, one row per time entry, the total row
    expect(wb.worksheets[0]!.actualRowCount).toBe(total + 2);

    // only its starter sees it
    expect((await h.request('lawyer', 'GET', `${JOBS_PATH}/${job.id}`)).statusCode).toBe(404);
    expect((await h.request('lawyer', 'GET', `${JOBS_PATH}/${job.id}/result`)).statusCode).toBe(404);
    const mine = await h.json<{ _embedded: { jobs: WireJob[] } }>('lawyer', 'GET', JOBS_PATH);
    expect(mine.body._embedded.jobs.map((j) => j.id)).not.toContain(job.id);
    // finished: nothing to cancel
    expect((await h.request('admin', 'POST', `${JOBS_PATH}/${job.id}/cancel`)).statusCode).toBe(409);
  });

  it('an export at or under the threshold still streams the file in the answer', async () => {
    // the search leaves no row: under the threshold of 1
    const one = await h.request(
      'admin',
      'POST',
      '/core/api/excel/generate/time?workType.code=1&search=zzz-no-such-row',
    );
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('spreadsheetml');
  });

  it("lists the user's own jobs newest first; cancels a queued one; refuses others' jobs and anonymous callers", async () => {
    const later = new Date(Date.now() + 3_600_000);
    const first = await enqueueJob(h.db, 'test.idle', {}, { createdBy: 'lawyer', runAfter: later });
    const second = await enqueueJob(h.db, 'test.idle', {}, { createdBy: 'lawyer', runAfter: later });
    const foreign = await enqueueJob(h.db, 'test.idle', {}, { createdBy: 'admin', runAfter: later });
    const list = await h.json<{ _embedded: { jobs: WireJob[] } }>('lawyer', 'GET', JOBS_PATH);
    expect(list.status).toBe(200);
    const ids = list.body._embedded.jobs.map((j) => j.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids).not.toContain(foreign);
    expect(list.body._embedded.jobs.find((j) => j.id === first)!._links.cancel!.href).toBe(
      `${JOBS_PATH}/${first}/cancel`,
    );

    const cancelled = await h.json<WireJob>('lawyer', 'POST', `${JOBS_PATH}/${first}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: first, status: 'cancelled' });
    expect(cancelled.body._links.cancel).toBeUndefined();
    expect((await h.request('lawyer', 'POST', `${JOBS_PATH}/${foreign}/cancel`)).statusCode).toBe(404);
    expect((await h.json('admin', 'GET', `${JOBS_PATH}/${foreign}`)).body).toMatchObject({ status: 'queued' });
    expect((await h.request('lawyer', 'GET', `${JOBS_PATH}/not-a-number`)).statusCode).toBe(404);
    expect((await h.request(null, 'GET', JOBS_PATH)).statusCode).toBe(401);
    expect((await h.request(null, 'POST', `${JOBS_PATH}/${second}/cancel`)).statusCode).toBe(401);
  });

  it("an expired export job's file is removed from the storage with the job", async () => {
    const r = await h.request('admin', 'POST', '/core/api/excel/generate/time?workType.code=1');
    const { job } = r.json<{ job: { id: number } }>();
    expect((await settled('admin', job.id)).status).toBe('succeeded');
    const [row] = await h.db.query<{ key: string }>(`SELECT result->'file'->>'key' AS key FROM jobs WHERE id = $1`, [
      job.id,
    ]);
    const key = row!.key;
    const storage = await storageOf(h.config.files!);
    (await storage.get(key)).destroy();
    await h.db.query(`UPDATE jobs SET expires_at = now() - interval '1 second' WHERE id = $1`, [job.id]);
    await new JobRunner(h.db).register(exportJobKind(storage)).sweep();
    expect((await h.request('admin', 'GET', `${JOBS_PATH}/${job.id}`)).statusCode).toBe(404);
    await expect(storage.get(key)).rejects.toThrow();
  });
});
