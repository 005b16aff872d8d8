import { expect, signIn, test } from './fixtures';

/** The user menu's button in either language ("Profile" / "Профиль"). */
const menuButton = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: /profile|профиль/i }).first();

test("I18N a translated title shows in the reader's language with the English fallback, is edited per language, and lists ask in the user's language", async ({
  page,
}) => {
  await signIn(page, 'publisher', '/contentPublicationForms');
  await page.goto('/contentPublicationForms');
  await expect(page.getByRole('cell', { name: 'Energy market outlook', exact: true }).first()).toBeVisible();

  await menuButton(page).click();
  const asked = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/core/api/contentPublicationForms' && r.headers()['accept-language'] === 'ru',
  );
  await page.getByRole('menuitemradio', { name: 'Русский' }).click();
  await asked;
  await expect(page.getByRole('columnheader', { name: 'Заголовок' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Обзор энергетического рынка', exact: true })).toBeVisible();
  // the publication has no Russian title: a Russian reader sees the English one (beside its form's name)
  const publication = page.getByRole('row').filter({ hasText: 'Tax guide' });
  await expect(publication.getByRole('cell', { name: 'Tax guide', exact: true })).toHaveCount(2);

  // the edit form has one input per language, Russian (the user's) first
  await publication.getByRole('cell', { name: 'Tax guide', exact: true }).first().click();
  await page
    .getByRole('link', { name: /редактировать|edit/i })
    .first()
    .click();
  const title = page.getByRole('group', { name: /^(Title|Заголовок)$/ });
  await expect(title.getByLabel('English')).toHaveValue('Tax guide');
  await expect(title.getByLabel('Русский')).toHaveValue('');
  await title.getByLabel('Русский').fill('Налоговый справочник');
  await page.getByRole('button', { name: /сохранить|save/i }).click();

  await page.goto('/contentPublicationForms');
  await expect(publication.getByRole('cell', { name: 'Налоговый справочник', exact: true })).toBeVisible();
  await expect(publication.getByRole('cell', { name: 'Tax guide', exact: true })).toHaveCount(1);
});
