import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createHarness, type Harness } from '../test/harness';
import { cancelJob, enqueueJob, findJob, type JobKind, JobRunner, jobsOf, PermanentJobError } from './queue';

let h: Harness;
let db: Database;
const runners: JobRunner[] = [];
beforeAll(async () => {
  h = await createHarness();
  db = h.db;
});
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
  await db.query('DELETE FROM jobs');
});
afterAll(() => h.close());

/** A promise and its resolve function (the es2024 lib's `Promise.withResolvers` is not in our target). */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const runner = (kinds: JobKind[], options: ConstructorParameters<typeof JobRunner>[1] = {}) => {
  const r = new JobRunner(db, { pollMs: 50, ...options });
  for (const k of kinds) r.register(k);
  runners.push(r);
  return r;
};

/** Resolves when job `id` is in one of `statuses` (rejects after `ms`). */
async function until(id: number, statuses: string[], ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const job = await findJob(db, id);
    if (job && statuses.includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${job?.status}, not ${statuses.join('/')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('job queue', () => {
  it('runs a job once with its payload, records progress and keeps the result until it expires', async () => {
    const seen: unknown[] = [];
    const notes: Array<[number, string | null]> = [];
    runner(
      [
        {
          kind: 'test.double',
          run: async ({ payload, progress, attempt, createdBy, id }) => {
            seen.push({ payload, attempt, createdBy });
            await progress(40, 'half way');
            const job = await findJob(db, id);
            notes.push([job!.progress, job!.progressNote]);
            return { doubled: (payload as { n: number }).n * 2 };
          },
        },
      ],
      { keepMs: 3_600_000 },
    ).start();
    const id = await enqueueJob(db, 'test.double', { n: 21 }, { createdBy: 'dana' });
    const job = await until(id, ['succeeded']);
    expect(seen).toEqual([{ payload: { n: 21 }, attempt: 1, createdBy: 'dana' }]);
    expect(notes).toEqual([[40, 'half way']]);
    expect(job).toMatchObject({ result: { doubled: 42 }, progress: 100, attempts: 1, error: null });
    const kept = job.expiresAt!.getTime() - job.finishedAt!.getTime();
    expect(kept).toBeGreaterThan(3_599_000);
    expect(kept).toBeLessThan(3_601_000);
    expect((await jobsOf(db, 'dana')).map((j) => j.id)).toEqual([id]);
    expect(await jobsOf(db, 'someone-else')).toEqual([]);
  });

  it('retries a failing job after its backoff and keeps the last error; gives up after maxAttempts', async () => {
    const starts: number[] = [];
    runner([
      {
        kind: 'test.flaky',
        maxAttempts: 3,
        backoffMs: () => 300,
        run: async ({ attempt }) => {
          starts.push(Date.now());
          throw new Error(`attempt ${attempt} failed`);
        },
      },
    ]).start();
    const id = await enqueueJob(db, 'test.flaky', {});
    const job = await until(id, ['failed']);
    expect(job).toMatchObject({ attempts: 3, maxAttempts: 3, error: 'attempt 3 failed' });
    expect(starts).toHaveLength(3);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(280);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(280);
  });

  it('succeeds on a later attempt after failures, and a PermanentJobError fails at the first', async () => {
    runner([
      {
        kind: 'test.second',
        backoffMs: () => 10,
        run: async ({ attempt }) => {
          if (attempt < 2) throw new Error('not yet');
          return 'ok';
        },
      },
      {
        kind: 'test.hopeless',
        run: async () => {
          throw new PermanentJobError('no such invoice');
        },
      },
    ]).start();
    const second = await enqueueJob(db, 'test.second', {});
    const hopeless = await enqueueJob(db, 'test.hopeless', {});
    expect(await until(second, ['succeeded'])).toMatchObject({ attempts: 2, result: 'ok', error: null });
    expect(await until(hopeless, ['failed'])).toMatchObject({ attempts: 1, error: 'no such invoice' });
  });

  it('cancels a queued job before it runs, and aborts a running one through its signal', async () => {
    let ran = 0;
    let aborted: unknown;
    const started = signal();
    const r = runner([
      { kind: 'test.never', run: async () => void ran++ },
      {
        kind: 'test.long',
        run: async ({ signal }) => {
          started.resolve();
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
          aborted = signal.reason;
          throw new Error('stopped');
        },
      },
    ]);
    const queued = await enqueueJob(db, 'test.never', {}, { runAfter: new Date(Date.now() + 60_000) });
    expect(await cancelJob(db, queued)).toBe('cancelled');
    r.start();
    const long = await enqueueJob(db, 'test.long', {});
    await started.promise;
    expect(await cancelJob(db, long)).toBe('running');
    expect(await until(long, ['cancelled'])).toMatchObject({ attempts: 1 });
    expect(aborted).toBe('cancel');
    expect(await cancelJob(db, long)).toBeUndefined(); // finished: nothing to cancel
    await db.query(`UPDATE jobs SET run_after = now() WHERE id = $1`, [queued]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ran).toBe(0);
    expect((await findJob(db, queued))!.status).toBe('cancelled');
  });

  it('a job whose runner died is claimed again after its lease ran out, and the dead runner cannot finish it', async () => {
    const runs: string[] = [];
    const id = await enqueueJob(db, 'test.orphan', {});
    // the state a runner leaves when it is killed mid-run: running, its lease about to run out
    await db.query(
      `UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead-runner',
          locked_until = now() + interval '300 milliseconds' WHERE id = $1`,
      [id],
    );
    const r = runner([{ kind: 'test.orphan', run: async ({ attempt }) => void runs.push(`attempt ${attempt}`) }], {
      reclaimAtStart: false,
    });
    r.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs).toEqual([]); // the lease still holds
    const job = await until(id, ['succeeded']);
    expect(runs).toEqual(['attempt 2']);
    expect(job.attempts).toBe(2);
    // the dead runner's own finishing statement names it: it changes nothing now
    const stale = await db.query(
      `UPDATE jobs SET status = 'failed' WHERE id = $1 AND locked_by = 'dead-runner' AND status = 'running' RETURNING id`,
      [id],
    );
    expect(stale).toEqual([]);
  });

  it('stop() aborts a running handler and queues its job again without counting the attempt', async () => {
    const started = signal();
    const r = runner([
      {
        kind: 'test.stoppable',
        run: async ({ signal }) => {
          started.resolve();
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
          throw new Error(String(signal.reason));
        },
      },
    ]);
    r.start();
    const id = await enqueueJob(db, 'test.stoppable', {});
    await started.promise;
    await r.stop();
    expect(await findJob(db, id)).toMatchObject({ status: 'queued', attempts: 0, error: null });
  });

  it('claims only the kinds it knows, and the sweep deletes jobs whose keep time is over', async () => {
    const other = await enqueueJob(db, 'test.elsewhere', {});
    const r = runner([{ kind: 'test.here', run: async () => 1 }], { keepMs: 1 });
    r.start();
    const here = await enqueueJob(db, 'test.here', {});
    await until(here, ['succeeded']);
    expect((await findJob(db, other))!.status).toBe('queued');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await r.sweep();
    expect(await findJob(db, here)).toBeUndefined();
    expect(await findJob(db, other)).toBeDefined();
  });
});
