import type { Page } from '@playwright/test';
import { expect, signInForApi, test } from './fixtures';

interface Lead {
  id: number;
  dealStage: { code: number; gname: string };
}

test('LEAD-04 LEAD-05 LEAD-10 a lead moves along an allowed stage with a comment, the history shows it, a move not allowed is neither offered nor accepted', async ({
  page,
}) => {
  // billing holds project (and invoice) privileges in the demo roles
  const api = await signInForApi(page, 'billing');
  const description = `E2E lead ${Date.now()}`;
  const lead = await api.call<Lead>('POST', '/core/api/leads', { date: '2026-11-02', description });
  expect(lead.dealStage).toMatchObject({ code: 1, gname: 'Prospecting' });

  await page.goto(`/leads/${lead.id}`);
  const panel = page.getByRole('region', { name: 'Deal stage' });
  await expect(panel.getByText('Deal stage: Prospecting')).toBeVisible();
  // LEAD-04: from prospecting the only move offered is first point of contact
  await expect(panel.getByRole('button')).toHaveText(['First point of contact']);

  await panel.getByRole('button', { name: 'First point of contact' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
  await dialog.getByLabel('Comment').fill('Met at the E2E fair');
  const moved = page.waitForResponse(
    (r) => r.url().endsWith(`/core/api/leads/${lead.id}/transitions`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Move' }).click();
  expect((await moved).status()).toBe(200);
  await expect(dialog).toBeHidden();

  await expect(panel.getByText('Deal stage: First point of contact')).toBeVisible();
  // LEAD-05: the moves from first point of contact; decision making is not among them
  await expect(panel.getByRole('button')).toHaveText([
    'Negotiation',
    'Presentation scheduled',
    'Proposal sent',
    'Closed lost',
  ]);
  const history = page.getByRole('table', { name: 'Status history' });
  const row = history.getByRole('row').filter({ hasText: 'Met at the E2E fair' });
  await expect(row).toContainText('billing');
  await expect(row).toContainText('Prospecting');
  await expect(row).toContainText('First point of contact');

  // the server refuses the move the card does not offer, and nothing moves
  const refused = await api.call<{ message: string }>(
    'POST',
    `/core/api/leads/${lead.id}/transitions`,
    { to: 5, comment: 'Skip ahead' },
    409,
  );
  expect(refused.message).toBe('Deal stage cannot move from "First point of contact" to "Decision making"');
  const stored = await api.call<Lead>('GET', `/core/api/leads/${lead.id}`);
  expect(stored.dealStage.code).toBe(2);
});

/** Drags the card of lead `id` onto the column of stage `code` with the mouse, checking `during` mid-drag. */
async function drag(page: Page, id: number, code: number, during?: () => Promise<void>) {
  const card = page.getByTestId(`board-card-${id}`);
  const column = page.getByTestId(`board-column-${code}`);
  await card.scrollIntoViewIfNeeded();
  const from = (await card.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 5, { steps: 5 });
  const to = (await column.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  if (during) await during();
  await page.mouse.up();
}

test('LEAD-04 LEAD-05 LEAD-10 on the board a lead is dragged along allowed stages with a comment; other columns refuse it; the server refuses a stale move with its message', async ({
  page,
}) => {
  const api = await signInForApi(page, 'billing');
  const description = `E2E board lead ${Date.now()}`;
  const lead = await api.call<Lead>('POST', '/core/api/leads', { date: '2026-11-02', description });

  await page.goto('/leads');
  await page.getByRole('link', { name: 'Board' }).click();
  await expect(page).toHaveURL(/\/leads\/board$/);
  const card = page.getByTestId(`board-card-${lead.id}`);
  await expect(page.getByTestId('board-column-1').getByTestId(`board-card-${lead.id}`)).toBeVisible();

  // LEAD-04: while dragged from prospecting, only first point of contact takes the card
  await drag(page, lead.id, 2, async () => {
    await expect(page.getByTestId('board-column-5')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('board-column-10')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('board-column-2')).not.toHaveAttribute('aria-disabled', 'true');
  });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Move the deal stage to "First point of contact"');
  // Cancel writes nothing
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await api.call<Lead>('GET', `/core/api/leads/${lead.id}`)).dealStage.code).toBe(1);

  // a drop on a column the move may not go to opens nothing
  await drag(page, lead.id, 6);
  await expect(dialog).toBeHidden();

  await drag(page, lead.id, 2);
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
  await dialog.getByLabel('Comment').fill('Called after the fair');
  const moved = page.waitForResponse(
    (r) => r.url().endsWith(`/core/api/leads/${lead.id}/transitions`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Move' }).click();
  expect((await moved).status()).toBe(200);
  await expect(page.getByTestId('board-column-2').getByTestId(`board-card-${lead.id}`)).toBeVisible();
  expect((await api.call<Lead>('GET', `/core/api/leads/${lead.id}`)).dealStage.code).toBe(2);

  // LEAD-05: someone closes the lead meanwhile; the board still offers negotiation, the server refuses
  const stored = await api.call<Lead & { version: number }>('GET', `/core/api/leads/${lead.id}`);
  await api.call('POST', `/core/api/leads/${lead.id}/transitions`, { to: 10, comment: 'Lost to a competitor' }, 200);
  expect(stored.dealStage.code).toBe(2);
  await drag(page, lead.id, 3);
  await dialog.getByLabel('Comment').fill('Negotiating the fee');
  const refused = page.waitForResponse(
    (r) => r.url().endsWith(`/core/api/leads/${lead.id}/transitions`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Move' }).click();
  expect((await refused).status()).toBe(409);
  await expect(page.getByText('Deal stage cannot move from "Closed lost" to "Negotiation"')).toBeVisible();
  expect((await api.call<Lead>('GET', `/core/api/leads/${lead.id}`)).dealStage.code).toBe(10);
  // the closed lead leaves the open columns once the board reloads
  await expect(card).toBeHidden();
});

test('MAIL-04 MAIL-02 a lead e-mail composed from a template on the project card is queued and listed as not sent', async ({
  page,
}) => {
  const api = await signInForApi(page, 'billing');
  const stamp = Date.now();
  const project = await api.call<{ id: number }>('POST', '/core/api/projects', {
    description: `E2E mail project ${stamp}`,
  });
  await api.call('POST', '/core/api/emailTemplates', {
    name: `Welcome ${stamp}`,
    subject: `Welcome aboard ${stamp}`,
    body: '<p>Dear client, <b>welcome</b>.</p><script>alert(1)</script>',
    projectId: project.id,
  });

  await page.goto(`/projects/${project.id}/emails`);
  await expect(page.getByText('No e-mails on this project yet')).toBeVisible();
  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Template').click();
  await page.getByRole('option', { name: `Welcome ${stamp}` }).click();
  await expect(dialog.getByLabel('Subject *')).toHaveValue(`Welcome aboard ${stamp}`);
  await expect(dialog.getByLabel('Body *')).toHaveValue('<p>Dear client, <b>welcome</b>.</p>');
  await dialog.getByLabel('To *').fill('wile@acme.kz, road@acme.kz');
  await dialog.getByLabel('Copies').fill('hank@acme.kz');
  const sent = page.waitForRequest((r) => r.url().endsWith('/core/api/leadEmails') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Send' }).click();
  expect((await sent).postDataJSON()).toEqual({
    to: 'wile@acme.kz, road@acme.kz',
    cc: 'hank@acme.kz',
    subject: `Welcome aboard ${stamp}`,
    body: '<p>Dear client, <b>welcome</b>.</p>',
    project: { id: project.id },
  });
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `Welcome aboard ${stamp}` });
  await expect(row).toContainText('wile@acme.kz, road@acme.kz');
  await expect(row).toContainText('hank@acme.kz');
  await expect(row).toContainText('Not sent');
  await expect(row).toContainText('Dear client, welcome.');
});
