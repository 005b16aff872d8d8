import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, signInForApi, test } from './fixtures';

const pdfPath = fileURLToPath(new URL('../server/files/testdata/letter.pdf', import.meta.url));

interface Idea {
  id: number;
  idea: string;
  votes: number;
  votedByMe: boolean;
  file: { id: number; name: string } | null;
}

test('IDEA-01 IDEA-02 NAV-32 NAV-33 NAV-34 an idea is created with a file, voted for and the vote taken back, sorted by votes, its file downloads byte-identical, and its History tab shows the writes', async ({
  page,
}) => {
  const api = await signInForApi(page, 'member');
  const prefix = `E2E idea ${Date.now()}`;

  // create with a file, through the generated form and the file input
  await page.goto('/ideas/create');
  await page.getByRole('textbox', { name: /^Idea/ }).fill(`${prefix} paperless`);
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/core/api/storedFiles') && r.request().method() === 'POST',
  );
  await page.locator('input[type=file]').setInputFiles({
    name: 'proposal.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(pdfPath),
  });
  const upload = await uploaded;
  expect(upload.status()).toBe(201);
  // the upload goes over XMLHttpRequest, which reports the bytes sent; its progress line goes once stored
  expect(upload.request().resourceType()).toBe('xhr');
  await expect(page.getByText('proposal.pdf')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Uploading' })).toHaveCount(0);
  const created = page.waitForResponse((r) => r.url().endsWith('/core/api/ideas') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const idea = (await response.json()) as Idea;
  expect(idea.file?.name).toBe('proposal.pdf');

  // vote on the card, then take the vote back
  await page.goto(`/ideas/${idea.id}`);
  const voted = page.waitForResponse((r) => r.url().endsWith(`/core/api/ideas/${idea.id}/votes`));
  await page.getByRole('button', { name: 'Vote', exact: true }).click();
  expect(await (await voted).json()).toEqual({ votes: 1, votedByMe: true });
  await expect(page.getByRole('button', { name: 'Take my vote back' })).toBeVisible();
  expect((await api.call<Idea>('GET', `/core/api/ideas/${idea.id}`)).votes).toBe(1);
  const takenBack = page.waitForResponse((r) => r.url().endsWith(`/core/api/ideas/${idea.id}/votes`));
  await page.getByRole('button', { name: 'Take my vote back' }).click();
  expect(await (await takenBack).json()).toEqual({ votes: 0, votedByMe: false });
  await expect(page.getByRole('button', { name: 'Vote', exact: true })).toBeVisible();

  // the file downloads byte-identical from the card
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'proposal.pdf' }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('proposal.pdf');
  expect(Buffer.compare(readFileSync((await file.path())!), readFileSync(pdfPath))).toBe(0);

  // the History tab shows the creation by member
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('row').filter({ hasText: 'member' });
  await expect(history.first()).toBeVisible();

  // sort by votes: the most voted idea first, from a list address that can be shared
  const popular = await api.call<Idea>('POST', '/core/api/ideas', { idea: `${prefix} popular` });
  await api.call('POST', '/core/api/ideas', { idea: `${prefix} quiet` });
  await api.call('POST', `/core/api/ideas/${popular.id}/votes`, undefined, 200);
  const filter = encodeURIComponent(JSON.stringify({ search: prefix }));
  await page.goto(`/ideas?filter=${filter}&sort=votes&order=DESC`);
  const rows = page.getByRole('row').filter({ hasText: prefix });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(`${prefix} popular`);
  await expect(rows.first()).toContainText('1');
});
