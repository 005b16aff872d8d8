import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The background job queue (`server/jobs/queue.ts`): one row per job, on PGlite and PostgreSQL
 * alike. A runner claims a row with `FOR UPDATE SKIP LOCKED` and holds it by a lease
 * (`locked_by`, `locked_until`) that it renews while the handler runs; a row whose lease ran out
 * (its runner died) is claimed again. Finished rows are kept until `expires_at`, then deleted.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The registered kind that runs it (`mail.send`, `export.time`). */
    kind: text('kind').notNull(),
    /** The kind's input, as given to `enqueue`. */
    payload: jsonb('payload').notNull().default({}),
    /** `queued`, `running`, `succeeded`, `failed` or `cancelled`. */
    status: text('status').notNull().default('queued'),
    /** The user name of the user who started it; null for the server's own jobs (mail). */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not claimed before this time (the backoff after a failed attempt). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts started so far, the running one included. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** The runner holding the row while it runs (a random id per runner), and until when. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Percent done, 0-100, as the handler last reported it; and its words for the step. */
    progress: integer('progress').notNull().default(0),
    progressNote: text('progress_note'),
    /** The user asked to cancel while it ran; the runner aborts the handler's signal. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** What the handler returned (JSON), for `succeeded`. */
    result: jsonb('result'),
    /** The last attempt's error message. */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When a finished job is deleted (finished + the queue's keep time). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_status_run_after_idx').on(t.status, t.runAfter),
    index('jobs_created_by_idx').on(t.createdBy, t.id),
    index('jobs_expires_at_idx').on(t.expiresAt),
  ],
);
