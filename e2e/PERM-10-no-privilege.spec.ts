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
  // leads (module project) is the first entry of member's menu; the list writes its state into the address
  await expect(page).toHaveURL(/\/leads(\?|$)/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
});
