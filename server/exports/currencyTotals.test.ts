import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approversEverywhere } from '../test/approvers';
import { createHarness, type Harness } from '../test/harness';
import { currencyFormat } from './excel';

/**
 * Honest totals in the Excel export (MC-4): the expense list's file over tenge and
 * dollars has one total row per currency, each labelled with it and formatted with it, the USD
 * equivalents totalled over all rows, and no cell adding amounts of two currencies. Read back with exceljs.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // an expense's approval chain needs approvers in its office (MC-6)
  await approversEverywhere(h);
  const base = {
    date: '2026-10-21',
    payerMatter: { id: h.fx.matters.globexMatter },
    expenseType: { id: h.fx.dict('EXPENSE_TYPE', 1) },
    description: 'XLS-MIX',
    expensePayerList: [{ payerPosition: { id: h.fx.positions.borisFirm }, percentage: 1 }],
  };
  for (const [amount, currency] of [
    ['100.25', h.fx.currencies.usd],
    ['20.50', h.fx.currencies.usd],
    ['480000.00', h.fx.currencies.kzt],
  ] as const) {
    const r = await h.json('admin', 'POST', '/core/api/expenses', { ...base, amount, currency: { id: currency } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
});
afterAll(async () => h?.close());

async function sheetOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('Excel totals per currency', () => {
  it('MC-4 EXP-20 the Excel total rows over tenge and dollars are one per currency, labelled and formatted with it', async () => {
    const columns = [
      { source: 'description', title: 'Description' },
      { source: 'amount', title: 'Amount' },
      { source: 'currency', title: 'Currency' },
      { source: 'amountUsd', title: 'Amount (USD)' },
    ];
    const res = await h.request('admin', 'POST', '/core/api/excel/generate/expense?search=XLS-MIX', { columns });
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((r) => rows.push(r));
    const data = rows.slice(1, 4);
    expect(data.map((r) => r.getCell(1).value)).toEqual(['XLS-MIX', 'XLS-MIX', 'XLS-MIX']);
    const totals = rows.slice(4);
    expect(totals.map((r) => r.getCell(1).value)).toEqual(['Total KZT', 'Total USD', 'Total, all currencies']);
    const [kzt, usd, all] = totals as [ExcelJS.Row, ExcelJS.Row, ExcelJS.Row];
    expect(kzt.getCell(2).value).toBe(480000);
    expect(kzt.getCell(2).numFmt).toBe('#,##0.00 "KZT"');
    expect(usd.getCell(2).value).toBe(120.75);
    expect(usd.getCell(2).numFmt).toBe('#,##0.00 "USD"');
    // no cell holds 480120.75: amounts of two currencies are never added
    expect(all.getCell(2).value).toBeNull();
    const usdSum = all.getCell(4).value as { formula: string; result: number };
    expect(usdSum.formula).toBe('SUM(D2:D4)');
    expect(usdSum.result).toBeCloseTo(
      [kzt, usd].reduce((s, r) => s + (r.getCell(4).value as number), 0),
      4,
    );
    // every data row's amount names its own currency
    for (const r of data) expect(r.getCell(2).numFmt).toBe(`#,##0.00 "${r.getCell(3).text.slice(0, 3)}"`);
  });

  it('MC-4 one currency keeps the SUM formula, its row labelled with the currency; JPY has 0 decimals, KWD 3', async () => {
    const res = await h.request(
      'admin',
      'POST',
      `/core/api/excel/generate/expense?search=XLS-MIX&currency.id=${h.fx.currencies.usd}`,
      { columns: [{ source: 'description' }, { source: 'amount' }] },
    );
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total USD');
    expect(last.getCell(2).value).toMatchObject({ formula: 'SUM(B2:B3)', result: 120.75 });
    expect(currencyFormat('JPY')).toBe('#,##0 "JPY"');
    expect(currencyFormat('KWD')).toBe('#,##0.000 "KWD"');
  });
});
