/**
 * API benchmark: `npm run bench:api -- [--case contacts|times|invoices|all] [--scale N] [--times N] [--invoices N] [--quick] [--smoke] [--skip-seed] [--db pg|pglite|both] [--duration S] [--rounds N] [--seed-only] [--connections N]`.
 *
 * For each database (PGlite, and a real PostgreSQL server started here on a free loopback port and
 * stopped by its PID), seeds `seed(db, { scale })` (scale 100000 = about 1,050,000 contacts) into
 * `bench/.work/<db>-<scale>` (reused with `--skip-seed`), starts the real app in-process with a
 * hand-written raw route on the same Fastify instance, and drives each route with autocannon in a
 * child process (10 connections unless `--connections N`, 15 s after a 3 s warm-up; `--quick`: scale 10000, 5 s). Prints
 * req/s, p50, p99 (ms) and the generic/raw ratios. See bench/api/README.md.
 *
 * Cases: `contacts` (a client's contacts, as `billing`) and `times` (one matter's time list and
 * total duration, as `member`, through the matter's team; timesCase.ts) and `invoices` (the
 * invoice list with its totals, by payer client as `billing` and by project as `top`;
 * invoicesCase.ts). `--times N` time entries are seeded (default 1,000,000 with the time case,
 * else the demo's 60,000; `--quick` 100,000) and at least `--invoices N` invoices (default 100,000
 * with the invoice case; `--quick` 10,000); a case without contacts seeds the default 300 clients
 * unless `--scale` is given.
 *
 * `--smoke` (`npm run bench:smoke`, CI): every case at a tiny scale - 300 clients, 5,000 time
 * entries, 200 invoices, PGlite unless `--db` says otherwise, 1 connection, 20 requests per
 * route, no warm-up - so the seeding, the raw twins, their equality checks and the driving all run in
 * seconds; its figures mean nothing. A failed check or a non-2xx answer exits non-zero.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { signAccessToken } from '../../server/auth/tokens';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed/index';
import { freePort, startPostgres, type RunningPostgres } from '../../scripts/postgres';
import { BENCH_PG_SETTINGS } from './postgres';
import { registerRawContacts } from './raw';
import { registerRawTimes } from './rawTimes';
import { checkSameTimes, timesRoutes, TIMES_USER } from './timesCase';
import { registerRawInvoices } from './rawInvoices';
import { checkSameInvoices, INVOICES_READER, payerRoutes, readerRoutes } from './invoicesCase';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string' },
    quick: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    'skip-seed': { type: 'boolean', default: false },
    'seed-only': { type: 'boolean', default: false },
    db: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    times: { type: 'string' },
    invoices: { type: 'string' },
    case: { type: 'string', default: 'all' },
    connections: { type: 'string' },
  },
});
const smoke = args.smoke;
if (!['contacts', 'times', 'invoices', 'all'].includes(args.case!))
  throw new Error(`--case: contacts, times, invoices or all, not ${args.case}`);
const withContacts = args.case === 'contacts' || args.case === 'all';
const withTimes = args.case === 'times' || args.case === 'all';
const withInvoices = args.case === 'invoices' || args.case === 'all';
const scale = Number(args.scale ?? (!withContacts || smoke ? 300 : args.quick ? 10_000 : 100_000));
const timeEntries = Number(args.times ?? (smoke ? 5_000 : !withTimes ? 60_000 : args.quick ? 100_000 : 1_000_000));
const invoiceCount = withInvoices ? Number(args.invoices ?? (smoke ? 200 : args.quick ? 10_000 : 100_000)) : 0;
/** The seeded database's directory name under bench/.work. */
const dataSet = (kind: string) => `${kind}-${scale}-t${timeEntries}${invoiceCount ? `-i${invoiceCount}` : ''}`;
const duration = Number(args.duration ?? (smoke ? 1 : args.quick ? 5 : 15));
const warmup = Number(args.warmup ?? (smoke ? 0 : args.quick ? 1 : 3));
const CONNECTIONS = Number(args.connections ?? (smoke ? 1 : 10));
/** Requests per route in a smoke run (instead of a duration). */
const SMOKE_REQUESTS = 20;
const WORK = resolve('bench/.work');
const dbKinds = args.db ?? (smoke ? 'pglite' : 'both');
if (!['pg', 'pglite', 'both'].includes(dbKinds)) throw new Error(`--db: pg, pglite or both, not ${dbKinds}`);
const kinds = dbKinds === 'both' ? (['pglite', 'pg'] as const) : ([dbKinds] as Array<'pg' | 'pglite'>);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

const cleanups: Array<() => Promise<void>> = [];
const cleanup = async () => {
  while (cleanups.length) await cleanups.pop()!().catch((e) => console.error(e));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().then(() => process.exit(130)));
}

/** Runs autocannon in a child process (off the server's event loop) and returns its figures. */
function drive(url: string, token: string, paths: string[]): Promise<Figures> {
  console.log(`    driving ${paths[0]}${paths.length > 1 ? ` (+${paths.length - 1} more paths)` : ''}`);
  return new Promise((res, rej) => {
    const child = fork(fileURLToPath(new URL('./drive.mjs', import.meta.url)), [], { execArgv: [] });
    child.send({
      url,
      token,
      paths,
      connections: CONNECTIONS,
      duration,
      warmup,
      amount: smoke ? SMOKE_REQUESTS : undefined,
    });
    child.once('message', (m) => res(m as Figures));
    child.once('error', rej);
    child.once('exit', (code) => code !== 0 && rej(new Error(`autocannon exited with ${code}`)));
  });
}

/** Opens (and when needed initialises and seeds) one database. */
async function openDatabase(kind: 'pg' | 'pglite'): Promise<{ db: Database; env: Record<string, string> }> {
  const dir = join(WORK, dataSet(kind));
  const marker = join(dir, 'seeded.json');
  const reuse = args['skip-seed'];
  if (reuse && !existsSync(marker)) throw new Error(`--skip-seed: no seeded database in ${dir}; run once without it`);
  if (!reuse) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let pg: RunningPostgres | undefined;
  if (kind === 'pg') {
    pg = await startPostgres({ dir: join(dir, 'cluster'), reuse, settings: BENCH_PG_SETTINGS });
    cleanups.push(pg.stop);
    console.log(`PostgreSQL started (pid ${pg.pid})`);
  }
  const env: Record<string, string> = pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dir };
  const db = await connect(loadConfig(env));
  cleanups.push(() => db.close());
  await migrate(db);
  if (!reuse) {
    console.log(
      `seeding ${kind} at scale ${scale} with ${timeEntries} time entries${invoiceCount ? ` and ${invoiceCount} invoices` : ''}...`,
    );
    const result = await seed(db, {
      scale,
      times: timeEntries,
      invoices: invoiceCount,
      log: (m) => console.log(`  ${m}`),
    });
    // the state autovacuum reaches after a load: statistics and the visibility map (index-only scans)
    await db.exec('VACUUM ANALYZE');
    const [size] = await db.query<{ size: string }>(
      'SELECT pg_size_pretty(pg_database_size(current_database())) AS size',
    );
    Object.assign(result, { databaseSize: size?.size });
    console.log(`database size ${size?.size}`);
    writeFileSync(marker, JSON.stringify(result, null, 2));
    console.log(`seeded in ${result.seconds} s`);
  } else {
    const { counts } = JSON.parse(readFileSync(marker, 'utf8'));
    console.log(
      `reusing ${dir} (${counts.contacts} contacts, ${counts.times} time entries, ${counts.invoices} invoices)`,
    );
  }
  return { db, env };
}

/** Shuffled real client ids (deterministic), to rotate the parent filter. */
async function clientIds(db: Database): Promise<number[]> {
  const rows = await db.query<{ id: number }>('SELECT id FROM clients ORDER BY md5(id::text) LIMIT 5000');
  return rows.map((r) => Number(r.id));
}

const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);

async function benchOne(kind: 'pg' | 'pglite'): Promise<string[]> {
  const { db, env } = await openDatabase(kind);
  if (args['seed-only']) {
    await cleanup();
    return [`${kind}: seeded at scale ${scale}`];
  }
  const port = await freePort();
  const config = loadConfig({ ...env, PORT: String(port), HOST: '127.0.0.1', SEED: 'none' });
  const app: FastifyInstance = await buildApp({ db, config });
  registerRawContacts(app, db);
  registerRawTimes(app, db);
  registerRawInvoices(app, db);
  await app.listen({ port, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  const token = await signAccessToken({ db, config }, 'billing', { expiresIn: 3600 });
  const memberToken = await signAccessToken({ db, config }, TIMES_USER, { expiresIn: 3600 });
  // each generic route next to its raw twin, so both see the same machine load
  const routes: Array<[string, string[], string]> = [];
  if (withContacts) {
    const ids = await clientIds(db);
    const base = '/core/api/contacts?sort=lastModifiedDate,desc';
    routes.push(
      ['(a) generic, client filter', ids.map((id) => `${base}&client.id=${id}&projection=flat`), token],
      ['raw SQL, client filter', ids.map((id) => `/core/api/bench/raw/contacts?clientId=${id}`), token],
      ['(c) generic, unfiltered', [`${base}&projection=flat`], token],
      ['raw SQL, unfiltered', ['/core/api/bench/raw/contacts'], token],
      ['(b) generic, + 2 embeds', ids.map((id) => `${base}&client.id=${id}&projection=withClient`), token],
      ['raw SQL, + 2 embeds (JOIN)', ids.map((id) => `/core/api/bench/raw/contacts?clientId=${id}&embed=1`), token],
    );
    await checkSameAnswer(app, token, ids[0]!);
  }
  let timesNote = '';
  if (withTimes) {
    const t = await timesRoutes(app, db, memberToken);
    await checkSameTimes(app, memberToken, t);
    const what = t.withTotal ? 'page + totalDuration' : 'page only';
    routes.push(
      [`(t) generic, matter times, ${what}`, t.generic, memberToken],
      [`raw SQL, matter times, ${what}`, t.raw, memberToken],
    );
    timesNote = `time case: ${TIMES_USER}, ${t.matters} matters of the member's teams, ${what}`;
  }
  let invoicesNote = '';
  if (withInvoices) {
    const byPayer = await payerRoutes(db);
    const byProject = await readerRoutes(db);
    const readerToken = await signAccessToken({ db, config }, INVOICES_READER, { expiresIn: 3600 });
    await checkSameInvoices(app, token, byPayer);
    await checkSameInvoices(app, readerToken, byProject);
    routes.push(
      ['(i) generic, payer invoices, page + totals', byPayer.generic, token],
      ['raw SQL, payer invoices, page + totals', byPayer.raw, token],
      [`(j) generic, project invoices as ${INVOICES_READER}, page + totals`, byProject.generic, readerToken],
      [`raw SQL, project invoices as ${INVOICES_READER}, page + totals`, byProject.raw, readerToken],
    );
    invoicesNote = `invoice case: ${byPayer.values} payer clients as billing, ${byProject.values} projects as ${INVOICES_READER}`;
  }
  const url = `http://127.0.0.1:${port}`;
  const results = new Map<string, Figures>();
  // rounds > 1: every route again in the same order, keeping each route's best round (shared, noisy machines)
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const [name, paths, bearer] of routes) {
      const r = await drive(url, bearer, paths);
      if (r.errors || r.non2xx) throw new Error(`${name}: ${r.errors} errors, ${r.non2xx} non-2xx of ${r.total}`);
      if (r.rps > (results.get(name)?.rps ?? -1)) results.set(name, r);
      console.log(`  ${kind} ${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    }
  }
  await cleanup();
  const counts = seededCounts(kind);
  const lines = [
    `### ${kind === 'pg' ? 'PostgreSQL 15 (Debian)' : 'PGlite 0.5 (Postgres 18, WASM)'}: scale ${scale}, ${counts.contacts} contacts, ${counts.times} time entries + ${counts.tasks} tasks, ${counts.invoices} invoices (${counts.databaseSize ?? '?'}), ${CONNECTIONS} connections, ${duration} s, best of ${args.rounds} round(s)`,
    '',
    '| route | req/s | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: |',
    ...[...results].map(([n, r]) => `| ${n} | ${fmt(r.rps, 0)} | ${fmt(r.p50)} | ${fmt(r.p99)} |`),
    '',
  ];
  if (withContacts)
    lines.push(
      `generic/raw req/s: client filter ${ratio(results, '(a) generic, client filter', 'raw SQL, client filter')}, ` +
        `with 2 embeds ${ratio(results, '(b) generic, + 2 embeds', 'raw SQL, + 2 embeds (JOIN)')} ` +
        `(${ratio(results, '(b) generic, + 2 embeds', 'raw SQL, client filter')} of the plain raw page), ` +
        `unfiltered ${ratio(results, '(c) generic, unfiltered', 'raw SQL, unfiltered')}`,
      '',
    );
  if (withTimes) {
    const [g, r] = [...results].filter(([n]) => n.includes('matter times'));
    lines.push(
      `${timesNote}: generic/raw req/s ${ratio(results, g![0], r![0])} (goal >= 0.85x), generic p99 ${g![1].p99} ms (goal < 30 ms)`,
      '',
    );
  }
  if (withInvoices) {
    const [gi, ri, gj, rj] = [...results].filter(([n]) => n.includes(' invoices'));
    lines.push(
      `${invoicesNote}: generic/raw req/s by payer ${ratio(results, gi![0], ri![0])}, by project ${ratio(results, gj![0], rj![0])} (goal >= 0.85x); ` +
        `generic p99 ${gi![1].p99} ms and ${gj![1].p99} ms (goal < 50 ms on PostgreSQL)`,
      '',
    );
  }
  return lines;
}

const ratio = (r: Map<string, Figures>, a: string, b: string) =>
  `${((r.get(a)?.rps ?? 0) / (r.get(b)?.rps ?? 1)).toFixed(2)}x`;

function seededCounts(kind: string): {
  contacts: number;
  times: number;
  tasks: number;
  invoices: number;
  databaseSize?: string;
} {
  const marker = JSON.parse(readFileSync(join(WORK, dataSet(kind), 'seeded.json'), 'utf8'));
  return { ...marker.counts, databaseSize: marker.databaseSize };
}

/** Fails the run when the raw route does not answer the same page as the generic one. */
async function checkSameAnswer(app: FastifyInstance, token: string, clientId: number): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const get = async (url: string) => {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { _embedded: { contacts: unknown[] }; page: unknown };
  };
  for (const [projection, extra] of [
    ['flat', ''],
    ['withClient', '&embed=1'],
  ]) {
    const generic = await get(
      `/core/api/contacts?client.id=${clientId}&sort=lastModifiedDate,desc&projection=${projection}`,
    );
    const raw = await get(`/core/api/bench/raw/contacts?clientId=${clientId}${extra}`);
    const same =
      JSON.stringify(generic._embedded) === JSON.stringify(raw._embedded) &&
      JSON.stringify(generic.page) === JSON.stringify(raw.page);
    if (!same) {
      throw new Error(
        `raw and generic pages differ (${projection}):\n${JSON.stringify(generic).slice(0, 800)}\n${JSON.stringify(raw).slice(0, 800)}`,
      );
    }
  }
}

const out: string[] = [`# bench:api ${new Date().toISOString()}`, ''];
try {
  for (const kind of kinds) out.push(...(await benchOne(kind)));
} finally {
  await cleanup();
}
console.log(`\n${out.join('\n')}`);
mkdirSync(WORK, { recursive: true });
writeFileSync(join(WORK, `result-${args.case}-${dataSet('all')}.md`), out.join('\n'));
