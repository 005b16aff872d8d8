/**
 * Prints EXPLAIN ANALYZE of the benchmark's list queries on the seeded PostgreSQL database
 * (`node --import tsx bench/api/explain.ts [--scale 100000] [--times 1000000] [--dir NAME]`, after `npm run bench:api` seeded it;
 * `--dir` names the data set under bench/.work, e.g. `pg-300-t5000-i200`, the one `npm run bench:smoke` seeds).
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from '../../server/db/connect';
import { startPostgres } from '../../scripts/postgres';
import { BENCH_PG_SETTINGS } from './postgres';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '100000' },
    times: { type: 'string', default: '1000000' },
    dir: { type: 'string' },
  },
});
const pg = await startPostgres({
  dir: join(resolve('bench/.work'), args.dir ?? `pg-${args.scale}-t${args.times}`, 'cluster'),
  reuse: true,
  settings: BENCH_PG_SETTINGS,
});
const db = await connect({ databaseUrl: pg.url, dataDir: '' });
try {
  // a client from the middle of the contacts (OFFSET 500000 at 1M)
  const [half] = await db.query<{ n: number }>('SELECT (count(*) / 2)::int AS n FROM contacts');
  const [c] = await db.query<{ id: number }>('SELECT client_id AS id FROM contacts ORDER BY id LIMIT 1 OFFSET $1', [
    half?.n ?? 0,
  ]);
  if (!c) throw new Error('no contacts in this data set');
  const id = Number(c.id);
  const queries: Array<[string, string, unknown[]]> = [
    [
      'page by client',
      'SELECT t0.* FROM "contacts" t0 WHERE t0."client_id" = $1 ORDER BY t0."last_modified_date" DESC, t0.id DESC LIMIT 20 OFFSET 0',
      [id],
    ],
    [
      'capped count by client',
      'SELECT count(*)::int AS n FROM (SELECT 1 FROM "contacts" t0 WHERE t0."client_id" = $1 LIMIT 100001) capped',
      [id],
    ],
    [
      'unfiltered page',
      'SELECT t0.* FROM "contacts" t0 ORDER BY t0."last_modified_date" DESC, t0.id DESC LIMIT 20 OFFSET 0',
      [],
    ],
    ['unfiltered exact count (not used)', 'SELECT count(*)::int AS n FROM "contacts" t0', []],
    ['reltuples', `SELECT reltuples::float8 AS n FROM pg_class WHERE oid = '"contacts"'::regclass`, []],
  ];
  for (const [name, sql, params] of queries) {
    const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(`\n== ${name}\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
  }
} finally {
  await db.close();
  await pg.stop();
}
