import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, signIn, test } from './fixtures';

/** Rows of the workbook whose name is left empty (0-based), each rejected as "must not be blank". */
const BAD = [5, 99, 150, 333, 400, 512, 640, 777, 901, 999];

/** A workbook of 1,000 suppliers named `<prefix> 0000`..`0999`, the rows of `bad` without a name. */
async function suppliersWorkbook(path: string, prefix: string, bad: number[]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Suppliers');
  sheet.addRow(['Name', 'Local name', 'BIN']);
  for (let i = 0; i < 1000; i++) {
    const n = String(i).padStart(4, '0');
    sheet.addRow([bad.includes(i) ? '' : `${prefix} ${n}`, `Поставщик ${n}`, `BIN${n}`]);
  }
  await writeFile(path, Buffer.from(await wb.xlsx.writeBuffer()));
}

test.describe('import and export of a list', () => {
  test('TRANSFER admin imports 1,000 suppliers from Excel: the dry run lists the 10 bad rows, the commit waits for the corrected file, then the filtered list exports to Excel', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const prefix = `Import ${Date.now()}`;
    const dir = await mkdtemp(join(tmpdir(), 'transfer-e2e-'));
    const broken = join(dir, 'suppliers-broken.xlsx');
    const fixed = join(dir, 'suppliers.xlsx');
    await suppliersWorkbook(broken, prefix, BAD);
    await suppliersWorkbook(fixed, prefix, []);

    const first = page.waitForRequest(
      (r) => new URL(r.url()).pathname.startsWith('/core/api/') && !!r.headers()['authorization'],
    );
    await signIn(page, 'admin');
    const authorization = (await first).headers()['authorization']!;
    const count = async () =>
      (
        (await (
          await page.request.get(`/core/api/suppliers?search=${encodeURIComponent(prefix)}&size=1`, {
            headers: { authorization },
          })
        ).json()) as { page: { totalElements: number } }
      ).page.totalElements;

    await page.goto('/suppliers');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import into Suppliers' });
    await dialog.getByLabel('Choose a file').setInputFiles(broken);
    // the proposed mapping: Name and Local name by label, BIN by label
    await expect(dialog.getByRole('combobox', { name: /^Name / })).toHaveText('Name *');
    await expect(dialog.getByRole('combobox', { name: /^BIN / })).toHaveText('BIN');
    await dialog.getByRole('button', { name: 'Check the rows' }).click();
    await expect(dialog.getByText('990 of 1000 rows can be imported; 10 rejected.')).toBeVisible({ timeout: 120_000 });
    const rejected = dialog.getByRole('table', { name: 'Rejected rows' }).getByRole('row');
    await expect(rejected).toHaveCount(1 + BAD.length);
    // the header is row 1 of the file: data row i is row i + 2
    for (const [k, i] of BAD.entries())
      await expect(rejected.nth(k + 1)).toHaveText(new RegExp(`^${i + 2}Name: must not be blank`));
    await expect(dialog.getByRole('button', { name: 'Import 990 rows' })).toBeDisabled();

    // the server refuses the commit of that file too, and writes nothing
    const refused = await page.request.post('/core/api/suppliers/import/commit', {
      headers: { authorization },
      multipart: {
        file: { name: 'suppliers-broken.xlsx', mimeType: 'application/octet-stream', buffer: readFileSync(broken) },
      },
    });
    expect(await refused.json()).toMatchObject({ created: 990, committed: false });
    expect(await count()).toBe(0);

    // the corrected file: a clean dry run, then the commit with its progress
    await dialog.getByRole('button', { name: 'Choose another file' }).click();
    await dialog.getByLabel('Choose a file').setInputFiles(fixed);
    await dialog.getByRole('button', { name: 'Check the rows' }).click();
    await expect(dialog.getByText('1000 of 1000 rows can be imported; 0 rejected.')).toBeVisible({ timeout: 120_000 });
    await dialog.getByRole('button', { name: 'Import 1000 rows' }).click();
    await expect(dialog.getByText('1000 rows imported.')).toBeVisible({ timeout: 120_000 });
    expect(await count()).toBe(1000);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // the filtered list (the imported ones numbered 0900-0999) exported as Excel, read back
    await page.goto(`/suppliers?filter=${encodeURIComponent(JSON.stringify({ q: `${prefix} 09` }))}`);
    await expect(page.getByText(`${prefix} 0900`)).toBeVisible();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel (xlsx)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('suppliers.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
    const rows: ExcelJS.CellValue[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    expect(rows[0]).toEqual(['Name', 'Local name', 'BIN', 'Country']);
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toHaveLength(100);
    expect(names).toEqual(Array.from({ length: 100 }, (_, i) => `${prefix} 09${String(i).padStart(2, '0')}`));
  });
});
