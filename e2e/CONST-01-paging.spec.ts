import { expect, nextApiRequest, signIn, test } from './fixtures';

test('CONST-01 CONST-02 the client list pages by 20 by default and switches to 50 rows', async ({ page }) => {
  const firstList = nextApiRequest(page, 'GET', 'clients');
  await signIn(page, 'billing', '/clients');
  const first = new URL((await firstList).url()).searchParams;
  expect(first.get('size')).toBe('20'); // CONST-02
  expect(first.get('page')).toBe('0');
  await expect(page.getByRole('row')).toHaveCount(21); // header + 20

  const nextPage = nextApiRequest(page, 'GET', 'clients', (r) => new URL(r.url()).searchParams.get('page') === '1');
  await page.getByRole('button', { name: /next page/i }).click();
  expect(new URL((await nextPage).url()).searchParams.get('size')).toBe('20');

  await page.getByRole('combobox', { name: /rows per page/i }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText(['20', '50', '100']); // CONST-01
  const fifty = nextApiRequest(page, 'GET', 'clients', (r) => new URL(r.url()).searchParams.get('size') === '50');
  await options.filter({ hasText: /^50$/ }).click();
  expect(new URL((await fifty).url()).searchParams.get('size')).toBe('50');
  await expect(page.getByRole('row')).toHaveCount(51);
  await expect(page).toHaveURL(/perPage=50/); // the page size is in the address
  await page.reload(); // and survives a reload
  await expect(page.getByRole('row')).toHaveCount(51);
});
