import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rule } from '../../schemas/accessRule';
import { contacts } from '../../schemas/index';
import { createHarness, type Harness } from '../test/harness';
import { NDJSON_TYPE } from './routes';
import type { ImportResult } from './import';

/**
 * Import and export of any entity (server/transfer/), through `app.inject`: the contacts of the
 * fixture's clients. Imports are multipart uploads of CSV or xlsx; exports are read back with
 * exceljs and as CSV text.
 */
let h: Harness;
const BASE = '/core/api/contacts';
const BOUNDARY = 'transfer-test-boundary';

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

/** A multipart body of a file part (and a mapping part when given). */
function multipart(file: Buffer, name: string, mapping?: unknown): Buffer {
  const parts: Buffer[] = [];
  if (mapping !== undefined)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

async function upload(
  user: string,
  step: 'mapping' | 'dryRun' | 'commit',
  file: Buffer,
  options: { name?: string; mapping?: unknown; accept?: string } = {},
) {
  return h.app.inject({
    method: 'POST',
    url: `${BASE}/import/${step}`,
    headers: {
      authorization: `Bearer ${await h.token(user)}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(options.accept ? { accept: options.accept } : {}),
    },
    payload: multipart(file, options.name ?? 'contacts.csv', options.mapping),
  });
}

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');
const countOf = async (query: string) =>
  (await h.json<{ page: { totalElements: number } }>('admin', 'GET', `${BASE}?${query}&size=1`)).body.page
    .totalElements;

/** A CSV of `n` contacts of Globex named `<prefix> <i>`, with the rows of `bad` (0-based) broken. */
function contactsCsv(prefix: string, n: number, bad: Map<number, 'noName' | 'badEmail'> = new Map()): Buffer {
  const lines = ['Client,Full name,E-mail,Job title'];
  for (let i = 0; i < n; i++) {
    const kind = bad.get(i);
    const name = kind === 'noName' ? '' : `${prefix} ${i}`;
    const email = kind === 'badEmail' ? 'not-an-address' : `p${i}@example.test`;
    lines.push(`${h.fx.clients.globex},${name},${email},Engineer`);
  }
  return csv(lines);
}

describe('import', () => {
  it('proposes a mapping by field name or label, ignoring case', async () => {
    const res = await upload('billing', 'mapping', csv(['CLIENT;full NAME;firstEmail;Notes', '1;A;a@b.kz;x']));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ headers: string[]; mapping: Record<string, string | null>; rows: number }>();
    expect(body.headers).toEqual(['CLIENT', 'full NAME', 'firstEmail', 'Notes']);
    expect(body.mapping).toEqual({ CLIENT: 'client', 'full NAME': 'gname', firstEmail: 'firstEmail', Notes: null });
    expect(body.rows).toBe(1);
  });

  it('a dry run finds exactly the bad rows, with their row numbers and field errors, and writes nothing', async () => {
    const before = await countOf('search=Dry%20run');
    const bad = new Map<number, 'noName' | 'badEmail'>([
      [3, 'noName'],
      [7, 'badEmail'],
    ]);
    const res = await upload('billing', 'dryRun', contactsCsv('Dry run', 12, bad));
    expect(res.statusCode).toBe(200);
    const result = res.json<ImportResult>();
    expect(result).toMatchObject({ total: 12, created: 10, committed: false });
    // row numbers in the file: the header is row 1
    expect(result.rejected.map((r) => r.row)).toEqual([5, 9]);
    expect(result.rejected[0]!.errors).toEqual([expect.objectContaining({ property: 'gname' })]);
    expect(result.rejected[1]!.errors).toEqual([expect.objectContaining({ property: 'firstEmail' })]);
    expect(await countOf('search=Dry%20run')).toBe(before);
  });

  it('a commit is refused while a row is rejected: nothing is written', async () => {
    const res = await upload('billing', 'commit', contactsCsv('Refused', 20, new Map([[19, 'noName']])));
    expect(res.json<ImportResult>()).toMatchObject({ total: 20, created: 19, committed: false });
    expect(await countOf('search=Refused')).toBe(0);
  });

  it('a commit of a clean file creates every row, each with its history entry, and streams progress', async () => {
    const res = await upload('billing', 'commit', contactsCsv('Clean', 250), { accept: NDJSON_TYPE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(NDJSON_TYPE);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { progress?: { done: number; total: number }; result?: ImportResult });
    expect(lines.filter((l) => l.progress).map((l) => l.progress!.done)).toEqual([0, 100, 200, 250]);
    expect(lines.at(-1)!.result).toMatchObject({ total: 250, created: 250, rejected: [], committed: true });
    expect(await countOf('search=Clean')).toBe(250);
    const [row] = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM record_history h JOIN contacts c ON c.id = h.record_id
        WHERE h.collection = 'contacts' AND h.action = 'create' AND h.changed_by = 'billing' AND c.gname LIKE 'Clean %'`,
    );
    expect(row!.n).toBe(250);
  });

  it('a mapping that picks a field twice or names no header of the file is a 400', async () => {
    const res = await upload('billing', 'dryRun', contactsCsv('Map', 2), {
      mapping: { Client: 'client', 'Full name': 'gname', 'E-mail': 'gname' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('mapped from two columns');
    const unknown = await upload('billing', 'dryRun', contactsCsv('Map', 2), { mapping: { Nope: 'gname' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('reads an xlsx workbook: dates, numbers and text cells', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Contacts');
    sheet.addRow(['Client', 'Full name', 'Subscribed to e-mails']);
    sheet.addRow([h.fx.clients.globex, 'Xlsx one', 'yes']);
    sheet.addRow([h.fx.clients.globex, 'Xlsx two', false]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload('billing', 'commit', file, { name: 'contacts.xlsx' });
    expect(res.json<ImportResult>()).toMatchObject({ created: 2, committed: true });
    const list = await h.json<{ _embedded: { contacts: Array<{ gname: string; emailSubscribed: boolean }> } }>(
      'admin',
      'GET',
      `${BASE}?search=Xlsx&sort=gname,asc`,
    );
    expect(list.body._embedded.contacts.map((c) => [c.gname, c.emailSubscribed])).toEqual([
      ['Xlsx one', true],
      ['Xlsx two', false],
    ]);
  });

  it('403 without the create privilege, before the file is read; 401 anonymous', async () => {
    const res = await upload('member', 'dryRun', contactsCsv('Nope', 2));
    expect(res.statusCode).toBe(403);
    const anonymous = await h.app.inject({
      method: 'POST',
      url: `${BASE}/import/mapping`,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(contactsCsv('Nope', 1), 'a.csv'),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('400 for a file over the row limit, without a header, or not multipart', async () => {
    const lines = ['Full name', ...Array.from({ length: 10_001 }, (_, i) => `n${i}`)];
    const tooMany = await upload('billing', 'mapping', csv(lines));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toContain('10000');
    expect((await upload('billing', 'mapping', csv(['']))).statusCode).toBe(400);
    const json = await h.request('billing', 'POST', `${BASE}/import/dryRun`, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });
});

describe('export', () => {
  const exportAs = (user: string, query: string) => h.request(user, 'GET', `${BASE}/export?${query}`);

  async function sheetRows(payload: Buffer): Promise<ExcelJS.CellValue[][]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(payload as unknown as ArrayBuffer);
    const rows: ExcelJS.CellValue[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return rows;
  }

  it('honours the filters and the sort (xlsx), without a total row', async () => {
    const res = await exportAs('billing', 'format=xlsx&search=Clean%201&sort=gname,desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('contacts.xlsx');
    const rows = await sheetRows(res.rawPayload);
    const names = rows.slice(1).map((r) => r[rows[0]!.indexOf('Full name')]);
    // Clean 1, Clean 10..19, Clean 100..199
    expect(names).toHaveLength(111);
    expect(names).toEqual([...names].sort().reverse());
    expect(names.every((n) => String(n).startsWith('Clean 1'))).toBe(true);
  });

  it('honours the access rule: hidden rows are not exported', async () => {
    const all = await exportAs('billing', 'format=csv&search=Clean%2024');
    expect(all.body.trim().split('\r\n')).toHaveLength(1 + 11);
    contacts.accessRule = () => rule.ne('gname', 'Clean 24');
    try {
      const ruled = await exportAs('billing', 'format=csv&search=Clean%2024');
      expect(ruled.body.trim().split('\r\n')).toHaveLength(1 + 10);
      expect(ruled.body).not.toMatch(/Clean 24,/);
    } finally {
      delete contacts.accessRule;
    }
  });

  it('403 without view access, 400 for an unknown format or filter', async () => {
    expect((await exportAs('member', 'format=csv')).statusCode).toBe(403);
    expect((await exportAs('billing', 'format=pdf')).statusCode).toBe(400);
    expect((await exportAs('billing', 'format=csv&nope.id=1')).statusCode).toBe(400);
  });

  it('escapes cells that a spreadsheet would run as formulas, in CSV and xlsx', async () => {
    for (const [i, text] of ['=1+2', '+SUM(A1)', '-3', '@cmd', '\tTab'].entries()) {
      const r = await h.json('billing', 'POST', BASE, {
        client: { id: h.fx.clients.globex },
        gname: `Formula ${i}`,
        gjobTitle: text,
      });
      expect(r.status).toBe(201);
    }
    const csvText = (await exportAs('billing', 'format=csv&search=Formula&sort=gname,asc')).body;
    for (const text of ["'=1+2", "'+SUM(A1)", "'-3", "'@cmd"]) expect(csvText).toContain(text);
    const rows = await sheetRows((await exportAs('billing', 'format=xlsx&search=Formula&sort=gname,asc')).rawPayload);
    const column = rows[0]!.indexOf('Job title');
    expect(rows.slice(1).map((r) => r[column])).toEqual(["'=1+2", "'+SUM(A1)", "'-3", "'@cmd", "'\tTab"]);
  });

  it('H2-09 formula-like text after a `;` inside a cell is escaped in CSV, so a `;`-separated reading runs no formula', async () => {
    const r = await h.json('billing', 'POST', BASE, {
      client: { id: h.fx.clients.globex },
      gname: 'Separator 1',
      gjobTitle: 'x;=1+1;+2;-3;@cmd;plain',
    });
    expect(r.status).toBe(201);
    const row = (await exportAs('billing', 'format=csv&search=Separator')).body.split('\r\n')[1]!;
    expect(row).toContain("x;'=1+1;'+2;'-3;'@cmd;plain");
    // read with `;` as the separator, as Excel under ru-RU does: no field starts a formula
    expect(row.split(';').filter((field) => /^[=+\-@]/.test(field))).toEqual([]);
  });

  it('an export of a list with no matching row is the byte order mark and the header row', async () => {
    const res = await exportAs('billing', 'format=csv&search=no-such-contact-anywhere');
    expect(res.statusCode).toBe(200);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Full name,Client,Job title,/);
  });

  it('CSV round trip with Cyrillic: UTF-8 with a byte order mark, read back by the import', async () => {
    for (const name of ['Иван Петров', 'Айгерим Сапарова', 'Ёлка, "кавычки"']) {
      const r = await h.json('billing', 'POST', BASE, { client: { id: h.fx.clients.globex }, gname: name });
      expect(r.status).toBe(201);
    }
    const res = await exportAs('billing', 'format=csv&client.id=' + h.fx.clients.globex + '&search=%D1%91');
    expect(res.headers['content-type']).toContain('text/csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain('"Ёлка, ""кавычки"""');
    // the exported file imported again: its header maps by label, the client by its name
    const mapping = await upload('billing', 'mapping', res.rawPayload);
    expect(mapping.json<{ mapping: Record<string, string | null> }>().mapping).toMatchObject({
      'Full name': 'gname',
      Client: 'client',
    });
    const before = await countOf('search=%D1%91');
    const commit = await upload('billing', 'commit', res.rawPayload);
    expect(commit.json<ImportResult>()).toMatchObject({ total: 1, created: 1, committed: true });
    const copies = await h.json<{ _embedded: { contacts: Array<{ gname: string; client: { id: number } }> } }>(
      'admin',
      'GET',
      `${BASE}?search=%D1%91`,
    );
    expect(copies.body._embedded.contacts).toHaveLength(before + 1);
    expect(copies.body._embedded.contacts.every((c) => c.gname === 'Ёлка, "кавычки"')).toBe(true);
    expect(copies.body._embedded.contacts.every((c) => c.client.id === h.fx.clients.globex)).toBe(true);
  });
});
