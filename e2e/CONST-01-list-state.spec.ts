import type { Page } from '@playwright/test';
import { expect, nextApiRequest, signIn, test } from './fixtures';

/** The names in the list's rows, in order. */
const rowNames = (page: Page) => page.locator('.RaDataTable-row td.column-gname').allTextContents();

/** Whether every row's name contains `text` (and there is a row). */
const allNamed = async (page: Page, text: RegExp) => {
  const names = await rowNames(page);
  return names.length > 0 && names.every((n) => text.test(n));
};

test('CONST-01 the client list page is in the address and reopens there after a card and Back', async ({ page }) => {
  await signIn(page, 'billing', '/clients');
  await expect(page.getByRole('row')).toHaveCount(21);
  const second = nextApiRequest(page, 'GET', 'clients', (r) => new URL(r.url()).searchParams.get('page') === '1');
  await page.getByRole('button', { name: /next page/i }).click();
  await second;
  await expect(page.getByText(/^21-40 of/)).toBeVisible();
  await expect(page).toHaveURL(/\/clients\?.*page=2/); // the address carries the list state

  const firstOnPage2 = page.getByRole('row').nth(1);
  const name = (await firstOnPage2.getByRole('cell').nth(1).textContent())!;
  await firstOnPage2.click();
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/clients\?.*page=2/);
  await expect(page.getByText(/^21-40 of/)).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(name);
});

test('CONST-01 a filtered list URL opened in a new browser context shows the same rows', async ({ page, browser }) => {
  await signIn(page, 'billing', '/clients?filter=%7B%22search%22%3A%22Aral%22%7D&perPage=50');
  await expect.poll(() => allNamed(page, /aral/i)).toBe(true);
  const rows = await rowNames(page);
  const url = page.url();

  const other = await browser.newContext(); // a fresh profile: nothing in its store
  const shared = await other.newPage();
  await signIn(shared, 'billing', new URL(url).pathname + new URL(url).search);
  await expect(shared).toHaveURL(/filter=.*Aral/);
  await expect.poll(() => rowNames(shared)).toEqual(rows);
  await other.close();
});

test('CONST-01 Back undoes a filter change', async ({ page }) => {
  await signIn(page, 'billing', '/clients');
  await expect(page.getByRole('row')).toHaveCount(21);
  const unfiltered = await rowNames(page);
  const filtered = nextApiRequest(
    page,
    'GET',
    'clients',
    (r) => new URL(r.url()).searchParams.get('search') === 'Aral',
  );
  await page.getByRole('textbox', { name: /search/i }).fill('Aral');
  await filtered;
  await expect(page).toHaveURL(/filter=.*Aral/);
  await expect.poll(() => allNamed(page, /aral/i)).toBe(true);

  await page.goBack();
  await expect(page).not.toHaveURL(/Aral/);
  await expect(page.getByRole('textbox', { name: /search/i })).toHaveValue('');
  await expect.poll(() => rowNames(page)).toEqual(unfiltered);
});
