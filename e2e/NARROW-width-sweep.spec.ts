import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * The width rule (docs/architecture.md, "Narrow windows and phones"): no generated page scrolls
 * sideways at any width from 360 to 1,280 px. Every list in the admin's menu is opened at 360 and
 * 1,280 px; a card with tabs, the create form, the client wizard and a bespoke page at 360, 768,
 * 1,024 and 1,280 px.
 */

/** The page's horizontal overflow in px (0 when nothing scrolls sideways). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Waits until the page shows its content (a row, a form, a card), then the layout settles. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('#main-content').first()).toBeVisible();
  await expect(page.locator('.MuiLinearProgress-root, .MuiCircularProgress-root')).toHaveCount(0, { timeout: 20_000 });
  // two frames: the deferred toolbar and menu render after the first rows
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The routes of the admin's side menu, read from the menu itself (so a new entity is swept too). */
async function menuRoutes(page: Page): Promise<string[]> {
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  const hrefs = await page
    .getByRole('menuitem')
    .evaluateAll((items) => items.map((i) => i.getAttribute('href') ?? i.getAttribute('data-route') ?? ''));
  return hrefs.filter((h) => h.startsWith('/'));
}

test.describe.configure({ timeout: 300_000 });

test('NARROW-01 every list of the admin menu at 360 and 1,280 px: no horizontal scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  const routes = await menuRoutes(page);
  expect(routes.length).toBeGreaterThan(20);
  const failures: string[] = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const route of routes) {
      await page.goto(route);
      await settle(page);
      const extra = await overflow(page);
      if (extra > 0) failures.push(`${route} @ ${width}px: ${extra}px too wide`);
    }
  }
  expect(failures).toEqual([]);
});

const PAGES = [
  ['the client card with its tabs', '/clients/1'],
  ['the client wizard', '/clients/create'],
  ['the matter wizard', '/matters/create'],
  ['a create form', '/countries/create'],
  ['an edit form', '/clients/1/edit'],
  ['a bespoke page', '/times/calendar'],
] as const;

test('NARROW-02 a card with tabs, forms, wizards and a bespoke page at 360, 768, 1,024 and 1,280 px: no horizontal scroll', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const failures: string[] = [];
  for (const width of [360, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [what, path] of PAGES) {
      await page.goto(path);
      await settle(page);
      const extra = await overflow(page);
      if (extra > 0) failures.push(`${what} ${path} @ ${width}px: ${extra}px too wide`);
    }
  }
  expect(failures).toEqual([]);
});
