import { expect, signInForApi, test } from './fixtures';

interface Chain {
  id: number;
  decision: { code: number; gname: string };
  currentApproverId: number | null;
}

test('CONST-05 MAT-06 the approver approves a new matter on its card; another user sees no buttons and the API refuses them', async ({
  page,
  browser,
}) => {
  // billing manages matters and offices: it makes its own employee the only active matter approver
  // of its office (the demo data names two others, whose steps would follow: MC-6)
  const billing = await signInForApi(page, 'billing');
  const me = await billing.call<{ employeeId: number; employeeOfficeId: number }>('GET', '/core/api/auth2/info');
  const matterApprover = (await dictionaryEntry(billing, 'APPROVER_TYPE', 5)).id;
  const others = await billing.call<{ _embedded: { officeApprovers?: Array<{ id: number }> } }>(
    'GET',
    `/core/api/officeApprovers?office.id=${me.employeeOfficeId}&type.id=${matterApprover}&active=true&size=100`,
  );
  for (const other of others._embedded.officeApprovers ?? [])
    await billing.call('PATCH', `/core/api/officeApprovers/${other.id}`, { active: false });
  await billing.call('POST', '/core/api/officeApprovers', {
    type: { id: matterApprover },
    office: { id: me.employeeOfficeId },
    employee: { id: me.employeeId },
    orderliness: 0,
  });
  // another reader of the matter: top, put on its team so that the matter's access list holds it
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const top = await signInForApi(otherPage, 'top');
  const topInfo = await top.call<{ employeeId: number }>('GET', '/core/api/auth2/info');
  const topPositions = await billing.call<{ _embedded: { positions?: Array<{ id: number }> } }>(
    'GET',
    `/core/api/positions?employee.id=${topInfo.employeeId}&status.code=1`,
  );
  const topPosition = topPositions._embedded.positions?.[0];
  expect(topPosition, "top's position").toBeDefined();
  const description = `E2E matter ${Date.now()}`;
  const project = await billing.call<{ id: number }>('POST', '/core/api/projects', {
    description: `Project of ${description}`,
  });
  const matter = await billing.call<{ id: number; verificationChain: { id: number } }>('POST', '/core/api/matters', {
    project: { id: project.id },
    date: '2026-11-02',
    description,
    matterTeamList: [{ teamPosition: { id: topPosition!.id } }],
  });
  const chain = await billing.call<Chain>('GET', `/core/api/verificationChains/${matter.verificationChain.id}`);
  expect(chain.decision.code).toBe(1);
  expect(chain.currentApproverId).toBe(me.employeeId);

  // the other reader: the panel shows the approval, without buttons; the API refuses them
  await otherPage.goto(`/matters/${matter.id}`);
  const otherPanel = otherPage.getByRole('region', { name: 'Approval' });
  await expect(otherPanel.getByText('Approval: Pending')).toBeVisible();
  await expect(otherPanel.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const refused = await top.call<{ message: string }>(
    'POST',
    '/core/api/verificationChains/solve',
    { verificationChainId: chain.id, decisionCode: 2 },
    403,
  );
  expect(refused.message).toMatch(/current approver .* or an administrator/);
  await other.close();

  // the approver decides on the card
  await page.goto(`/matters/${matter.id}`);
  const panel = page.getByRole('region', { name: 'Approval' });
  await expect(panel.getByText('Approval: Pending')).toBeVisible();
  await panel.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Comment').fill('Conflicts checked');
  const solved = page.waitForResponse(
    (r) => r.url().endsWith('/core/api/verificationChains/solve') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Approve' }).click();
  expect((await solved).status()).toBe(200);
  await expect(panel.getByText('Approval: Approved')).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: 'Conflicts checked' })).toContainText('Approved');
  await expect(panel.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const stored = await billing.call<Chain>('GET', `/core/api/verificationChains/${chain.id}`);
  expect(stored.decision.code).toBe(2);
});

/** A dictionary entry by type name and code, through the generic list. */
async function dictionaryEntry(
  api: { call<T>(method: string, path: string): Promise<T> },
  type: string,
  code: number,
): Promise<{ id: number }> {
  const page = await api.call<{ _embedded: { baseDictionaries: Array<{ id: number }> } }>(
    'GET',
    `/core/api/baseDictionaries?type.code=22&code=${code}`,
  );
  expect(page._embedded.baseDictionaries, `${type} ${code}`).toHaveLength(1);
  return page._embedded.baseDictionaries[0]!;
}
