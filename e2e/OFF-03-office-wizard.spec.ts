import type { Page } from '@playwright/test';
import { expect, jsonBody, nextApiRequest, signIn, test } from './fixtures';

/**
 * OFF-03 through the three-step office wizard (NAV-91), then an office account with two transit
 * currencies (OFF-11, OFF-16) from the office card's accounts tab and the account card's transits
 * tab (NAV-25..27, NAV-93): the card lists what was saved.
 */

/** Picks the option containing `text` of the dropdown labelled `label`. */
async function pick(page: Page, label: string | RegExp, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label }).first();
  await box.click();
  await box.fill(text);
  await page.getByRole('option').filter({ hasText: text }).first().click();
}

async function next(page: Page, index: number): Promise<void> {
  await page.getByRole('button', { name: /^next$/i }).click();
  await expect(page.locator('.MuiStepLabel-label').nth(index)).toHaveClass(/Mui-active/);
}

test('OFF-03 NAV-91 NAV-25 NAV-27 an office made in the wizard gets an account with two transit currencies', async ({
  page,
}) => {
  const stamp = Date.now();
  await signIn(page, 'admin', '/offices/list/create');
  const steps = page.locator('.MuiStepLabel-label');
  await expect(steps).toHaveText([/office info/i, /payment info/i, /cashbox info/i]);

  const name = `E2E office ${stamp}`;
  await page.getByLabel('Firm name', { exact: false }).first().fill(name);
  await next(page, 1);
  await page.getByLabel('BIN', { exact: true }).fill('123456789012');
  await next(page, 2);
  await page.getByLabel('Days back a time may be logged').fill('14');
  await page.getByLabel('Royalty trial until').fill('2026-12-31');

  const post = nextApiRequest(page, 'POST', 'offices');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const body = jsonBody(await post);
  expect(body).toMatchObject({
    gfirmName: name,
    bin: '123456789012',
    timeDurationRange: 14,
    royaltyTrialLte: '2026-12-31',
  });
  await expect(page).toHaveURL(/\/offices\/\d+$/);
  const officeId = /\/offices\/(\d+)/.exec(page.url())![1];

  // the accounts tab: a new account under the office
  await page.getByRole('tab', { name: 'Accounts' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/offices/${officeId}/accounts/create$`));
  const number = `KZ${stamp}`;
  await page.getByLabel('Bank name', { exact: true }).fill('E2E Bank');
  await page.getByLabel('Account number').fill(number);
  await page.getByLabel('Expense increase %').fill('5');
  const postAccount = nextApiRequest(page, 'POST', 'officeAccounts');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const account = jsonBody(await postAccount);
  expect(account).toMatchObject({ office: { id: Number(officeId) }, expenseIncreasePercent: 0.05 });
  await expect(page).toHaveURL(new RegExp(`/offices/${officeId}/accounts$`));
  await page.getByText(number).first().click();

  // the account card: main and transits; two transit currencies
  await expect(page.getByRole('tab', { name: 'Transit accounts' })).toBeVisible();
  for (const [currency, corresponding] of [
    ['USD', `840${stamp}`],
    ['EUR', `978${stamp}`],
  ] as const) {
    await page.getByRole('tab', { name: 'Transit accounts' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await pick(page, /currency/i, currency);
    await page.getByLabel('Corresponding account').fill(corresponding);
    const postTransit = nextApiRequest(page, 'POST', 'officeTransitAccounts');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(jsonBody(await postTransit)).toMatchObject({ correspondingAccount: corresponding });
    await expect(page.getByText(corresponding).first()).toBeVisible();
  }
  await expect(page.getByText(`840${stamp}`).first()).toBeVisible();
  await expect(page.getByText(`978${stamp}`).first()).toBeVisible();
});
