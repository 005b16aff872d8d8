import { expect, test } from '../fixtures';
import { PHONE, openMobileApp } from './mobile';

/** The mobile entry (spec 000 section 4): a token in the URL or in m_token signs in without OpenID. */
test.describe('mobile entry', () => {
  const takeToken = async (page: import('@playwright/test').Page) => {
    await openMobileApp(page, 'billing');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    return token!;
  };

  test('AUTH-02 AUTH-03 AUTH-05 NAV-13 /mobile-app?token=... opens signed in, without the OpenID client, and hides the token', async ({
    page,
    browser,
  }) => {
    const token = await takeToken(page);
    const context = await browser.newContext({ viewport: PHONE });
    const phone = await context.newPage();
    const oidcCalls: string[] = [];
    phone.on('request', (r) => void (new URL(r.url()).pathname.startsWith('/oidc') && oidcCalls.push(r.url())));
    await phone.goto(`/mobile-app?token=${encodeURIComponent(token)}&from=app`);
    await expect(phone.getByRole('searchbox', { name: /search clients and contacts/i })).toBeVisible();
    await expect(phone.getByRole('region', { name: 'Recent clients' }).getByRole('link').first()).toBeVisible();
    expect(new URL(phone.url()).searchParams.has('token')).toBe(false);
    expect(new URL(phone.url()).searchParams.get('from')).toBe('app');
    expect(await phone.evaluate(() => localStorage.getItem('token'))).toBe(token);
    expect(oidcCalls).toEqual([]); // AUTH-05
    await context.close();
  });

  test('AUTH-04 an m_token in local storage signs the web view in and is saved under token', async ({
    page,
    browser,
  }) => {
    const token = await takeToken(page);
    const context = await browser.newContext({ viewport: PHONE });
    const phone = await context.newPage();
    await phone.addInitScript((t) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('m_token', t);
        sessionStorage.setItem('seeded', '1');
      }
    }, token);
    await phone.goto('/');
    await phone.waitForURL('**/mobile-app'); // NAV-07 at 375 px
    await expect(phone.getByRole('region', { name: 'Recent clients' }).getByRole('link').first()).toBeVisible();
    expect(await phone.evaluate(() => localStorage.getItem('token'))).toBe(token);
    await context.close();
  });

  test('AUTH-10 a refused start-up token is only logged ("error getting user info") and the app still mounts', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const phone = await context.newPage();
    const consoleErrors: string[] = [];
    phone.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
    await phone.goto('/mobile-app?token=not-a-valid-token');
    // mounted: the expired/refused token ends on the sign-in page (a start-up token cannot be refreshed)
    await expect(
      phone
        .locator('input[name="username"]')
        .or(phone.getByRole('button', { name: /sign in/i }))
        .first(),
    ).toBeVisible();
    expect(consoleErrors.some((t) => t.includes('error getting user info'))).toBe(true);
    await context.close();
  });
});
