import type { RunnerOptions } from './queue';

/**
 * Reads the job runner's settings (README, "Configuration"): `JOBS_LEASE_SECONDS` (how long a
 * job stays claimed by a runner that stopped answering, default 30), `JOBS_KEEP_DAYS` (how long
 * finished jobs and their results are kept, default 7), `JOBS_CONCURRENCY` (jobs one server runs
 * at once, default 2).
 * @throws Error when a value is not a positive number
 */
export function loadJobsConfig(env: Record<string, string | undefined>): RunnerOptions {
  const read = (name: string, scale: number): number | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
    return Math.round(n * scale);
  };
  const concurrency = read('JOBS_CONCURRENCY', 1);
  return {
    leaseMs: read('JOBS_LEASE_SECONDS', 1000),
    keepMs: read('JOBS_KEEP_DAYS', 24 * 3600 * 1000),
    concurrency: concurrency === undefined ? undefined : Math.max(1, concurrency),
  };
}
