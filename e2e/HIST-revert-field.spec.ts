import { expect, signInForApi, test } from './fixtures';

interface Client {
  id: number;
  version: number;
  gname: string;
  address: string | null;
}

test('history: a field of a change is taken back from the History tab; the revert is the newest change', async ({
  page,
}) => {
  const api = await signInForApi(page, 'billing');
  const stamp = Date.now();
  const client = await api.call<Client>('POST', '/core/api/clients', {
    gname: `E2E before ${stamp}`,
    address: 'Old street 1',
  });
  await api.call<Client>('PATCH', `/core/api/clients/${client.id}`, {
    gname: `E2E after ${stamp}`,
    address: 'New street 2',
  });

  await page.goto(`/clients/${client.id}/history`);
  const table = page.getByRole('table', { name: 'History' });
  await expect(table.getByText(`E2E after ${stamp}`)).toBeVisible();
  const post = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/core\/api\/clients\/\d+\/history\/\d+\/revert$/.test(new URL(r.url()).pathname),
  );
  await table.getByRole('button', { name: 'Revert this field: Name' }).first().click();
  const request = await post;
  expect(request.postDataJSON()).toEqual({ fields: ['gname'] });
  expect(request.headers()['if-match']).toBe(`"${client.version + 1}"`);
  expect((await request.response())?.status()).toBe(200);

  // the newest entry is the revert, by the same user, of the name only
  const newest = table.getByRole('row').nth(1);
  await expect(newest).toContainText(`E2E after ${stamp}`);
  await expect(newest).toContainText(`E2E before ${stamp}`);
  await expect(newest).toContainText('billing');
  const stored = await api.call<Client>('GET', `/core/api/clients/${client.id}`);
  expect(stored).toMatchObject({ gname: `E2E before ${stamp}`, address: 'New street 2', version: client.version + 2 });
});
