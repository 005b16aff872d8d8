import { expect, signIn, test } from './fixtures';

/** The user menu's button in either language ("Profile" / "Профиль"). */
const menuButton = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: /profile|профиль/i }).first();

test('I18N switching to Russian in the user menu translates the menu, a list and its dates and the page lang, survives a reload, and English comes back', async ({
  page,
}) => {
  await signIn(page, 'billing', '/clients');
  await page.goto('/clients');
  const englishDate = /^\d{1,2} [A-Z][a-z]{2} '\d{2} \d{2}:\d{2}$/;
  const russianDate = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/;
  await expect(page.getByRole('columnheader', { name: 'Last modified' })).toBeVisible();
  await expect(page.getByRole('cell').filter({ hasText: englishDate }).first()).toBeVisible();

  await menuButton(page).click();
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Русский' }).click();

  const russian = async () => {
    const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed')).first();
    await expect(menu.getByText('Клиенты', { exact: true })).toBeVisible();
    await expect(page.locator('#react-admin-title')).toHaveText('Клиенты');
    for (const header of ['Наименование', 'Страна', 'Изменено'])
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(page.getByRole('cell').filter({ hasText: russianDate }).first()).toBeVisible();
    await expect(page.getByRole('cell').filter({ hasText: englishDate })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  };
  await russian();

  await page.reload();
  await russian();
  await menuButton(page).click();
  await expect(page.getByRole('menuitemradio', { name: 'Русский' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('menuitem', { name: 'Выйти' })).toBeVisible();
  await page.getByRole('menuitemradio', { name: 'English' }).click();

  await expect(page.locator('#react-admin-title')).toHaveText('Clients');
  await expect(page.getByRole('columnheader', { name: 'Last modified' })).toBeVisible();
  await expect(page.getByRole('cell').filter({ hasText: englishDate }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
});
