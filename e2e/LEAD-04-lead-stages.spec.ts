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
