/**
 * `npm run bench:ui [-- --runs N --no-build --bureau-dist DIR]`: builds Bureau (`vite build`) and the stock
 * react-admin baseline (bench/ui/stock), then in headless Chromium, 10 runs each with a fresh
 * context, measures the initial JS (gzip bytes to the signed-in clients list), the time from
 * navigation to the first list row visible and the time to switch the list from 20 to 100 rows.
 * Prints medians (min, max) and the ratios Bureau / stock. Protocol: bench/ui/README.md.
 * `--bureau-dist DIR` serves an earlier Bureau build (the server's SPA_DIR) instead of `dist`.
 * `--entities N` builds Bureau with a registry of N entities (the product's and generated copies, `registry.ts`) and measures that build.
 * `--smoke` (`npm run bench:smoke`): 1 run each, Bureau's existing `dist` (built if missing) and the stock app built only if
 * `bench/.work/stock-dist` is missing, to prove the script still runs (figures meaningless).
 * `--url URL` measures a Bureau server already running (serving `dist`, demo data) instead of starting one.
 * `--stock-plain` serves the stock app without Bureau's security headers. `--raw` prints every run's figures (in run order). `--timeline` prints, before the runs, one run's requests of each app (start - end, ms since navigation).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launch, measureRun, signedInState, traceRun, type RunResult } from './measure';
import { buildWithRegistry, writeRegistry } from './registry';
import { hostingHeaders, serveStatic, startBureau } from './servers';

const args = process.argv.slice(2);
const SMOKE = args.includes('--smoke');
const RUNS = SMOKE ? 1 : Number(args[args.indexOf('--runs') + 1] ?? 10) || 10;
const BUILD = !args.includes('--no-build') && !SMOKE;
const TIMELINE = args.includes('--timeline');
const STOCK_PLAIN = args.includes('--stock-plain');
const ENTITIES = args.includes('--entities') ? Number(args[args.indexOf('--entities') + 1]) : undefined;
const BUREAU_DIST = args.includes('--bureau-dist')
  ? args[args.indexOf('--bureau-dist') + 1]
  : ENTITIES
    ? `bench/.work/dist-${ENTITIES}`
    : undefined;
const STOCK_DIST = 'bench/.work/stock-dist';
const BUREAU_URL = args.includes('--url') ? args[args.indexOf('--url') + 1] : undefined;

interface Stat {
  median: number;
  min: number;
  max: number;
}

const stat = (values: number[]): Stat => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  return { median, min: s[0]!, max: s[s.length - 1]! };
};

const ms = (s: Stat) => `${s.median.toFixed(0)} ms (${s.min.toFixed(0)}-${s.max.toFixed(0)})`;
const kb = (s: Stat) => `${(s.median / 1024).toFixed(1)} KiB (${s.median} B)`;

async function runAll(label: string, go: () => Promise<RunResult>): Promise<RunResult[]> {
  await go(); // warm-up run (server caches, JIT); not counted
  const results: RunResult[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    results.push(await go());
    process.stdout.write(`\r${label}: run ${i + 1}/${RUNS}`);
  }
  process.stdout.write('\n');
  return results;
}

async function main(): Promise<void> {
  if (ENTITIES) {
    const { schemas } = await import('../../schemas/index');
    await buildWithRegistry(writeRegistry(ENTITIES - schemas.length), BUREAU_DIST!);
  }
  const missing = (dir: string) => !existsSync(join(dir, 'index.html'));
  if (BUILD || (!BUREAU_DIST && missing('dist')))
    if (!BUREAU_DIST) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (BUILD || missing(STOCK_DIST))
    execFileSync('npx', ['vite', 'build', '-c', 'bench/ui/stock/vite.config.ts', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
  const bureau = BUREAU_URL ? { url: BUREAU_URL, stop: async () => {} } : await startBureau(BUREAU_DIST);
  // Served like Bureau: the same security headers (COOP same-origin puts the page in its own
  // browsing context group, a new renderer process, ~20 ms here) unless --stock-plain.
  const stock = await serveStatic(STOCK_DIST, STOCK_PLAIN ? {} : await hostingHeaders(`${bureau.url}/clients`));
  const browser = await launch();
  try {
    const state = await signedInState(browser, bureau.url, 'billing');
    if (TIMELINE) {
      for (const [name, url, st] of [
        ['bureau', `${bureau.url}/clients`, state],
        ['stock', `${stock.url}/#/clients`, undefined],
      ] as const) {
        await traceRun(browser, url, st); // warm-up
        const { firstRowMs, entries } = await traceRun(browser, url, st);
        console.log(`\n${name}: first row at ${firstRowMs.toFixed(0)} ms`);
        for (const e of entries)
          console.log(`  ${e.start.toFixed(0).padStart(5)} - ${e.end.toFixed(0).padStart(5)} ms  ${e.path}`);
      }
    }
    const b = await runAll('bureau', () => measureRun(browser, `${bureau.url}/clients`, state));
    const s = await runAll('stock', () => measureRun(browser, `${stock.url}/#/clients`));
    const rows = [
      ['initial JS gzip', (r: RunResult) => r.initialJsGzip, kb],
      ['first row visible', (r: RunResult) => r.firstRowMs, ms],
      ['  of which: code evaluated', (r: RunResult) => r.evaluatedMs, ms],
      ['  of which: evaluated -> first row', (r: RunResult) => r.firstRowMs - r.evaluatedMs, ms],
      ['20 -> 100 rows', (r: RunResult) => r.rows100Ms, ms],
    ] as const;
    console.log(`\n| measure (${RUNS} runs, median (min-max)) | Bureau | stock react-admin | Bureau / stock |`);
    console.log('|---|---:|---:|---:|');
    for (const [name, pick, fmt] of rows) {
      const bs = stat(b.map(pick));
      const ss = stat(s.map(pick));
      console.log(`| ${name} | ${fmt(bs)} | ${fmt(ss)} | ${(bs.median / ss.median).toFixed(2)}x |`);
    }
    if (args.includes('--raw'))
      for (const [name, pick] of rows)
        console.log(
          `${name}: bureau ${b
            .map(pick)
            .map((v) => v.toFixed(0))
            .join(' ')} | stock ${s
            .map(pick)
            .map((v) => v.toFixed(0))
            .join(' ')}`,
        );
    console.log(`\nBureau initial JS files: ${b[0]!.initialJsFiles.join(', ')}`);
    console.log(`stock initial JS files: ${s[0]!.initialJsFiles.join(', ')}`);
  } finally {
    await browser.close();
    stock.server.close();
    await bureau.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
