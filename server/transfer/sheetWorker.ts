import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { parseString } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import type { Cell, SheetJob, SheetLimits, SheetReply } from './sheetTypes';

/**
 * The body of the thread that reads imported files (started by server/transfer/sheet.ts): an
 * xlsx's first sheet streamed row by row with exceljs' streaming reader, a CSV scanned for its
 * shape and then parsed with fast-csv; each row is checked against the limits as it comes, so a
 * refused file stops being read at the first row over a limit. It runs off the request's event
 * loop, with a heap of its own (the pool's `resourceLimits`).
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

const tooManyRows = (limits: SheetLimits) =>
  new Refusal(400, `The file holds more than ${limits.maxRows} rows; split it`);
const tooManyColumns = (limits: SheetLimits, row: number) =>
  new Refusal(400, `Row ${row} has more than ${limits.maxColumns} columns`);
const tooLongCell = (limits: SheetLimits, row: number) =>
  new Refusal(400, `A cell of row ${row} holds more than ${limits.maxCellChars} characters`);

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Checks a CSV's shape before it is parsed, in one pass that allocates nothing: rows (blank ones
 * too), fields per row and characters per field, a quoted field's doubled quotes counted as one
 * character, line breaks inside quotes as part of the field. So a 10 MB line of separators or of
 * line breaks is refused before fast-csv builds arrays of millions of cells.
 * @throws Refusal over a limit
 */
function scanCsv(text: string, delimiter: string, limits: SheetLimits): void {
  const separator = delimiter.charCodeAt(0);
  let row = 1;
  let fields = 1;
  let chars = 0;
  let quoted = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (quoted) {
      if (ch === QUOTE) {
        if (text.charCodeAt(i + 1) !== QUOTE) {
          quoted = false;
          continue;
        }
        i++;
      }
      if (++chars > limits.maxCellChars) throw tooLongCell(limits, row);
    } else if (ch === QUOTE && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else if (ch === separator) {
      if (++fields > limits.maxColumns) throw tooManyColumns(limits, row);
      chars = 0;
      fieldStart = true;
    } else if (ch === LF) {
      // a line break that ends the file opens no row
      if (++row > limits.maxRows + 1 && i + 1 < text.length) throw tooManyRows(limits);
      fields = 1;
      chars = 0;
      fieldStart = true;
    } else if (ch !== CR) {
      fieldStart = false;
      if (++chars > limits.maxCellChars) throw tooLongCell(limits, row);
    }
  }
}

/**
 * Reads a CSV in UTF-8: a byte order mark skipped; `;` as the separator when the header row
 * holds more `;` than `,` (as Excel writes in many locales).
 * @throws Refusal for bytes that are not text, a CSV that does not parse, or one over a limit
 */
async function readCsv(job: SheetJob): Promise<SheetReply['table']> {
  const { limits } = job;
  let text = Buffer.from(job.bytes).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\0')) throw new Refusal(400, 'The file is neither CSV text nor an xlsx workbook');
  // counted, not matched: a first line of millions of separators must not become an array of them
  let semicolons = 0;
  let commas = 0;
  for (let i = 0; i < text.length && text.charCodeAt(i) !== LF; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x3b) semicolons++;
    else if (ch === 0x2c) commas++;
  }
  const delimiter = semicolons > commas ? ';' : ',';
  scanCsv(text, delimiter, limits);
  const raw: Cell[][] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = parseString(text, {
      delimiter,
      ignoreEmpty: false,
      discardUnmappedColumns: false,
      strictColumnHandling: false,
    })
      .on('error', (e: Error) => reject(new Refusal(400, `The CSV cannot be read: ${e.message.slice(0, 200)}`)))
      .on('data', (row: string[]) => {
        raw.push(row);
        // the scan's counts, exact: the parser's own reading of quotes decides
        const refusal =
          raw.length > limits.maxRows + 1
            ? tooManyRows(limits)
            : row.length > limits.maxColumns
              ? tooManyColumns(limits, raw.length)
              : row.some((cell) => cell.length > limits.maxCellChars)
                ? tooLongCell(limits, raw.length)
                : undefined;
        if (refusal) {
          parser.destroy();
          reject(refusal);
        }
      })
      .on('end', () => resolve());
  });
  const rows: Array<{ line: number; cells: Cell[] }> = [];
  for (let i = 1; i < raw.length; i++) {
    const cells = raw[i] ?? [];
    if (!blank(cells)) rows.push({ line: i + 1, cells });
  }
  return { header: raw[0] ?? [], rows };
}

/** Reads the job's xlsx, its first sheet. @throws Refusal over a limit; another Error when exceljs cannot read it */
async function readXlsx(job: SheetJob): Promise<SheetReply['table']> {
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
        if (values.length - 1 > limits.maxColumns) throw tooManyColumns(limits, row.number);
        const cells = values.slice(1).map(excelCell);
        for (const cell of cells) {
          if (typeof cell !== 'string') continue;
          if (cell.length > limits.maxCellChars) throw tooLongCell(limits, row.number);
          chars += cell.length;
        }
        if (chars > limits.maxInflatedBytes)
          throw new Refusal(413, `The spreadsheet's cells hold more than ${limits.maxInflatedBytes} characters`);
        if (row.number === 1) header = cells;
        else if (!blank(cells)) {
          rows.push({ line: row.number, cells });
          if (rows.length > limits.maxRows) throw tooManyRows(limits);
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
  (job.kind === 'csv' ? readCsv(job) : readXlsx(job)).then(
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
