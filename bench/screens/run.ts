/**
 * The screens people open: `npm run bench:screens -- [--db pg|pglite|both] [--tiny] [--duration S]
 * [--warmup S] [--connections N] [--only times,matters] [--reseed] [--seed-only]`.
 *
 * For every menu entry of the registry (screens.ts): its default list page exactly as the SPA asks
 * for it, the list's total, one card and three of its declared filters, as the least privileged demo
 * account that sees the page; each driven with autocannon (10 connections, `--duration` seconds
 * after a `--warmup`, in a child process: bench/api/drive.mjs) against the real app on a loopback
 * port, beside the hand-written SQL twin of the heavy lists' default page (twins.ts), whose first page
 * (ids) and total must equal the route's. Data sets (data.ts): PGlite with the demo firm and a
 * throwaway PostgreSQL at the firm's real size, both cached under bench/.work.
 *
 * Prints one Markdown table per database: entry, account, request, req/s, p50 and p99 (ms), errors
 * (timeouts and non-2xx), and the twin's req/s, p99 and the route/twin req/s ratio.
 *
 * `--tiny` (the smoke run, CI): the tiny data sets, 1 connection, each path twice in one autocannon run
 * per account, no warm-up, no figures; a route answering 4xx/5xx (while planned or driven) or a twin
 * that disagrees with its route exits 1.
 *
 * Source: the benchmark of what people open (performance issue, item 1); see bench/README.md.
 */
import { RULED_COUNT_LIMIT } from '../../server/rest/service';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { signAccessToken } from '../../server/auth/tokens';
import { loadConfig } from '../../server/config';
import { freePort } from '../../scripts/postgres';
import type { Database } from '../../server/db/database';
import { openDataSet, type DataSet } from './data';
import { ALSO_AS, menuEntries, planScreen, roleFor, type Request, type Screen } from './screens';
import { registerTwins, TWINS } from './twins';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    tiny: { type: 'boolean', default: false },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    'seed-only': { type: 'boolean', default: false },
  },
});
const tiny = args.tiny;
const duration = Number(args.duration ?? 3);
const warmup = Number(args.warmup ?? (tiny ? 0 : 1));
const CONNECTIONS = Number(args.connections ?? (tiny ? 1 : 10));
if (!['pg', 'pglite', 'both'].includes(args.db!)) throw new Error(`--db: pg, pglite or both, not ${args.db}`);
const sets: DataSet[] = (args.db === 'both' ? ['pglite', 'pg'] : [args.db!]).map((k) =>
  k === 'pg' ? (tiny ? 'pg-tiny' : 'pg-real') : tiny ? 'pglite-tiny' : 'pglite-demo',
);
const only = args.only?.split(',').map((s) => s.trim());

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

/** Runs autocannon in a child process (off the server's event loop) over one path. */
function drive(url: string, token: string, path: string | string[], amount?: number): Promise<Figures> {
  return new Promise((res, rej) => {
    const child = fork(fileURLToPath(new URL('../api/drive.mjs', import.meta.url)), [], { execArgv: [] });
    child.send({
      url,
      token,
      paths: Array.isArray(path) ? path : [path],
      connections: CONNECTIONS,
      duration,
      warmup,
      amount,
    });
    child.once('message', (m) => res(m as Figures));
    child.once('error', rej);
    child.once('exit', (code) => code !== 0 && rej(new Error(`autocannon exited with ${code}`)));
  });
}

const cell = (n: number | undefined, d = 0) => (n === undefined ? '-' : n.toFixed(d));

/** req/s, p50 and p99 cells; a route that answered nothing within the run says so (autocannon reports 0 ms). */
const latency = (f: Figures | undefined) =>
  !f
    ? '- | - | -'
    : f.total === 0
      ? `0 | no answer in ${duration} s | no answer in ${duration} s`
      : `${cell(f.rps)} | ${cell(f.p50)} | ${cell(f.p99)}`;

interface Row {
  entry: string;
  username: string;
  request: Request;
  figures?: Figures;
  twin?: Figures;
  twinNote: string;
  failure?: string;
}

/** The twin of a list page, when the entry has one and the request is its default page. */
const twinPath = (screen: Screen, req: Request): string | null => {
  if (req.kind !== 'list' || !TWINS[screen.schema.name]) return null;
  const size = new URL(req.path, 'http://x').searchParams.get('size') ?? '20';
  return `/core/api/bench/screens/${screen.schema.name}?page=0&size=${size}`;
};

/**
 * Waits until the server is idle (at most 15 s): autocannon stops at the end of its run, but the
 * server finishes the requests in flight, and the next route (or the twin) must not be measured
 * behind them - on PGlite, one connection, it would queue behind all of them. Idle: no other
 * statement active (`pg_stat_activity`) and a `SELECT 1` answered within 50 ms, twice 300 ms apart
 * (a request in flight between two statements would let one check pass).
 */
async function drain(db: Database): Promise<void> {
  const until = Date.now() + 15_000;
  let quiet = 0;
  while (Date.now() < until && quiet < 2) {
    const started = performance.now();
    const [row] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()",
    );
    quiet = Number(row?.n ?? 0) === 0 && performance.now() - started < 50 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * The route's lowest exact-count limit: above it the generic list says `totalElementsEstimated`
 * (bench/api/README.md; 100,000 rows, 1,000 under a row rule: `RULED_COUNT_LIMIT`).
 */
const COUNT_CAP = RULED_COUNT_LIMIT;

/**
 * Fails (returns the reason) unless the twin answers the route's first page ids and total. Where
 * the route's page says `totalElementsEstimated` (its documented count policy: the table's row
 * estimate when unconditioned, else the planner's estimate once more than 100,000 rows match, or
 * 1,000 under a row rule), the twin's exact count must be above that cap instead of equal.
 */
async function checkTwin(
  app: FastifyInstance,
  token: string,
  screen: Screen,
  listPath: string,
  path: string,
): Promise<string | null> {
  const headers = { authorization: `Bearer ${token}` };
  const res = await app.inject({ url: path, headers });
  if (res.statusCode !== 200) return `twin ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  const twin = res.json() as { ids: number[]; total: number };
  const route = (await app.inject({ url: listPath, headers })).json() as {
    page?: { totalElementsEstimated?: boolean };
  };
  const estimated = route.page?.totalElementsEstimated === true;
  const sameTotal = estimated ? twin.total > COUNT_CAP : twin.total === screen.firstPage.total;
  const same = JSON.stringify(twin.ids) === JSON.stringify(screen.firstPage.ids) && sameTotal;
  return same
    ? null
    : `twin and route differ for ${screen.schema.name}: route ids ${JSON.stringify(screen.firstPage.ids)} total ${screen.firstPage.total}${estimated ? ' (estimated)' : ''}, twin ids ${JSON.stringify(twin.ids)} total ${twin.total}`;
}

async function benchOne(set: DataSet): Promise<{ lines: string[]; failures: string[] }> {
  const log = (m: string) => console.log(`[${set}] ${m}`);
  const opened = await openDataSet(set, args.reseed, log);
  stopping.add(opened.stop);
  if (args['seed-only']) {
    await opened.stop();
    stopping.delete(opened.stop);
    return { lines: [`${set}: seeded, ${JSON.stringify(opened.counts)}`], failures: [] };
  }
  const failures: string[] = [];
  const rows: Row[] = [];
  const tinyPaths = new Map<string, string[]>();
  let app: FastifyInstance | undefined;
  try {
    const port = await freePort();
    const config = loadConfig({ ...opened.env, PORT: String(port), HOST: '127.0.0.1', SEED: 'none' });
    app = await buildApp({ db: opened.db, config });
    registerTwins(app, opened.db);
    await app.listen({ port, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${port}`;
    const tokens = new Map<string, string>();
    const tokenOf = async (username: string) => {
      if (!tokens.has(username))
        tokens.set(username, await signAccessToken({ db: opened.db, config }, username, { expiresIn: 7200 }));
      return tokens.get(username)!;
    };
    for (const schema of menuEntries()) {
      if (only && !only.includes(schema.name)) continue;
      for (const { username, why } of [roleFor(schema), ...(ALSO_AS[schema.name] ? [ALSO_AS[schema.name]!] : [])]) {
        const token = await tokenOf(username);
        let screen: Screen;
        try {
          screen = { ...(await planScreen(app, schema, token)), username, why };
        } catch (error) {
          const failure = `${schema.name} as ${username}: ${(error as Error).message}`;
          failures.push(failure);
          rows.push({
            entry: schema.name,
            username,
            request: { kind: 'list', label: 'list page', path: '' },
            twinNote: '-',
            failure,
          });
          log(`FAILED ${failure}`);
          continue;
        }
        for (const request of screen.requests) {
          const row: Row = { entry: schema.name, username, request, twinNote: '-' };
          rows.push(row);
          const twin = twinPath(screen, request);
          if (twin) {
            const differs = await checkTwin(app, token, screen, request.path, twin);
            if (differs) {
              failures.push(differs);
              row.twinNote = 'DIFFERS';
              log(`FAILED ${differs}`);
            }
          } else {
            row.twinNote =
              request.kind === 'list'
                ? 'no twin (light list)'
                : request.kind === 'card'
                  ? 'no twin (one row by id)'
                  : 'no twin';
          }
          if (tiny) {
            // the smoke: each path is driven once below, with the others of its account
            (tinyPaths.get(username) ?? tinyPaths.set(username, []).get(username)!).push(request.path);
            continue;
          }
          row.figures = await drive(url, token, request.path);
          await drain(opened.db);
          const f = row.figures;
          if (f.non2xx || (tiny && f.errors)) {
            const failure = `${schema.name} ${request.label} as ${username}: ${f.non2xx} non-2xx, ${f.errors} errors of ${f.total} (${request.path})`;
            failures.push(failure);
            row.failure = failure;
          }
          if (twin && row.twinNote !== 'DIFFERS') {
            row.twin = await drive(url, token, twin);
            await drain(opened.db);
            row.twinNote = `${(f.rps / Math.max(row.twin.rps, 0.001)).toFixed(2)}x`;
          }
          log(
            `${schema.name} ${request.label} as ${username}: ${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.errors} errors${row.twin ? `; twin ${row.twin.rps.toFixed(0)} req/s, p99 ${row.twin.p99} ms` : ''}`,
          );
        }
      }
    }
    // --tiny: one autocannon run per account over all its paths, each path twice; any non-2xx fails
    for (const [username, paths] of tinyPaths) {
      const f = await drive(url, await tokenOf(username), paths, paths.length * 2);
      log(
        `tiny drive as ${username}: ${f.total} requests over ${paths.length} paths, ${f.non2xx} non-2xx, ${f.errors} errors`,
      );
      if (f.non2xx || f.errors)
        failures.push(`tiny drive as ${username}: ${f.non2xx} non-2xx, ${f.errors} errors of ${f.total}`);
    }
  } finally {
    await app?.close().catch(() => undefined);
    await opened.stop();
    stopping.delete(opened.stop);
  }
  const c = opened.counts;
  const lines = [
    `### ${set.startsWith('pg-') ? 'PostgreSQL (Debian, throwaway)' : 'PGlite (embedded)'}: ${set}, ${c.times} times (+tasks), ${c.matters} matters, ${c.projects} projects, ${c.invoices} invoices, ${c.pre_invoices} pre-invoices, ${c.expenses} expenses, ${c.clients} clients, ${c.contacts} contacts (${c.size}); ${CONNECTIONS} connections, ${tiny ? 'tiny: each path twice, not timed' : `${duration} s after ${warmup} s warm-up per route`}`,
    '',
    '| entry | as | request | req/s | p50 ms | p99 ms | errors | twin req/s | twin p99 ms | route/twin |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((r) =>
      r.failure && !r.figures
        ? `| ${r.entry} | ${r.username} | ${r.request.label} | - | - | - | FAILED | - | - | ${r.failure.slice(0, 120)} |`
        : `| ${r.entry} | ${r.username} | ${r.request.label} | ${latency(r.figures)} | ${(r.figures?.errors ?? 0) + (r.figures?.non2xx ?? 0)} | ${r.twin && r.twin.total === 0 ? `0 | no answer in ${duration} s | -` : `${cell(r.twin?.rps)} | ${cell(r.twin?.p99)} | ${r.twinNote}`} |`,
    ),
    '',
    "Requests (the SPA's query strings):",
    '',
    ...rows.filter((r) => r.request.path).map((r) => `- ${r.entry} ${r.request.label}: \`${r.request.path}\``),
    '',
  ];
  return { lines, failures };
}

/** The open data sets' stops: a signal stops their PostgreSQL before exiting. */
const stopping = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void Promise.all([...stopping].map((s) => s())).then(() => process.exit(130)));

const out: string[] = [];
const failures: string[] = [];
for (const set of sets) {
  const r = await benchOne(set);
  out.push(...r.lines);
  failures.push(...r.failures);
}
console.log(`\n${out.join('\n')}`);
if (failures.length) {
  console.error(`\nbench:screens: ${failures.length} failure(s):\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
process.exit(0);
