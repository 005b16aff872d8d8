import type { Page, Request } from '@playwright/test';
import { expect, signInForApi, test } from './fixtures';

/**
 * For every generated form with a child collection (clients -> contactList, roles ->
 * privilegeList): a record with children is made through the API, its edit form changes only the
 * name and saves, and the children read back through the API are the same, byte for byte
 * (version and lastModifiedDate included): nothing deleted, nothing rewritten.
 */

interface Row {
  id: number;
  [key: string]: unknown;
}

/** The next `method` request to exactly `path`; start it before the click that sends it. */
const nextRequest = (page: Page, method: string, path: string): Promise<Request> =>
  page.waitForRequest((r) => r.method() === method && new URL(r.url()).pathname === path);

/** Saves the open form and waits for the PUT it sends; the request and its JSON body. */
async function saveExpectingPut(page: Page, path: string) {
  const put = nextRequest(page, 'PUT', path);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const request = await put;
  const response = await request.response();
  expect(response?.status(), `PUT ${path}`).toBe(200);
  return { request, body: request.postDataJSON() as Record<string, unknown> };
}

test('CLI-10 CLI-04 NAV-17 editing only the name of a client keeps its contacts byte for byte', async ({ page }) => {
  const api = await signInForApi(page, 'billing');
  const stamp = Date.now();
  const client = await api.call<Row>('POST', '/core/api/clients', {
    gname: `E2E keeps contacts ${stamp}`,
    contactList: [
      {
        gname: `Ann ${stamp}`,
        gjobTitle: 'Partner',
        firstEmail: 'ann@example.test',
        firstPhoneNumber: '+7 701 000 00 01',
      },
      { gname: `Bob ${stamp}`, comments: 'Prefers e-mail' },
    ],
  });
  // the parent's embedded name legitimately changes; everything else of each contact must not
  const contacts = async () =>
    (
      await api.call<{ _embedded: { contacts: Row[] } }>(
        'GET',
        `/core/api/contacts?client.id=${client.id}&projection=full&sort=id,asc&size=100`,
      )
    )._embedded.contacts.map((c) => JSON.stringify({ ...c, client: (c.client as Row).id }));
  const before = await contacts();
  expect(before).toHaveLength(2);

  await page.goto(`/clients/${client.id}/card/edit`);
  const name = page.locator('input[name="gname"]');
  await expect(name).toHaveValue(`E2E keeps contacts ${stamp}`);
  await name.fill(`E2E keeps contacts ${stamp} renamed`);
  const next = page.getByRole('button', { name: /^next$/i });
  await next.click();
  // the contact step shows the loaded contacts
  await expect(page.locator('input[name="contactList.0.gname"]')).toHaveValue(`Ann ${stamp}`);
  await expect(page.locator('input[name="contactList.1.gname"]')).toHaveValue(`Bob ${stamp}`);
  await next.click();
  await next.click();
  const { body } = await saveExpectingPut(page, `/core/api/clients/${client.id}`);
  expect(body.gname).toBe(`E2E keeps contacts ${stamp} renamed`);

  expect(await contacts()).toEqual(before);
  const stored = await api.call<Row>('GET', `/core/api/clients/${client.id}?projection=full`);
  expect(stored.gname).toBe(`E2E keeps contacts ${stamp} renamed`);
  expect((stored.contactList as Row[]).map((c) => c.id)).toEqual(before.map((c) => (JSON.parse(c) as Row).id));
});

test('CLI-10 USR-02 editing only the name of a role keeps its privileges byte for byte', async ({ page }) => {
  const api = await signInForApi(page, 'admin');
  const stamp = Date.now();
  const role = await api.call<Row>('POST', '/auth/api/v2/roles', {
    name: `E2E_ROLE_${stamp}`,
    privilegeList: [
      { module: 'client', view: true, create: true },
      { module: 'office', view: true, update: true, delete: true },
    ],
  });
  const privileges = async () =>
    ((await api.call<Row>('GET', `/auth/api/v2/roles/${role.id}?projection=full`)).privilegeList as Row[])
      .sort((a, b) => a.id - b.id)
      .map((p) => JSON.stringify(p));
  const before = await privileges();
  expect(before).toHaveLength(2);

  await page.goto(`/roles/${role.id}/card/edit`);
  const name = page.locator('input[name="name"]');
  await expect(name).toHaveValue(`E2E_ROLE_${stamp}`);
  await name.fill(`E2E_ROLE_${stamp}_RENAMED`);
  const { body } = await saveExpectingPut(page, `/auth/api/v2/roles/${role.id}`);
  expect(body.name).toBe(`E2E_ROLE_${stamp}_RENAMED`);

  expect(await privileges()).toEqual(before);
});
