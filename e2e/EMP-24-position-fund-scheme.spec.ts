import type { Page } from '@playwright/test';
import { expect, jsonBody, nextApiRequest, signInForApi, test } from './fixtures';

/**
 * EMP-24..26 through the cards: an employee gets a position from the employee card's positions
 * tab, the position gets a fund from the position card's funds tab; with scheme 2 the form shows
 * the transfer office and department and not the position, with scheme 3 only the position, and
 * the request and the stored fund carry exactly the targets of the chosen scheme.
 */

interface Ref {
  id: number;
}

/** Picks an option of the dropdown labelled `label`: the one whose text contains `text`, else the first. */
async function pick(page: Page, label: string | RegExp, text?: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label }).first();
  await box.click();
  if (text) await box.fill(text);
  const option = text ? page.getByRole('option').filter({ hasText: text }).first() : page.getByRole('option').first();
  await option.click();
}

test('EMP-24 EMP-25 EMP-26 a position fund shows and sends the transfer targets of its scheme', async ({ page }) => {
  const api = await signInForApi(page, 'admin');
  const stamp = Date.now();
  const employee = await api.call<Ref>('POST', '/core/api/employees', {
    gfirstName: 'Fund',
    glastName: `Holder ${stamp}`,
  });

  // NAV-64: the profile route opens the employee card; its positions tab creates a position
  await page.goto(`/profile/${employee.id}`);
  await expect(page).toHaveURL(new RegExp(`/teams/${employee.id}$`));
  await page.getByRole('tab', { name: 'Positions' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  await pick(page, /^department/i);
  await pick(page, /^office/i);
  await pick(page, /^status/i, 'Active'); // only active positions are offered and accepted (WID-27)
  await page.getByLabel(/^from/i).fill('2026-01-01');
  const postPosition = nextApiRequest(page, 'POST', 'positions');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const positionBody = jsonBody(await postPosition);
  expect(positionBody).toMatchObject({ employee: { id: employee.id }, level: { id: 22 } }); // EMP-15
  await expect(page).toHaveURL(new RegExp(`/teams/${employee.id}/positions$`));
  const positions = await api.call<{ _embedded: { positions: Ref[] } }>(
    'GET',
    `/core/api/positions?employee.id=${employee.id}`,
  );
  const position = positions._embedded.positions[0]!;

  // the position card's funds tab (NAV-69/70)
  await page.goto(`/positions/${position.id}/position-funds`);
  await page.getByRole('link', { name: 'Create' }).click();
  await pick(page, /^type/i);
  await page.getByLabel(/^from/i).fill('2026-01-01');
  await page.getByLabel(/^put/i).fill('10');
  await page.getByLabel(/^get/i).fill('5');

  await pick(page, /^scheme/i, 'Scheme 2');
  await expect(page.getByRole('combobox', { name: /^transfer office/i })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^transfer department/i })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^transfer position/i })).toHaveCount(0);
  await pick(page, /^transfer office/i);

  await pick(page, /^scheme/i, 'Scheme 3');
  await expect(page.getByRole('combobox', { name: /^transfer position/i })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^transfer office/i })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^transfer department/i })).toHaveCount(0);
  await pick(page, /^transfer position/i);

  const postFund = nextApiRequest(page, 'POST', 'positionFunds');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const fund = jsonBody(await postFund);
  expect(fund).toMatchObject({ position: { id: position.id }, put: 0.1, get: 0.05 }); // EMP-23
  expect(fund.transferPosition).toMatchObject({ id: expect.any(Number) });
  expect(fund).not.toHaveProperty('transferOffice');
  expect(fund).not.toHaveProperty('transferDepartment');
  await expect(page).toHaveURL(new RegExp(`/positions/${position.id}/position-funds$`));

  const stored = await api.call<{ _embedded: { positionFunds: Array<Record<string, unknown>> } }>(
    'GET',
    `/core/api/positionFunds?position.id=${position.id}`,
  );
  expect(stored._embedded.positionFunds).toEqual([
    expect.objectContaining({ transferOffice: null, transferDepartment: null, put: 0.1 }),
  ]);
});
