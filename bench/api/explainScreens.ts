/**
 * The member's screens at the real size: prints, for each list screen a lawyer opens from the menu
 * (the unfiltered time list as TIME-14 asks it, the same filtered by billing status, the tasks,
 * matters and projects), the wall time of the real route as `member` (median of `--runs`, after
 * one warm-up) and `EXPLAIN (ANALYZE, BUFFERS)` of every statement it ran, on the seeded
 * PostgreSQL of `npm run bench:api -- --case times` (`node --import tsx bench/api/explainScreens.ts
 * [--scale 300] [--times 1000000] [--dir NAME] [--runs 5] [--plans] [--full]`; without `--plans`
 * only each statement's planning and execution times are printed). A route answering anything but
 * 200 fails the run. See bench/api/README.md, "The member's screens at the real size".
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
import { MEMBER_SCREENS } from './memberScreensCase';
import { TIMES_USER } from './timesCase';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '300' },
    times: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '5' },
    plans: { type: 'boolean', default: false },
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
const recorder = statementRecorder(db);
const app = await buildApp({ db: recorder.db, config });
try {
  const token = await signAccessToken({ db, config }, TIMES_USER, { expiresIn: 600 });
  const headers = { authorization: `Bearer ${token}` };
  for (const [label, url] of MEMBER_SCREENS) {
    await app.inject({ url, headers });
    const ms: number[] = [];
    for (let i = 0; i < Number(args.runs); i++) {
      const t = performance.now();
      const res = await app.inject({ url, headers });
      ms.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    ms.sort((a, b) => a - b);
    const res = await recorder.record(() => app.inject({ url, headers }));
    const page = (JSON.parse(res.body) as { page?: { totalElements: number; totalElementsEstimated?: boolean } }).page;
    console.log(
      `\n##### ${label}: ${url}\n  median ${ms[Math.floor(ms.length / 2)]!.toFixed(1)} ms, max ${ms[ms.length - 1]!.toFixed(1)} ms` +
        (page ? `, total ${page.totalElements}${page.totalElementsEstimated ? ' (estimated)' : ''}` : ''),
    );
    for (const [sql, params] of recorder.statements) {
      if (!/^\s*(SELECT|WITH)/i.test(sql)) continue;
      const plan = (await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).map(
        (r) => Object.values(r)[0]!,
      );
      const times = plan.filter((l) => /^(Planning|Execution) Time/.test(l)).join(', ');
      console.log(`  -- ${args.full ? sql : sql.slice(0, 120).replace(/\s+/g, ' ')}...\n     ${times}`);
      if (args.plans) console.log(plan.map((l) => `     ${l}`).join('\n'));
    }
  }
} finally {
  await app.close();
  await db.close();
  await pg.stop();
}
