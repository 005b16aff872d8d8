import { expect, nextApiRequest, signIn, test } from './fixtures';

test('CONST-01 the client list reopens at the page it was left on, after a card and Back (list state in the store)', async ({
  page,
}) => {
  await signIn(page, 'billing');
  await expect(page.getByRole('row')).toHaveCount(21);
  const second = nextApiRequest(page, 'GET', 'clients', (r) => new URL(r.url()).searchParams.get('page') === '1');
  await page.getByRole('button', { name: /next page/i }).click();
  await second;
  await expect(page.getByText(/^21-40 of/)).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/); // the address does not carry the list state

  const firstOnPage2 = page.getByRole('row').nth(1);
  const name = (await firstOnPage2.getByRole('cell').nth(1).textContent())!;
  await firstOnPage2.click();
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText(/^21-40 of/)).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(name);
});
