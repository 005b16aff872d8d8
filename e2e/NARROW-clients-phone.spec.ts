import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** True when nothing on the page scrolls sideways. */
const fitsTheWindow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.use({ viewport: { width: 375, height: 812 } });

test('NARROW-03 on a 375 px phone /clients is a simple list with Create, filters and paging in reach, and opens a card', async ({
  page,
}) => {
  await signIn(page, 'admin', '/clients');
  if (!/^\/clients/.test(new URL(page.url()).pathname)) await page.goto('/clients');

  // a simple list of clients: one row per client, the name over its country and sector
  const rows = page.getByRole('list').getByRole('listitem').getByRole('button');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(5);
  // (other journeys add clients without country or sector: a seeded one shows both)
  await expect(rows.filter({ hasText: / · / }).first()).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  expect(await fitsTheWindow(page)).toBe(true);

  // paging stays in reach
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows.first()).toBeVisible();

  // the filter button opens the schema's filters; one added shows its input
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Sector' }).click();
  await expect(page.getByLabel('Sector').first()).toBeVisible();
  expect(await fitsTheWindow(page)).toBe(true);
  await page.getByRole('button', { name: 'Remove this filter' }).first().click();

  // Create is a floating button on a phone, and opens the client wizard
  const create = page.getByRole('link', { name: 'Create' });
  await expect(create).toBeVisible();
  await create.click();
  await expect(page).toHaveURL(/\/clients\/create$/);
  expect(await fitsTheWindow(page)).toBe(true);
  await page.goBack();

  // a row opens the client's card, which fits the phone too
  await rows.first().click();
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByRole('tab').first()).toBeVisible();
  expect(await fitsTheWindow(page)).toBe(true);
});
