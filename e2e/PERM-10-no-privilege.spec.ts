import { expect, signIn, test } from './fixtures';

test('PERM-10 member, without the client privilege, opening /clients lands on /404', async ({ page }) => {
  await signIn(page, 'member');
  await page.goto('/clients');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('row')).toHaveCount(0);
});

test('NAV-06 PERM-10 publisher lands from / on the first page of their menu, not on /404', async ({ page }) => {
  // publisher has no home page cards and may not see clients (member has a home page, HOME-per-role)
  await signIn(page, 'publisher');
  await page.goto('/');
  // publisher may not see clients: `/` leads to the first entry of the menu as it shows it (the list
  // writes its state into the address)
  const first = page.locator('.RaMenu-open, .RaMenu-closed').first().getByRole('menuitem').first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/[A-Za-z-]+$/);
  expect(href).not.toBe('/clients');
  await expect(page).toHaveURL(new RegExp(`${href}(\\?|$)`));
  // the page's list renders: its rows, or its empty state when nothing is stored yet or its default
  // filter finds nothing (publisher's approvals: "No Approvals found using the current filters.")
  await expect(
    page
      .getByRole('row')
      .nth(1)
      .or(page.getByRole('main').getByRole('status'))
      .or(page.getByRole('main').getByText(/^No .+ found/))
      .first(),
  ).toBeVisible();
});
