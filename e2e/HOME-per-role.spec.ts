import { expect, signIn, test } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * The home page per role (docs/areas/dashboards.md "Home page") on the demo data: `member` (a
 * lawyer) sees their hours, open tasks and Log time - and their week's hours equal the time list's
 * total for the same week -, `billing` the documents waiting for them and the overdue
 * receivables, `top` their office's month. Cards load through the analytics API (first poll after
 * 6 s), so each wait allows 30 s. No card shows an error, none a "Forbidden" toast.
 */

const LOAD = { timeout: 30_000 };

/** Waits until `card` has finished loading (no busy placeholder left) and shows no error. */
async function loaded(page: Page, name: string) {
  const card = page.getByRole('region', { name });
  await expect(card).toBeVisible(LOAD);
  await expect(card.locator('[aria-busy="true"]')).toHaveCount(0, LOAD);
  await expect(card.getByText(/Could not load/)).toHaveCount(0);
  return card;
}

/** The hours a text "12.5 h" or "Total 12.5 h" states. */
const hoursIn = (text: string) => Number(/([\d.,]+)\s*h/.exec(text.replace(/\u00a0/g, ' '))![1]!.replace(',', '.'));

test("HOME member's home: hours this week and month, open tasks, Log time; the week's hours equal the time list's total", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'member');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  const hours = await loaded(page, 'My hours');
  await loaded(page, 'Open tasks');
  await expect(page.getByRole('region', { name: 'Log time' }).getByRole('link', { name: 'Log time' })).toBeVisible();
  // a lawyer reads no clients: no such card, no refusal shown
  await expect(page.getByText(/Recent clients|Forbidden/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Overdue receivables' })).toHaveCount(0);

  const week = hours.getByTestId('hours-week');
  const shown = (await week.count()) ? hoursIn((await week.getByText(/ h$/).first().textContent()) ?? '') : 0;
  await hours.getByRole('link', { name: "This week's time" }).click();
  await expect(page).toHaveURL(/\/times\?/);
  const total = page.getByText(/^Total [\d.,]+ h$/).first();
  await expect(total).toBeVisible(LOAD);
  expect(hoursIn((await total.textContent()) ?? '')).toBe(shown);

  // at 375 px the home page is one column, without sideways scrolling
  await page.goto('/');
  await loaded(page, 'My hours');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), LOAD).toBeLessThanOrEqual(375);
  // the menu becomes a drawer over the page at this width: close it, and the cards are still there
  await page.keyboard.press('Escape');
  const week375 = page.getByRole('region', { name: 'My hours' }).getByRole('link', { name: "This week's time" });
  await expect(week375).toBeVisible();
  // keyboard: the link takes the focus and Enter follows it
  await week375.focus();
  await expect(week375).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/times\?/);
});

test("HOME billing's home: documents waiting for their decision and overdue receivables per currency", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'billing');
  await loaded(page, 'Waiting for my decision');
  const overdue = await loaded(page, 'Overdue receivables');
  // each currency on its own line, each invoice a link to it
  const links = overdue.getByRole('link', { name: /INV-/ });
  if (await links.count()) await expect(links.first()).toHaveAttribute('href', /^\/invoices\/\d+$/);
  await expect(page.getByRole('region', { name: 'My hours' })).toHaveCount(0);
  await expect(page.getByText(/Forbidden/)).toHaveCount(0);
});

test("HOME top's home: the office's month - collected per currency, hours, open invoices - with links to the lists", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'top');
  const office = await loaded(page, "My office's month");
  await expect(office.getByTestId('office-hours')).toHaveText(/h$/);
  await expect(office.getByRole('link', { name: 'All invoices' })).toHaveAttribute('href', '/invoices');
  await expect(page.getByText(/Forbidden/)).toHaveCount(0);
});
