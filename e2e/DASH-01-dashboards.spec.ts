import { expect, signIn, test } from './fixtures';

/**
 * The dashboards as a top manager meets them (NAV-60, DASH-01, DASH-14): `/dashboards` lands on
 * the sectors tab with its header (tab switch and filter); on the offices tab, the realisation
 * chart's collected total for a month equals the sum of the payments the payments list shows for
 * that month - the list the figure opens when clicked.
 */

/** An amount as the SPA shows it in English ("$1,234.50", "1,234.50") in cents, exact. */
const cents = (text: string): bigint => {
  const plain = text.replace(/[^0-9.-]/g, '');
  const [whole, fraction = ''] = plain.split('.');
  const sign = whole!.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole!.replace('-', '') || '0') * 100n + BigInt((fraction + '00').slice(0, 2)));
};

/** The `filter` of a list link, parsed. */
const filterOf = (href: string) =>
  JSON.parse(new URL(href, 'http://x').searchParams.get('filter')!) as Record<string, string>;

test('NAV-60 DASH-01 DASH-14 dashboards open on sectors; a month’s collected figure equals the payments list of that month', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // signing in at /dashboards lands there, on the sectors tab
  await signIn(page, 'top', '/dashboards');
  await expect(page).toHaveURL(/\/dashboards\/sectors/);
  await expect(page.getByRole('tab', { name: 'Sectors' })).toHaveAttribute('aria-selected', 'true');
  const header = page.getByTestId('dashboard-header');
  await expect(header.getByRole('tablist')).toBeVisible();
  await expect(header.getByRole('group', { name: 'Filter' })).toBeVisible();

  // the months with income over a wide period: take the latest
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/dashboards/offices?from=2000-01-01&to=${today}`);
  const income = page.getByTestId('chart-income');
  await expect(income.getByText(/^Total:/).first()).toBeVisible({ timeout: 120_000 });
  const months = new Map<string, string>();
  for (const link of await income.getByRole('link').all()) {
    const f = filterOf((await link.getAttribute('href'))!);
    months.set(f['paymentDate.gte']!, f['paymentDate.lte']!);
  }
  const [start, end] = [...months.entries()].sort(([a], [b]) => b.localeCompare(a))[0]!;

  // the month's collected total, per currency (the realisation table's row "Total")
  await page.goto(`/dashboards/offices?from=${start}&to=${end}`);
  const totals = page.locator('[data-testid^="realisation-total-collected-"]');
  await expect(totals.first()).toBeVisible({ timeout: 120_000 });
  const perCurrency = (await totals.allTextContents()).map(cents);
  expect(perCurrency.length).toBeGreaterThan(0);
  // the list shows no currency per row, so the check adds every currency's figure on both sides:
  // any payment missing, extra or different on either side changes the sum
  const collected = perCurrency.reduce((a, b) => a + b, 0n);
  expect(collected).toBeGreaterThan(0n);
  const total = totals.first();

  // the figure opens the payments list of the month; all of it on one page
  await total.click();
  await expect(page).toHaveURL(/\/paymentHistories\?/);
  const url = new URL(page.url());
  url.searchParams.set('perPage', '500');
  await page.goto(url.pathname + url.search);
  const table = page.locator('table').first();
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
  const headers = await table.locator('thead th').allTextContents();
  const amountColumn = headers.findIndex((h) => /amount/i.test(h));
  expect(amountColumn).toBeGreaterThanOrEqual(0);
  const amounts = await table.locator(`tbody tr td:nth-child(${amountColumn + 1})`).allTextContents();
  const listed = amounts.reduce((sum, a) => sum + cents(a), 0n);
  expect(listed).toBe(collected);
});
