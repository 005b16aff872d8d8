/**
 * "Export to Excel" of a dashboard tab: one sheet per chart, the rows as the charts read them,
 * numbers as numbers (money to the cent, counts whole), dates and months as dates, text that a
 * spreadsheet would run as a formula kept as text. exceljs is loaded on first export only.
 */
import type { Workbook } from 'exceljs';
import { toMoney } from '../../schemas/money';
import { saveFile } from '../resources/views/transfer';

/** How a column's cells are written. */
export type CellKind = 'text' | 'money' | 'integer' | 'date' | 'month';

/** One sheet: its name, columns (header, row key, kind) and rows. */
export interface ExportSheet {
  name: string;
  columns: Array<{ header: string; key: string; kind: CellKind }>;
  rows: readonly object[];
}

const FORMAT: Record<CellKind, string | undefined> = {
  text: undefined,
  money: '#,##0.00',
  integer: '0',
  date: 'yyyy-mm-dd',
  month: 'mmm yyyy',
};

/** Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading apostrophe. */
const safeText = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/**
 * A cell's value for its kind: money a number from its exact decimal, a count a number, a day
 * (`YYYY-MM-DD`) or month (`YYYY-MM`) a UTC date, anything else text; empty stays empty.
 */
export function cellValue(kind: CellKind, value: unknown): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'money':
      return toMoney(value as string).toNumber();
    case 'integer':
      return Number(value);
    case 'date':
      return new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
    case 'month':
      return new Date(`${String(value).slice(0, 7)}-01T00:00:00Z`);
    default:
      return safeText(String(value));
  }
}

/** Fills `workbook` with `sheets` (sheet names cut to Excel's 31 characters, made unique). */
export function fillWorkbook(workbook: Workbook, sheets: readonly ExportSheet[]): Workbook {
  const used = new Set<string>();
  for (const sheet of sheets) {
    let name = sheet.name.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31);
    for (let n = 2; used.has(name); n++) name = `${sheet.name.slice(0, 28)} ${n}`;
    used.add(name);
    const ws = workbook.addWorksheet(name);
    ws.columns = sheet.columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.kind === 'text' ? 32 : 16,
      ...(FORMAT[c.kind] ? { style: { numFmt: FORMAT[c.kind] } } : {}),
    }));
    ws.getRow(1).font = { bold: true };
    for (const row of sheet.rows)
      ws.addRow(
        Object.fromEntries(
          sheet.columns.map((c) => [c.key, cellValue(c.kind, (row as Record<string, unknown>)[c.key])]),
        ),
      );
  }
  return workbook;
}

/** Builds the workbook of `sheets` and saves it as `<fileName>.xlsx`. */
export async function exportSheets(fileName: string, sheets: readonly ExportSheet[]): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = fillWorkbook(new ExcelJS.Workbook(), sheets);
  const buffer = await workbook.xlsx.writeBuffer();
  saveFile(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${fileName}.xlsx`,
  );
}
