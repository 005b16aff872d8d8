import { apiGet, expect, jsonBody, nextApiRequest, signInForApi, test } from './fixtures';

test('CLI-14 a contact saved with empty phone numbers is sent and stored with null phones', async ({ page }) => {
  // a client of its own: journeys run side by side, and another one may be editing a seeded client
  const api = await signInForApi(page, 'billing');
  const client = await api.call<{ id: number }>('POST', '/core/api/clients', { gname: `E2E phones ${Date.now()}` });

  await page.goto(`/clients/${client.id}/contacts/create`); // NAV-18
  const name = `E2E contact ${Date.now()}`;
  await page.getByLabel('Full name', { exact: false }).fill(name);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(/^[^0-9]*$/);
  await expect(page.getByLabel('Second phone', { exact: true })).toHaveValue(/^[^0-9]*$/);

  const post = nextApiRequest(page, 'POST', 'contacts');
  await page.getByRole('button', { name: /^save$/i }).click();
  const sent = await post;
  const body = jsonBody(sent);
  expect(body.gname).toBe(name);
  expect(body).toHaveProperty('firstPhoneNumber', null);
  expect(body).toHaveProperty('secondPhoneNumber', null);
  expect(body.client).toMatchObject({ id: client.id });

  const response = await sent.response();
  expect(response?.status()).toBe(201);
  const created = (await response!.json()) as { id: number };
  const stored = await apiGet(page, sent, `/core/api/contacts/${created.id}?projection=full`);
  expect(stored).toMatchObject({ gname: name, firstPhoneNumber: null, secondPhoneNumber: null });
});
