/**
 * The benchmark's PostgreSQL settings on top of `scripts/postgres.ts` (loopback, fsync off):
 * shared buffers large enough that the million-row table stays cached; the benchmark measures
 * reads, not durability. The cluster lives under `bench/.work/` so `--skip-seed` re-runs reuse it.
 */
export const BENCH_PG_SETTINGS = ['shared_buffers=512MB'];
