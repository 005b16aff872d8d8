import { expect, type Page } from '@playwright/test';
import { signIn, type DemoUser } from '../fixtures';

/** A phone-sized window (the screenshots' size too). */
export const PHONE = { width: 375, height: 812 };

/**
 * A fake native bridge, injected before the SPA's scripts run (SHELL-19 reads it at start-up):
 * react-native-webview's `window.ReactNativeWebView.postMessage(text)`, recording the parsed
 * messages in `window.__bridgeSent`.
 */
export const injectFakeBridge = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as {
      __bridgeSent: unknown[];
      ReactNativeWebView: { postMessage: (m: string) => void };
    };
    w.__bridgeSent = [];
    w.ReactNativeWebView = { postMessage: (m: string) => void w.__bridgeSent.push(JSON.parse(m)) };
  });

/** What the app posted to the fake bridge so far. */
export const bridgeSent = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bridgeSent: unknown[] }).__bridgeSent);

/** Forget what the app posted so far. */
export const clearBridge = (page: Page) =>
  page.evaluate(() => void ((window as unknown as { __bridgeSent: unknown[] }).__bridgeSent = []));

/** Posts a window message as the native app does (`window.postMessage(data)` in the web view). */
export const postFromNative = (page: Page, data: unknown) => page.evaluate((d) => window.postMessage(d, '*'), data);

/** The burger drawer of `/mobile-app`. */
export const burgerMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Signs `user` in on the desktop pages, then opens `/mobile-app` in a phone-sized window. */
export async function openMobileApp(page: Page, user: DemoUser): Promise<void> {
  await signIn(page, user);
  await page.setViewportSize(PHONE);
  await page.goto('/mobile-app');
  await expect(page.getByRole('searchbox', { name: /search clients and contacts/i })).toBeVisible();
}
