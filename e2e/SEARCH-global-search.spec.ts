import { expect, signInForApi, test } from './fixtures';

test.describe('the global search', () => {
  test('SEARCH-01 Ctrl+K, a word of a seeded matter finds it, Enter opens its card; "/" shows it among the recent items', async ({
    page,
  }) => {
    const api = await signInForApi(page, 'admin');
    const { _embedded } = await api.call<{
      _embedded: { matters: Array<{ id: number; number: string; description: string }> };
    }>('GET', '/core/api/matters?size=1&sort=id,asc&projection=full');
    const matter = _embedded.matters[0]!;
    // the matter's number and the longest word of its description: one matter has both
    const word = matter.description.split(/[^\p{L}\p{N}]+/u).sort((a, b) => b.length - a.length)[0]!;
    const shown = `${matter.number} ${matter.description}`;

    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole('combobox', { name: /Clients, contacts, matters/ });
    await expect(input).toBeFocused();
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/core/api/search');
    await input.fill(`${matter.number} ${word.slice(0, -1)}`);
    expect((await answer).status()).toBe(200);
    const matters = dialog.getByRole('group', { name: 'Matters' });
    await expect(matters.getByRole('option', { name: shown })).toBeVisible();
    await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await dialog.getByRole('option', { name: shown }).hover();
    await input.press('Enter');

    await expect(page).toHaveURL(new RegExp(`/matters/${matter.id}$`));
    await expect(dialog).toBeHidden();
    await expect(page.getByText(matter.number).first()).toBeVisible();

    // "/" outside a text field opens the dialog on the recent items
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    const recent = page.getByRole('dialog', { name: 'Search' }).getByRole('listbox', { name: 'Recent' });
    await expect(recent.getByRole('option', { name: new RegExp(shown) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
