/**
 * Browser measurements of `npm run bench:ui`, in headless Debian Chromium, one fresh
 * browser context (empty cache, no service worker) per run:
 * - initial JS: every `.js` response until the first list row is visible, each body gzipped (level 9);
 * - first row: `performance.now()` (ms since the navigation started) when the first data row of
 *   the list is laid out, read in the page on animation frames;
 * - 20 -> 100 rows: once the list is loaded (no request for 500 ms), ms from the click on the "100"
 *   rows-per-page option to the 100th row laid out.
 */
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

const ROW = '.RaDataTable-row, .RaDatagrid-row';

/** Debian's Chromium with the flags it needs in a container (no sandbox, no GPU, shared memory on disk). */
export const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export interface RunResult {
  /** gzip bytes of the JS loaded up to the first visible row */
  initialJsGzip: number;
  initialJsFiles: string[];
  firstRowMs: number;
  /** ms since navigation start when the app's code had been evaluated (its `*:evaluated` mark) */
  evaluatedMs: number;
  rows100Ms: number;
}

/** ms since navigation start when `count` rows are laid out (checked on every frame). */
const rowsVisibleAt = (page: Page, count: number, since = 'navigation') =>
  page
    .waitForFunction(
      ({ selector, count, since }) => {
        const rows = document.querySelectorAll(selector);
        const last = rows[count - 1];
        if (!last || last.getBoundingClientRect().height === 0) return null;
        const t0 = since === 'navigation' ? 0 : (window as unknown as Record<string, number>)[since];
        return t0 === undefined ? null : performance.now() - t0;
      },
      { selector: ROW, count, since },
      { polling: 'raf', timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

/**
 * One run: opens `url` in a new context (with `storageState` when given: a signed-in user's
 * saved storage), measures the first row, then switches to 100 rows per page.
 */
export async function measureRun(
  browser: Browser,
  url: string,
  storageState?: BrowserContextOptions['storageState'],
): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState });
  const page = await context.newPage();
  const bodies: Promise<{ url: string; gzip: number }>[] = [];
  let counting = true;
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!counting || !path.endsWith('.js')) return;
    bodies.push(response.body().then((b) => ({ url: path, gzip: gzipSync(b, { level: 9 }).length })));
  });
  await page.goto(url, { waitUntil: 'commit' });
  const firstRowMs = await rowsVisibleAt(page, 1);
  counting = false;
  const evaluatedMs = await page.evaluate(
    () => performance.getEntriesByType('mark').find((m) => m.name.endsWith(':evaluated'))?.startTime ?? Number.NaN,
  );
  const js = await Promise.all(bodies);

  // the loaded list: its remaining requests (toolbar code, filter choices) done, as when a user acts
  await page.waitForLoadState('networkidle');
  await page.getByRole('combobox', { name: /rows per page/i }).click();
  await page.evaluate(() => {
    document.addEventListener(
      'click',
      (e) => {
        if ((e.target as Element).closest('[role="option"]'))
          (window as unknown as Record<string, number>).__rows100 = performance.now();
      },
      { capture: true, once: true },
    );
  });
  await page.getByRole('listbox').getByRole('option', { name: '100', exact: true }).click();
  const rows100Ms = await rowsVisibleAt(page, 100, '__rows100');
  await context.close();
  return {
    initialJsGzip: js.reduce((sum, f) => sum + f.gzip, 0),
    initialJsFiles: js.map((f) => f.url),
    firstRowMs,
    evaluatedMs,
    rows100Ms,
  };
}

/** Signs `username` (password = username, the seed's demo users) in through Bureau's real pages; returns the saved storage. */
export async function signedInState(
  browser: Browser,
  baseUrl: string,
  username: string,
): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  const loginForm = page.locator('input[name="username"]');
  const signInButton = page.getByRole('button', { name: /^sign in$/i });
  await loginForm.or(signInButton).first().waitFor();
  if (!(await loginForm.isVisible())) await signInButton.click();
  await loginForm.fill(username);
  await page.locator('input[name="password"]').fill(username);
  await page.locator('input[name="password"]').press('Enter');
  // Signing in lands on the home page (cards, no list); the measured screen is the clients list.
  await page.waitForURL((url) => !url.hash.includes('login') && !url.pathname.endsWith('/login'), {
    timeout: 60_000,
  });
  await page.goto(`${baseUrl}/clients`);
  await page.locator(ROW).first().waitFor({ timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One request of {@link traceRun}: ms since navigation start (the page's clock). */
export interface TimelineEntry {
  path: string;
  start: number;
  end: number;
}

/**
 * One run with a request timeline (`npm run bench:ui -- --timeline`): every resource the page
 * fetched with its start and end (Resource Timing, ms since navigation start), the page's
 * user-timing marks (Bureau's `bureau:evaluated`, `bureau:mount`) and the first row.
 */
export async function traceRun(
  browser: Browser,
  url: string,
  storageState?: BrowserContextOptions['storageState'],
): Promise<{ firstRowMs: number; entries: TimelineEntry[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  const firstRowMs = await rowsVisibleAt(page, 1);
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const all = [
      ...(nav
        ? [{ path: new URL(nav.name).pathname + ' (document)', start: nav.startTime, end: nav.responseEnd }]
        : []),
      ...performance
        .getEntriesByType('mark')
        .map((e) => ({ path: `mark ${e.name}`, start: e.startTime, end: e.startTime })),
      ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        path: new URL(e.name).pathname + new URL(e.name).search.slice(0, 40),
        start: e.startTime,
        end: e.responseEnd,
      })),
    ];
    return all.sort((a, b) => a.start - b.start);
  });
  await context.close();
  return { firstRowMs, entries };
}
