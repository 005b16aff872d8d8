import { expect, test as base, type Page, type Request } from '@playwright/test';

/** Demo users seeded on first start; each one's password is its username (seed, C's provider). */
export type DemoUser = 'admin' | 'billing' | 'member' | 'top' | 'publisher' | 'assistant' | 'noaccess';

const API = '/core/api/';

/**
 * Signs in through the real pages (AUTH-21, AUTH-26): opens `/`, follows the SPA to its sign-in
 * page and the provider's login form (clicking "Sign in" when the SPA asks for it), submits
 * `username`/`password` (= username) and waits until the SPA shows its signed-in layout.
 */
export async function signIn(page: Page, username: DemoUser, start = '/'): Promise<void> {
  await page.goto(start);
  const loginForm = page.locator('input[name="username"]');
  const signInButton = page.getByRole('button', { name: /^sign in$/i });
  await expect(loginForm.or(signInButton).first()).toBeVisible();
  if (!(await loginForm.isVisible())) await signInButton.click();
  await expect(loginForm).toBeVisible();
  await loginForm.fill(username);
  await page.locator('input[name="password"]').fill(username);
  await page.locator('input[name="password"]').press('Enter');
  await expectSignedIn(page);
}

/** Waits for the SPA's signed-in layout: back on the app's origin, out of the callback, menu shown. */
export async function expectSignedIn(page: Page): Promise<void> {
  await page.waitForURL((url) => !/^\/(oidc|auth-callback|authorization)(\/|$)/.test(url.pathname), {
    timeout: 30_000,
  });
  await expect(userMenu(page)).toBeVisible();
}

/** The signed-in layout's user menu button (react-admin's AppBar "Profile" menu). */
export function userMenu(page: Page) {
  return page.getByRole('button', { name: /profile|account|user menu/i }).first();
}

/** True for a call to the main API collection `resource` (`/core/api/<resource>` with any query). */
export function isApiCall(request: Request, method: string, resource: string): boolean {
  const url = new URL(request.url());
  return request.method() === method && url.pathname === `${API}${resource}`;
}

/**
 * Resolves with the next `method` request to `/core/api/<resource>` that `match` accepts; start
 * it before the action that sends the request (spec payload assertions: CLI-04, CLI-14, CONST-01).
 */
export function nextApiRequest(
  page: Page,
  method: string,
  resource: string,
  match: (request: Request) => boolean = () => true,
): Promise<Request> {
  return page.waitForRequest((request) => isApiCall(request, method, resource) && match(request));
}

/** The JSON body the browser sent with `request`, parsed. */
export function jsonBody<T = Record<string, unknown>>(request: Request): T {
  const body = request.postDataJSON() as T | null;
  if (body === null) throw new Error(`${request.method()} ${request.url()} had no body`);
  return body;
}

/**
 * GETs `path` (relative to the base URL) with the bearer token the SPA sent in `seen`, so a test
 * can check what the server stored without depending on how the UI shows it.
 */
export async function apiGet<T = Record<string, unknown>>(page: Page, seen: Request, path: string): Promise<T> {
  const authorization = await seen.headerValue('authorization');
  if (!authorization) throw new Error(`${seen.url()} was sent without an authorization header`);
  const response = await page.request.get(path, { headers: { authorization } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * The journeys' `test`: like Playwright's, plus an automatic fixture that collects the page's
 * uncaught errors, console errors and failed API answers (>= 500) and attaches them (printed by
 * the reporter) when a test fails, so a red journey says what broke in the app.
 */
export const test = base.extend<{ browserLog: string[] }>({
  browserLog: [
    async ({ page }, use, testInfo) => {
      const log: string[] = [];
      page.on('pageerror', (error) => log.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') log.push(`console.error: ${message.text()}`);
      });
      page.on('response', (response) => {
        if (response.status() >= 500)
          log.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
      });
      await use(log);
      if (testInfo.status !== testInfo.expectedStatus && log.length > 0) {
        await testInfo.attach('browser-log', { body: log.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});
export { expect };

/** An API caller with the signed-in SPA's bearer token (see {@link signInForApi}). */
export interface Api {
  /** Sends `method path` with the token and an optional JSON body; fails the test unless the status is `expected`. */
  call<T = Record<string, unknown>>(method: string, path: string, data?: unknown, expected?: number): Promise<T>;
}

/**
 * Signs `username` in through the real pages (as {@link signIn}) and returns an {@link Api} that
 * carries the bearer token the SPA sent on its first main-API call, so a journey can set up and
 * read back records through the API (also under `/auth/api/v2`, which accepts the token too).
 */
export async function signInForApi(page: Page, username: DemoUser): Promise<Api> {
  const first = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith(API) && !!r.headers()['authorization']);
  await signIn(page, username);
  const authorization = (await first).headers()['authorization']!;
  return {
    async call<T>(method: string, path: string, data?: unknown, expected = method === 'POST' ? 201 : 200) {
      const response = await page.request.fetch(path, { method, headers: { authorization }, data });
      expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(expected);
      // a 204 (a delete) has no body
      return (response.status() === 204 ? undefined : await response.json()) as T;
    },
  };
}
