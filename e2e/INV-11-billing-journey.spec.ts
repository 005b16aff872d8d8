import { approve, billingApproves, MONTH_START, pick, TODAY, type Ref } from './billing';
import { expect, jsonBody, nextApiRequest, signInForApi, test } from './fixtures';

/**
 * The billing manager's month end, through the screens: a pre-invoice is sent to verification and
 * approved on its card, billed by an invoice picked in the invoice form, the invoice is approved,
 * its document produced, acted, and paid in two parts until it reads "Paid & Acted"; then the
 * expenses list is exported. Set-up (approvers, a project, the pre-invoice) goes through the API
 * (`billing.ts`, shared with `MC-billing-controls.spec.ts`).
 */

test('INV-11 INV-21 INV-25 INV-28 PRE-02 PRE-11 PAY-04 billing approves a pre-invoice, bills it by an invoice, acts it, is paid in two parts, and exports expenses', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const billing = await signInForApi(page, 'billing');
  const adminContext = await browser.newContext();
  const admin = await signInForApi(await adminContext.newPage(), 'admin');
  // billing is the first approver of its office's pre-invoices and invoices; the administrator
  // decides the office's other approvers' steps (the office allows one person several, MC-6)
  await billingApproves(billing, admin);
  const stamp = Date.now();
  const client = (
    await billing.call<{ _embedded: { clients: Array<Ref & { gname: string }> } }>(
      'GET',
      '/core/api/clients?size=1&sort=id,asc',
    )
  )._embedded.clients[0]!;
  const usd = (await billing.call<{ _embedded: { currencies: Ref[] } }>('GET', '/core/api/currencies?code=USD'))
    ._embedded.currencies[0]!;
  const project = await billing.call<Ref & { number: string }>('POST', '/core/api/projects', {
    description: `E2E billing ${stamp}`,
  });
  const created0 = await billing.call<Ref>('POST', '/core/api/preInvoices', {
    date: TODAY,
    project: { id: project.id },
    payerClient: { id: client.id },
    currency: { id: usd.id },
    amount: '1000.00',
    vatPercent: 0,
  });
  const pre = await billing.call<Ref & { number: string }>('GET', `/core/api/preInvoices/${created0.id}`);

  // the pre-invoice: sent to verification on its card, approved
  await page.goto(`/pre-invoices/${pre.id}`);
  await page.getByRole('button', { name: 'Send to verification' }).click();
  await approve(page, admin, billing, `/core/api/preInvoices/${pre.id}`, 'Pre-invoice');
  const approvedPre = await billing.call<{ status: { code: number } }>('GET', `/core/api/preInvoices/${pre.id}`);
  expect(approvedPre.status.code).toBe(4);

  // the invoice form: the project's pre-invoice is offered and picked
  await page.goto('/invoices/create');
  await page.getByLabel(/^Date/).fill(TODAY);
  await page.getByLabel(/^Period from/).fill(MONTH_START);
  await page.getByLabel(/^Period to/).fill(TODAY);
  await pick(page, /^Project/, project.number);
  await pick(page, /^Payer/, client.gname);
  await pick(page, /^Currency/, 'USD');
  const pickPre = page.getByRole('checkbox', { name: new RegExp(`^Pick ${pre.number} `) });
  await expect(pickPre).toBeVisible();
  await pickPre.check();
  const created = nextApiRequest(page, 'POST', 'invoices');
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/core/api/invoices' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect(jsonBody<{ preInvoiceList: Ref[] }>(await created).preInvoiceList).toEqual([{ id: pre.id }]);
  const response = await answer;
  expect(response.status()).toBe(201);
  const invoiceId = ((await response.json()) as Ref).id;
  const stored = await billing.call<Ref & { number: string; totalAmount: number | string; preInvoiceList: Ref[] }>(
    'GET',
    `/core/api/invoices/${invoiceId}`,
  );
  const invoice = stored;
  expect(String(stored.totalAmount)).toMatch(/^1000(\.0+)?$/);
  expect(stored.preInvoiceList.map((p) => p.id)).toEqual([pre.id]);

  // the invoice card: verification, approval, the document, act
  await page.goto(`/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Send to verification' }).click();
  await approve(page, admin, billing, `/core/api/invoices/${invoice.id}`, 'Invoice');
  await page.reload();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Document' }).click();
  await page.getByRole('menuitem', { name: 'Invoice' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.docx$/);
  await page.getByRole('button', { name: 'Act' }).click();
  await expect(page.getByRole('button', { name: 'Act' })).toHaveCount(0);

  // two partial payments from the payments tab
  for (const amount of ['400.00', '600.00']) {
    await page.goto(`/invoices/${invoice.id}/payments/create`);
    await page.getByLabel(/^Amount/).fill(amount);
    const paid = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/core/api/paymentHistories' && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await paid).status()).toBe(201);
    const after = await billing.call<{ status: { code: number }; paid: boolean }>(
      'GET',
      `/core/api/invoices/${invoice.id}`,
    );
    // a part paid is status 6, the whole paid status 5
    expect(after.status.code).toBe(amount === '400.00' ? 6 : 5);
  }
  const final = await billing.call<{ paid: boolean; signed: boolean; actPaidState: string }>(
    'GET',
    `/core/api/invoices/${invoice.id}`,
  );
  expect(final).toMatchObject({ paid: true, signed: true, actPaidState: 'Paid & Acted' });
  await page.goto(`/invoices?filter=${encodeURIComponent(JSON.stringify({ number: invoice.number }))}`);
  await expect(page.getByRole('row').filter({ hasText: invoice.number })).toContainText('Paid & Acted');

  // the expenses list exports what it shows
  await page.goto('/expenses');
  const sheet = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel' }).click();
  expect((await sheet).suggestedFilename()).toBe('expenses.xlsx');
  await adminContext.close();
});
