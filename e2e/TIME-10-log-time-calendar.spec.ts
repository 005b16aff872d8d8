import { expect, signInForApi, test, type Api } from './fixtures';

interface Time {
  id: number;
  dateTime: string;
  duration: number;
  billable: boolean;
  billingStatus: { code: number } | null;
  matter: { id: number } | null;
}

/** A project and a matter to log time on, made through the API. */
async function newMatter(api: Api, description: string): Promise<{ id: number }> {
  const project = await api.call<{ id: number }>('POST', '/core/api/projects', {
    description: `${description} project`,
  });
  const today = new Date().toISOString().slice(0, 10);
  return api.call<{ id: number }>('POST', '/core/api/matters', {
    project: { id: project.id },
    date: today,
    description,
  });
}

test('TIME-10 TIME-03 NAV-106 a 15-minute entry is logged on the calendar by click-drag (billing status 2), then moved by drag', async ({
  page,
}) => {
  const api = await signInForApi(page, 'admin');
  const description = `E2E calendar matter ${Date.now()}`;
  const matter = await newMatter(api, description);

  await page.goto('/times/calendar');
  // two weeks ahead nobody has logged time, so no entry of another journey (the mobile page logs
  // one "now") can share the slot this journey drags over
  await expect(page.getByLabel('Loading entries')).toHaveCount(0);
  await page.getByRole('button', { name: /next/i }).click();
  await expect(page.getByLabel('Loading entries')).toHaveCount(0);
  await page.getByRole('button', { name: /next/i }).click();
  await expect(page.getByLabel('Loading entries')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'No time logged in this period' })).toBeVisible();
  const header = page.getByRole('columnheader').first();
  await expect(header).toBeVisible();
  await page.getByText('11am', { exact: true }).scrollIntoViewIfNeeded();
  const column = (await header.boundingBox())!;
  const tenAm = (await page.getByText('10am', { exact: true }).boundingBox())!;
  const x = column.x + column.width / 2;

  // click-drag over 10:00-10:15 on that week's first day opens the new-entry dialog
  await page.mouse.move(x, tenAm.y + 4);
  await page.mouse.down();
  await page.mouse.move(x, tenAm.y + 8, { steps: 3 });
  await page.mouse.move(x, tenAm.y + 14, { steps: 3 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('0:15');
  await dialog.getByRole('combobox', { name: /matter/i }).fill(description);
  await page.getByRole('option', { name: new RegExp(description) }).click();
  await dialog.getByRole('textbox', { name: /description/i }).fill('Drafted by drag');
  const created = page.waitForResponse((r) => r.url().endsWith('/core/api/times') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Log time' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as Time;
  await expect(dialog).toBeHidden();

  const saved = await api.call<Time>('GET', `/core/api/times/${id}`);
  expect(saved.duration).toBe(900_000);
  expect(saved.billable).toBe(true);
  expect(saved.billingStatus?.code).toBe(2);
  expect(saved.matter?.id).toBe(matter.id);

  // drag the entry an hour down: PUT /times/{id} with the new dateTime, same duration
  const event = page.getByText('Drafted by drag').first();
  await expect(event).toBeVisible();
  await page.getByText('12pm', { exact: true }).scrollIntoViewIfNeeded();
  const box = (await event.boundingBox())!;
  const hour =
    (await page.getByText('11am', { exact: true }).boundingBox())!.y -
    (await page.getByText('10am', { exact: true }).boundingBox())!.y;
  const moved = page.waitForResponse(
    (r) => r.url().endsWith(`/core/api/times/${id}`) && r.request().method() === 'PUT',
  );
  await page.mouse.move(box.x + box.width / 2, box.y + 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 2 + hour / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2, box.y + 2 + hour, { steps: 5 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  const after = await api.call<Time>('GET', `/core/api/times/${id}`);
  expect(new Date(after.dateTime).getTime() - new Date(saved.dateTime).getTime()).toBe(3_600_000);
  expect(after.duration).toBe(900_000);
  // leave the future week empty for the next run against the same database
  await api.call('DELETE', `/core/api/times/${id}`, undefined, 204);
});
