import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { purgeExpired } from './service';

/** How often the server runs the retention purge ({@link purgeExpired}): every 6 hours. */
export const RETENTION_PURGE_EVERY_MS = 6 * 60 * 60 * 1000;
/** The first run comes this long after the start (not during it, nor in a short-lived test server). */
export const RETENTION_PURGE_FIRST_MS = 60 * 1000;

/**
 * Runs {@link purgeExpired} on a timer until the returned function is called (a plain timer in
 * the server for now; a job queue can call `purgeExpired(db, new Date())` instead). Each run logs
 * what it purged and what it had to keep; a failing run is logged and the next one tries again.
 * The timers never keep the process alive.
 * @returns stops the timer
 */
export function startRetentionPurge(db: Database, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const report = await purgeExpired(db, new Date());
      if (report.purged.length > 0 || report.refused.length > 0) log.info({ trash: report }, 'trash retention purge');
    } catch (e) {
      log.error({ err: e }, 'trash retention purge failed');
    } finally {
      running = false;
    }
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    every = setInterval(() => void run(), RETENTION_PURGE_EVERY_MS);
    every.unref();
  }, RETENTION_PURGE_FIRST_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    if (every) clearInterval(every);
  };
}
