/**
 * `node --import tsx bench/dashboards.ts [--times N] [--smoke]`: how long each analytics query
 * (server/dashboards/queries.ts) takes on the demo data set, on an in-memory PGlite, for the demo
 * accounts `admin` (firm scope), `top` (a top manager: firm scope through the entity rules) and
 * `member` (own scope). Each statement runs three times; the best is printed, in ms. The dashboards
 * need every query well inside the first poll (6 s, DASH-06). Figures in bench/README.md.
 * `--smoke` (`npm run bench:smoke`): 2,000 time entries, each statement once; a query that fails
 * stops the run with exit 1.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../server/db/database';
import { loadDump, saveDump } from '../server/test/database';
import { loadUser } from '../server/auth/users';
import { connect } from '../server/db/connect';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed/index';
import { checkParameters } from '../server/dashboards/params';
import { analyticsQueries, buildStatement } from '../server/dashboards/queries';
import { scopeOf } from '../server/dashboards/scope';

const { values: args } = parseArgs({
  options: { times: { type: 'string' }, smoke: { type: 'boolean', default: false } },
});
const times = args.times ?? (args.smoke ? '2000' : undefined);
const runs = args.smoke ? 1 : 3;
// the seeded database is kept in the OS temp directory (by the number of time entries) for the next run
const base = join(tmpdir(), `bureau-dashboards-bench-${times ?? 'default'}`);
let db: Database;
if (existsSync(`${base}.tar`)) {
  db = (await loadDump(base)).db;
  // a dump kept from an earlier run lacks the migrations added since
  await migrate(db);
} else {
  db = await connect({ memory: true });
  await migrate(db);
  const seeded = await seed(db, { times: times === undefined ? undefined : Number(times) });
  console.log(`seeded in ${seeded.seconds} s`);
  await saveDump(db, base, {});
}
const [span] = await db.query<{ from: string; to: string }>(
  `SELECT to_char(min(payment_date), 'YYYY-MM-DD') AS "from", to_char(max(payment_date), 'YYYY-MM-DD') AS "to" FROM payment_histories`,
);
const year = { date_gte: span?.from ?? '2026-01-01', date_lte: span?.to ?? '2026-12-31' };
// the last whole month of the data: what a dashboard opens on
const last = new Date(`${year.date_lte}T00:00:00Z`);
const monthStart = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - 1, 1));
const monthEnd = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), 0));
const month = { date_gte: monthStart.toISOString().slice(0, 10), date_lte: monthEnd.toISOString().slice(0, 10) };
console.log(`periods: year ${year.date_gte}..${year.date_lte}, month ${month.date_gte}..${month.date_lte}`);
for (const username of ['admin', 'top', 'member']) {
  const loaded = await loadUser(db, username);
  if (!loaded) continue;
  const scope = await scopeOf(db, loaded.user);
  for (const [label, period] of [
    ['year', year],
    ['month', month],
  ] as const)
    for (const query of analyticsQueries()) {
      if (label === 'month' && !query.parameters.some((p) => p.name === 'date_gte')) continue;
      const given: Record<string, unknown> = {};
      for (const p of query.parameters)
        if (p.name === 'date_gte' || p.name === 'date_lte') given[p.name] = period[p.name];
      const values = checkParameters(query.name, query.parameters, given);
      const statement = buildStatement(query, values, scope);
      let best = Infinity;
      let rows = 0;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        rows = (await db.query(statement.text, statement.values)).length;
        best = Math.min(best, performance.now() - started);
      }
      console.log(`${username} (${scope.level})\t${label}\t${query.name}\t${Math.round(best)} ms\t${rows} rows`);
    }
}
await db.close();
