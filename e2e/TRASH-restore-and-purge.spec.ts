import { expect, signInForApi, test, type Api } from './fixtures';

interface Created {
  id: number;
}

/** WORK_TYPE (dictionary type 13) entry 1, "time entry": the id a time entry names. */
async function timeEntryType(api: Api): Promise<number> {
  const page = await api.call<{ _embedded: { baseDictionaries: Created[] } }>(
    'GET',
    '/core/api/baseDictionaries?type.code=13&code=1',
  );
  expect(page._embedded.baseDictionaries).toHaveLength(1);
  return page._embedded.baseDictionaries[0]!.id;
}

/** A new matter of `project` with one hour logged on it, through the API; returns both ids. */
async function matterWithTime(api: Api, project: number, description: string) {
  const matter = await api.call<Created>('POST', '/core/api/matters', {
    project: { id: project },
    date: '2026-11-02',
    description,
  });
  const time = await api.call<Created>('POST', '/core/api/times', {
    dateTime: '2026-11-05T09:00:00Z',
    workType: { id: await timeEntryType(api) },
    matter: { id: matter.id },
    workDescription: `Work on ${description}`,
    duration: 3_600_000,
  });
  return { matter: matter.id, time: time.id };
}

test('TRASH a deleted matter is found in the trash and restored to its project with its time entries; a purged one is gone', async ({
  page,
}) => {
  const api = await signInForApi(page, 'admin');
  const stamp = Date.now();
  const project = await api.call<Created>('POST', '/core/api/projects', { description: `E2E trash project ${stamp}` });
  const kept = await matterWithTime(api, project.id, `E2E trash kept ${stamp}`);
  const purged = await matterWithTime(api, project.id, `E2E trash purged ${stamp}`);

  // delete the first matter from its card
  await page.goto(`/matters/${kept.matter}`);
  await expect(page.getByText(`E2E trash kept ${stamp}`).first()).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).first().click();
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === `/core/api/matters/${kept.matter}`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  expect((await deleted).status()).toBe(204);
  await expect(page).toHaveURL(/\/matters(\?.*)?$/);

  // it left its project's matters and the time lists
  await api.call('GET', `/core/api/matters/${kept.matter}`, undefined, 404);
  await api.call('GET', `/core/api/times/${kept.time}`, undefined, 404);
  await page.goto(`/projects/${project.id}/matters`);
  await expect(page.getByText(`E2E trash purged ${stamp}`)).toBeVisible();
  await expect(page.getByText(`E2E trash kept ${stamp}`)).toHaveCount(0);

  // the matters list leads to the trash, which shows who deleted it and when
  await page.goto('/matters');
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/matters\/trash$/);
  const row = page.getByRole('row').filter({ hasText: `E2E trash kept ${stamp}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('admin');

  // restore it: back in its project, with its time entry
  await row.getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Restored')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `E2E trash kept ${stamp}` })).toHaveCount(0);
  await page.goto(`/projects/${project.id}/matters`);
  await expect(page.getByText(`E2E trash kept ${stamp}`)).toBeVisible();
  await page.goto(`/matters/${kept.matter}/times`);
  await expect(page.getByText(`Work on E2E trash kept ${stamp}`)).toBeVisible();
  await api.call('GET', `/core/api/times/${kept.time}`);

  // delete the other one, purge it from the trash: gone for good
  await api.call('DELETE', `/core/api/matters/${purged.matter}`, undefined, 204);
  await page.goto('/matters/trash');
  const other = page.getByRole('row').filter({ hasText: `E2E trash purged ${stamp}` });
  await other.getByRole('button', { name: 'Purge' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Purge' }).click();
  await expect(page.getByText('Purged for good')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `E2E trash purged ${stamp}` })).toHaveCount(0);
  await api.call('POST', `/core/api/matters/${purged.matter}/restore`, undefined, 404);
  await api.call('GET', `/core/api/times/${purged.time}`, undefined, 404);
  await page.goto(`/projects/${project.id}/matters`);
  await expect(page.getByText(`E2E trash kept ${stamp}`)).toBeVisible();
  await expect(page.getByText(`E2E trash purged ${stamp}`)).toHaveCount(0);
});
