import { dictionaryCode } from '../schemas/dictionaryTypes';
import { expect, signInForApi, test } from './fixtures';

interface Row {
  id: number;
  [key: string]: unknown;
}

test('CLI-10 CLI-03 CLI-06 clearing the business form and unticking "under sanctions" is a PUT that clears both on the server', async ({
  page,
}) => {
  const api = await signInForApi(page, 'billing');
  const forms = await api.call<{ _embedded: { baseDictionaries: Row[] } }>(
    'GET',
    `/core/api/baseDictionaries?type.code=${dictionaryCode('BUSINESS_FORM')}&size=1`,
  );
  const businessForm = forms._embedded.baseDictionaries[0];
  expect(businessForm, 'a seeded business form').toBeDefined();
  const gname = `E2E clears business form ${Date.now()}`;
  const client = await api.call<Row>('POST', '/core/api/clients', {
    gname,
    businessForm: { id: businessForm!.id },
    underSanctions: true,
    sanctionComments: 'On a list',
  });
  expect(client).toMatchObject({ underSanctions: true, sanctionComments: 'On a list' });

  await page.goto(`/clients/${client.id}/card/edit`);
  await expect(page.locator('input[name="gname"]')).toHaveValue(gname);
  const field = page.locator('.MuiAutocomplete-root', { has: page.getByLabel('Business form', { exact: true }) });
  await expect(field.getByRole('combobox')).toHaveValue(String(businessForm!.gname));
  await field.hover();
  await field.getByRole('button', { name: 'Clear' }).click();
  await expect(field.getByRole('combobox')).toHaveValue('');
  await page.getByLabel('Under sanctions', { exact: true }).uncheck();
  await expect(page.getByLabel('Sanction comments')).toHaveCount(0);

  const next = page.getByRole('button', { name: /^next$/i });
  await next.click();
  await next.click();
  await next.click();
  const put = page.waitForRequest(
    (r) => r.method() !== 'GET' && new URL(r.url()).pathname === `/core/api/clients/${client.id}`,
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const request = await put;
  expect(request.method()).toBe('PUT');
  const body = request.postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ gname, underSanctions: false });
  expect(body).not.toHaveProperty('businessForm');
  expect(body).not.toHaveProperty('sanctionComments');
  expect((await request.response())?.status()).toBe(200);

  const stored = await api.call<Row>('GET', `/core/api/clients/${client.id}?projection=full`);
  expect(stored).toMatchObject({ gname, underSanctions: false, businessForm: null, sanctionComments: null });
});
