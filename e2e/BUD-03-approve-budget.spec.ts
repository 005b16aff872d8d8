import { expect, signInForApi, test } from './fixtures';

interface Chain {
  id: number;
  decision: { code: number };
  currentApproverId: number | null;
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

test('BUD-03 BUD-05 BUD-09 a budget with two payers (office 50 % + position 50 %) is raised, approved on its card and shown approved', async ({
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
  const positions = await billing.call<{ _embedded: { positions?: Array<{ id: number; office: { id: number } }> } }>(
    'GET',
    '/core/api/positions?status.code=1&size=1',
  );
  const position = positions._embedded.positions![0]!;
  const office = await billing.call<{ currency: { id: number } | null }>(
    'GET',
    `/core/api/offices/${me.employeeOfficeId}`,
  );
  const description = `E2E budget ${Date.now()}`;
  const budget = await billing.call<{ id: number; verificationChain: { id: number } }>('POST', '/core/api/budgets/', {
    date: '2026-11-02',
    budgetType: { id: await entry(billing, 18, 1) },
    amount: 2500,
    currency: office.currency ?? { id: 1 },
    coverBudgetOffice: { id: me.employeeOfficeId },
    description,
    budgetPayerList: [
      { payerType: { id: await entry(billing, 19, 1) }, payerOffice: { id: me.employeeOfficeId }, percentage: 0.5 },
      { payerType: { id: await entry(billing, 19, 3) }, payerPosition: { id: position.id }, percentage: 0.5 },
    ],
  });
  const chain = await billing.call<Chain>('GET', `/core/api/verificationChains/${budget.verificationChain.id}`);
  expect(chain.decision.code).toBe(1);

  // the card: two payers at 50 % each, the approval pending
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
