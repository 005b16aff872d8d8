import type { Page } from '@playwright/test';
import { expect, jsonBody, nextApiRequest, signInForApi, test, type Api } from './fixtures';

/**
 * MAT-01 and the payload rules (MAT-08..11) through the matter wizard, checked in the request the
 * SPA sent and in the stored record: an international, hunted, rate-based matter sends the
 * international and hunter fields and its rates; a plain fixed-fee matter sends none of them.
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

async function next(page: Page, index: number): Promise<void> {
  await page.getByRole('button', { name: /^next$/i }).click();
  await expect(page.locator('.MuiStepLabel-label').nth(index)).toHaveClass(/Mui-active/);
}

/** A rate-based title and a project to put matters on, made through the API. */
async function setUp(api: Api, stamp: number) {
  const title = await api.call<Ref & { name: string }>('POST', '/core/api/titles', {
    name: `E2E senior ${stamp}`,
    order: 0,
    rate: true,
  });
  const project = await api.call<Ref & { number: string }>('POST', '/core/api/projects', {
    description: `E2E project ${stamp}`,
  });
  return { title, project };
}

test('MAT-01 MAT-08 MAT-09 MAT-10 MAT-11 the matter wizard sends international, hunter and rate fields only when they apply', async ({
  page,
}) => {
  const api = await signInForApi(page, 'admin');
  const stamp = Date.now();
  const { title, project } = await setUp(api, stamp);

  // an international, hunted, rate-based matter
  await page.goto('/matters/create');
  const steps = page.locator('.MuiStepLabel-label');
  await expect(steps).toHaveText([/matter information/i, /payment information/i, /international information/i]);
  await pick(page, /^project/i, project.number);
  await page.getByLabel(/^description/i).fill(`E2E international matter ${stamp}`);
  await next(page, 1);
  await pick(page, /^bill type/i, 'Rate-based');
  await page.getByRole('button', { name: /^add$/i }).click();
  await pick(page, /^title/i, title.name);
  await page.getByLabel(/^rate/i).fill('250');
  await page.getByLabel('Hunted', { exact: true }).check();
  await pick(page, /^hunter$/i);
  await expect(page.getByLabel(/^hunter share/i)).toHaveValue('50'); // MAT-05
  await next(page, 2);
  await page.getByLabel('International', { exact: true }).check();
  await pick(page, /^international responsible/i);
  await expect(page.getByLabel(/^international share/i)).toHaveValue('50'); // MAT-04

  let post = nextApiRequest(page, 'POST', 'matters');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  let body = jsonBody(await post);
  expect(body).toMatchObject({
    internationalMatter: true,
    internationalPercent: 0.5,
    hunted: true,
    hunterPercent: 0.5,
  });
  expect(body.internationalResponsiblePosition).toMatchObject({ id: expect.any(Number) });
  expect(body.hunterPosition).toMatchObject({ id: expect.any(Number) });
  // money travels as its exact decimal value (the currency mask), stored and answered as 250
  expect(body.matterRateList).toEqual([{ title: { id: title.id }, rate: '250.00' }]);
  expect(body).not.toHaveProperty('currency'); // MAT-11: none chosen
  await expect(page).toHaveURL(/\/matters\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const stored = await api.call<Record<string, unknown>>('GET', `/core/api/matters/${id}`);
  expect(stored).toMatchObject({
    internationalMatter: true,
    internationalPercent: 0.5,
    hunted: true,
    hunterPercent: 0.5,
  });
  expect(stored.number).toMatch(/^M-\d{4,}$/);
  expect(stored.matterRateList).toEqual([
    expect.objectContaining({ rate: 250, title: expect.objectContaining({ id: title.id }) }),
  ]);

  // a plain fixed-fee matter: none of those fields travel
  await page.goto('/matters/create');
  await pick(page, /^project/i, project.number);
  await page.getByLabel(/^description/i).fill(`E2E plain matter ${stamp}`);
  await next(page, 1);
  await pick(page, /^bill type/i, 'Fixed fee');
  await expect(page.getByRole('button', { name: /^add$/i })).toHaveCount(0); // no rates for a fixed fee
  await next(page, 2);
  post = nextApiRequest(page, 'POST', 'matters');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  body = jsonBody(await post);
  for (const absent of [
    'internationalResponsiblePosition',
    'internationalPercent',
    'hunterPosition',
    'hunterPercent',
    'matterRateList',
    'currency',
  ])
    expect(body, absent).not.toHaveProperty(absent);
  await expect(page).toHaveURL(/\/matters\/\d+$/);
  const plainId = Number(new URL(page.url()).pathname.split('/').pop());
  const plain = await api.call<Record<string, unknown>>('GET', `/core/api/matters/${plainId}`);
  expect(plain).toMatchObject({
    internationalMatter: false,
    hunted: false,
    internationalPercent: null,
    hunterPercent: null,
  });
  expect(plain.matterRateList).toEqual([]);
});
