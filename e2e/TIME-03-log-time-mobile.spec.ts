import { expect, signInForApi, test } from './fixtures';

interface Time {
  id: number;
  dateTime: string;
  duration: number;
  billable: boolean;
  matter: { id: number } | null;
  workType: { code: number } | null;
}

test('TIME-03 TIME-04 NAV-13 15 minutes are logged on a matter from the mobile page', async ({ page }) => {
  const api = await signInForApi(page, 'admin');
  const description = `E2E mobile matter ${Date.now()}`;
  const project = await api.call<{ id: number }>('POST', '/core/api/projects', {
    description: `${description} project`,
  });
  const matter = await api.call<{ id: number }>('POST', '/core/api/matters', {
    project: { id: project.id },
    date: new Date().toISOString().slice(0, 10),
    description,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/mobile-app');
  const card = page.getByRole('region', { name: 'Log 15 minutes' });
  await card.getByRole('combobox', { name: /matter/i }).fill(description);
  await page.getByRole('option', { name: new RegExp(description) }).click();
  await card.getByRole('textbox', { name: /description/i }).fill('Quick call');
  const created = page.waitForResponse((r) => r.url().endsWith('/core/api/times') && r.request().method() === 'POST');
  await card.getByRole('button', { name: 'Log 15 minutes' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  await expect(card.getByRole('status')).toContainText('Logged 15 minutes on');

  const { id } = (await response.json()) as Time;
  const saved = await api.call<Time>('GET', `/core/api/times/${id}`);
  expect(saved.duration).toBe(900_000);
  expect(saved.billable).toBe(true);
  expect(saved.workType?.code).toBe(1);
  expect(saved.matter?.id).toBe(matter.id);
  expect(Date.now() - new Date(saved.dateTime).getTime()).toBeLessThan(20 * 60_000);
});
