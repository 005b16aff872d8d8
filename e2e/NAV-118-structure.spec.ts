import { expect, signIn, test } from './fixtures';

test.describe('the structure page', () => {
  test('NAV-118 a member opens Structure, sees "Office not selected", picks Almaty and sees its departments with positions', async ({
    page,
  }) => {
    await signIn(page, 'member');
    await page.getByRole('menuitem', { name: 'Structure', exact: true }).click();
    await expect(page).toHaveURL(/\/structure$/);
    await expect(page.getByText('Office not selected')).toBeVisible();

    const tree = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/core/api/departments/all/with-positions' &&
        new URL(r.url()).searchParams.has('officeId'),
    );
    await page.getByRole('combobox', { name: 'Office' }).click();
    await page.getByRole('option', { name: 'Bureau Almaty LLP' }).click();
    expect((await tree).status()).toBe(200);

    await expect(page).toHaveURL(/\/structure\?officeId=\d+$/);
    await expect(page.getByText('Office not selected')).toHaveCount(0);
    const departments = page.getByRole('list', { name: 'Departments' });
    await expect(departments.getByText('Bureau', { exact: true })).toBeVisible();
    const holders = departments.getByRole('list', { name: /^Positions in / }).getByRole('link');
    await expect(holders.first()).toBeVisible();
    expect(await holders.count()).toBeGreaterThan(3);

    // the office stays chosen on reload
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Office' })).toHaveValue('Bureau Almaty LLP');
    await expect(holders.first()).toBeVisible();
  });
});
