/**
 * `npm run bench:smoke`: runs every benchmark once at a tiny scale, so a benchmark that no longer
 * runs (a raw twin that drifted from its generic route, a renamed module, a route that answers
 * 4xx) fails CI instead of rotting until someone needs its figures. No timing is asserted: the
 * figures of a smoke run mean nothing.
 *
 * Each step runs the real script in a child process with its `--smoke` flag (tiny seed, 1
 * connection, a handful of requests, one run); its output goes to `bench/.work/smoke/<step>.log`
 * and is printed when the step fails. Steps run in chains (a chain's steps one after another,
 * e.g. the EXPLAIN scripts read the PostgreSQL data set `bench:api` seeded), two chains at a time
 * (`--jobs N`). `--only a,b` runs the named steps. Prints a table of steps, seconds and results;
 * exits 1 when a step failed, timed out, or when a script under bench/ (or a `bench:*` npm script)
 * is neither a step nor listed in {@link MODULES}: a new benchmark must join the smoke.
 *
 * Needs what the benchmarks need: the production build `dist/` (built first when missing; in
 * `npm test` it runs after the journeys, which build it), Debian's Chromium (`bench:ui`,
 * `bench:lighthouse`) and PostgreSQL's binaries (`bench:api`'s second leg and the EXPLAIN scripts).
 * Lighthouse itself is not a dependency: without it the Lighthouse step runs everything but the audit.
 *
 * Source: the benchmarks that cannot rot (performance item 4); see bench/README.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { startBureau, type BureauServer } from './ui/servers';

const { values: args } = parseArgs({
  options: { jobs: { type: 'string', default: '2' }, only: { type: 'string' } },
});
const LOGS = join('bench', '.work', 'smoke');
/** The data set `bench:api --smoke --db both` seeds on PostgreSQL (its name under bench/.work). */
const PG_DATA_SET = 'pg-300-t5000-i200';
/** Longest a step may run (a stuck step fails the smoke instead of holding CI). */
const STEP_TIMEOUT_MS = 10 * 60_000;

interface Step {
  /** Its name in the table (the npm script, or the file). */
  name: string;
  /** Arguments of `node` (the project's Node 24, as every npm script runs). */
  argv: (ctx: Context) => string[] | Promise<string[]>;
  /** The files under bench/ it runs (checked against the tree). */
  files: string[];
}

interface Context {
  /** A running Bureau server (demo data, `dist/`) shared by the steps that need one. */
  server: () => Promise<BureauServer>;
}

const tsx = (file: string, ...rest: string[]) => ['--import', 'tsx', file, ...rest];

/** Chains of steps: a chain runs in order, chains run side by side. */
const CHAINS: Step[][] = [
  [
    { name: 'bench:api', argv: () => tsx('bench/api/run.ts', '--smoke', '--db', 'both'), files: ['bench/api/run.ts'] },
    {
      name: 'bench/api/explain.ts',
      argv: () => tsx('bench/api/explain.ts', '--dir', PG_DATA_SET),
      files: ['bench/api/explain.ts'],
    },
    {
      name: 'bench/api/explainTimes.ts',
      argv: () => tsx('bench/api/explainTimes.ts', '--dir', PG_DATA_SET),
      files: ['bench/api/explainTimes.ts'],
    },
    {
      name: 'bench/api/explainScreens.ts',
      argv: () => tsx('bench/api/explainScreens.ts', '--dir', PG_DATA_SET, '--runs', '1'),
      files: ['bench/api/explainScreens.ts'],
    },
    {
      name: 'bench/api/memberScreens.ts',
      argv: () => tsx('bench/api/memberScreens.ts', '--dir', PG_DATA_SET, '--smoke'),
      files: ['bench/api/memberScreens.ts'],
    },
  ],
  [
    {
      name: 'bench:ui',
      argv: async (ctx) => tsx('bench/ui/run.ts', '--smoke', '--url', (await ctx.server()).url),
      files: ['bench/ui/run.ts'],
    },
    { name: 'bench:bundle', argv: () => tsx('bench/bundle-size.ts', '--smoke'), files: ['bench/bundle-size.ts'] },
    {
      name: 'bench:lighthouse',
      argv: async (ctx) => tsx('bench/lighthouse.ts', '--smoke', '--url', (await ctx.server()).url),
      files: ['bench/lighthouse.ts'],
    },
    // after Lighthouse: its wrong passwords for admin would hold the next sign-in back
    {
      name: 'bench/signin/flood.mjs',
      argv: async (ctx) => ['bench/signin/flood.mjs', (await ctx.server()).url, '1', '2', '--smoke'],
      files: ['bench/signin/flood.mjs'],
    },
  ],
  [
    { name: 'bench:list', argv: () => tsx('bench/list-page.ts', '--smoke'), files: ['bench/list-page.ts'] },
    { name: 'bench/transfer.ts', argv: () => tsx('bench/transfer.ts', '--smoke'), files: ['bench/transfer.ts'] },
    {
      name: 'bench/api/nested-create.ts',
      argv: () => tsx('bench/api/nested-create.ts', '--smoke'),
      files: ['bench/api/nested-create.ts'],
    },
    { name: 'bench/api/search.ts', argv: () => tsx('bench/api/search.ts', '--smoke'), files: ['bench/api/search.ts'] },
    {
      name: 'bench/cashbox/calculate.ts',
      argv: () => tsx('bench/cashbox/calculate.ts', '--smoke'),
      files: ['bench/cashbox/calculate.ts', 'bench/cashbox/month.ts'],
    },
    {
      name: 'bench:cashbox',
      argv: () => tsx('bench/cashbox/store.ts', '--smoke'),
      files: ['bench/cashbox/store.ts'],
    },
    {
      name: 'bench/dashboards.ts',
      argv: () => tsx('bench/dashboards.ts', '--smoke'),
      files: ['bench/dashboards.ts'],
    },
    {
      name: 'bench:screens',
      argv: () => tsx('bench/screens/run.ts', '--tiny', '--db', 'both'),
      files: ['bench/screens/run.ts'],
    },
  ],
];

/** Files under bench/ that are modules of a step's script, not scripts of their own. */
const MODULES = [
  'bench/smoke.ts',
  'bench/api/drive.mjs',
  'bench/api/postgres.ts',
  'bench/api/raw.ts',
  'bench/api/recorder.ts',
  'bench/api/rawTimes.ts',
  'bench/api/rawInvoices.ts',
  'bench/api/timesCase.ts',
  'bench/api/invoicesCase.ts',
  'bench/api/memberScreensCase.ts',
  'bench/screens/data.ts',
  'bench/screens/screens.ts',
  'bench/screens/twins.ts',
  'bench/ui/measure.ts',
  'bench/ui/registry.ts',
  'bench/ui/servers.ts',
  'bench/ui/stock/data.ts',
  'bench/ui/stock/main.tsx',
  'bench/ui/stock/vite.config.ts',
];

/** Scripts under bench/ and `bench:*` npm scripts that no step runs and {@link MODULES} does not list. */
function uncovered(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (name === '.work' || name === 'node_modules') return [];
      if (statSync(path).isDirectory()) return walk(path);
      return /\.(ts|tsx|mjs|js)$/.test(name) ? [relative('.', path)] : [];
    });
  const run = new Set(CHAINS.flat().flatMap((s) => s.files));
  const files = walk('bench').filter((f) => !run.has(f) && !MODULES.includes(f));
  const scripts = Object.entries(
    (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
  )
    .filter(([name]) => name.startsWith('bench:') && name !== 'bench:smoke')
    .filter(([, command]) => ![...run].some((f) => command.includes(f)))
    .map(([name]) => `npm run ${name}`);
  return [...files, ...scripts];
}

interface Outcome {
  name: string;
  seconds: number;
  ok: boolean;
  detail: string;
}

/** Runs one step's script to its end (or its timeout); its output goes to its log file. */
async function runStep(step: Step, ctx: Context): Promise<Outcome> {
  const started = performance.now();
  const log = join(LOGS, `${step.name.replace(/[^\w.-]+/g, '_')}.log`);
  const done = (ok: boolean, detail: string): Outcome => ({
    name: step.name,
    seconds: (performance.now() - started) / 1000,
    ok,
    detail,
  });
  let argv: string[];
  try {
    argv = await step.argv(ctx);
  } catch (error) {
    writeFileSync(log, String((error as Error).stack ?? error));
    return done(false, `could not start: ${(error as Error).message}`);
  }
  console.log(`[smoke] ${step.name}: node ${argv.join(' ')}`);
  const chunks: Buffer[] = [];
  // its own process group, so a timeout stops the step and everything it started
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => chunks.push(c));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  }, STEP_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  clearTimeout(timer);
  const output = Buffer.concat(chunks).toString('utf8');
  writeFileSync(log, output);
  if (code === 0) return done(true, 'ok');
  console.error(`\n[smoke] ${step.name} FAILED (${timedOut ? 'timed out' : `exit ${code}`}); the end of ${log}:`);
  console.error(output.split('\n').slice(-40).join('\n'));
  return done(false, timedOut ? `timed out after ${STEP_TIMEOUT_MS / 1000} s` : `exit ${code}`);
}

async function main(): Promise<number> {
  mkdirSync(LOGS, { recursive: true });
  const only = args.only?.split(',').map((s) => s.trim());
  const chains = CHAINS.map((c) => c.filter((s) => !only || only.includes(s.name))).filter((c) => c.length);
  const unknown = (only ?? []).filter((name) => !CHAINS.flat().some((s) => s.name === name));
  if (unknown.length) {
    console.error(`[smoke] --only: no step named ${unknown.join(', ')}`);
    return 1;
  }
  const missing = uncovered();
  if (!existsSync(join('dist', 'index.html'))) {
    console.log('[smoke] dist/ is missing: building the SPA (npm run build)');
    const code = await new Promise<number | null>((resolve) =>
      spawn('npm', ['run', 'build'], { stdio: 'inherit' }).once('close', resolve),
    );
    if (code !== 0) return 1;
  }
  let server: Promise<BureauServer> | undefined;
  // one server (and one demo seed) for the browser steps; a loaded machine seeds slowly
  const ctx: Context = { server: () => (server ??= startBureau(undefined, STEP_TIMEOUT_MS)) };
  const started = performance.now();
  const outcomes: Outcome[] = [];
  const queue = [...chains];
  const worker = async () => {
    for (let chain = queue.shift(); chain; chain = queue.shift())
      for (const step of chain) outcomes.push(await runStep(step, ctx));
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Number(args.jobs)) }, worker));
  } finally {
    if (server) await (await server.catch(() => undefined))?.stop();
  }
  const total = (performance.now() - started) / 1000;
  console.log('\n| benchmark (smoke) | seconds | result |');
  console.log('| --- | ---: | --- |');
  for (const o of outcomes)
    console.log(`| ${o.name} | ${o.seconds.toFixed(0)} | ${o.ok ? 'ok' : `FAILED: ${o.detail}`} |`);
  console.log(`| all, ${args.jobs} at a time | ${total.toFixed(0)} | |`);
  if (missing.length) {
    console.error(
      `\n[smoke] not in the smoke (add a step to bench/smoke.ts, or list a module in MODULES): ${missing.join(', ')}`,
    );
  }
  return outcomes.every((o) => o.ok) && missing.length === 0 ? 0 : 1;
}

process.exit(await main());
