import { calculated, collectedInMonth, holderName, previousMonth, rowsOf } from './cashbox';
import { expect, signInForApi, test } from './fixtures';

/**
 * Who sees which rows of the cashbox (CASH-12, CASH-13, NAV-28): after a past month (two back, a month no other journey calculates) is
 * calculated with income shared between the demo `member` and `top`, the member opens the report
 * of the same office and month and sees only the rows of their own position, and only their own
 * balance on /balance; the top manager sees everyone's until ticking "by me", then only their own.
 */

test('CASH-12 CASH-13 NAV-28 a member sees only their own rows on /cashbox and /balance; "by me" shows top only their own', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const other = async (user: 'admin' | 'billing') => signInForApi(await (await browser.newContext()).newPage(), user);
  const [admin, billing] = [await other('admin'), await other('billing')];
  const member = await signInForApi(page, 'member');
  const topPage = await (await browser.newContext()).newPage();
  const top = await signInForApi(topPage, 'top');
  const range = previousMonth(new Date(), 2);
  const money = await collectedInMonth({ billing, admin, top }, range);
  const job = await calculated(top, money.officeId, range);
  const memberName = await holderName(admin, money.memberPosition);
  const topName = await holderName(admin, money.topPosition);
  const address = `office=${money.officeId}&from=${range.dateGte}&to=${range.dateLte}`;

  // the member: only the rows of their own positions, none of anyone else's (CASH-12)
  const own = rowsOf<{ id: number }>(
    await member.call('GET', `/core/api/cashboxPositionProfits?cashboxPeriod.id=${job.result.periodId}&size=1000`),
    'cashboxPositionProfits',
  );
  expect(own.length).toBeGreaterThan(0);
  await page.goto(`/cashbox/main?${address}`);
  await expect(page.getByRole('combobox', { name: 'Version' })).toHaveText(`Version ${job.result.version}`);
  const names = page.locator('table[data-testid^="cashbox-group-"] tbody').getByRole('rowheader');
  await expect(names).toHaveCount(own.length);
  for (const name of await names.allTextContents()) expect(name).toBe(memberName);
  await expect(page.getByTestId('cashbox-calculate')).toHaveCount(0);

  // the member's balance report: their own balance only (NAV-28)
  await page.goto(`/balance?office=${money.officeId}&month=${range.month}`);
  await expect(page.getByTestId('balance-month')).toHaveValue(range.month);
  const balances = page.getByTestId('balance-table');
  await expect(balances.getByRole('rowheader', { name: memberName })).toBeVisible();
  await expect(balances.locator('tbody').getByRole('rowheader')).toHaveCount(1);

  // the top manager sees everyone's rows; "by me" leaves only their own (CASH-13)
  await topPage.goto(`/cashbox/main?${address}`);
  const topNames = topPage.locator('table[data-testid^="cashbox-group-"] tbody').getByRole('rowheader');
  await expect(topNames.filter({ hasText: memberName }).first()).toBeVisible();
  await expect(topNames.filter({ hasText: topName }).first()).toBeVisible();
  await topPage.getByTestId('cashbox-by-me').check();
  await expect(topPage).toHaveURL(/[?&]byMe=1(&|$)/);
  await expect(topNames.filter({ hasText: memberName })).toHaveCount(0);
  await expect(topNames.first()).toBeVisible();
  for (const name of await topNames.allTextContents()) expect(name).toBe(topName);
});
