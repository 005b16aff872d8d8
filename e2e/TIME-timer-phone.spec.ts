import { expect, signInForApi, test } from './fixtures';

interface Time {
  id: number;
  dateTime: string;
  duration: number;
  billable: boolean;
  employee: { id: number } | null;
  matter: { id: number } | null;
  workType: { code: number } | null;
}

test('NAV-13 TIME-03 TIME-04 a lawyer times work on the phone: start, stop, save 15 minutes, see it on the calendar', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const api = await signInForApi(page, 'member');
  const me = await api.call<{ employeeId: number }>('GET', '/core/api/auth2/info');
  const description = `E2E timer ${Date.now()}`;

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/mobile-app');
  const card = page.getByRole('region', { name: 'Timer' });
  // a matter of the member's own (the pick list offers only the matters they may read)
  const matter = card.getByRole('combobox', { name: /matter/i });
  await matter.click();
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible({ timeout: 30_000 });
  const matterName = (await option.textContent())!.trim();
  await option.click();
  await expect(matter).toHaveValue(matterName);
  await card.getByRole('button', { name: 'Start' }).click();

  const timer = card.getByRole('timer', { name: 'Time running' });
  await expect(timer).toHaveText(/^0:00:0\d$/);
  await page.waitForTimeout(2_000);
  await expect(timer).not.toHaveText('0:00:00');
  // a reload keeps it running on the same matter
  await page.reload();
  await expect(timer).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText(matterName);

  await card.getByRole('button', { name: 'Stop' }).click();
  await expect(card.getByRole('textbox', { name: /duration/i })).toHaveValue('0:15');
  await expect(card.getByRole('combobox', { name: /matter/i })).toHaveValue(matterName, { timeout: 30_000 });
  await card.getByRole('textbox', { name: /description/i }).fill(description);
  const created = page.waitForResponse((r) => r.url().endsWith('/core/api/times') && r.request().method() === 'POST');
  await card.getByRole('button', { name: 'Log 15 minutes' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  await expect(card.getByRole('status')).toContainText(`Logged 15 minutes on ${matterName}`);

  const { id } = (await response.json()) as Time;
  const saved = await api.call<Time>('GET', `/core/api/times/${id}`);
  expect(saved.duration).toBe(900_000);
  expect(saved.billable).toBe(true);
  expect(saved.workType?.code).toBe(1);
  expect(saved.employee?.id).toBe(me.employeeId);
  expect(new Date(saved.dateTime).toDateString()).toBe(new Date().toDateString());

  // the calendar opens on this week: the entry is there
  await page.goto('/times/calendar');
  await expect(page.getByLabel('Loading entries')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(description).first()).toBeAttached({ timeout: 30_000 });
});
