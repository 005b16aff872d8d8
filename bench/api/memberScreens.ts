/**
 * Drives each of the member's screens (`MEMBER_SCREENS`, memberScreensCase.ts) with autocannon,
 * as `member`, on the seeded PostgreSQL of `npm run bench:api -- --case times` (1,000,000 time
 * entries by default): `node --import tsx bench/api/memberScreens.ts [--scale 300] [--times
 * 1000000] [--dir NAME] [--connections 10] [--duration 10] [--warmup 2]`. The real app listens on
 * a free loopback port; each route runs alone, and a table of req/s, p50, p99 (ms), errors and
 * non-2xx answers is printed (autocannon's own 10 s time-out counts as an error). `--smoke`
 * (`npm run bench:smoke`, on its tiny data set): 1 connection, 5 requests per route, and the run
 * fails when a route answers an error or anything but 2xx. See bench/api/README.md, "The member's
 * screens at the real size".
 */
import { fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app';
import { signAccessToken } from '../../server/auth/tokens';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import { freePort, startPostgres } from '../../scripts/postgres';
import { MEMBER_SCREENS } from './memberScreensCase';
import { BENCH_PG_SETTINGS } from './postgres';
import { TIMES_USER } from './timesCase';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '300' },
    times: { type: 'string', default: '1000000' },
    dir: { type: 'string' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    smoke: { type: 'boolean', default: false },
  },
});

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

const pg = await startPostgres({
  dir: join(resolve('bench/.work'), args.dir ?? `pg-${args.scale}-t${args.times}`, 'cluster'),
  reuse: true,
  settings: BENCH_PG_SETTINGS,
});
const config = loadConfig({ DATABASE_URL: pg.url, SEED: 'none' });
const db = await connect(config);
const app = await buildApp({ db, config });
try {
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const token = await signAccessToken({ db, config }, TIMES_USER, { expiresIn: 3600 });
  const rows: string[] = [];
  for (const [label, path] of MEMBER_SCREENS) {
    const f = await new Promise<Figures>((res, rej) => {
      const child = fork(fileURLToPath(new URL('./drive.mjs', import.meta.url)), [], { execArgv: [] });
      child.send({
        url: `http://127.0.0.1:${port}`,
        token,
        paths: [path],
        connections: args.smoke ? 1 : Number(args.connections),
        duration: Number(args.duration),
        warmup: args.smoke ? 0 : Number(args.warmup),
        amount: args.smoke ? 5 : undefined,
      });
      child.once('message', (m) => res(m as Figures));
      child.once('error', rej);
      child.once('exit', (code) => code !== 0 && rej(new Error(`autocannon exited with ${code}`)));
    });
    const row = `| ${label} | ${f.rps.toFixed(1)} | ${f.p50} | ${f.p99} | ${f.total} | ${f.errors} | ${f.non2xx} |`;
    console.log(row);
    rows.push(row);
    if (args.smoke && (f.errors > 0 || f.non2xx > 0 || f.total === 0))
      throw new Error(`${path}: ${f.errors} errors, ${f.non2xx} non-2xx answers of ${f.total}`);
  }
  console.log(
    (args.smoke
      ? '\nsmoke: 1 connection, 5 requests per route\n'
      : `\n${args.connections} connections, ${args.duration} s per route after ${args.warmup} s warm-up\n`) +
      '| screen | req/s | p50 ms | p99 ms | answered | errors | non-2xx |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n' +
      rows.join('\n'),
  );
} finally {
  await app.close();
  await db.close();
  await pg.stop();
}
