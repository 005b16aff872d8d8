import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellValue, fillWorkbook } from './excel';
import { tabSheets } from './sheets';
import { DASHBOARD_TEXTS, type DashboardTextKey } from './text';

const t = (key: DashboardTextKey) => DASHBOARD_TEXTS[key];

describe('Export to Excel', () => {
  it('numbers are numbers, dates and months are dates, formula-like text stays text', () => {
    expect(cellValue('money', '1234.56')).toBe(1234.56);
    expect(cellValue('integer', '7')).toBe(7);
    expect(cellValue('date', '2026-10-31')).toEqual(new Date('2026-10-31T00:00:00Z'));
    expect(cellValue('month', '2026-10')).toEqual(new Date('2026-10-01T00:00:00Z'));
    expect(cellValue('text', '=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(cellValue('money', null)).toBeNull();
  });

  it('DASH-16 a tab exports its period, income by month with the total per currency, realisation, top clients and countries', async () => {
    const sheets = tabSheets(
      t,
      { dateStart: '2026-10-01', dateEnd: '2026-10-31' },
      {
        income: [
          { month: '2026-10', currency: 'USD', income: '100.6' },
          { month: null, currency: 'USD', income: '101' },
        ],
        realisation: [
          {
            group_id: 1,
            group_name: 'Almaty',
            currency: 'USD',
            worked: '10.00',
            billed: '20.00',
            collected: '30.25',
            written_off: '0.00',
          },
        ],
        topClients: [{ client_id: 3, client: 'Acme', currency: 'USD', collected: '30.25' }],
        byCountry: [{ country_id: 4, country: 'Kazakhstan', currency: 'USD', collected: '30.25' }],
      },
    );
    const book = fillWorkbook(new ExcelJS.Workbook(), sheets);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(await book.xlsx.writeBuffer());
    expect(read.worksheets.map((w) => w.name)).toEqual([
      'Filter',
      'Income by month',
      'Realisation',
      'Top clients',
      'Collected by country',
    ]);
    const period = read.getWorksheet('Filter')!.getRow(2);
    expect(period.getCell(1).value).toEqual(new Date('2026-10-01T00:00:00Z'));
    const income = read.getWorksheet('Income by month')!;
    expect(income.getRow(2).values).toEqual([undefined, undefined, new Date('2026-10-01T00:00:00Z'), 'USD', 101]);
    expect(income.getRow(3).getCell(1).value).toBe('Total');
    expect(income.getRow(3).getCell(4).value).toBe(101);
    const realisation = read.getWorksheet('Realisation')!;
    expect(realisation.getRow(2).values).toEqual([undefined, 'Almaty', 'USD', 10, 20, 30.25, 0]);
    expect(realisation.getRow(2).getCell(6).numFmt).toBe('#,##0.00');
  });
});
