import { calculated, collectedInMonth, dayOf, holderName, previousMonth } from './cashbox';
import { expect, signInForApi, test } from './fixtures';

/**
 * A late payment changes a calculated month (CASH-27, CASH-40): a past month (three back) is calculated
 * (through the API), the billing manager records a payment dated inside it on the invoice's
 * payments form, the top manager recalculates on the report, and "Changes since previous version"
 * names the position whose figures changed and the payment that changed them; the version number
 * went up and the earlier version is still there to pick.
 */

test('CASH-27 CASH-40 a late payment recalculated makes a new version whose changes name the changed line and the payment; the earlier version stays selectable', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const top = await signInForApi(page, 'top');
  const billingPage = await (await browser.newContext()).newPage();
  const billing = await signInForApi(billingPage, 'billing');
  const admin = await signInForApi(await (await browser.newContext()).newPage(), 'admin');
  const range = previousMonth(new Date(), 3);
  const money = await collectedInMonth({ billing, admin, top }, range);
  const before = await calculated(top, money.officeId, range);

  // the late payment: dated inside the month, recorded on the invoice's payments form
  const lateDate = dayOf(range.dateGte, 25);
  await billingPage.goto(`/invoices/${money.invoice.id}/payments/create`);
  await billingPage.getByLabel(/^Date/).fill(lateDate);
  await billingPage.getByLabel(/^Amount/).fill('400.00');
  const paid = billingPage.waitForResponse(
    (r) => new URL(r.url()).pathname === '/core/api/paymentHistories' && r.request().method() === 'POST',
  );
  await billingPage.getByRole('button', { name: 'Save' }).click();
  const answer = await paid;
  expect(answer.status()).toBe(201);
  const late = (await answer.json()) as { id: number; paymentDate: string };
  expect(late.paymentDate).toBe(lateDate);

  // the report of the month, at the version calculated before the payment
  const address = `/cashbox/main?office=${money.officeId}&from=${range.dateGte}&to=${range.dateLte}`;
  await page.goto(address);
  const version = page.getByRole('combobox', { name: 'Version' });
  await expect(version).toHaveText(`Version ${before.result.version}`);
  const posted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/core/api/cashbox/calculate' && r.request().method() === 'POST',
  );
  await page.getByTestId('cashbox-calculate').click();
  expect((await posted).status()).toBe(202);
  await expect(version).toHaveText(`Version ${before.result.version + 1}`, { timeout: 60_000 });
  await expect(page.getByTestId('cashbox-progress')).toBeHidden();

  // the changes since the previous version: the member's line and the late payment behind it
  await page.getByRole('button', { name: 'Changes since previous version' }).click();
  const dialog = page.getByRole('dialog', { name: `Changes since version ${before.result.version}` });
  await expect(dialog).toBeVisible();
  const name = await holderName(top, money.memberPosition);
  const figures = dialog.getByRole('table', { name: `Figures of ${name} that changed` });
  await expect(figures.getByRole('rowheader', { name: 'Income', exact: true })).toBeVisible();
  const why = dialog.getByRole('table', { name: `Records behind the change for ${name}` });
  // the payment is named (payments have no card of their own, so no link)
  const payment = why.getByRole('rowheader', { name: `paymentHistories ${late.id}`, exact: true });
  await expect(payment).toBeVisible();
  // the payment was not in the previous version: its "before" is empty
  const paymentRow = why
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: `paymentHistories ${late.id}`, exact: true }) });
  await expect(paymentRow.getByRole('cell').first()).toHaveText('–');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // the earlier version is still there: picked, it opens
  await version.click();
  await page.getByRole('option', { name: `Version ${before.result.version}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]period=${before.result.periodId}(&|$)`));
  await expect(version).toHaveText(`Version ${before.result.version}`);
  await expect(page.getByRole('table').first()).toBeVisible();
});
