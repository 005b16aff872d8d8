import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';

/**
 * The background job queue: durable jobs in the `jobs` table (`server/jobs/tables.ts`), run by a
 * {@link JobRunner} in every server process, on PGlite and on PostgreSQL alike.
 *
 * - A job is claimed by one runner at a time: `FOR UPDATE SKIP LOCKED` picks a row nobody else is
 *   claiming, and the claim is a lease (`locked_by`, `locked_until`) the runner renews while the
 *   handler runs. A runner that dies (kill -9) stops renewing; once the lease has run out another
 *   runner - or the same server after its restart - claims the job again. On PGlite one process
 *   owns the database (`server/db/lock.ts`), so a starting runner takes back every running job at
 *   once instead of waiting for the lease.
 * - Only the lease holder can finish a job (every finishing statement names `locked_by`), so a job
 *   finishes once even when a runner that lost its lease comes back to life. A handler may still
 *   be started again after a crash (at least once): handlers must be safe to repeat.
 * - A failed attempt is retried after a backoff (1 s, 2 s, 4 s, ... at most 10 min by default)
 *   until `maxAttempts`; `PermanentJobError` fails at once.
 * - Finished jobs keep their result for `keepMs` (7 days by default), then the sweep deletes them.
 *
 * Areas register the kinds they run ({@link JobRunner.register} or {@link registerJobKind}); this
 * module imports no area.
 */

/** Where a job is. */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** What a handler gets for one attempt of one job. */
export interface JobContext<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  /** 1 for the first attempt. */
  attempt: number;
  /** The attempts allowed: when `attempt` equals it, a failure is final. */
  maxAttempts: number;
  /** The user name of the user who started it, or null. */
  createdBy: string | null;
  db: Database;
  /**
   * Aborted when the user cancels the job, when the server stops, or when this runner lost the
   * job's lease; a handler stops its work at the next step and throws (or returns).
   */
  signal: AbortSignal;
  /**
   * Records progress: `percent` 0-100 (rounded, clamped), `note` the step in words. Cheap enough
   * for every few hundred rows; not for every row.
   */
  progress(percent: number, note?: string): Promise<void>;
}

/** A kind of job and its handler. */
export interface JobKind<P = unknown, R = unknown> {
  /** Unique name, `area.verb` (`mail.send`). */
  kind: string;
  /** Runs one attempt; its value (JSON-serialisable, or undefined) is kept as the job's result. */
  run(ctx: JobContext<P>): Promise<R>;
  /** Attempts before the job fails (default {@link DEFAULT_MAX_ATTEMPTS}). */
  maxAttempts?: number;
  /** Milliseconds to wait after failed attempt `attempt` (default {@link defaultBackoffMs}). */
  backoffMs?(attempt: number): number;
  /** Removes what a succeeded job's result points to outside the row (a stored file) when it expires. */
  expire?(result: R): Promise<void>;
}

/** A failure that another attempt cannot mend (a payload that names nothing): no retry. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** A job as the user sees it (`GET /core/api/jobs`). Times are `Date`s, progress a percent. */
export interface JobView {
  id: number;
  kind: string;
  status: JobStatus;
  progress: number;
  progressNote: string | null;
  attempts: number;
  maxAttempts: number;
  cancelRequested: boolean;
  error: string | null;
  result: unknown;
  createdBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
/** How long finished jobs and their results are kept, ms (7 days). */
export const DEFAULT_KEEP_MS = 7 * 24 * 3600 * 1000;
/** A runner's lease on a job, ms: renewed every third of it; another runner claims the job after it ran out. */
export const DEFAULT_LEASE_MS = 30_000;
/** How often an idle runner looks for due jobs, ms (a job enqueued in this process is run at once). */
export const DEFAULT_POLL_MS = 1_000;
/** How often expired jobs are deleted, ms. */
const SWEEP_MS = 60_000;

/** 1 s after the first failed attempt, doubling, at most 10 minutes. */
export const defaultBackoffMs = (attempt: number): number => Math.min(1000 * 2 ** (attempt - 1), 10 * 60_000);

const processKinds = new Map<string, JobKind>();
/** The attempts each registered kind allows (runners' own kinds too), read by {@link enqueueJob}. */
const kindAttempts = new Map<string, number>();

/**
 * Registers a kind every runner of this process runs (a handler that needs nothing but its
 * context). Registering a kind again replaces it.
 */
export function registerJobKind<P, R>(kind: JobKind<P, R>): void {
  processKinds.set(kind.kind, kind as JobKind);
  if (kind.maxAttempts) kindAttempts.set(kind.kind, kind.maxAttempts);
}

const runners = new Set<JobRunner>();

/** Asks every runner of this process to look for due jobs now (after a commit that enqueued one). */
export function kickJobRunners(): void {
  for (const r of runners) r.kick();
}

/** What {@link enqueueJob} takes beside the kind and payload. */
export interface EnqueueOptions {
  /** The user name of the user who starts it (they see it in their jobs); null for the server's own. */
  createdBy?: string | null;
  /** Attempts before it fails; default the kind's, else {@link DEFAULT_MAX_ATTEMPTS}. */
  maxAttempts?: number;
  /** Not before this time. */
  runAfter?: Date;
}

/**
 * Queues a job. Pass the write's transaction handle to queue it with the write (both or neither),
 * then call {@link kickJobRunners} after the commit; with the database handle the runners of this
 * process are kicked here.
 * @returns the job's id
 */
export async function enqueueJob(
  db: Pick<Database, 'query'>,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<number> {
  const maxAttempts = options.maxAttempts ?? kindAttempts.get(kind) ?? DEFAULT_MAX_ATTEMPTS;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO jobs (kind, payload, created_by, max_attempts, run_after)
     VALUES ($1, $2::jsonb, $3, $4, COALESCE($5::timestamptz, now())) RETURNING id`,
    [kind, JSON.stringify(payload ?? {}), options.createdBy ?? null, maxAttempts, options.runAfter ?? null],
  );
  if ('transaction' in db) kickJobRunners();
  return row!.id;
}

const VIEW_COLUMNS = `id, kind, status, progress, progress_note AS "progressNote", attempts, max_attempts AS "maxAttempts",
  cancel_requested AS "cancelRequested", error, result, created_by AS "createdBy", created_at AS "createdAt",
  started_at AS "startedAt", finished_at AS "finishedAt", expires_at AS "expiresAt"`;

/** One job, or undefined. */
export async function findJob(db: Pick<Database, 'query'>, id: number): Promise<JobView | undefined> {
  const [row] = await db.query<JobView>(`SELECT ${VIEW_COLUMNS} FROM jobs WHERE id = $1`, [id]);
  return row;
}

/** The jobs `username` started, newest first, at most `limit`. */
export async function jobsOf(db: Pick<Database, 'query'>, username: string, limit = 50): Promise<JobView[]> {
  return db.query<JobView>(`SELECT ${VIEW_COLUMNS} FROM jobs WHERE created_by = $1 ORDER BY id DESC LIMIT $2`, [
    username,
    limit,
  ]);
}

/**
 * Cancels a job: a queued one is `cancelled` at once; a running one is marked, and its runner
 * aborts the handler's signal (at once in this process, within a third of the lease elsewhere).
 * @returns the job's status afterwards, or undefined when it was already finished or is missing
 */
export async function cancelJob(
  db: Pick<Database, 'query'>,
  id: number,
  keepMs = DEFAULT_KEEP_MS,
): Promise<JobStatus | undefined> {
  const [row] = await db.query<{ status: JobStatus }>(
    `UPDATE jobs SET
       cancel_requested = (status = 'running'),
       finished_at = CASE WHEN status = 'queued' THEN now() ELSE finished_at END,
       expires_at = CASE WHEN status = 'queued' THEN now() + $2::double precision * interval '1 millisecond' ELSE expires_at END,
       status = CASE WHEN status = 'queued' THEN 'cancelled' ELSE status END,
       locked_by = CASE WHEN status = 'queued' THEN NULL ELSE locked_by END,
       updated_at = now()
     WHERE id = $1 AND status IN ('queued', 'running') RETURNING status`,
    [id, keepMs],
  );
  if (row?.status === 'running') for (const r of runners) r.abortLocal(id, 'cancel');
  return row?.status;
}

/** What a {@link JobRunner} takes; every value has a default. */
export interface RunnerOptions {
  /** Jobs run at once by this runner (default 2). */
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
  keepMs?: number;
  /**
   * Take back every running job at start (default: on PGlite, whose one process owns the
   * database, so a running row can only be left over from a process that died).
   */
  reclaimAtStart?: boolean;
  /** Where errors of the runner itself go (default `console.error`). */
  log?: (message: string) => void;
}

interface ClaimedRow {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  created_by: string | null;
  error: string | null;
}

type AbortReason = 'cancel' | 'shutdown' | 'lost';

/**
 * Runs due jobs of the kinds it knows (its own registrations, then the process's). `start()`
 * claims at once, on every {@link kickJobRunners} and every `pollMs`; `stop()` aborts the
 * handlers that run, hands their jobs back to the queue (the attempt not counted) and waits for
 * them.
 *
 * @example
 * const runner = new JobRunner(db);
 * runner.register({ kind: 'demo.count', run: async ({ payload, progress }) => { await progress(50); return { n: 1 }; } });
 * runner.start();
 * const id = await enqueueJob(db, 'demo.count', {}, { createdBy: 'admin' });
 * await runner.stop();
 */
export class JobRunner {
  /** This runner's id in `locked_by`. */
  readonly id = randomUUID();
  private readonly kinds = new Map<string, JobKind>();
  private readonly active = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private readonly reasons = new Map<number, AbortReason>();
  private started = false;
  private pumping: Promise<void> | null = null;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly keepMs: number;
  private readonly reclaimAtStart: boolean;
  private readonly log: (message: string) => void;
  private ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    options: RunnerOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 2;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.keepMs = options.keepMs ?? DEFAULT_KEEP_MS;
    this.reclaimAtStart = options.reclaimAtStart ?? db.kind === 'pglite';
    this.log = options.log ?? ((m) => console.error(m));
  }

  /** Registers a kind for this runner only (its handler closes over this server's configuration). */
  register<P, R>(kind: JobKind<P, R>): this {
    this.kinds.set(kind.kind, kind as JobKind);
    if (kind.maxAttempts) kindAttempts.set(kind.kind, kind.maxAttempts);
    return this;
  }

  private kindOf(name: string): JobKind | undefined {
    return this.kinds.get(name) ?? processKinds.get(name);
  }

  private kindNames(): string[] {
    return [...new Set([...this.kinds.keys(), ...processKinds.keys()])];
  }

  /** Starts claiming jobs (see the class). Calling it twice does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    runners.add(this);
    this.ready = (async () => {
      if (this.reclaimAtStart)
        await this.db.query(
          `UPDATE jobs SET status = 'queued', locked_by = NULL, locked_until = NULL, run_after = now(), updated_at = now()
            WHERE status = 'running'`,
        );
      await this.sweep();
    })().catch((e: unknown) => this.log(`jobs: start: ${(e as Error).message}`));
    const poll = setInterval(() => this.kick(), this.pollMs);
    const sweep = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS);
    poll.unref();
    sweep.unref();
    this.timers = [poll, sweep];
    void this.ready.then(() => this.kick());
  }

  /**
   * Stops: no more claims; running handlers are aborted (`signal.reason` is `'shutdown'`) and their
   * jobs queued again without counting the attempt. Resolves when the handlers have returned, or
   * after `waitMs` (their leases then run out and another runner takes the jobs).
   */
  async stop(waitMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    runners.delete(this);
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.ready;
    await this.pumping;
    for (const id of this.active.keys()) this.abortLocal(id, 'shutdown');
    const all = Promise.allSettled([...this.active.values()].map((a) => a.done));
    await Promise.race([all, new Promise((r) => setTimeout(r, waitMs).unref())]);
  }

  /** Looks for due jobs now (a no-op when stopped). */
  kick(): void {
    if (!this.started) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      await this.ready;
      do {
        this.again = false;
        while (this.started && this.active.size < this.concurrency) {
          const row = await this.claim().catch((e: unknown) => {
            this.log(`jobs: claim: ${(e as Error).message}`);
            return undefined;
          });
          if (!row) break;
          this.launch(row);
        }
      } while (this.again && this.started);
    })().finally(() => {
      this.pumping = null;
    });
  }

  /** Aborts the handler of job `id` if this runner runs it. */
  abortLocal(id: number, reason: AbortReason): void {
    const a = this.active.get(id);
    if (!a || a.controller.signal.aborted) return;
    this.reasons.set(id, reason);
    a.controller.abort(reason);
  }

  private async claim(): Promise<ClaimedRow | undefined> {
    const kinds = this.kindNames();
    if (kinds.length === 0) return undefined;
    const [row] = await this.db.query<ClaimedRow>(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $1,
          locked_until = now() + $2::double precision * interval '1 millisecond',
          started_at = COALESCE(started_at, now()), updated_at = now()
        WHERE id = (SELECT id FROM jobs
                     WHERE kind = ANY($3::text[]) AND NOT cancel_requested
                       AND ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND locked_until < now()))
                     ORDER BY run_after, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts, created_by, error`,
      [this.id, this.leaseMs, kinds],
    );
    return row;
  }

  private launch(row: ClaimedRow): void {
    const controller = new AbortController();
    const entry = { controller, done: Promise.resolve() };
    this.active.set(row.id, entry);
    entry.done = this.runOne(row, controller)
      .catch((e: unknown) => this.log(`jobs: job ${row.id}: ${(e as Error).message}`))
      .finally(() => {
        this.active.delete(row.id);
        this.reasons.delete(row.id);
        this.kick();
      });
  }

  /** The lease-holder condition every statement about a running job carries ($1 id, $2 runner). */
  private static readonly MINE = `id = $1 AND locked_by = $2 AND status = 'running'`;

  private async runOne(row: ClaimedRow, controller: AbortController): Promise<void> {
    const kind = this.kindOf(row.kind);
    const keep = `now() + $3::double precision * interval '1 millisecond'`;
    const finish = (status: JobStatus, result: unknown, error: string | null) =>
      this.db.query(
        `UPDATE jobs SET status = $4, result = $5::jsonb, error = $6, finished_at = now(), expires_at = ${keep},
            progress = CASE WHEN $4 = 'succeeded' THEN 100 ELSE progress END,
            locked_by = NULL, locked_until = NULL, updated_at = now()
          WHERE ${JobRunner.MINE}`,
        [row.id, this.id, this.keepMs, status, result === undefined ? null : JSON.stringify(result), error],
      );
    if (!kind) return void (await finish('failed', undefined, `no handler for kind ${row.kind}`));
    if (row.attempts > row.max_attempts)
      return void (await finish('failed', undefined, row.error ?? `stopped ${row.max_attempts} times while running`));

    const abortFor = (cancel: boolean | undefined) => {
      if (cancel === undefined) this.abortLocal(row.id, 'lost');
      else if (cancel) this.abortLocal(row.id, 'cancel');
    };
    const beat = setInterval(
      () =>
        void this.db
          .query<{ cancel: boolean }>(
            `UPDATE jobs SET locked_until = now() + $3::double precision * interval '1 millisecond', updated_at = now()
              WHERE ${JobRunner.MINE} RETURNING cancel_requested AS cancel`,
            [row.id, this.id, this.leaseMs],
          )
          .then(([r]) => abortFor(r?.cancel))
          .catch(() => undefined),
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    beat.unref();
    try {
      const result = await kind.run({
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
        createdBy: row.created_by,
        db: this.db,
        signal: controller.signal,
        progress: async (percent, note) => {
          const [r] = await this.db.query<{ cancel: boolean }>(
            `UPDATE jobs SET progress = $3, progress_note = $4, updated_at = now()
              WHERE ${JobRunner.MINE} RETURNING cancel_requested AS cancel`,
            [row.id, this.id, Math.max(0, Math.min(100, Math.round(percent))), note ?? null],
          );
          abortFor(r?.cancel);
        },
      });
      clearInterval(beat);
      await finish('succeeded', result, null);
    } catch (e) {
      clearInterval(beat);
      const message = (e instanceof Error ? e.message : String(e)).slice(0, 2000);
      const reason = this.reasons.get(row.id);
      if (reason === 'lost') return;
      if (reason === 'shutdown') {
        await this.db.query(
          `UPDATE jobs SET status = 'queued', attempts = attempts - 1, locked_by = NULL, locked_until = NULL,
              run_after = now(), updated_at = now() WHERE ${JobRunner.MINE}`,
          [row.id, this.id],
        );
        return;
      }
      if (reason === 'cancel') return void (await finish('cancelled', undefined, null));
      if (e instanceof PermanentJobError || row.attempts >= row.max_attempts)
        return void (await finish('failed', undefined, message));
      const wait = (kind.backoffMs ?? defaultBackoffMs)(row.attempts);
      await this.db.query(
        `UPDATE jobs SET status = 'queued', error = $3, run_after = now() + $4::double precision * interval '1 millisecond',
            locked_by = NULL, locked_until = NULL, updated_at = now() WHERE ${JobRunner.MINE}`,
        [row.id, this.id, message, wait],
      );
    }
  }

  /**
   * Deletes the jobs whose keep time is over, and finishes as cancelled the running jobs a user
   * cancelled whose runner died.
   */
  async sweep(): Promise<void> {
    const gone = await this.db.query<{ kind: string; result: unknown }>(
      `DELETE FROM jobs WHERE expires_at < now() RETURNING kind, result`,
    );
    for (const job of gone) {
      const expire = job.result === null ? undefined : this.kindOf(job.kind)?.expire;
      await expire?.(job.result).catch((e: unknown) => this.log(`jobs: expire ${job.kind}: ${(e as Error).message}`));
    }
    await this.db.query(
      `UPDATE jobs SET status = 'cancelled', finished_at = now(),
          expires_at = now() + $1::double precision * interval '1 millisecond', locked_by = NULL, locked_until = NULL,
          updated_at = now()
        WHERE status = 'running' AND cancel_requested AND locked_until < now()`,
      [this.keepMs],
    );
  }
}
