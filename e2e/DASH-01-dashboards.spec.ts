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
  await signIn(page, 'top', '/dashboards');
  await page.goto('/dashboards');
  await expect(page).toHaveURL(/\/dashboards\/sectors/);
  await expect(page.getByRole('tab', { name: 'Sectors' })).toHaveAttribute('aria-selected', 'true');
  const header = page.getByTestId('dashboard-header');
  await expect(header.getByRole('tablist')).toBeVisible();
  await expect(header.getByRole('group', { name: 'Filter' })).toBeVisible();

  // the months with income, and their currencies, over a wide period
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/dashboards/offices?from=2000-01-01&to=${today}`);
  const income = page.getByTestId('chart-income');
  await expect(income.getByText(/^Total:/).first()).toBeVisible({ timeout: 120_000 });
  const months = new Map<string, { start: string; end: string; currencies: Set<string> }>();
  for (const box of await income.locator('[data-testid^="income-"]:not([data-testid^="income-total"])').all()) {
    const currency = (await box.getAttribute('data-testid'))!.replace('income-', '');
    for (const link of await box.getByRole('link').all()) {
      const f = filterOf((await link.getAttribute('href'))!);
      const key = f['paymentDate.gte']!;
      const entry = months.get(key) ?? { start: key, end: f['paymentDate.lte']!, currencies: new Set<string>() };
      entry.currencies.add(currency);
      months.set(key, entry);
    }
  }
  // a month paid in one currency only: its payments list sums without mixing currencies
  const month = [...months.values()]
    .filter((m) => m.currencies.size === 1)
    .sort((a, b) => b.start.localeCompare(a.start))[0];
  expect(month, 'a month with income in one currency').toBeDefined();
  const [currency] = [...month!.currencies];

  await page.goto(`/dashboards/offices?from=${month!.start}&to=${month!.end}`);
  const total = page.getByTestId(`realisation-total-collected-${currency}`);
  await expect(total).toBeVisible({ timeout: 120_000 });
  const collected = cents((await total.textContent()) ?? '');
  expect(collected).toBeGreaterThan(0n);

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
