import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test, userMenu, type DemoUser } from './fixtures';

/**
 * Saved views (VIEWS): kept on the server, so a view follows its owner to a new session on
 * another browser, and a view shared with a role reaches that role's users and no one else.
 */

/** The names in the clients list's rows. */
const rowNames = (page: Page) => page.locator('.RaDataTable-row td.column-gname').allTextContents();

/** Whether every row's name contains `text` (and there is a row). */
const allNamed = async (page: Page, text: RegExp) => {
  const names = await rowNames(page);
  return names.length > 0 && names.every((n) => text.test(n));
};

/** Opens the list's Views panel. */
const openViews = async (page: Page) => {
  await page.getByRole('button', { name: 'Views' }).click();
  const panel = page.getByRole('list', { name: 'Saved views' });
  await expect(panel).toBeVisible();
  return panel;
};

/** Filters the clients list by "Aral" through its search box and waits for the rows. */
const searchAral = async (page: Page) => {
  await page.getByRole('textbox', { name: /search/i }).fill('Aral');
  await expect(page).toHaveURL(/filter=.*Aral/);
  await expect.poll(() => allNamed(page, /aral/i)).toBe(true);
};

/** Hides the clients list's columns `labels` with the column chooser, and waits for them to go. */
const hideColumns = async (page: Page, labels: Array<[label: string, source: string]>) => {
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.locator('[id="clients.list.columns-columnsSelector"]');
  for (const [label, source] of labels) {
    await chooser.getByLabel(label, { exact: true }).click();
    await expect(page.locator(`th.column-${source}`)).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
};

/** Saves the current list state under `name`, shared with `roles`. */
const saveView = async (page: Page, name: string, roles: string[] = []) => {
  const panel = await openViews(page);
  await panel.getByRole('button', { name: 'Save current view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the current view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  for (const role of roles) {
    await dialog.getByRole('combobox', { name: 'Share with roles' }).click();
    await page.getByRole('option', { name: role, exact: true }).click();
  }
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/core/api/savedViews',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(201);
  await expect(dialog).toBeHidden();
};

/** Signs out through the user menu and the provider (as AUTH-28). */
const signOut = async (page: Page) => {
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: /log ?out|sign ?out/i }).click();
  const confirm = page.getByRole('button', { name: /yes|sign (me )?out|log ?out/i });
  const signInPage = page.getByRole('button', { name: /^sign in$/i }).or(page.locator('input[name="username"]'));
  await expect(confirm.or(signInPage).first()).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(signInPage.first()).toBeVisible();
};

/** A fresh browser profile (nothing in its store) signed in as `user` on the unfiltered clients list. */
const freshSession = async (browser: Browser, user: DemoUser) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user, '/clients');
  await expect(page.getByRole('row')).toHaveCount(21);
  return { page, close: () => context.close() };
};

test('VIEWS save a filtered view with two columns hidden, sign out and in on a fresh browser, apply it, open a row with the keyboard', async ({
  page,
  browser,
}) => {
  // two sign-ins and two lists on a shared, loaded machine
  test.setTimeout(180_000);
  await signIn(page, 'billing', '/clients');
  await expect(page.getByRole('row')).toHaveCount(21);
  await searchAral(page);
  await hideColumns(page, [
    ['Sector', 'sector'],
    ['Under sanctions', 'underSanctions'],
  ]);
  await saveView(page, 'Aral clients');
  await signOut(page);

  // nothing of the view is in this browser: a new profile, the unfiltered list
  const again = await freshSession(browser, 'billing');
  expect(await allNamed(again.page, /aral/i)).toBe(false);
  const panel = await openViews(again.page);
  await expect(panel.getByText('My views')).toBeVisible();
  await panel.getByRole('button', { name: 'Aral clients', exact: true }).click();
  await expect(again.page).toHaveURL(/filter=.*Aral/);
  await expect.poll(() => allNamed(again.page, /aral/i)).toBe(true);
  await expect(again.page.getByRole('textbox', { name: /search/i })).toHaveValue('Aral');
  // the view's hidden columns came with it; the others are there
  await expect(again.page.locator('th.column-sector')).toHaveCount(0);
  await expect(again.page.locator('th.column-underSanctions')).toHaveCount(0);
  await expect(again.page.locator('th.column-country')).toHaveCount(1);
  // the keyboard opens a row: Tab reaches the rows, ArrowDown moves, Enter opens the card
  // the body's rows (the header row carries the row class too)
  const rows = again.page.locator('tbody .RaDataTable-row');
  await rows.first().focus();
  await expect(rows.first()).toBeFocused();
  await rows.first().press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await rows.nth(1).press('Enter');
  await expect(again.page).toHaveURL(/\/clients\/\d+$/);
  await again.close();
});

test('VIEWS a view shared with a role is seen and applied by a user of the role, and not by a user outside it', async ({
  page,
  browser,
}) => {
  // three users signed in, one after the other
  test.setTimeout(180_000);
  // admin shares: a user shares only with roles they hold (H2-06), an administrator with any
  await signIn(page, 'admin', '/clients');
  await expect(page.getByRole('row')).toHaveCount(21);
  await searchAral(page);
  await saveView(page, 'Aral for assistants', ['LEGAL_ASSISTANT']);

  // assistant holds LEGAL_ASSISTANT: the view is there, marked as shared by admin
  const assistant = await freshSession(browser, 'assistant');
  const panel = await openViews(assistant.page);
  await expect(panel.getByText('Shared with me')).toBeVisible();
  await expect(panel.getByText('Shared by admin')).toBeVisible();
  // a shared view is applied, not changed: no rename or delete for it
  await expect(panel.getByRole('button', { name: 'Delete Aral for assistants' })).toHaveCount(0);
  await panel.getByRole('button', { name: /Aral for assistants/ }).click();
  await expect(assistant.page).toHaveURL(/filter=.*Aral/);
  await expect.poll(() => allNamed(assistant.page, /aral/i)).toBe(true);
  await assistant.close();

  // top (GLOBAL_TOP) reads the clients too, but the view is not shared with that role
  const top = await freshSession(browser, 'top');
  const topPanel = await openViews(top.page);
  await expect(topPanel.getByText('No saved views for this list yet.')).toBeVisible();
  await expect(topPanel.getByText('Aral for assistants')).toHaveCount(0);
  await top.close();
});
