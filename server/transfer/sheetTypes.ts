/**
 * The messages between an import and the thread that reads its file (server/transfer/sheet.ts and
 * server/transfer/sheetWorker.ts). Types only: the thread loads no other module of the server.
 */

/** A cell as read from a file: text (CSV, xlsx text), a number, a boolean, a date (xlsx), or empty. */
export type Cell = string | number | boolean | Date | null;

/** The limits the thread holds a sheet to (see server/transfer/limits.ts). */
export interface SheetLimits {
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  /** Most characters of all kept cells together. */
  maxInflatedBytes: number;
}

/** A request to read a file: the first sheet of an xlsx, or a CSV. */
export interface SheetJob {
  id: number;
  kind: 'xlsx' | 'csv';
  bytes: Uint8Array;
  limits: SheetLimits;
}

/** The answer: the file's row 1 (the header) and its non-blank data rows, or why it was refused. */
export interface SheetReply {
  id: number;
  table?: { header: Cell[]; rows: Array<{ line: number; cells: Cell[] }> };
  error?: { status: number; message: string };
}
