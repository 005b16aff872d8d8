import { schemas } from '../schemas/index';
import { expect, signInForApi, test, userMenu, type Api } from './fixtures';

type Row = { id: number; [k: string]: unknown };

/**
 * USR-02 USR-07 USR-12 PERM-10: an administrator makes a role that may only view clients (its
 * privilege added on the role card), gives it to a new user (password typed twice), and that user
 * then sees exactly the clients area: Clients and their Contacts in the menu beside the two pages
 * every signed-in user has (the approvals inbox and ideas; docs/decisions.md, "a view-only
 * role's menu"), no Create button, /offices ends on the not-found page without a request for
 * offices, and the server refuses that user's token every other privileged list.
 */
test('USR-02 USR-12 PERM-10 a view-only client role gives a new user exactly the clients list', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const roleName = `E2E_CLIENT_VIEWER_${stamp}`;
  const username = `viewer.${stamp}@bureau.test`;
  const password = `pw-${stamp}`;
  const api: Api = await signInForApi(page, 'admin');

  // the role
  await page.goto('/roles/create');
  await page.locator('input[name="name"]').fill(roleName);
  const roleCreated = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/auth/api/v2/roles',
  );
  await page.getByRole('button', { name: /^save$/i }).click();
  const role = (await (await roleCreated).json()) as Row;

  // its privilege, added on the role card (POST /auth/api/v2/privileges)
  await page.goto(`/roles/${role.id}/privileges`);
  await page.getByRole('link', { name: /create/i }).click();
  await page.getByLabel(/^Module/).click();
  await page.getByRole('option', { name: 'client', exact: true }).click();
  await page.getByLabel(/^View/).check();
  const privilegeCreated = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/auth/api/v2/privileges',
  );
  await page.getByRole('button', { name: /^save$/i }).click();
  expect((await privilegeCreated).postDataJSON()).toMatchObject({
    module: 'client',
    view: true,
    role: { id: role.id },
  });
  const stored = await api.call<{ privilegeList: Row[] }>('GET', `/auth/api/v2/roles/${role.id}?projection=full`);
  expect(stored.privilegeList).toEqual([
    expect.objectContaining({ module: 'client', view: true, create: false, update: false, delete: false }),
  ]);

  // the user, password typed twice; a mismatch is refused at the second box first
  await page.goto('/users/create');
  await page.getByLabel(/^Username/).fill(username);
  await expect(page.getByTestId('username-status')).toHaveText('Available');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Repeat password/).fill(`${password}-typo`);
  await page.getByRole('button', { name: /^save$/i }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel(/^Repeat password/).fill(password);
  const rolesInput = page.getByRole('combobox', { name: /^Roles/ });
  await rolesInput.click();
  await rolesInput.fill(roleName);
  await page.getByRole('option', { name: roleName }).click();
  const userCreated = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/auth/api/v2/users',
  );
  await page.getByRole('button', { name: /^save$/i }).click();
  const sent = (await userCreated).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ username, password, roles: [{ id: role.id }] });
  expect(sent).not.toHaveProperty('password2');

  // sign out (once the save's notice has gone: it covers the user menu), then in as the new user
  const notice = page.getByRole('alert').filter({ hasText: 'Element created' });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveCount(0, { timeout: 10_000 });
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: /sign ?out/i }).click();
  const loginForm = page.locator('input[name="username"]');
  const signInButton = page.getByRole('button', { name: /^sign in$/i });
  await expect(loginForm.or(signInButton).first()).toBeVisible({ timeout: 30_000 });
  if (!(await loginForm.isVisible())) await signInButton.click();
  const firstCall = page.waitForRequest(
    (r) => new URL(r.url()).pathname.startsWith('/core/api/') && !!r.headers()['authorization'],
  );
  await loginForm.fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL((url) => url.pathname === '/clients', { timeout: 30_000 });
  await expect(userMenu(page)).toBeVisible();

  // exactly the clients list
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const menu = page.locator('.RaMenu-open, .RaMenu-closed').first();
  // the client privilege opens Clients and its Contacts; the approvals inbox and ideas are every
  // signed-in user's; no dictionary, administration or organisation page
  await expect(menu.getByRole('menuitem', { name: /Clients/ })).toBeVisible();
  // the menu pages of the client module (Clients, Contacts, and any entity added to the module
  // since), then the two every user has
  const clientPages = schemas.filter((s) => s.module === 'client' && !s.hideFromMenu).map((s) => s.label);
  expect(clientPages).toEqual(expect.arrayContaining(['Clients', 'Contacts']));
  // the pages every signed-in user has: approvals, ideas, and the dashboards (figures scoped by the server)
  await expect(menu.getByRole('menuitem')).toHaveCount(clientPages.length + 3);
  const texts = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  expect([...texts].sort()).toEqual([...clientPages, 'Approvals', 'Ideas', 'Dashboards'].sort());
  await expect(page.getByRole('link', { name: /^create$/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^create$/i })).toHaveCount(0);

  // typing a forbidden list's URL: the not-found page, and no request for offices
  const officeCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/core/api/offices')) officeCalls.push(r.url());
  });
  await page.goto('/offices');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(officeCalls).toEqual([]);

  // the server, not the menu, is the guard: with this user's own token the clients list answers
  // and every other privileged list is refused
  const authorization = (await firstCall).headers()['authorization']!;
  const status = async (path: string) => (await page.request.fetch(path, { headers: { authorization } })).status();
  expect(await status('/core/api/clients')).toBe(200);
  // (offices, employees, departments and positions are read by every signed-in user for the
  // pickers; their pages stay closed, as /offices above shows)
  for (const path of [
    '/core/api/budgets',
    '/core/api/matters',
    '/core/api/projects',
    '/core/api/currencyRates',
    '/core/api/officeAccounts',
    '/core/api/positionFunds',
    '/auth/api/v2/users',
    '/auth/api/v2/roles',
  ])
    expect(await status(path), path).toBe(403);
  // and a write to the clients it may only view
  const write = await page.request.fetch('/core/api/clients', {
    method: 'POST',
    headers: { authorization },
    data: { gname: 'Not allowed' },
  });
  expect(write.status()).toBe(403);
});
