import { expect, test } from '../fixtures';
import { bridgeSent, burgerMenu, clearBridge, injectFakeBridge, openMobileApp, postFromNative } from './mobile';

/** The native app bridge in real Chromium, with a fake react-native-webview bridge (spec 000 section 4). */
test.describe('native bridge', () => {
  test('SHELL-02 SHELL-13 SHELL-14 SHELL-15 SHELL-16 SHELL-19 native messages open and close the burger; each change is posted back', async ({
    page,
  }) => {
    await injectFakeBridge(page);
    await openMobileApp(page, 'billing');
    // SHELL-19: the bridge existed at start-up; the web bar leaves the burger button to the native header
    expect(
      await page.evaluate(
        () => (window as unknown as { bureauApp: { isMobileApplication: boolean } }).bureauApp.isMobileApplication,
      ),
    ).toBe(true);
    await expect(page.getByRole('button', { name: /open menu/i })).toHaveCount(0);
    await clearBridge(page);

    await postFromNative(page, JSON.stringify({ event: 'onOpenBurger' })); // SHELL-13 (JSON text)
    await expect(burgerMenu(page)).toBeVisible();
    await expect(burgerMenu(page).getByRole('menuitem', { name: /clients/i })).toBeVisible();
    await expect
      .poll(() => bridgeSent(page))
      .toEqual([{ event: 'onBurgerStateChange', value: true }, { event: 'onOpenBurger' }]); // SHELL-15/16

    await postFromNative(page, { event: 'onCloseBurger' }); // SHELL-14 (an object)
    await expect(burgerMenu(page)).toBeHidden();
    await expect
      .poll(() => bridgeSent(page))
      .toEqual([
        { event: 'onBurgerStateChange', value: true },
        { event: 'onOpenBurger' },
        { event: 'onBurgerStateChange', value: false },
        { event: 'onCloseBurger' },
      ]);
  });

  test('SHELL-17 SHELL-18 SHELL-20 without a bridge nothing is posted; window.bureauApp mirrors and drives the burger', async ({
    page,
  }) => {
    await openMobileApp(page, 'billing');
    await page.evaluate(() => {
      const w = window as unknown as { __selfPosts: number };
      w.__selfPosts = 0;
      const original = window.postMessage.bind(window);
      window.postMessage = ((...args: Parameters<typeof window.postMessage>) => {
        w.__selfPosts += 1;
        return original(...args);
      }) as typeof window.postMessage;
    });
    const api = () =>
      page.evaluate(() => ({
        ...(window as unknown as { bureauApp: { burgerOpen: boolean; isMobileApplication: boolean } }).bureauApp,
      }));
    expect(await api()).toMatchObject({ burgerOpen: false, isMobileApplication: false }); // SHELL-19: no bridge

    await page.getByRole('button', { name: /open menu/i }).click();
    await expect(burgerMenu(page)).toBeVisible();
    expect((await api()).burgerOpen).toBe(true); // SHELL-18
    await page.evaluate(() =>
      (window as unknown as { bureauApp: { closeBurger: () => void } }).bureauApp.closeBurger(),
    );
    await expect(burgerMenu(page)).toBeHidden();
    expect((await api()).burgerOpen).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { __selfPosts: number }).__selfPosts)).toBe(0); // SHELL-17
    expect(await page.evaluate(() => 'ReactNativeWebView' in window || 'webkit' in window)).toBe(false);

    await page.evaluate(() =>
      (
        window as unknown as { bureauApp: { setMobileApplication: (v: boolean) => void } }
      ).bureauApp.setMobileApplication(true),
    ); // SHELL-20
    expect((await api()).isMobileApplication).toBe(true);
    await expect(page.getByRole('button', { name: /open menu/i })).toHaveCount(0);
  });

  test('SHELL-21 SHELL-22 SHELL-23 SHELL-24 ignored texts, JSON and objects, and an unparsable message only logged', async ({
    page,
  }) => {
    await injectFakeBridge(page);
    await openMobileApp(page, 'billing');
    const errors: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
    await clearBridge(page);

    await postFromNative(page, 'unchanged'); // SHELL-21
    await postFromNative(page, 'recaptcha-setup'); // SHELL-22
    await page.waitForTimeout(200);
    expect(consoleErrors).toEqual([]);
    await expect(burgerMenu(page)).toBeHidden();

    await postFromNative(page, '{"event":"onOpenBurger"}'); // SHELL-23: text parsed as JSON
    await expect(burgerMenu(page)).toBeVisible();
    await postFromNative(page, { event: 'onCloseBurger' }); // SHELL-23: an object used as it is
    await expect(burgerMenu(page)).toBeHidden();

    await postFromNative(page, '{not json'); // SHELL-24
    await expect.poll(() => consoleErrors.length).toBe(1);
    expect(consoleErrors[0]).toContain('could not parse the native app message');
    expect(errors).toEqual([]);
    await expect(page.getByRole('alert')).toHaveCount(0); // no toast
    await expect(page.getByRole('searchbox')).toBeVisible();
  });
});
