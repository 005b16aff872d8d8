import { expect, jsonBody, nextApiRequest, signIn, test } from './fixtures';

test('NAV-17 CLI-04 CLI-03 the client wizard sends VAT 12 % as 0.12 and no sanctionComments', async ({ page }) => {
  await signIn(page, 'billing', '/clients');
  await page
    .getByRole('link', { name: /^create$/i })
    .or(page.getByRole('button', { name: /^create$/i }))
    .first()
    .click();

  // NAV-17: the steps, in order
  const steps = page.locator('.MuiStepLabel-label');
  await expect(steps).toHaveText([/client info/i, /contact.info/i, /bank.account.info/i, /complete/i]);

  const name = `E2E wizard client ${Date.now()}`;
  await page.getByLabel('Name', { exact: false }).first().fill(name);
  await page.getByLabel('VAT', { exact: true }).check();
  await page.getByLabel(/VAT %/).fill('12');

  const next = page.getByRole('button', { name: /^next$/i });
  await next.click();
  await expect(steps.nth(1)).toHaveClass(/Mui-active/);
  await next.click();
  await expect(steps.nth(2)).toHaveClass(/Mui-active/);
  await next.click();
  await expect(steps.nth(3)).toHaveClass(/Mui-active/);

  const post = nextApiRequest(page, 'POST', 'clients');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const body = jsonBody(await post);
  expect(body.gname).toBe(name);
  expect(body.vatEnabled).toBe(true);
  expect(body.vatPercent).toBe(0.12); // CLI-04
  expect(body).not.toHaveProperty('sanctionComments'); // CLI-03: underSanctions is false
  await expect(page.getByText(name).first()).toBeVisible();
});
