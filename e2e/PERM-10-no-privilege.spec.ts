import { expect, signIn, test } from './fixtures';

test('PERM-10 member, without the client privilege, opening /clients lands on /404', async ({ page }) => {
  await signIn(page, 'member');
  await page.goto('/clients');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('row')).toHaveCount(0);
});

test('NAV-06 PERM-10 member lands from / on the first page of their menu, not on /404', async ({ page }) => {
  await signIn(page, 'member');
  await page.goto('/');
  // member may not see clients: `/` leads to the first entry of the menu as it shows it (the list
  // writes its state into the address)
  const first = page.locator('.RaMenu-open, .RaMenu-closed').first().getByRole('menuitem').first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/[a-z-]+$/);
  expect(href).not.toBe('/clients');
  await expect(page).toHaveURL(new RegExp(`${href}(\\?|$)`));
  // the page's list renders: its rows, or its empty state when nothing is stored yet (the demo firm
  // seeds no e-mail templates, the member's first entry)
  await expect(page.getByRole('row').nth(1).or(page.getByRole('main').getByRole('status')).first()).toBeVisible();
});
