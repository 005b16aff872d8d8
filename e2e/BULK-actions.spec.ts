import { expect, signInForApi, test } from './fixtures';

interface Lead {
  id: number;
  version: number;
  description: string;
  date: string;
  dealStage: { code: number; gname: string };
  leadSource: { id: number; gname: string } | null;
  businessRelationshipManager: { id: number } | null;
}

interface Employee {
  id: number;
  glastName: string;
}

test('BULK a selection of leads changes stage with a comment and is assigned a manager, each lead judged on its own; a cell is edited in place and only that field changes', async ({
  page,
}) => {
  const api = await signInForApi(page, 'admin');
  const prefix = `E2E bulk ${Date.now()}`;
  const create = (n: number) =>
    api.call<Lead>('POST', '/core/api/leads', { date: '2026-11-02', description: `${prefix} ${n}` });
  const [a, b, closed] = [await create(1), await create(2), await create(3)];
  // the third lead is closed lost: no move leaves that stage
  await api.call('POST', `/core/api/leads/${closed.id}/transitions`, { to: 2, comment: 'Called' }, 200);
  await api.call('POST', `/core/api/leads/${closed.id}/transitions`, { to: 10, comment: 'Lost' }, 200);

  await page.goto(`/leads?filter=${encodeURIComponent(JSON.stringify({ search: prefix }))}`);
  const table = page.getByRole('table').first();
  await expect(table.getByText(`${prefix} 1`)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);

  // change status: the selection's allowed moves, a comment, one request for all three
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: 'First point of contact' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
  await dialog.getByLabel('Comment').fill('Called the whole batch');
  const moved = page.waitForResponse(
    (r) => r.url().endsWith('/core/api/leads/bulk') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Move' }).click();
  expect((await moved).status()).toBe(200);
  await expect(page.getByText('2 updated, 1 refused')).toBeVisible();
  const refused = page.getByRole('dialog', { name: 'Refused records' });
  await expect(refused).toContainText(`#${closed.id}: Deal stage cannot move from "Closed lost"`);
  await refused.getByRole('button', { name: 'Close' }).click();
  for (const lead of [a, b]) expect((await api.call<Lead>('GET', `/core/api/leads/${lead.id}`)).dealStage.code).toBe(2);
  expect((await api.call<Lead>('GET', `/core/api/leads/${closed.id}`)).dealStage.code).toBe(10);
  const history = await api.call<{ _embedded: { statusChanges: Array<{ comment: string }> } }>(
    'GET',
    `/core/api/leads/${a.id}/statusChanges`,
  );
  expect(history._embedded.statusChanges[0]!.comment).toBe('Called the whole batch');

  // assign: the refused lead stayed selected; select all again and set the manager
  const employees = await api.call<{ _embedded: { employees: Employee[] } }>(
    'GET',
    '/core/api/employees?size=1&sort=id,asc',
  );
  const employee = employees._embedded.employees[0]!;
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Set Business relationship manager' }).click();
  const set = page.getByRole('dialog');
  const box = set.getByRole('combobox', { name: /^Business relationship manager/ });
  await box.click();
  await box.fill(employee.glastName);
  await page.getByRole('option').filter({ hasText: employee.glastName }).first().click();
  const assigned = page.waitForResponse(
    (r) => r.url().endsWith('/core/api/leads/bulk') && r.request().method() === 'POST',
  );
  await set.getByRole('button', { name: 'Apply' }).click();
  expect((await assigned).status()).toBe(200);
  await expect(page.getByText('3 updated, 0 refused')).toBeVisible();
  for (const lead of [a, b, closed])
    expect((await api.call<Lead>('GET', `/core/api/leads/${lead.id}`)).businessRelationshipManager?.id).toBe(
      employee.id,
    );

  // inline edit: the lead source of the first lead, from the keyboard
  const before = await api.call<Lead>('GET', `/core/api/leads/${a.id}`);
  const row = table.getByRole('row').filter({ hasText: `${prefix} 1` });
  await row.locator('[data-inline-edit="leadSource"]').focus();
  await page.keyboard.press('Enter');
  const editor = row.locator('[data-inline-editor="leadSource"]');
  await editor.getByRole('combobox').click();
  const option = page.getByRole('option').first();
  const source = (await option.textContent())!.trim();
  await option.click();
  const patched = page.waitForResponse(
    (r) => r.url().endsWith(`/core/api/leads/${a.id}`) && r.request().method() === 'PATCH',
  );
  await editor.getByRole('button', { name: 'Save' }).click();
  const patch = await patched;
  expect(patch.status()).toBe(200);
  expect(Object.keys(patch.request().postDataJSON() as object)).toEqual(['leadSource']);
  expect(patch.request().headers()['if-match']).toBe(`"${before.version}"`);
  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: `${prefix} 1` })).toContainText(source);
  const after = await api.call<Lead>('GET', `/core/api/leads/${a.id}`);
  expect(after.leadSource?.gname).toBe(source);
  const { leadSource: _s, version: _v, lastModifiedDate: _d, ...rest } = after as Lead & { lastModifiedDate: string };
  const {
    leadSource: _s0,
    version: _v0,
    lastModifiedDate: _d0,
    ...restBefore
  } = before as Lead & {
    lastModifiedDate: string;
  };
  expect(rest).toEqual(restBefore);
});
