import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkZip, sequentialZip } from '../files/archive';
import { HttpError } from '../rest/errors';
import { archiveLimits, unpackLimits } from './limits';
import type { SheetJob, SheetReply } from './sheetTypes';

/**
 * Reads an imported xlsx or CSV off the request's event loop (docs/hardening.md, H2-01): an
 * xlsx's zip is first held to the unpacked limits ({@link checkZip}); the file is then read in a
 * worker thread (server/transfer/sheetWorker.ts: exceljs' streaming reader, fast-csv) that stops
 * at the first row over a limit. The thread's heap is capped (`resourceLimits`) and its reading timed, a
 * second defence should a file get past the counts: the thread is ended, the import refused, and
 * the server goes on. At most {@link MAX_READERS} threads read at once; they are started on the
 * first import (loading exceljs takes about a second) and kept for the next.
 */

/** Threads reading spreadsheets at once; more imports wait for one (the server has few cores). */
export const MAX_READERS = 2;

/** A started thread and the job it runs, if any. */
interface Reader {
  worker: Worker;
  job?: { id: number; resolve: (reply: SheetReply) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };
}

const readers: Reader[] = [];
const waiting: Array<() => void> = [];
let nextId = 1;

// the thread runs TypeScript: it registers tsx's loader (a dependency; `npm start` runs on it)
// before it imports its file, as a thread does not take over its parent's loader; tsx's ES module
// entry where `import.meta.resolve` exists, else (the tests' runner) the one `require` finds
const TSX_API =
  typeof import.meta.resolve === 'function'
    ? import.meta.resolve('tsx/esm/api')
    : pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
const WORKER_URL = new URL('./sheetWorker.ts', import.meta.url).href;
const BOOT = `import(${JSON.stringify(TSX_API)}).then(({ register }) => {
  register();
  return import(${JSON.stringify(WORKER_URL)});
});`;

/** The rank of a packed file of an xlsx: its other parts (0) before its sheets (1 + the sheet's number). */
const sheetsLast = (name: string): number => {
  const sheet = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name);
  return sheet ? 1 + Number(sheet[1]) : 0;
};

/** Ends `reader`'s thread and forgets it; its job, if any, is refused with `error`. */
function discard(reader: Reader, error: Error): void {
  const index = readers.indexOf(reader);
  if (index >= 0) readers.splice(index, 1);
  if (reader.job) {
    clearTimeout(reader.job.timer);
    reader.job.reject(error);
    reader.job = undefined;
  }
  void reader.worker.terminate();
  waiting.shift()?.();
}

/** A new thread, registered in the pool. */
function startReader(): Reader {
  const heap = unpackLimits().readerHeapMb;
  const worker = new Worker(BOOT, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: heap, maxYoungGenerationSizeMb: 32 },
  });
  // an idle thread does not keep the process alive
  worker.unref();
  const reader: Reader = { worker };
  worker.on('message', (reply: SheetReply) => {
    const job = reader.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(job.timer);
    reader.job = undefined;
    job.resolve(reply);
    waiting.shift()?.();
  });
  const failed = (error: Error) =>
    discard(
      reader,
      (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new HttpError(413, `The spreadsheet needs more than ${heap} MB of memory to read; split it`)
        : error,
    );
  worker.on('error', failed);
  worker.on('exit', () => discard(reader, new Error('the spreadsheet reader stopped')));
  readers.push(reader);
  return reader;
}

/** An idle thread, started if the pool has room, else the first to become idle. */
async function idleReader(): Promise<Reader> {
  for (;;) {
    const idle = readers.find((r) => !r.job);
    if (idle) return idle;
    if (readers.length < MAX_READERS) return startReader();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

/**
 * The table of the file `bytes`, read in a thread: of an xlsx its first sheet, of a CSV (UTF-8,
 * `,` or `;`) its rows; its row 1 (the header, empty when there is none) and its non-blank data
 * rows with their row numbers, cells as {@link SheetReply}'s.
 * @throws HttpError 400 when the file is not a readable xlsx or CSV or has more rows, columns or
 *   longer cells than the limits (server/transfer/limits.ts); 413 when an xlsx unpacks to more
 *   than the limit, or the file needs more memory than the reading thread has or takes longer
 *   than the read timeout
 */
export async function readSheet(
  bytes: Buffer,
  kind: 'xlsx' | 'csv' = 'xlsx',
): Promise<NonNullable<SheetReply['table']>> {
  // the sheets last, by number: exceljs reads a sheet met before the shared strings into a
  // temporary file, and the first sheet it meets is the one an import reads
  let input = bytes;
  if (kind === 'xlsx') {
    await checkZip(bytes, archiveLimits('spreadsheet'), 'spreadsheet');
    input = await sequentialZip(bytes, sheetsLast);
  }
  const limits = unpackLimits();
  const reader = await idleReader();
  const id = nextId++;
  const job: SheetJob = {
    id,
    kind,
    bytes: input,
    limits: {
      maxRows: limits.maxRows,
      maxColumns: limits.maxColumns,
      maxCellChars: limits.maxCellChars,
      maxInflatedBytes: limits.maxInflatedBytes,
    },
  };
  const reply = await new Promise<SheetReply>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        discard(
          reader,
          new HttpError(
            413,
            `The ${kind === 'csv' ? 'file' : 'spreadsheet'} took longer than ${limits.readTimeoutMs / 1000} s to read; split it`,
          ),
        ),
      limits.readTimeoutMs,
    );
    reader.job = { id, resolve, reject, timer };
    reader.worker.postMessage(job);
  });
  if (reply.error) throw new HttpError(reply.error.status, reply.error.message);
  return reply.table!;
}

/** Ends every reading thread (the server's close); the next import starts new ones. */
export async function closeSheetReaders(): Promise<void> {
  const all = readers.splice(0);
  await Promise.all(all.map((r) => r.worker.terminate()));
}
