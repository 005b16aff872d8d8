import type { Page } from '@playwright/test';
import { collectedInMonth, finishedJob, holderName, previousMonth, rowsOf, type Collected } from './cashbox';
import { expect, signInForApi, test } from './fixtures';

/**
 * The top manager's month end in the cashbox (CASH-40, CASH-08, CASH-14): money collected last
 * month by the Almaty office (set up through the API, `cashbox.ts`), then on the screens: the
 * office and the previous month picked, Calculate, the job's progress shown until it completes, the
 * new version's report with its rows, and one position's Sum drilled down through the income
 * records it sums to the payment behind them.
 */

type Income = { id: number; amount: number | string; payment: { id: number } | null };
type PositionProfit = { id: number; recipientPosition: { id: number }; cashboxGroupProfit: { id: number } };

/** Picks `name` in the MUI select labelled `label`. */
async function choose(page: Page, label: string, name: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name }).click();
}

test('CASH-40 CASH-14 CASH-08 top calculates the previous month with progress, opens the report and drills a Sum down to its payment', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const top = await signInForApi(page, 'top');
  const billingPage = await (await browser.newContext()).newPage();
  const billing = await signInForApi(billingPage, 'billing');
  const admin = await signInForApi(await (await browser.newContext()).newPage(), 'admin');
  const range = previousMonth();
  const money: Collected = await collectedInMonth({ billing, admin, top }, range);
  const office = await top.call<{ gfirmName: string }>('GET', `/core/api/offices/${money.officeId}`);

  // the report: office picked, the previous month by default (CASH-14)
  await page.goto('/cashbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Cashbox' })).toBeVisible();
  await choose(page, 'Office', office.gfirmName);
  await expect(page.getByRole('heading', { level: 1, name: `Cashbox: ${office.gfirmName}` })).toBeVisible();
  await expect(page.getByTestId('cashbox-from')).toHaveValue(range.dateGte);
  await expect(page.getByTestId('cashbox-to')).toHaveValue(range.dateLte);

  // Calculate: the job's progress shows, then the new version opens. The page's reads of the job
  // are held until the progress has been seen (a month of the demo office takes about a second)
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const jobs = (url: URL) => url.pathname === '/core/api/jobs';
  await page.route(jobs, async (route) => {
    await held;
    await route.continue();
  });
  const posted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/core/api/cashbox/calculate' && r.request().method() === 'POST',
  );
  await page.getByTestId('cashbox-calculate').click();
  const answer = await posted;
  expect(answer.status()).toBe(202);
  expect(answer.request().postDataJSON()).toEqual({
    dateGte: range.dateGte,
    dateLte: range.dateLte,
    officeId: money.officeId,
  });
  const progress = page.getByTestId('cashbox-progress');
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(progress.getByRole('status')).toHaveText(/waiting to start|Calculating: \d+%/);
  release();
  const job = await finishedJob(top, ((await answer.json()) as { job: { id: number } }).job.id);
  await expect(progress).toBeHidden({ timeout: 30_000 });
  await page.unroute(jobs);
  expect(job.progress).toBe(100);
  await expect(page).toHaveURL(new RegExp(`[?&]period=${job.result.periodId}(&|$)`));
  await expect(page.getByRole('combobox', { name: 'Version' })).toHaveText(`Version ${job.result.version}`);
  await expect(page.getByTestId('cashbox-version-state')).toHaveText('Open');
  await expect(page.getByRole('tab', { name: 'Main', selected: true })).toBeVisible();

  // the top manager's row: in the group of the position the quota names
  const profits = rowsOf<PositionProfit>(
    await top.call('GET', `/core/api/cashboxPositionProfits?cashboxPeriod.id=${job.result.periodId}&size=1000`),
    'cashboxPositionProfits',
  );
  const mine = profits.find((p) => p.recipientPosition.id === money.topPosition.id)!;
  expect(mine, 'the top position has a row').toBeTruthy();
  const table = page.getByTestId(`cashbox-group-${mine.cashboxGroupProfit.id}`);
  const name = await holderName(top, money.topPosition);
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row).toHaveCount(1);

  // Sum opens the records it sums: the position's incomes of the group
  const incomes = rowsOf<Income>(
    await top.call(
      'GET',
      `/core/api/cashboxPositionIncomes?cashboxGroupProfit.id=${mine.cashboxGroupProfit.id}&recipientPosition.id=${money.topPosition.id}&size=1000`,
    ),
    'cashboxPositionIncomes',
  );
  expect(incomes.map((i) => i.payment?.id)).toContain(money.payment.id);
  await row.getByRole('link', { name: /^Open the records of Sum: / }).click();
  await expect(page).toHaveURL(/\/cashboxPositionIncomes\?/);
  const list = page.getByRole('table');
  await expect(list.getByRole('row')).toHaveCount(incomes.length + 1);
  // one income record: its card names the payment it is a share of
  await list.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/cashboxPositionIncomes\/\d+/);
  const incomeId = Number(/cashboxPositionIncomes\/(\d+)/.exec(page.url())![1]);
  const income = incomes.find((i) => i.id === incomeId)!;
  expect(income, 'the record opened is one of those the Sum opened').toBeTruthy();
  const field = (label: string) =>
    page
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .last();
  await expect(field('Role')).toContainText('quota');
  await expect(field('Payment')).toContainText(`#${income.payment!.id}`);

  // the payment's row on its invoice's payments tab (the billing manager's: a top manager reads no
  // payments, and a payment has no card of its own), with its date and amount
  const payment = await billing.call<{ amount: number | string; paymentDate: string; invoice: { id: number } }>(
    'GET',
    `/core/api/paymentHistories/${income.payment!.id}`,
  );
  await billingPage.goto(`/invoices/${payment.invoice.id}/payments`);
  const amount = Number(payment.amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
  const day = new Date(`${payment.paymentDate}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
  });
  const paymentRow = billingPage.getByRole('row').filter({ hasText: amount });
  await expect(paymentRow).toHaveCount(1);
  await expect(paymentRow).toContainText(day);
});
