import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { enqueueJob, type JobKind } from '../jobs/queue';
import { purgeExpired, type Purged } from './service';

/** How often the server queues the retention purge ({@link purgeExpired}): every 6 hours. */
export const RETENTION_PURGE_EVERY_MS = 6 * 60 * 60 * 1000;
/** The first one is queued this long after the start (not during it, nor in a short-lived test server). */
export const RETENTION_PURGE_FIRST_MS = 60 * 1000;
/** The job kind that purges the records kept in a trash longer than their entity's retention. */
export const TRASH_PURGE = 'trash.purge';

/**
 * The retention purge as a background job (`server/jobs/queue.ts`): one run of
 * {@link purgeExpired} at the time the job runs, its report (what it purged, what it had to keep
 * because something still references it) kept as the job's result. Safe to repeat: a second run
 * finds nothing left to purge.
 * @param afterPurge what follows each committed purge (the file routes' removal of a purged
 *   file's bytes from the storage, `purgedBytesRemover` in server/files/routes.ts)
 */
export const trashPurgeJobKind = (
  log?: FastifyBaseLogger,
  afterPurge?: (purged: Purged) => Promise<void>,
): JobKind<unknown, Awaited<ReturnType<typeof purgeExpired>>> => ({
  kind: TRASH_PURGE,
  maxAttempts: 3,
  run: async ({ db }) => {
    const report = await purgeExpired(db, new Date(), undefined, afterPurge);
    if (report.purged.length > 0 || report.refused.length > 0) log?.info({ trash: report }, 'trash retention purge');
    return report;
  },
});

/**
 * Queues the retention purge job a minute after the start and every 6 hours after, unless one is
 * still waiting or running (several server instances on one database share the queue, so the
 * purge runs once per period whichever of them queued it). The timers never keep the process
 * alive; a failure to queue is logged and the next period tries again.
 * @returns stops the timers
 */
export function startRetentionPurge(db: Database, log: FastifyBaseLogger): () => void {
  const queue = async () => {
    try {
      const [waiting] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND status IN ('queued', 'running')`,
        [TRASH_PURGE],
      );
      if ((waiting?.n ?? 0) === 0) await enqueueJob(db, TRASH_PURGE, {});
    } catch (e) {
      log.error({ err: e }, 'queuing the trash retention purge failed');
    }
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void queue();
    every = setInterval(() => void queue(), RETENTION_PURGE_EVERY_MS);
    every.unref();
  }, RETENTION_PURGE_FIRST_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    if (every) clearInterval(every);
  };
}
