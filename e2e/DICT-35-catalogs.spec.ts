import { readFileSync } from 'node:fs';
import { expect, signInForApi, test } from './fixtures';

interface Material {
  name: string;
  clientName: string;
  matter: { number: string; description: string };
}

test.describe('the catalogs page', () => {
  test('DICT-35 DICT-36 NAV-57 billing opens Catalogs, filters by a client, opens its matter and downloads the material', async ({
    page,
  }) => {
    const api = await signInForApi(page, 'billing');
    // the first seeded material, to know which client and matter to look for
    const seeded = await api.call<{ _embedded: { matterSharedMaterials: Material[] } }>(
      'GET',
      '/core/api/matterSharedMaterials?size=1&sort=id,asc',
    );
    const material = seeded._embedded.matterSharedMaterials[0]!;

    await page.getByRole('menuitem', { name: 'Catalogs', exact: true }).click();
    await expect(page).toHaveURL(/\/catalogs/);
    await expect(page.getByRole('button', { name: /^Open / }).first()).toBeVisible();

    // the client filter sends clientId and leaves one client folder
    const filtered = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/core/api/matterSharedMaterials' &&
        new URL(r.url()).searchParams.has('clientId'),
    );
    await page.getByRole('combobox', { name: 'Client', exact: true }).fill(material.clientName);
    await page.getByRole('option', { name: material.clientName, exact: true }).click();
    expect((await filtered).status()).toBe(200);
    await expect(page.getByRole('button', { name: /^Open / })).toHaveCount(1);

    // client > matter > the file, by keyboard
    await page.getByRole('button', { name: `Open ${material.clientName}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Open ${material.matter.number} ${material.matter.description}` }).click();
    await expect(page.getByText(material.name, { exact: true })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${material.name}` }).click();
    const file = await download;
    const path = await file.path();
    expect(readFileSync(path, 'utf8')).toContain(material.matter.number);

    // back to the top through the location trail
    await page.getByRole('button', { name: 'All materials' }).click();
    await expect(page.getByRole('button', { name: `Open ${material.clientName}` })).toBeVisible();
  });
});
