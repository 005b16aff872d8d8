/**
 * Prints `EXPLAIN (ANALYZE, BUFFERS)` of every statement the time case runs, generic and raw, on
 * the seeded PostgreSQL database of `npm run bench:api -- --case times` (`node --import tsx
 * bench/api/explainTimes.ts [--scale 300] [--times 1000000] [--dir NAME] [--full]`; `--full` prints whole statements;
 * `--dir` names the data set under bench/.work, e.g. `pg-300-t5000-i200`, the one `npm run bench:smoke` seeds).
 * A route answering anything but 200, or running no statement on `times`, fails the run. The statements are captured from
 * the real routes (the app answers one page and one total as `member`), so the plans are those of
 * the SQL the server builds, for a median matter of the member's teams and for its largest one.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app';
import { signAccessToken } from '../../server/auth/tokens';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import { startPostgres } from '../../scripts/postgres';
import { BENCH_PG_SETTINGS } from './postgres';
import { statementRecorder } from './recorder';
import { registerRawTimes } from './rawTimes';
import { TIMES_USER } from './timesCase';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '300' },
    times: { type: 'string', default: '1000000' },
    full: { type: 'boolean', default: false },
    dir: { type: 'string' },
  },
});
const pg = await startPostgres({
  dir: join(resolve('bench/.work'), args.dir ?? `pg-${args.scale}-t${args.times}`, 'cluster'),
  reuse: true,
  settings: BENCH_PG_SETTINGS,
});
const config = loadConfig({ DATABASE_URL: pg.url, SEED: 'none' });
const db = await connect(config);
const recorder = statementRecorder(db, (sql) => /\btimes\b/.test(sql));
const app = await buildApp({ db: recorder.db, config });
registerRawTimes(app, recorder.db);
try {
  const token = await signAccessToken({ db, config }, TIMES_USER, { expiresIn: 600 });
  const sizes = await db.query<{ id: number; n: number }>(
    `SELECT t.matter_id AS id, count(*)::int AS n FROM times t WHERE t.matter_id IN (
       SELECT mt.matter_id FROM matter_teams mt JOIN positions p ON p.id = mt.team_position_id
         JOIN app_users u ON u.employee_id = p.employee_id WHERE u.username = $1)
     GROUP BY 1 ORDER BY 2, 1`,
    [TIMES_USER],
  );
  if (sizes.length === 0) throw new Error(`no time on ${TIMES_USER}'s matters in this data set`);
  const median = sizes[Math.floor(sizes.length / 2)]!;
  const largest = sizes[sizes.length - 1]!;
  for (const [label, m] of [
    ['median', median],
    ['largest', largest],
  ] as const) {
    for (const url of [
      `/core/api/times?matter.id=${m.id}&sort=dateTime,desc&page=0&size=20`,
      `/core/api/times/totalDuration?matter.id=${m.id}`,
      `/core/api/bench/raw/times?matterId=${m.id}&page=0&size=20`,
      `/core/api/bench/raw/times/totalDuration?matterId=${m.id}`,
    ]) {
      const res = await recorder.record(() => app.inject({ url, headers: { authorization: `Bearer ${token}` } }));
      console.log(`\n##### ${label} matter ${m.id} (${m.n} rows): ${url} -> ${res.statusCode}`);
      if (res.statusCode !== 200 || recorder.statements.length === 0)
        throw new Error(
          `${url}: ${res.statusCode}, ${recorder.statements.length} statements on times: ${res.body.slice(0, 300)}`,
        );
      for (const [sql, params] of recorder.statements) {
        const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        console.log(
          `\n-- ${args.full ? sql : sql.slice(0, 160)}...\n${plan.map((r) => Object.values(r)[0]).join('\n')}`,
        );
      }
    }
  }
} finally {
  await app.close();
  await db.close();
  await pg.stop();
}
