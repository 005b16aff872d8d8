import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import type { Cell, SheetJob, SheetReply } from './sheetTypes';

/**
 * The body of the thread that reads xlsx workbooks for imports (started by server/transfer/sheet.ts):
 * the first sheet streamed row by row with exceljs' streaming reader, each row checked against
 * the limits as it comes, so a refused file stops being read at the first row over a limit. It
 * runs off the request's event loop, with a heap of its own (the pool's `resourceLimits`).
 */

/** A refusal: the HTTP status and the message the client reads. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A cell of exceljs as a {@link Cell}: formulas by their result, rich text and links by their text. */
function excelCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return excelCell(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  return String(value as unknown);
}

const blank = (cells: Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/** Reads the job's first sheet. @throws Refusal over a limit; another Error when exceljs cannot read it */
async function read(job: SheetJob): Promise<SheetReply['table']> {
  const { limits } = job;
  const input = Readable.from([Buffer.from(job.bytes)]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let header: Cell[] = [];
  const rows: Array<{ line: number; cells: Cell[] }> = [];
  // the characters of the cells kept, held to the unpacked limit (shared strings repeat cheaply in a file)
  let chars = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        if (values.length - 1 > limits.maxColumns)
          throw new Refusal(400, `Row ${row.number} has more than ${limits.maxColumns} columns`);
        const cells = values.slice(1).map(excelCell);
        for (const cell of cells) {
          if (typeof cell !== 'string') continue;
          if (cell.length > limits.maxCellChars)
            throw new Refusal(400, `A cell of row ${row.number} holds more than ${limits.maxCellChars} characters`);
          chars += cell.length;
        }
        if (chars > limits.maxInflatedBytes)
          throw new Refusal(413, `The spreadsheet's cells hold more than ${limits.maxInflatedBytes} characters`);
        if (row.number === 1) header = cells;
        else if (!blank(cells)) {
          rows.push({ line: row.number, cells });
          if (rows.length > limits.maxRows)
            throw new Refusal(400, `The file holds more than ${limits.maxRows} rows; split it`);
        }
      }
      // the first sheet only
      break;
    }
  } finally {
    input.destroy();
  }
  return { header, rows };
}

parentPort!.on('message', (job: SheetJob) => {
  read(job).then(
    (table) => parentPort!.postMessage({ id: job.id, table } satisfies SheetReply),
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        error:
          error instanceof Refusal
            ? { status: error.status, message: error.message }
            : { status: 400, message: 'The file is not a readable xlsx workbook' },
      } satisfies SheetReply),
  );
});
