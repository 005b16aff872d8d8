import { expect, signInForApi, test } from './fixtures';

type Job = { id: number; status: string; error: string | null; result: { periodId?: number } | null };

test.describe('the rankings', () => {
  test('RANK-01 RANK-13 NAV-122 NAV-123 NAV-124 NAV-125 NAV-126 top closes October, then ranks managers and departments and opens their last 3 months', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const api = await signInForApi(page, 'top');
    const offices = await api.call<{ _embedded: { offices: Array<{ id: number; gfirmName: string }> } }>(
      'GET',
      '/core/api/offices?size=100',
    );
    const almaty = offices._embedded.offices.find((o) => o.gfirmName.startsWith('Bureau Almaty'))!;
    // calculate Almaty's October 2026 and close it: the month the ranking reads
    const started = await api.call<{ job: { id: number } }>(
      'POST',
      '/core/api/cashbox/calculate',
      { dateGte: '2026-10-01', dateLte: '2026-10-31', officeId: almaty.id },
      202,
    );
    let job: Job = { id: started.job.id, status: 'queued', error: null, result: null };
    await expect
      .poll(
        async () => {
          job = await api.call<Job>('GET', `/core/api/jobs/${started.job.id}`);
          return job.status;
        },
        { timeout: 120_000, intervals: [1000] },
      )
      .toMatch(/succeeded|failed/);
    expect(job.error).toBeNull();
    await api.call('POST', `/core/api/cashboxPeriods/${job.result!.periodId}/close`, undefined, 200);

    // /ranking-by leads to the relationship managers' ranking (NAV-122/123)
    await page.goto('/ranking-by');
    await expect(page).toHaveURL(/\/ranking-by\/relationship-managers$/);
    const table = page.getByRole('table', { name: 'Ranking' });
    await expect(table).toBeVisible();
    await expect(page.getByTestId('ranking-formula')).toContainText('2026-08 to 2026-10');
    await expect(page.getByTestId('ranking-formula')).toContainText('Wilson lower bound');
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow.getByRole('cell').first()).toHaveText('1');
    await expect(firstRow.getByRole('cell').nth(4)).toHaveText(/^\d+\.\d{2}$/);

    // one manager's last 3 months (NAV-124)
    await firstRow.getByRole('link').click();
    await expect(page).toHaveURL(/\/ranking-by\/\d+$/);
    const months = page.getByRole('table', { name: 'Figures by month' });
    await expect(months.getByRole('rowheader')).toHaveText(['2026-08', '2026-09', '2026-10']);

    // the departments (NAV-125), and one department of its office (NAV-126)
    await page.goto('/ranking-by/department');
    const departments = page.getByRole('table', { name: 'Ranking' });
    await expect(departments).toBeVisible();
    await departments.getByRole('row').nth(1).getByRole('link').click();
    await expect(page).toHaveURL(/\/ranking-by\/department\/\d+\/office\/\d+$/);
    await expect(page.getByRole('table', { name: 'Figures by month' }).getByRole('rowheader')).toHaveCount(3);
  });
});
