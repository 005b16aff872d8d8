/**
 * `npm run bench:lighthouse [-- --url http://localhost:8080 --runs 1]`: Lighthouse's four category
 * scores (performance, accessibility, best practices, SEO; 0-100) of the signed-in clients list
 * and of a client card, with Lighthouse's desktop and mobile presets: four cases.
 *
 * Lighthouse is not a dependency of the project (a large tree, and engines beyond ours): install
 * it once outside the repository, `PATH="$PWD/node_modules/.bin:$PATH" npm install --prefix
 * ../lighthouse lighthouse@13` from the repository's root (npm on the project's Node 24), and
 * point `LIGHTHOUSE_DIR` at that folder when it is elsewhere (default `../lighthouse` beside the
 * repository). Lighthouse 13 needs Node 22.19 or later, to install and to run this script (the
 * script runs on the project's Node 24); the 12.x an older Node installs stops with NO_NAVSTART
 * on today's Chromium.
 *
 * Without `--url` the script starts the journeys' server (`e2e/server.ts`: `server/main.ts` on a
 * fresh seeded embedded database, serving a copy of the production build `dist/`, as `npm start`
 * serves it; run `npm run build` first) on a free port and stops it at the end. It launches
 * Debian's Chromium (`CHROMIUM_PATH`, else `/usr/bin/chromium`) through Playwright with a
 * remote-debugging port and a fresh profile, signs `admin` in through the real login page (the
 * token lands in the profile's localStorage), then runs Lighthouse's Node API on that port with
 * storage reset disabled, so each audited page loads signed in. With `--runs N` each case runs N
 * times and the median score is printed. `--preset desktop|mobile` runs one preset only;
 * `--report-dir DIR` writes each run's full Lighthouse result there as JSON
 * (`<preset>-<page>-<run>.json`, open it in the Lighthouse viewer) for reading what a score is made
 * of. Prints a Markdown table; a failed case exits non-zero.
 *
 * `--smoke` (`npm run bench:smoke`): the desktop preset on `/clients` only, one run. Without
 * Lighthouse installed (CI does not install it) the smoke still starts the server and Chromium,
 * signs in and opens a client card, then says that it skipped the audit; with it, it audits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '1' },
    preset: { type: 'string' },
    'report-dir': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const smoke = args.smoke;
const runs = smoke ? 1 : Math.max(1, Number(args.runs));
const lighthouseDir = process.env.LIGHTHOUSE_DIR ?? join(import.meta.dirname, '../../lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `e2e/server.ts` on `port` and resolves once its provider answers. */
async function startServer(port: number): Promise<ChildProcess> {
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/server.ts'], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`e2e/server.ts exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/oidc/.well-known/openid-configuration`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('e2e/server.ts did not answer within 180 s');
}

/** Signs `admin` in through the SPA and the provider's login page (as e2e/fixtures.ts does). */
async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/clients`);
  const loginForm = page.locator('input[name="username"]');
  const signInButton = page.getByRole('button', { name: /^sign in$/i });
  await loginForm.or(signInButton).first().waitFor();
  if (!(await loginForm.isVisible())) await signInButton.click();
  await loginForm.fill('admin');
  await page.locator('input[name="password"]').fill('admin');
  await page.locator('input[name="password"]').press('Enter');
  await page.locator('tbody .RaDataTable-row').first().waitFor({ timeout: 60_000 });
}

/** Thrown by a smoke run without Lighthouse installed: everything before the audit ran. */
class SkipAudit extends Error {}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const base = args.url ?? `http://localhost:${await freePort()}`;
const server = args.url ? undefined : await startServer(Number(new URL(base).port));
const profile = mkdtempSync(join(tmpdir(), 'bureau-lighthouse-'));
const debugPort = await freePort();
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath(),
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
  headless: true,
});
let failed = false;
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await signIn(page, base);
  await page.locator('tbody .RaDataTable-row').first().click();
  await page.waitForURL((url) => url.pathname !== '/clients');
  const card = new URL(page.url()).pathname;
  await page.goto('about:blank');
  const lighthouseMain = join(lighthouseDir, 'node_modules/lighthouse/core/index.js');
  if (smoke && !existsSync(lighthouseMain)) {
    console.log(
      `[lighthouse] smoke: Lighthouse is not installed in ${lighthouseDir}: the server, Chromium, the sign-in and the card (${card}) ran; the audit was skipped`,
    );
    throw new SkipAudit();
  }

  const lh = (await import(pathToFileURL(lighthouseMain).href)) as {
    default: (url: string, flags: object, config?: object) => Promise<{ lhr: LighthouseResult } | undefined>;
  };
  const desktop = (
    (await import(
      pathToFileURL(join(lighthouseDir, 'node_modules/lighthouse/core/config/desktop-config.js')).href
    )) as { default: object }
  ).default;

  const cases = [
    { name: '/clients', path: '/clients' },
    { name: 'client card', path: card },
  ].slice(0, smoke ? 1 : undefined);
  const rows: string[] = [];
  const onlyPreset = args.preset ?? (smoke ? 'desktop' : undefined);
  const presets = (['desktop', 'mobile'] as const).filter((p) => !onlyPreset || p === onlyPreset);
  if (presets.length === 0) throw new Error(`--preset must be desktop or mobile, not ${args.preset}`);
  const reportDir = args['report-dir'];
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  for (const preset of presets) {
    for (const c of cases) {
      const scores: Record<string, number[]> = {};
      const failing = new Set<string>();
      for (let i = 0; i < runs; i++) {
        const result = await lh.default(
          `${base}${c.path}`,
          {
            port: debugPort,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            disableStorageReset: true,
          },
          preset === 'desktop' ? desktop : undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${c.path}`);
        const { lhr } = result;
        if (reportDir)
          writeFileSync(
            join(reportDir, `${preset}-${c.name.replace(/\W+/g, '-').replace(/^-/, '')}-${i + 1}.json`),
            JSON.stringify(lhr),
          );
        if (lhr.runtimeError) throw new Error(`${c.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        for (const cat of CATEGORIES) (scores[cat] ??= []).push(Math.round((lhr.categories[cat]?.score ?? 0) * 100));
        for (const audit of Object.values(lhr.audits))
          if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
            failing.add(`${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
      rows.push(`| ${c.name} | ${preset} | ${CATEGORIES.map((cat) => median(scores[cat] ?? [])).join(' | ')} |`);
      console.error(`[lighthouse] ${preset} ${c.path}: audits below 0.9: ${[...failing].join(', ') || 'none'}`);
    }
  }
  console.log(`\n| page | preset | performance | accessibility | best practices | SEO |`);
  console.log(`| ---- | ------ | ----------: | ------------: | -------------: | --: |`);
  for (const row of rows) console.log(row);
} catch (error) {
  if (!(error instanceof SkipAudit)) {
    failed = true;
    console.error(error);
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
process.exit(failed ? 1 : 0);

/** The part of Lighthouse's result (LHR) read here. */
interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
}
