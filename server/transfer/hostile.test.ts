import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestUser } from '../auth/testing';
import { checkZip, sequentialZip } from '../files/archive';
import { multipartBody } from '../files/testing';
import { DOCX } from '../documents/docx';
import { createHarness, type Harness } from '../test/harness';
import { configureUnpackLimits, DEFAULT_UNPACK_LIMITS, loadUnpackLimits } from './limits';
import { closeSheetReaders, readSheet } from './sheet';

/**
 * Hostile uploads (docs/hardening.md, H2-01) sent to every route that accepts a file: the import
 * steps of a collection (`times` as a lawyer, `contacts`), the upload of stored files, and the
 * rendering of a document from an uploaded DOCX template. Zip bombs (declared sizes honest or
 * lying), billion-laughs XML, 10,000 columns, a 1 MB cell and 100,000 rows are each refused
 * within 2 s, the process's RSS grows by less than 200 MB while one runs, and list requests sent
 * meanwhile are answered within 1 s. The files are built here, small: a bomb's 400 MB sheet is
 * 400 copies of one deflated megabyte. Which routes accept a file is read from the app's route
 * table (`RouteEntry.multipart`): each is covered by a case of `FILE_ROUTE_CASES` and sent its
 * files, so a new upload route without a case fails.
 */
let h: Harness;

const MB = 1024 * 1024;
const REFUSED_WITHIN_MS = 2_000;
const RSS_GROWTH_BELOW = 200 * MB;
const LIST_WITHIN_MS = 1_000;

/** One entry of a zip written byte by byte: its raw deflate data and the sizes it declares. */
interface RawEntry {
  name: string;
  deflated: Buffer;
  /** The uncompressed size written into the headers (a liar writes less than the data inflates to). */
  declaredSize: number;
}

/** A zip of `entries` (APPNOTE.TXT 4.3): local headers, data, central directory, end record; CRCs left 0. */
function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An entry holding `text`, deflated as any zip writer would. */
const plain = (name: string, text: string): RawEntry => {
  const bytes = Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(bytes), declaredSize: bytes.length };
};

/**
 * An entry that inflates to `head`, `copies` times `unit`, then `tail`: each part deflated on its
 * own, ending in a sync flush (byte-aligned, not final), the parts concatenated and closed by an
 * empty final block (`03 00`), so 400 MB cost one megabyte of compression.
 */
function bomb(name: string, head: string, unit: string, copies: number, tail: string, lie: boolean): RawEntry {
  const part = (text: string) => deflateRawSync(Buffer.from(text, 'utf8'), { finishFlush: constants.Z_SYNC_FLUSH });
  const unitDeflated = part(unit);
  const deflated = Buffer.concat([
    part(head),
    ...Array.from({ length: copies }, () => unitDeflated),
    part(tail),
    Buffer.from([0x03, 0x00]),
  ]);
  const size = Buffer.byteLength(head) + copies * Buffer.byteLength(unit) + Buffer.byteLength(tail);
  return { name, deflated, declaredSize: lie ? 10_000 : size };
}

/** The packed files of `xlsx` as text, in their order (exceljs' own workbook, as the base of hostile ones). */
function entriesOf(xlsx: Buffer): Array<[string, string]> {
  const zip = new PizZip(xlsx);
  return Object.values(zip.files)
    .filter((f) => !f.dir)
    .map((f) => [f.name, f.asText()]);
}

/** A workbook of `rows` written by exceljs. */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Times');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** `base` with the packed file `name` replaced by `text` (or by the `replacement` entry). */
function replaced(base: Buffer, name: string, replacement: string | RawEntry): Buffer {
  return rawZip(
    entriesOf(base).map(([n, text]) =>
      n === name ? (typeof replacement === 'string' ? plain(n, replacement) : replacement) : plain(n, text),
    ),
  );
}

const SHEET = 'xl/worksheets/sheet1.xml';
const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';
/** A megabyte of sheet rows (each a one-cell inline string). */
const BOMB_UNIT = '<row><c t="inlineStr"><is><t>bomb</t></is></c></row>'.repeat(Math.ceil(MB / 49)).slice(0, MB);

/** The hostile files, built once. */
const files: Record<string, Buffer> = {};

/** The column letters of 1-based column `n` (1 = A, 27 = AA). */
function column(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

beforeAll(async () => {
  h = await createHarness();
  await createTestUser(h.db, {
    username: 'biller',
    employeeId: h.fx.employees.boris,
    roles: [{ name: 'LOCAL_BILLING', privileges: [{ module: 'pre_invoice', view: true }] }],
  });
  const base = await workbook([
    ['Description', 'Hours'],
    ['Drafting', 1.5],
  ]);
  // 400 MB of rows in about 1 MB, as the finding's file; once with honest sizes, once lying
  files.xlsxBomb = replaced(base, SHEET, bomb(SHEET, SHEET_HEAD, BOMB_UNIT, 400, SHEET_TAIL, false));
  files.xlsxLyingBomb = replaced(base, SHEET, bomb(SHEET, SHEET_HEAD, BOMB_UNIT, 400, SHEET_TAIL, true));
  // a shared string that is nine levels of ten entities each: a billion "lol"s
  const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
  files.billionLaughs = replaced(
    base,
    'xl/sharedStrings.xml',
    `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY lol0 "lol">${entities}]>` +
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1">' +
      '<si><t>&lol9;</t></si><si><t>&lol9;</t></si></sst>',
  );
  files.wide = await workbook([Array.from({ length: 10_000 }, (_, i) => `Column ${i + 1}`)]);
  // random text packs about 2 to 1: only the cell limit can refuse it
  files.longCell = await workbook([
    ['Description', 'Hours'],
    [randomBytes(MB / 2).toString('hex'), 1],
  ]);
  // 100,000 rows of five cells (about 20 MB unpacked, under the 50 MB limit): only the row limit refuses it
  const text = (ref: string, t: string) => `<c r="${ref}" t="inlineStr"><is><t>${t}</t></is></c>`;
  const header = ['Description', 'Hours', 'Date', 'Matter', 'Notes'].map((t, c) => text(`${column(c + 1)}1`, t));
  const rows = Array.from({ length: 100_000 }, (_, i) => {
    const r = i + 2;
    return (
      `<row r="${r}">${text(`A${r}`, `Work ${i}`)}<c r="B${r}"><v>${(i % 8) + 0.5}</v></c>` +
      `${text(`C${r}`, '2026-11-02')}${text(`D${r}`, `M-${i % 97}`)}${text(`E${r}`, 'billable')}</row>`
    );
  }).join('');
  files.manyRows = replaced(base, SHEET, `${SHEET_HEAD}<row r="1">${header.join('')}</row>${rows}${SHEET_TAIL}`);
  files.csvManyRows = Buffer.from(
    ['Description', ...Array.from({ length: 100_000 }, (_, i) => `Work ${i}`)].join('\n'),
  );
  files.csvWide = Buffer.from(Array.from({ length: 10_000 }, (_, i) => `C${i + 1}`).join(','));
  files.csvLongCell = Buffer.from(`Description,Hours\n${'x'.repeat(MB)},1\n`);
  // nearly 10 MB (the upload cap) of one character each: one row of ten million separators, ten
  // million line breaks, a quoted cell that never closes
  const almostCap = 10 * MB - 1_000;
  files.csvSeparators = Buffer.alloc(almostCap, ',');
  files.csvLineBreaks = Buffer.concat([Buffer.from('Description\n'), Buffer.alloc(almostCap, '\n')]);
  files.csvOpenQuote = Buffer.concat([Buffer.from('Description\n"'), Buffer.alloc(almostCap, 'x')]);
  // a DOCX template whose document.xml inflates to 400 MB while declaring 10 KB
  const docHead =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
  const docUnit = '<w:p><w:r><w:t>bomb</w:t></w:r></w:p>'.repeat(Math.ceil(MB / 38)).slice(0, MB);
  files.docxBomb = rawZip([
    plain(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    plain(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    bomb('word/document.xml', docHead, docUnit, 400, '</w:body></w:document>', true),
  ]);
  // the first import starts the reading thread (exceljs loads in about a second): a legitimate one
  const warm = await importFile('lawyer', 'times', 'mapping', await workbook([['Description'], ['Drafting']]));
  expect(warm.statusCode, warm.body).toBe(200);
  await h.token('admin');
}, 120_000);
afterAll(async () => h?.close());

/** POSTs `file` to `<collection>/import/<step>` as `user`. */
async function importFile(
  user: string,
  collection: string,
  step: 'mapping' | 'dryRun' | 'commit',
  file: Buffer,
  name = 'hostile.xlsx',
): Promise<LightMyRequestResponse> {
  const body = multipartBody([{ filename: name, type: 'application/octet-stream', data: file }]);
  return h.app.inject({
    method: 'POST',
    url: `/core/api/${collection}/import/${step}`,
    headers: { authorization: `Bearer ${await h.token(user)}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** What one hostile request cost: its answer, its time, the RSS growth while it ran, and the lists' times. */
interface Cost {
  res: LightMyRequestResponse;
  ms: number;
  rssGrowth: number;
  listMs: number[];
}

/**
 * Sends the hostile request once while five list requests go out 40 ms apart, sampling the
 * process's RSS (the reading thread's memory included) every 10 ms from the start until all answered.
 */
async function measure(send: () => Promise<LightMyRequestResponse>): Promise<Cost> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const start = performance.now();
  const hostile = send().then((res) => ({ res, ms: performance.now() - start }));
  const lists = Array.from({ length: 5 }, async (_, i) => {
    await new Promise((resolve) => setTimeout(resolve, i * 40));
    const t = performance.now();
    const res = await h.request('admin', 'GET', '/core/api/clients?size=20');
    expect(res.statusCode).toBe(200);
    return performance.now() - t;
  });
  const [{ res, ms }, listMs] = await Promise.all([hostile, Promise.all(lists)]);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  const cost = { res, ms, rssGrowth: peak - before, listMs };
  figures.push(
    `${send.name || 'request'}: ${res.statusCode} in ${Math.round(ms)} ms, RSS +${Math.round(cost.rssGrowth / MB)} MB, lists <= ${Math.round(Math.max(...listMs))} ms`,
  );
  return cost;
}

const figures: string[] = [];
afterAll(() => console.info(`hostile uploads:\n${figures.join('\n')}`));

/** Asserts the request was refused with `status` and a message matching `message`, within the bounds. */
function expectRefused(cost: Cost, status: number, message: RegExp): void {
  expect(cost.res.statusCode, cost.res.body).toBe(status);
  expect((JSON.parse(cost.res.body) as { message: string }).message).toMatch(message);
  expect(cost.ms).toBeLessThan(REFUSED_WITHIN_MS);
  expect(cost.rssGrowth).toBeLessThan(RSS_GROWTH_BELOW);
  expect(Math.max(...cost.listMs)).toBeLessThan(LIST_WITHIN_MS);
}

const UNPACKED = /^The spreadsheet is larger than 50 MB once unpacked$/;

describe('H2-01 hostile spreadsheets sent to an import', () => {
  it('H2-01 an xlsx bomb (1 MB inflating to 400 MB) sent by a lawyer to times/import/mapping is refused with 413 within 2 s', async () => {
    expect(files.xlsxBomb!.length).toBeLessThan(2 * MB);
    const cost = await measure(function xlsxBomb() {
      return importFile('lawyer', 'times', 'mapping', files.xlsxBomb!);
    });
    expectRefused(cost, 413, UNPACKED);
  });

  it('H2-01 an xlsx bomb whose headers declare 10 KB is refused with 413 by counting what it inflates to, within 2 s', async () => {
    const cost = await measure(function xlsxLyingBomb() {
      return importFile('lawyer', 'times', 'mapping', files.xlsxLyingBomb!);
    });
    expectRefused(cost, 413, UNPACKED);
  });

  it('H2-01 the dry run and the commit refuse an xlsx bomb as the mapping does, on another collection too', async () => {
    for (const [collection, user] of [
      ['times', 'lawyer'],
      ['contacts', 'billing'],
    ] as const) {
      for (const step of ['dryRun', 'commit'] as const) {
        const cost = await measure(function bombDryRunCommit() {
          return importFile(user, collection, step, files.xlsxLyingBomb!);
        });
        expectRefused(cost, 413, UNPACKED);
      }
    }
  });

  it('H2-01 three xlsx bombs at once are each refused within 2 s and the server goes on answering', async () => {
    const cost = await measure(async function threeBombsAtOnce() {
      const answers = await Promise.all([
        importFile('lawyer', 'times', 'mapping', files.xlsxBomb!),
        importFile('lawyer', 'times', 'dryRun', files.xlsxLyingBomb!),
        importFile('billing', 'contacts', 'mapping', files.xlsxLyingBomb!),
      ]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(413);
      return answers[0]!;
    });
    expectRefused(cost, 413, UNPACKED);
  });

  it('H2-01 an xlsx whose shared strings expand nested entities (billion laughs) is refused with 400 within 2 s', async () => {
    const cost = await measure(function billionLaughs() {
      return importFile('lawyer', 'times', 'mapping', files.billionLaughs!);
    });
    expectRefused(cost, 400, /^The file is not a readable xlsx workbook$/);
  });

  it('H2-01 an xlsx of 10,000 columns is refused with 400 naming the column limit, within 2 s', async () => {
    const cost = await measure(function wideXlsx() {
      return importFile('lawyer', 'times', 'mapping', files.wide!);
    });
    expectRefused(cost, 400, /^Row 1 has more than 500 columns$/);
  });

  it('H2-01 an xlsx with a 1 MB cell is refused with 400 naming the cell limit, within 2 s', async () => {
    const cost = await measure(function longCellXlsx() {
      return importFile('lawyer', 'times', 'mapping', files.longCell!);
    });
    expectRefused(cost, 400, /^A cell of row 2 holds more than 32767 characters$/);
  });

  it('H2-01 an xlsx of 100,000 rows is refused with 400 naming the row limit, within 2 s', async () => {
    const cost = await measure(function manyRowsXlsx() {
      return importFile('lawyer', 'times', 'mapping', files.manyRows!);
    });
    expectRefused(cost, 400, /^The file holds more than 10000 rows; split it$/);
  });

  it('H2-01 a CSV of 100,000 rows, of 10,000 columns, or with a 1 MB cell is refused with 400 within 2 s', async () => {
    const cases = [
      [files.csvManyRows!, /^The file holds more than 10000 rows; split it$/],
      [files.csvWide!, /^Row 1 has more than 500 columns$/],
      [files.csvLongCell!, /^A cell of row 2 holds more than 32767 characters$/],
    ] as const;
    for (const [file, message] of cases) {
      const cost = await measure(function hostileCsv() {
        return importFile('lawyer', 'times', 'mapping', file, 'hostile.csv');
      });
      expectRefused(cost, 400, message);
    }
  });

  it('H2-01 a 10 MB CSV of separators, of line breaks, or of one unclosed quoted cell is refused with 400 within 2 s', async () => {
    const cases = [
      [files.csvSeparators!, /^Row 1 has more than 500 columns$/],
      [files.csvLineBreaks!, /^The file holds more than 10000 rows; split it$/],
      [files.csvOpenQuote!, /^A cell of row 2 holds more than 32767 characters$/],
    ] as const;
    for (const [file, message] of cases) {
      const cost = await measure(function tenMegabyteCsv() {
        return importFile('lawyer', 'times', 'mapping', file, 'hostile.csv');
      });
      expectRefused(cost, 400, message);
    }
  });

  it('H2-01 after the hostile files a legitimate xlsx still maps: the reading thread survived', async () => {
    const res = await importFile(
      'lawyer',
      'times',
      'mapping',
      await workbook([
        ['Description', 'Hours'],
        ['Drafting', 1.5],
        ['Review', 2],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ headers: ['Description', 'Hours'], rows: 2 });
  });
});

describe('H2-01 hostile DOCX templates and uploads', () => {
  it('H2-01 a DOCX bomb is stored as bytes (never unpacked) within 2 s, and rendering a document from it is refused with 413 within 2 s', async () => {
    const body = multipartBody([{ filename: 'bomb.docx', type: DOCX, data: files.docxBomb! }]);
    const up = await measure(async function docxBombUpload() {
      return h.app.inject({
        method: 'POST',
        url: '/core/api/storedFiles',
        headers: { authorization: `Bearer ${await h.token('admin')}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    });
    expect(up.res.statusCode, up.res.body).toBe(201);
    expect(up.ms).toBeLessThan(REFUSED_WITHIN_MS);
    expect(up.rssGrowth).toBeLessThan(RSS_GROWTH_BELOW);
    const t = await h.json('admin', 'POST', '/core/api/officeTemplates', {
      office: { id: h.fx.offices.almaty },
      documentType: { id: h.fx.dict('DOCUMENT_TYPE', 2) },
      document: { id: (JSON.parse(up.res.body) as { id: number }).id },
    });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    const cost = await measure(function docxBombRender() {
      return h.request('biller', 'GET', `/core/api/preInvoices/template/${h.fx.billing.acmePreInvoice}/2`);
    });
    expectRefused(cost, 413, /^The template is larger than 20 MB once unpacked$/);
  });
});

/** A multipart body of one `file` part holding `data`. */
const filePart = (data: Buffer, filename: string, type = 'application/octet-stream') =>
  multipartBody([{ filename, type, data }]);

/** Sends `data` as the one `file` part of a multipart body to `url` as `user`. */
async function sendFile(
  user: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data: Buffer,
  filename: string,
): Promise<LightMyRequestResponse> {
  const body = filePart(data, filename);
  return h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await h.token(user)}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** What one probe of the sweep sends and expects: the answer's status and, for a refusal, its message. */
interface Probe {
  file: keyof typeof files;
  filename: string;
  status: number;
  message?: RegExp;
}

/**
 * The hostile cases that cover each kind of route accepting a multipart body, matched on
 * `METHOD url-pattern` as the route table holds it. A file route that no entry matches fails the
 * coverage test: a new upload route needs its case here (and, where it unpacks anything, its
 * own hostile tests above). The deep cases of a kind (lying bombs, billion laughs, wide, long,
 * many rows, the CSVs) are the tests above, on `times` and `contacts`; the sweep sends every
 * route of the kind the files below.
 */
const FILE_ROUTE_CASES: Array<{ kind: string; route: RegExp; probes: Probe[] }> = [
  {
    // every collection's import steps, the auth service's users, roles and privileges too: one
    // reader (server/transfer/sheet.ts) behind all of them
    kind: 'import steps (mapping, dry run, commit) of every collection',
    route: /^POST \/(core\/api|auth\/api\/v2)\/[A-Za-z]+\/import\/(mapping|dryRun|commit)$/,
    probes: [
      { file: 'xlsxBomb', filename: 'bomb.xlsx', status: 413, message: UNPACKED },
      { file: 'csvWide', filename: 'wide.csv', status: 400, message: /more than 500 columns/ },
    ],
  },
  {
    // the drive stores bytes and reads 4,100 of them for the type: nothing is unpacked
    kind: 'the upload of stored files',
    route: /^POST \/core\/api\/storedFiles\/?$/,
    probes: [
      { file: 'docxBomb', filename: 'bomb.docx', status: 201 },
      { file: 'xlsxBomb', filename: 'bomb.xlsx', status: 201 },
    ],
  },
  {
    // in the upload's scope, but takes no file: the body is never read
    kind: 'the restore, delete and purge of a stored file',
    route: /^(POST \/core\/api\/storedFiles\/:id\/restore|DELETE \/core\/api\/storedFiles\/:id(\/purge)?)$/,
    probes: [{ file: 'xlsxBomb', filename: 'bomb.xlsx', status: 404 }],
  },
];

/** The routes that accept a body parsed as multipart (HEAD and GET carry none). */
const fileRoutes = () =>
  h.app.routeTable
    .filter((r) => r.multipart && !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
    .map((r) => `${r.method} ${r.url}`);

describe('H2-01 every route that accepts a file is covered', () => {
  it('H2-01 every route the app registered with a multipart body is matched by a hostile case, and every case by a route', () => {
    const routes = fileRoutes();
    const uncovered = routes.filter((r) => !FILE_ROUTE_CASES.some((c) => c.route.test(r)));
    expect(uncovered).toEqual([]);
    const unused = FILE_ROUTE_CASES.filter((c) => !routes.some((r) => c.route.test(r))).map((c) => c.kind);
    expect(unused).toEqual([]);
    // the upload and the import steps of (at least) times, contacts and the auth service's users
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /core/api/storedFiles',
        'POST /core/api/times/import/mapping',
        'POST /core/api/contacts/import/commit',
        'POST /auth/api/v2/users/import/dryRun',
      ]),
    );
    figures.push(`file routes: ${routes.length}`);
  });

  // the sweep below sends every auth import route an honest bomb and a wide CSV; the deeper cases once
  it("H2-01 the auth service's user import, found by the route table, refuses a lying xlsx bomb with 413 and billion laughs with 400 within 2 s", async () => {
    const url = '/auth/api/v2/users/import/mapping';
    const bomb = await measure(function authImportLyingBomb() {
      return sendFile('admin', 'POST', url, files.xlsxLyingBomb!, 'bomb.xlsx');
    });
    expectRefused(bomb, 413, UNPACKED);
    const laughs = await measure(function authImportBillionLaughs() {
      return sendFile('admin', 'POST', url, files.billionLaughs!, 'laughs.xlsx');
    });
    expect(laughs.res.statusCode, laughs.res.body).toBe(400);
    expect(laughs.ms).toBeLessThan(REFUSED_WITHIN_MS);
    expect(laughs.rssGrowth).toBeLessThan(RSS_GROWTH_BELOW);
    expect(Math.max(...laughs.listMs)).toBeLessThan(LIST_WITHIN_MS);
  });

  it('H2-01 every file route is sent its hostile files: each answered within 2 s, RSS growth under 200 MB, a concurrent list p99 under 1 s', async () => {
    const routes = fileRoutes();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    // a list request every 40 ms while the sweep runs
    let sweeping = true;
    const listMs: number[] = [];
    const lister = (async () => {
      while (sweeping) {
        const t = performance.now();
        const res = await h.request('admin', 'GET', '/core/api/clients?size=20');
        listMs.push(performance.now() - t);
        expect(res.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    const slow: string[] = [];
    const wrong: string[] = [];
    try {
      for (const route of routes) {
        const [method, pattern] = route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
        const url = pattern.replace(/:id\b/, '99999999');
        for (const probe of FILE_ROUTE_CASES.find((c) => c.route.test(route))!.probes) {
          const t = performance.now();
          const res = await sendFile('admin', method, url, files[probe.file]!, probe.filename);
          const ms = performance.now() - t;
          if (ms >= REFUSED_WITHIN_MS) slow.push(`${route} ${probe.file}: ${Math.round(ms)} ms`);
          const message = probe.message && (JSON.parse(res.body) as { message?: string }).message;
          if (res.statusCode !== probe.status || (probe.message && !probe.message.test(message ?? '')))
            wrong.push(`${route} ${probe.file}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    } finally {
      sweeping = false;
      await lister;
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    expect(wrong).toEqual([]);
    expect(slow).toEqual([]);
    expect(peak - before).toBeLessThan(RSS_GROWTH_BELOW);
    const sorted = [...listMs].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
    expect(p99).toBeLessThan(LIST_WITHIN_MS);
    figures.push(
      `sweep of ${routes.length} file routes: RSS +${Math.round((peak - before) / MB)} MB, ${listMs.length} lists, p99 ${Math.round(p99)} ms`,
    );
  }, 300_000);
});

describe('H2-01 the zip gate (server/files/archive.ts)', () => {
  const limits = { maxInflatedBytes: 50 * MB, maxEntries: 2_000, maxRatio: 200 };

  it('H2-01 refuses from the central directory alone when the declared sizes pass the limit', async () => {
    // the data is cut off: only the directory can have refused it
    const honest = rawZip([{ name: 'a.xml', deflated: Buffer.alloc(10), declaredSize: 60 * MB }]);
    await expect(checkZip(honest, limits, 'spreadsheet')).rejects.toMatchObject({
      statusCode: 413,
      message: 'The spreadsheet is larger than 50 MB once unpacked',
    });
  });

  it('H2-01 refuses an entry packed beyond the ratio even under the size limit', async () => {
    const packed = rawZip([bomb('a.xml', '', BOMB_UNIT, 10, '', false)]);
    await expect(checkZip(packed, limits, 'spreadsheet')).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringMatching(/packed more than 200 to 1/) as unknown,
    });
  });

  it('H2-01 counts the bytes of an entry that lies about its size and stops at the limit', async () => {
    const liar = rawZip([bomb('a.xml', '', BOMB_UNIT, 60, '', true)]);
    await expect(checkZip(liar, { ...limits, maxRatio: 1e9 }, 'spreadsheet')).rejects.toMatchObject({
      statusCode: 413,
    });
  });

  it('H2-01 passes a real workbook and answers what it unpacks to', async () => {
    const xlsx = await workbook([
      ['Description', 'Hours'],
      ['Drafting', 1.5],
    ]);
    const size = await checkZip(xlsx, limits, 'spreadsheet');
    expect(size).toBeGreaterThan(1000);
    expect(size).toBeLessThan(DEFAULT_UNPACK_LIMITS.maxInflatedBytes);
  });

  it('H2-01 refuses bytes that are no zip with 400', async () => {
    await expect(checkZip(Buffer.from('PK\u0003\u0004 not really'), limits, 'template')).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^The template is not a readable zip archive/) as unknown,
    });
  });

  it('H2-01 refuses with 400 an archive naming a packed file by an absolute path or with ..', async () => {
    for (const name of ['../evil.xml', '/etc/evil.xml']) {
      await expect(checkZip(rawZip([plain(name, 'x')]), limits, 'template')).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/^The template is not a readable zip archive/) as unknown,
      });
    }
  });

  it('H2-01 rewrites an archive for a sequential reader: the entries in rank order, local headers with the sizes, data as it was', async () => {
    const texts: Record<string, string> = {
      'xl/worksheets/sheet2.xml': 'second sheet',
      'xl/worksheets/sheet1.xml': 'first sheet',
      'xl/sharedStrings.xml': 'shared strings',
    };
    const zip = rawZip(Object.entries(texts).map(([name, text]) => plain(name, text)));
    const rank = (name: string) => Number(/sheet(\d+)/.exec(name)?.[1] ?? 0);
    const out = await sequentialZip(zip, rank);
    // walk the local headers as exceljs' reader does, up to the end record
    const read: Array<[string, string]> = [];
    let at = 0;
    while (out.readUInt32LE(at) === 0x04034b50) {
      const size = out.readUInt32LE(at + 18);
      const nameEnd = at + 30 + out.readUInt16LE(at + 26);
      const name = out.toString('utf8', at + 30, nameEnd);
      const text = inflateRawSync(out.subarray(nameEnd, nameEnd + size)).toString('utf8');
      expect(out.readUInt32LE(at + 22)).toBe(Buffer.byteLength(text));
      read.push([name, text]);
      at = nameEnd + size;
    }
    expect(out.readUInt32LE(at)).toBe(0x06054b50);
    expect(read).toEqual([
      ['xl/sharedStrings.xml', 'shared strings'],
      ['xl/worksheets/sheet1.xml', 'first sheet'],
      ['xl/worksheets/sheet2.xml', 'second sheet'],
    ]);
  });
});

describe('H2-01 the reading thread is a second defence', () => {
  afterEach(async () => {
    // back to the defaults, with threads started under them
    configureUnpackLimits(undefined);
    await closeSheetReaders();
  });

  it('H2-01 a read over the time limit ends the thread and is refused with 413; the next read works', async () => {
    const xlsx = await workbook([['Description'], ['Drafting']]);
    configureUnpackLimits({ readTimeoutMs: 1 });
    await expect(readSheet(xlsx)).rejects.toMatchObject({
      statusCode: 413,
      message: 'The spreadsheet took longer than 0.001 s to read; split it',
    });
    configureUnpackLimits(undefined);
    await expect(readSheet(xlsx)).resolves.toMatchObject({ header: ['Description'], rows: [{ line: 2 }] });
  });

  it('H2-01 a thread out of heap is refused with 413 naming the memory; the server goes on', async () => {
    await closeSheetReaders();
    // 4 MB of heap cannot even load exceljs: the thread dies of it, the process does not
    configureUnpackLimits({ readerHeapMb: 4 });
    await expect(readSheet(await workbook([['Description'], ['Drafting']]))).rejects.toMatchObject({
      statusCode: 413,
      message: 'The spreadsheet needs more than 4 MB of memory to read; split it',
    });
    const res = await h.request('admin', 'GET', '/core/api/clients?size=1');
    expect(res.statusCode).toBe(200);
  });
});

describe('H2-01 the limits are configuration', () => {
  it('H2-01 reads IMPORT_* and TEMPLATE_MAX_UNPACKED_MB, leaves unset ones out and refuses a non-number', () => {
    expect(loadUnpackLimits({})).toEqual({});
    expect(
      loadUnpackLimits({ IMPORT_MAX_UNPACKED_MB: '80', IMPORT_MAX_ROWS: '20000', TEMPLATE_MAX_UNPACKED_MB: '5' }),
    ).toEqual({ maxInflatedBytes: 80 * MB, maxRows: 20_000, maxTemplateBytes: 5 * MB });
    expect(() => loadUnpackLimits({ IMPORT_MAX_COLUMNS: 'lots' })).toThrow(
      'IMPORT_MAX_COLUMNS must be a positive whole number, got "lots"',
    );
    expect(() => loadUnpackLimits({ IMPORT_READ_TIMEOUT_MS: '0' })).toThrow(/IMPORT_READ_TIMEOUT_MS/);
  });
});
