import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** The side menu's entry called `name` (react-admin renders them as menu items). */
function menuEntry(page: Page, name: string) {
  return page.getByRole('menuitem', { name, exact: true });
}

test.describe('administration pages are for administrators only', () => {
  test('NAV-51 NAV-52 billing sees neither Base types nor Base subtypes and is sent to /404 from /base-types', async ({
    page,
  }) => {
    await signIn(page, 'billing');
    await expect(menuEntry(page, 'Clients')).toBeVisible();
    await expect(menuEntry(page, 'Base types')).toHaveCount(0);
    await expect(menuEntry(page, 'Base subtypes')).toHaveCount(0);

    await page.goto('/base-types');
    await expect(page).toHaveURL(/\/404$/); // PERM-10
  });

  test('NAV-51 NAV-52 admin sees Base types and Base subtypes and opens /base-types with rows', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(menuEntry(page, 'Base subtypes')).toBeVisible();
    const list = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/core/api/baseDictionaryTypes',
    );
    await menuEntry(page, 'Base types').click();
    await expect(page).toHaveURL(/\/base-types(\?|$)/);
    expect((await list).status()).toBe(200);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  });
});
