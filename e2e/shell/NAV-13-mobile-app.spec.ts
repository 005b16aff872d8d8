import { expect, test } from '../fixtures';
import { openMobileApp } from './mobile';

test('NAV-07 NAV-13 on a phone / leads to /mobile-app, whose search finds clients and contacts and opens their cards', async ({
  page,
}) => {
  await openMobileApp(page, 'billing');
  await page.goto('/');
  await page.waitForURL('**/mobile-app'); // NAV-07: 375 px is mobile

  const recent = page.getByRole('region', { name: 'Recent clients' }).getByRole('link');
  await expect(recent.first()).toBeVisible();
  const firstName = (await recent.first().locator('.MuiListItemText-primary').textContent())!.trim();
  const word = firstName.split(' ')[0] ?? firstName;
  const box = await recent.first().boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44); // touch target

  const searched = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/core/api/clients' && new URL(r.url()).searchParams.get('search') === word,
  );
  await page.getByRole('searchbox', { name: /search clients and contacts/i }).fill(word);
  await searched;
  const results = page.getByRole('list', { name: 'Clients' }).getByRole('link');
  await expect(results.filter({ hasText: firstName }).first()).toBeVisible(); // demo names can repeat
  await results.filter({ hasText: firstName }).first().click();
  await expect(page).toHaveURL(/\/clients\/\d+$/);
});
