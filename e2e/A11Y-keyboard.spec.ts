import type { Locator, Page } from '@playwright/test';
import { expect, expectSignedIn, test } from './fixtures';

/**
 * Keyboard-only journeys: after the page is opened, every step is a key press on `page.keyboard`
 * (Tab, Shift+Tab, Enter, Space, typing), never a pointer click, so each proves that the step can
 * be reached and done without a mouse, with the focus where a keyboard user expects it.
 */

/** True when `target` has the focus (or holds the focused element). */
const hasFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/**
 * Presses Tab until `target` has the focus, at most `max` times.
 * @throws the test fails naming the element that has the focus after `max` presses
 */
async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await target.count()) > 0 && (await hasFocus(target.first()))) return;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${String(target)} not reached by Tab in ${max} presses; focus on ${focused}`);
}

/** Signs `username` in from the start page with the keyboard alone (password = username). */
async function signInByKeyboard(page: Page, username: string, start = '/'): Promise<void> {
  await page.goto(start);
  const loginForm = page.locator('input[name="username"]');
  const signInButton = page.getByRole('button', { name: /^sign in$/i });
  await expect(loginForm.or(signInButton).first()).toBeVisible();
  if (!(await loginForm.isVisible())) {
    await tabTo(page, signInButton);
    await page.keyboard.press('Enter');
  }
  // the provider's form: the user name field has the focus on arrival
  await expect(loginForm).toBeFocused();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(page.locator('input[name="password"]')).toBeFocused();
  await page.keyboard.type(username);
  await page.keyboard.press('Enter');
  await expectSignedIn(page);
}

const rows = (page: Page) => page.locator('tbody .RaDataTable-row, tbody .RaDatagrid-row');

test('A11Y-10 sign-in by keyboard: from the start page through the provider form back into the app, whose skip link reaches the main content', async ({
  page,
}) => {
  // the clients list (an administrator's `/` is the home page, docs/decisions.md NAV-06)
  await signInByKeyboard(page, 'admin', '/clients');
  // the landing list has rendered (its chunk and first page can take seconds on a loaded machine):
  // until then the main content holds no control for the Tab after the skip link to land on
  await expect(rows(page).first()).toBeVisible();
  // react-admin's skip link is the first stop of the page; Enter on it makes the next Tab land in
  // the page's content, past the app bar and the side menu
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: /skip to content/i });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await hasFocus(page.locator('#main-content'))).toBe(true);
});

test('A11Y-11 a list filter by keyboard: reach the search, type, the list narrows; clear it, the list is whole again', async ({
  page,
}) => {
  await signInByKeyboard(page, 'admin');
  await page.goto('/job-titles');
  await expect(rows(page).first()).toBeVisible();
  const before = await rows(page).count();
  const name = (await rows(page).nth(1).locator('td.column-name').innerText()).trim();
  expect(before).toBeGreaterThan(1);

  const search = page.getByRole('textbox', { name: 'Search' });
  await tabTo(page, search);
  await page.keyboard.type(name);
  await expect(page).toHaveURL(/filter=/);
  await expect.poll(() => rows(page).count()).toBeLessThan(before);
  for (const cell of await rows(page).locator('td.column-name').allInnerTexts()) expect(cell).toContain(name);

  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await expect.poll(() => rows(page).count()).toBe(before);
});

test('A11Y-12 a create form by keyboard: Save without the required name focuses that field and says why; named, Enter saves the record', async ({
  page,
}) => {
  await signInByKeyboard(page, 'admin');
  await page.goto('/job-titles');
  await expect(rows(page).first()).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: /^create$/i }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/job-titles\/create$/);

  // react-admin's Save is enabled once the form is touched: fill the order, leave the name empty
  const nameInput = page.getByRole('textbox', { name: /^name/i });
  await tabTo(page, page.getByRole('textbox', { name: /^order/i }));
  await page.keyboard.type('5');
  const save = page.getByRole('button', { name: /^save$/i });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  // the error is on the field, which gets the focus, and is tied to it for screen readers
  await expect(nameInput).toBeFocused();
  await expect(nameInput).toHaveAttribute('aria-invalid', 'true');
  await expect(nameInput).toHaveAccessibleDescription(/required/i);

  const title = `Keyboard title ${Date.now()}`;
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/create$/);
  await page.goto(`/job-titles?filter=${encodeURIComponent(JSON.stringify({ search: title }))}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(title);
});

test('A11Y-13 the client wizard by keyboard: through its steps with Next to Save, the client is created', async ({
  page,
}) => {
  await signInByKeyboard(page, 'admin');
  await page.goto('/clients');
  await expect(rows(page).first()).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: /^create$/i }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clients\/create$/);

  const steps = page.locator('.MuiStepLabel-label');
  await expect(steps.first()).toBeVisible();
  const name = `Keyboard client ${Date.now()}`;
  await tabTo(page, page.getByLabel('Name', { exact: false }).first());
  await page.keyboard.type(name);

  const next = page.getByRole('button', { name: /^next$/i });
  const count = await steps.count();
  for (let step = 1; step < count; step++) {
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(steps.nth(step)).toHaveClass(/Mui-active/);
  }
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/create$/);
  await expect(page.getByText(name).first()).toBeVisible();
});
