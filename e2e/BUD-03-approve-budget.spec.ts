import type { Locator, Page } from '@playwright/test';
import { expect, signInForApi, test } from './fixtures';

interface Chain {
  id: number;
  decision: { code: number };
  currentApproverId: number | null;
}

/** Picks an option of the dropdown labelled `label` inside `scope`: the first containing `text`, else the first. */
async function pick(scope: Page | Locator, label: RegExp, text?: string): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const box = scope.getByRole('combobox', { name: label }).first();
  await box.click();
  if (text) await box.fill(text);
  const option = text ? page.getByRole('option').filter({ hasText: text }).first() : page.getByRole('option').first();
  await option.click();
}

/** A dictionary entry id by its type's code and its own code, through the generic list. */
async function entry(api: { call<T>(method: string, path: string): Promise<T> }, typeCode: number, code: number) {
  const page = await api.call<{ _embedded: { baseDictionaries: Array<{ id: number }> } }>(
    'GET',
    `/core/api/baseDictionaries?type.code=${typeCode}&code=${code}`,
  );
  expect(page._embedded.baseDictionaries, `entry ${typeCode}/${code}`).toHaveLength(1);
  return page._embedded.baseDictionaries[0]!.id;
}

test('BUD-03 BUD-05 BUD-07 BUD-08 BUD-09 a budget with two payers (office 50 % + position 50 %) is raised in the form, approved on its card and shown approved', async ({
  page,
}) => {
  // billing manages budgets and offices: it makes its own employee the only active budget approver
  // of its office (the demo data names two others, whose steps would follow)
  const billing = await signInForApi(page, 'billing');
  const me = await billing.call<{ employeeId: number; employeeOfficeId: number }>('GET', '/core/api/auth2/info');
  const budgetApprover = await entry(billing, 22, 1);
  const others = await billing.call<{ _embedded: { officeApprovers?: Array<{ id: number }> } }>(
    'GET',
    `/core/api/officeApprovers?office.id=${me.employeeOfficeId}&type.id=${budgetApprover}&active=true&size=100`,
  );
  for (const other of others._embedded.officeApprovers ?? [])
    await billing.call('PATCH', `/core/api/officeApprovers/${other.id}`, { active: false });
  await billing.call('POST', '/core/api/officeApprovers', {
    type: { id: budgetApprover },
    office: { id: me.employeeOfficeId },
    employee: { id: me.employeeId },
    orderliness: 0,
  });
  const office = await billing.call<{ gfirmName: string }>('GET', `/core/api/offices/${me.employeeOfficeId}`);
  const officeType = await entry(billing, 19, 1);
  const positionType = await entry(billing, 19, 3);

  // the form: the budget, then two payers of different types, their shares typed in percent
  const description = `E2E budget ${Date.now()}`;
  await page.goto('/budgets/create');
  await pick(page, /^Budget type/, 'Marketing');
  await page.getByLabel(/^Amount/).fill('2500');
  await pick(page, /^Currency/);
  await pick(page, /^Covering office/, office.gfirmName);
  await page.getByLabel(/^Description/).fill(description);
  const payerRows = page.locator('.RaSimpleFormIterator-line');
  const addPayer = page.locator('.RaSimpleFormIterator-add').first();
  await addPayer.click();
  const first = payerRows.nth(0);
  await pick(first, /^Payer type/, 'Office');
  await pick(first, /^Office/, office.gfirmName);
  await first.getByLabel(/^Share/).fill('50');
  await addPayer.click();
  const second = payerRows.nth(1);
  await pick(second, /^Payer type/, 'Position');
  // BUD-05..07 the payer type decides the payer's fields: an office payer names its office only, a
  // position payer its position (the server gives it the position's office), never a department
  await expect(first.getByRole('combobox', { name: /^Position/ })).toHaveCount(0);
  await expect(first.getByRole('combobox', { name: /^Department/ })).toHaveCount(0);
  await expect(second.getByRole('combobox', { name: /^Department/ })).toHaveCount(0);
  await pick(second, /^Position/);
  await second.getByLabel(/^Share/).fill('50');
  const posted = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/core\/api\/budgets\/?$/.test(new URL(r.url()).pathname),
  );
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/core\/api\/budgets\/?$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const body = (await posted).postDataJSON() as { budgetPayerList: Array<Record<string, unknown>> };
  // BUD-05 BUD-08: shares sent as fractions, each payer with the field of its type
  // money travels as its exact decimal value (the currency mask)
  expect(body).toMatchObject({
    amount: '2500.00',
    description,
    coverBudgetOffice: { id: me.employeeOfficeId },
    budgetPayerList: [
      { payerType: { id: officeType }, payerOffice: { id: me.employeeOfficeId }, percentage: 0.5 },
      { payerType: { id: positionType }, payerPosition: { id: expect.any(Number) }, percentage: 0.5 },
    ],
  });
  const response = await answered;
  expect(response.status()).toBe(201);
  const budget = (await response.json()) as { id: number; verificationChain: { id: number } };
  // the server stored the position payer with its position's office and no department (BUD-05)
  const full = await billing.call<{ budgetPayerList: Array<Record<string, { id: number } | null | number>> }>(
    'GET',
    `/core/api/budgets/${budget.id}?projection=full`,
  );
  expect(full.budgetPayerList).toHaveLength(2);
  expect(full.budgetPayerList.map((p) => p.percentage)).toEqual([0.5, 0.5]);
  const byPosition = full.budgetPayerList.find((p) => p.payerPosition);
  expect(byPosition?.payerOffice).toMatchObject({ id: expect.any(Number) });
  expect(byPosition?.payerDepartment ?? null).toBeNull();
  const chain = await billing.call<Chain>('GET', `/core/api/verificationChains/${budget.verificationChain.id}`);
  expect(chain.decision.code).toBe(1);

  // the card: two payers at 50 % each, the approval pending
  await expect(page).toHaveURL(new RegExp(`/budgets/${budget.id}(/show)?$`));
  await page.goto(`/budgets/${budget.id}`);
  const payers = page.getByRole('table', { name: 'Payers' });
  await expect(payers.getByText('50 %')).toHaveCount(2);
  const panel = page.getByRole('region', { name: 'Approval' });
  await expect(panel.getByText('Approval: Pending')).toBeVisible();
  await panel.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  const solved = page.waitForResponse(
    (r) => r.url().endsWith('/core/api/verificationChains/solve') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Approve' }).click();
  expect((await solved).status()).toBe(200);
  await expect(panel.getByText('Approval: Approved')).toBeVisible();
  const stored = await billing.call<Chain>('GET', `/core/api/verificationChains/${chain.id}`);
  expect(stored.decision.code).toBe(2);
  // the list finds it among the approved budgets
  await page.goto('/budgets');
  await expect(page.getByText(description)).toBeVisible();
});
