import type { Page } from '@playwright/test';
import { expect, type Api } from './fixtures';

/**
 * Set-up and steps the billing journeys share (`INV-11-billing-journey.spec.ts`,
 * `MC-billing-controls.spec.ts`): dictionary look-ups, the billing manager as the first approver of
 * its office, a dropdown pick, and an approval taken on a card or through the API.
 */

export interface Ref {
  id: number;
}
interface Chain {
  id: number;
  decision: { code: number };
  currentApproverId: number | null;
}

export const TODAY = new Date().toISOString().slice(0, 10);
export const MONTH_START = `${TODAY.slice(0, 8)}01`;

/** A dictionary entry of `typeCode` (22 approver types) with `code`. */
export async function entry(api: Api, typeCode: number, code: number): Promise<Ref> {
  const page = await api.call<{ _embedded: { baseDictionaries: Ref[] } }>(
    'GET',
    `/core/api/baseDictionaries?type.code=${typeCode}&code=${code}`,
  );
  expect(page._embedded.baseDictionaries, `dictionary ${typeCode}/${code}`).toHaveLength(1);
  return page._embedded.baseDictionaries[0]!;
}

/** The signed-in user's employee and office (`GET /auth2/info`). */
export async function whoAmI(api: Api): Promise<{ employeeId: number; employeeOfficeId: number }> {
  return api.call<{ employeeId: number; employeeOfficeId: number }>('GET', '/core/api/auth2/info');
}

/**
 * Makes the billing manager the first approver of its office's pre-invoices (approver type 3) and
 * invoices (type 4), a row of orderliness 0, unless its row already comes first (another journey of
 * the run may have added it), and lets
 * the office's approvals give one person several steps of a chain (`allowSameApproverSteps`, MC-6;
 * off by default), so the administrator can decide the other approvers' steps.
 */
export async function billingApproves(billing: Api, admin: Api): Promise<void> {
  const me = await whoAmI(billing);
  await admin.call('PATCH', `/core/api/offices/${me.employeeOfficeId}`, { allowSameApproverSteps: true });
  for (const type of [3, 4]) {
    const typeRef = await entry(billing, 22, type);
    const approvers = await billing.call<{
      _embedded: { officeApprovers?: Array<Ref & { employee?: Ref | null; orderliness: number }> };
    }>(
      'GET',
      `/core/api/officeApprovers?office.id=${me.employeeOfficeId}&type.id=${typeRef.id}&active=true&size=100&projection=full`,
    );
    // the chain's steps follow orderliness, ties by id: billing's row must come first (the seed
    // may list billing second); a second row for the same person is harmless
    const [firstStep] = (approvers._embedded.officeApprovers ?? []).sort(
      (a, b) => a.orderliness - b.orderliness || a.id - b.id,
    );
    if (firstStep?.employee?.id === me.employeeId) continue;
    await billing.call('POST', '/core/api/officeApprovers', {
      type: { id: typeRef.id },
      office: { id: me.employeeOfficeId },
      employee: { id: me.employeeId },
      orderliness: 0,
    });
  }
}

/** Picks the option of the dropdown labelled `label` whose text contains `text`. */
export async function pick(page: Page, label: string | RegExp, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label }).first();
  await box.click();
  await box.fill(text);
  await page.getByRole('option').filter({ hasText: text }).first().click();
}

/** Lets the administrator decide every step still pending on the chain of the record at `path`; expects it approved. */
async function adminFinishes(admin: Api, owner: Api, path: string, label: string): Promise<void> {
  const record = await owner.call<{ verificationChain: Ref }>('GET', path);
  for (let step = 0; step < 10; step++) {
    const chain = await admin.call<Chain>('GET', `/core/api/verificationChains/${record.verificationChain.id}`);
    if (chain.decision.code !== 1) break;
    await admin.call(
      'POST',
      '/core/api/verificationChains/solve',
      { verificationChainId: chain.id, decisionCode: 2, comment: 'Approved by the administrator' },
      200,
    );
  }
  const chain = await admin.call<Chain>('GET', `/core/api/verificationChains/${record.verificationChain.id}`);
  expect(chain.decision.code, `${label} chain decision`).toBe(2);
}

/**
 * Approves the chain on the card as its first approver (the signed-in billing manager), then lets
 * the administrator decide the office's other approvers' steps, as an administrator may (see
 * {@link billingApproves}).
 */
export async function approve(page: Page, admin: Api, owner: Api, path: string, label: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Approval' });
  await expect(panel.getByText('Approval: Pending')).toBeVisible();
  await panel.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Comment').fill(`${label} checked`);
  const solved = page.waitForResponse(
    (r) => r.url().endsWith('/core/api/verificationChains/solve') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Approve' }).click();
  expect((await solved).status()).toBe(200);
  await adminFinishes(admin, owner, path, label);
}

/**
 * Creates a pre-invoice of `amount` in `currencyId` for the project and payer and approves it
 * through the API (sent by the billing manager, every step decided by the administrator), so an
 * invoice may bill it (MC-3). Answers its id and number.
 */
export async function approvedPreInvoice(
  billing: Api,
  admin: Api,
  fields: { projectId: number; clientId: number; currencyId: number; amount: string },
): Promise<Ref & { number: string }> {
  const created = await billing.call<Ref>('POST', '/core/api/preInvoices', {
    date: TODAY,
    project: { id: fields.projectId },
    payerClient: { id: fields.clientId },
    currency: { id: fields.currencyId },
    amount: fields.amount,
    vatPercent: 0,
  });
  const sent = await billing.call<{ verificationChain: Ref }>(
    'POST',
    `/core/api/preInvoices/verify/${created.id}`,
    undefined,
    200,
  );
  expect(sent.verificationChain, 'the pre-invoice has its chain').toBeTruthy();
  await adminFinishes(admin, billing, `/core/api/preInvoices/${created.id}`, 'Pre-invoice');
  const pre = await billing.call<Ref & { number: string; status: { code: number } }>(
    'GET',
    `/core/api/preInvoices/${created.id}`,
  );
  expect(pre.status.code, `pre-invoice ${pre.number} approved`).toBe(4);
  return pre;
}
