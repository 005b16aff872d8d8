import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** The page's background lightness (0 black .. 255 white): the mean of the body's RGB. */
const bodyLightness = (page: Page) =>
  page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return (r + g + b) / 3;
  });

const DARK = 60;
const LIGHT = 200;

test.describe('a system without a preference', () => {
  test.use({ colorScheme: 'light' });

  test('NARROW-04 starts light; the app bar switches to dark, which a reload keeps; and back to light', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/clients');
    await expect.poll(() => bodyLightness(page)).toBeGreaterThan(LIGHT);

    const toggle = page.getByRole('button', { name: 'Toggle light/dark mode' });
    await toggle.click();
    await expect.poll(() => bodyLightness(page)).toBeLessThan(DARK);

    await page.reload();
    await expect(toggle).toBeVisible();
    await expect.poll(() => bodyLightness(page)).toBeLessThan(DARK);

    await toggle.click();
    await expect.poll(() => bodyLightness(page)).toBeGreaterThan(LIGHT);
    await page.reload();
    await expect(toggle).toBeVisible();
    await expect.poll(() => bodyLightness(page)).toBeGreaterThan(LIGHT);
  });
});

test.describe('a system set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('NARROW-05 a first visit is dark, the sign-in page included', async ({ page }) => {
    await page.goto('/authorization/login');
    await expect(page.getByRole('button', { name: /^sign in$/i })).toBeVisible();
    await expect.poll(() => bodyLightness(page)).toBeLessThan(DARK);
    await signIn(page, 'admin', '/clients');
    await expect.poll(() => bodyLightness(page)).toBeLessThan(DARK);
  });
});
