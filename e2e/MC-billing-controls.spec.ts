import { approve, approvedPreInvoice, billingApproves, MONTH_START, TODAY, type Ref } from './billing';
import { expect, signInForApi, test } from './fixtures';

/**
 * The money controls as a billing manager meets them in the browser (MC-1 locks, MC-2 declared
 * moves, MC-4 per-currency totals, MC-6 approval trail): an approved invoice's card offers no Edit
 * and says why; its edit form, reached by its address, says so too, and a change of what it bills
 * is refused with a message in the user's words (the server's 409 names the status); the invoice
 * is returned to Draft with a comment, edited, sent and approved again through the approval panel;
 * the invoice list shows one total line per currency. Set-up (approvers, a project, approved
 * pre-invoices in two currencies, the invoices) goes through the API (`billing.ts`).
 */

interface Invoice extends Ref {
  number: string;
  totalAmount: number | string;
  status: { code: number };
  preInvoiceList: Ref[];
}

/** The API's decimal (a number or a string) as a string without trailing zeros ("1250"). */
const plain = (v: number | string): string =>
  String(v)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

test('MC-1 MC-2 MC-4 MC-6 INV-11 INV-16 INV-27 an approved invoice refuses an edit with a clear message, is returned to Draft with a comment, edited and approved again; the list totals per currency', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const billing = await signInForApi(page, 'billing');
  const adminContext = await browser.newContext();
  const admin = await signInForApi(await adminContext.newPage(), 'admin');
  await billingApproves(billing, admin);

  const stamp = Date.now();
  const client = (await billing.call<{ _embedded: { clients: Ref[] } }>('GET', '/core/api/clients?size=1&sort=id,asc'))
    ._embedded.clients[0]!;
  const currency = async (code: string) =>
    (await billing.call<{ _embedded: { currencies: Ref[] } }>('GET', `/core/api/currencies?code=${code}`))._embedded
      .currencies[0]!;
  const usd = await currency('USD');
  const eur = await currency('EUR');
  const project = await billing.call<Ref & { number: string }>('POST', '/core/api/projects', {
    description: `E2E money controls ${stamp}`,
  });
  const scope = { projectId: project.id, clientId: client.id };
  const first = await approvedPreInvoice(billing, admin, { ...scope, currencyId: usd.id, amount: '1000.00' });
  const second = await approvedPreInvoice(billing, admin, { ...scope, currencyId: usd.id, amount: '250.00' });
  const euros = await approvedPreInvoice(billing, admin, { ...scope, currencyId: eur.id, amount: '300.00' });
  const invoiceOf = async (currencyId: number, pre: Ref) =>
    billing.call<Ref>('POST', '/core/api/invoices', {
      date: TODAY,
      periodGte: MONTH_START,
      periodLte: TODAY,
      project: { id: project.id },
      payerClient: { id: client.id },
      currency: { id: currencyId },
      preInvoiceList: [{ id: pre.id }],
    });
  const created = await invoiceOf(usd.id, first);
  await invoiceOf(eur.id, euros);
  const read = () => billing.call<Invoice>('GET', `/core/api/invoices/${created.id}`);
  const invoice = await read();
  expect(plain(invoice.totalAmount)).toBe('1000');

  // sent to verification and approved on its card, through the approval panel
  await page.goto(`/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Send to verification' }).click();
  await approve(page, admin, billing, `/core/api/invoices/${invoice.id}`, 'Invoice');
  expect((await read()).status.code).toBe(4);

  // MC-1: the approved invoice's card offers no Edit and says why, naming its status
  await page.reload();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Status: Approved')).toBeVisible();
  const lockNote = page.getByTestId('edit-lock');
  await expect(lockNote).toContainText('Editing is closed while it is "Approved"');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  // its edit form reached by the address says the same; billing one more pre-invoice is refused
  // by the server (409) and the user reads why in their words, not a silent failure
  await page.goto(`/invoices/${invoice.id}/edit`);
  await expect(page.getByTestId('edit-lock')).toContainText('Editing is closed while it is "Approved"');
  const pickSecond = page.getByRole('checkbox', { name: new RegExp(`^Pick ${second.number} `) });
  await expect(pickSecond).toBeVisible();
  await pickSecond.check();
  const refused = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/core/api/invoices/${invoice.id}` && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await refused).status()).toBe(409);
  await expect(
    page.getByText(/^The change was not saved: the record's current state does not allow it\./),
  ).toBeVisible();
  const unchanged = await read();
  expect(unchanged.preInvoiceList.map((p) => p.id)).toEqual([first.id]);
  expect(plain(unchanged.totalAmount)).toBe('1000');

  // MC-2: the declared move back to Draft asks for a comment and takes it
  await page.goto(`/invoices/${invoice.id}`);
  await status.getByRole('button', { name: 'Draft' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Move the status to "Draft"');
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
  const reason = `Bill ${second.number} too (${stamp})`;
  await dialog.getByLabel(/^Comment/).fill(reason);
  const moved = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === `/core/api/invoices/${invoice.id}/transitions` && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Move' }).click();
  expect((await moved).status()).toBe(200);
  await expect(status.getByText('Status: Draft')).toBeVisible();
  await expect(page.getByTestId('edit-lock')).toHaveCount(0);
  // the comment is in the status history (MC-6)
  await expect(status.getByText(reason)).toBeVisible();

  // the draft is edited: the second pre-invoice billed too
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByTestId('edit-lock')).toHaveCount(0);
  await page.getByRole('checkbox', { name: new RegExp(`^Pick ${second.number} `) }).check();
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/core/api/invoices/${invoice.id}` && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  const edited = await read();
  expect(edited.preInvoiceList.map((p) => p.id).sort((a, b) => a - b)).toEqual(
    [first.id, second.id].sort((a, b) => a - b),
  );
  expect(plain(edited.totalAmount)).toBe('1250');
  expect(edited.status.code).toBe(1);

  // sent and approved again: a new chain through the approval panel
  await page.goto(`/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Send to verification' }).click();
  await approve(page, admin, billing, `/core/api/invoices/${invoice.id}`, 'Invoice');
  expect((await read()).status.code).toBe(4);
  await page.reload();
  await expect(status.getByText('Status: Approved')).toBeVisible();

  // MC-4: the list of the project's invoices totals per currency, one line each, no bare sum
  const totals = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/core/api/invoices/totalAmount' && r.request().method() === 'GET',
  );
  await page.goto(`/invoices?filter=${encodeURIComponent(JSON.stringify({ 'project.id': project.id }))}`);
  await expect(page.getByRole('row').filter({ hasText: invoice.number })).toBeVisible();
  const answer = (await (await totals).json()) as { byCurrency: Array<{ currency: string; totalAmount: string }> };
  expect(answer.byCurrency.map((l) => l.currency).sort()).toEqual(['EUR', 'USD']);
  const figure = page.locator('output[aria-label="Total amount"]');
  const lines = figure.locator('[data-currency]');
  await expect(lines).toHaveCount(2);
  await expect(figure.locator('[data-currency="USD"]')).toContainText('1,250.00');
  await expect(figure.locator('[data-currency="EUR"]')).toContainText('300.00');
  await expect(figure.locator('[data-currency="EUR"]')).toContainText('USD equivalent');
  // nothing but the currency lines: no bare sum over both
  expect(await figure.textContent()).toBe((await lines.allTextContents()).join(''));
  await adminContext.close();
});
