import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type RunningPostgres } from '../../scripts/postgres';
import { connect } from '../db/connect';
import type { Database } from '../db/database';
import { startDatabase } from '../db/start';
import { freshPostgres } from '../test/database';
import { templateTarball } from '../test/harness';
import { spawnServer, untilRunning, type ServerProcess } from '../test/serverProcess';
import { enqueueJob, findJob, type JobView } from './queue';

/**
 * Jobs across real server processes (`server/main.ts` with the `test.probe` kind of
 * `server/jobs/testing/probe.ts` preloaded): a job running when its server is killed with SIGKILL
 * finishes exactly once after the restart, on PGlite and on PostgreSQL; and two servers on one
 * PostgreSQL never run the same job twice. PostgreSQL is the leg's (`DATABASE_URL`), or one
 * started for this file.
 */

const PROBE = ['server/jobs/testing/probe.ts'];
const dirs: string[] = [];
const servers: ServerProcess[] = [];
const drops: Array<() => Promise<void>> = [];
let postgres: RunningPostgres | undefined;
let pgUrl: string;

beforeAll(async () => {
  if (process.env.DATABASE_URL) pgUrl = process.env.DATABASE_URL;
  else {
    postgres = await startPostgres();
    pgUrl = postgres.url;
  }
}, 60_000);
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  for (const drop of drops) await drop();
  await postgres?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bureau-jobs-'));
  dirs.push(dir);
  return dir;
};

/** The probe's log: one entry per line, `start <job> <attempt> <pid>` or `done <job> <pid>`. */
function probeLog(file: string): Array<{ event: string; job: number; pid: number; attempt?: number }> {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [event, job, a, b] = line.split(' ');
      return event === 'start'
        ? { event, job: Number(job), attempt: Number(a), pid: Number(b) }
        : { event: event!, job: Number(job), pid: Number(a) };
    });
}

/** Waits until `test()` holds, polling every 50 ms; throws with `what` after `ms`. */
async function until(test: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const s = await spawnServer({ SEED: 'none', JOBS_LEASE_SECONDS: '2', ...env }, PROBE);
  servers.push(s);
  expect(await untilRunning(s), s.output()).toBe('running');
  return s;
}

/**
 * A migrated database: a new PGlite directory made from the API tests' template (migrating a
 * PGlite from nothing takes some 20 s), or a new database on the PostgreSQL server.
 */
async function newDatabase(engine: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  if (engine === 'pglite') {
    const dataDir = tempDir();
    await (await connect({ dataDir, loadDataDir: await templateTarball() })).close();
    return { DATA_DIR: dataDir };
  }
  const fresh = await freshPostgres(pgUrl);
  drops.push(fresh.drop);
  const started = await startDatabase({ databaseUrl: fresh.url, dataDir: '', seed: 'none' });
  await started.close();
  return { DATABASE_URL: fresh.url, DATA_DIR: tempDir() };
}

/** Runs `fn` on the database of `env` while no server holds it (PGlite is one process's). */
async function withDatabase<T>(env: Record<string, string>, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await connect(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, dataDir: '' } : { dataDir: env.DATA_DIR! },
  );
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

describe.each(['pglite', 'postgres'] as const)('jobs across a kill -9 on %s', (engine) => {
  it(`a job running when its server is killed with SIGKILL finishes exactly once after the restart (${engine})`, async () => {
    const env = await newDatabase(engine);
    const log = join(tempDir(), 'probe.log');
    // queued before any server runs: 20 steps of 150 ms, so it is mid-way when the kill comes
    const id = await withDatabase(env, (db) =>
      enqueueJob(db, 'test.probe', { steps: 20, stepMs: 150 }, { createdBy: 'admin' }),
    );

    const first = await server({ ...env, JOB_PROBE_LOG: log });
    await until(() => probeLog(log).some((e) => e.event === 'start'), 'the first attempt to start');
    await new Promise((r) => setTimeout(r, 600)); // a few steps in
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(probeLog(log)).toEqual([{ event: 'start', job: id, attempt: 1, pid: first.child.pid }]);

    const second = await server({ ...env, JOB_PROBE_LOG: log });
    await until(() => probeLog(log).some((e) => e.event === 'done'), 'the job to finish after the restart');
    await new Promise((r) => setTimeout(r, 2_500)); // longer than a lease: nothing runs it again
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    expect(probeLog(log)).toEqual([
      { event: 'start', job: id, attempt: 1, pid: first.child.pid },
      { event: 'start', job: id, attempt: 2, pid: second.child.pid },
      { event: 'done', job: id, pid: second.child.pid },
    ]);
    const job = await withDatabase(env, (db) => findJob(db, id));
    expect(job).toMatchObject<Partial<JobView>>({
      status: 'succeeded',
      attempts: 2,
      progress: 100,
      result: { pid: second.child.pid },
      createdBy: 'admin',
    });
  }, 90_000);
});

describe('two servers on one PostgreSQL', () => {
  it('run 100 jobs between them, each exactly once', async () => {
    const env = await newDatabase('postgres');
    const log = join(tempDir(), 'probe.log');
    const [a, b] = await Promise.all([
      server({ ...env, JOB_PROBE_LOG: log, JOBS_CONCURRENCY: '4' }),
      server({ ...env, JOB_PROBE_LOG: log, JOBS_CONCURRENCY: '4', DATA_DIR: tempDir() }),
    ]);
    const ids = await withDatabase(env, async (db) => {
      const out: number[] = [];
      for (let i = 0; i < 100; i++) out.push(await enqueueJob(db, 'test.probe', { steps: 1, stepMs: 40 }));
      return out;
    });
    await until(() => probeLog(log).filter((e) => e.event === 'done').length >= 100, '100 jobs to finish', 45_000);
    await new Promise((r) => setTimeout(r, 2_500)); // longer than a lease: nothing runs again
    const entries = probeLog(log);
    const starts = entries.filter((e) => e.event === 'start');
    const dones = entries.filter((e) => e.event === 'done');
    expect(starts.map((e) => e.job).sort((x, y) => x - y)).toEqual(ids);
    expect(dones.map((e) => e.job).sort((x, y) => x - y)).toEqual(ids);
    expect(starts.every((e) => e.attempt === 1)).toBe(true);
    // both servers took part
    expect(new Set(starts.map((e) => e.pid))).toEqual(new Set([a.child.pid, b.child.pid]));
    const rows = await withDatabase(env, (db) =>
      db.query<{ status: string; attempts: number; n: number }>(
        `SELECT status, attempts, count(*)::int AS n FROM jobs GROUP BY status, attempts`,
      ),
    );
    expect(rows).toEqual([{ status: 'succeeded', attempts: 1, n: 100 }]);
  }, 90_000);
});
