import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { XLSX_TYPE } from './excel';

/**
 * The Excel export of the time list (`POST /core/api/excel/generate/time`, `server/exports/`):
 * the file is opened back with exceljs (cells, types, the total row) and converted to CSV by
 * LibreOffice headless, whose rows must say the same; the rows are the list's for the same
 * filters and the same user (the row filter and the privilege module by work type).
 */
let h: Harness;
let dir: string;
type Rec = Record<string, unknown>;
const URL = '/core/api/excel/generate/time';

beforeAll(async () => {
  h = await createHarness();
  dir = mkdtempSync(join(tmpdir(), 'excel-test-'));
  await createTestUser(h.db, {
    username: 'tasker',
    password: 'tasker',
    employeeId: h.fx.employees.anna,
    roles: [
      { name: 'TASKS', privileges: [{ module: 'TIME', view: true, create: false, update: false, delete: false }] },
    ],
  });
  // a second Acme entry of 15 minutes whose description a spreadsheet would run as a formula
  const r = await h.json('admin', 'POST', '/core/api/times', {
    dateTime: '2026-11-04T14:30:00Z',
    workType: { id: h.fx.dict('WORK_TYPE', 1) },
    employee: { id: h.fx.employees.anna },
    matter: { id: h.fx.matters.acmeMatter },
    workDescription: '=HYPERLINK("http://x.test","click")',
    billable: false,
  });
  expect(r.status).toBe(201);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await h?.close();
});

const exportAs = async (user: string | null, query = '', body?: unknown) =>
  h.request(user, 'POST', `${URL}${query ? `?${query}` : ''}`, body);

/** The sheet's rows as arrays of cell values (1-based columns dropped to 0-based). */
async function readBack(payload: Buffer): Promise<ExcelJS.CellValue[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}

/** Minimal RFC 4180 parsing of LibreOffice's CSV (quoted cells, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ',') {
      endCell();
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else {
      cell += c;
    }
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** Converts an xlsx to CSV with LibreOffice headless (its own profile, so parallel runs do not collide). */
function libreOfficeCsv(payload: Buffer, name: string): string[][] {
  const file = join(dir, `${name}.xlsx`);
  writeFileSync(file, payload);
  const profile = `file://${join(dir, `profile-${name}`)}`;
  try {
    execFileSync(
      'soffice',
      // CSV filter options: comma, double quote, UTF-8, from row 1, ..., cells saved as shown (number formats applied)
      [
        `-env:UserInstallation=${profile}`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true',
        '--outdir',
        dir,
        file,
      ],
      { stdio: 'pipe', timeout: 120_000 },
    );
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT')
      throw new Error(
        'LibreOffice is required by this test: install it so that `soffice` is on the PATH (Debian: apt-get install libreoffice-calc-nogui)',
      );
    throw e;
  }
  return parseCsv(readFileSync(join(dir, `${name}.csv`), 'utf8'));
}

describe('excel export of times', () => {
  it('TIME-20 POST /excel/generate/time answers a real xlsx of the time list: typed cells, hours, a total row', async () => {
    const res = await exportAs('admin', 'workType.code=1&sort=dateTime,asc');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain('filename="times.xlsx"');
    const rows = await readBack(res.rawPayload);
    expect(rows[0]).toEqual([
      'Date',
      'Work type',
      'Employee',
      'Matter',
      'Description',
      'Duration (h)',
      'Billable',
      'Billing status',
    ]);
    const list = await h.json<{ _embedded: { times: Rec[] } }>(
      'admin',
      'GET',
      '/core/api/times?workType.code=1&sort=dateTime,asc&size=100',
    );
    const data = rows.slice(1, -1);
    expect(data).toHaveLength(list.body._embedded.times.length);
    const first = data[0]!;
    expect(first[0]).toBeInstanceOf(Date);
    expect((first[0] as Date).toISOString()).toBe('2026-11-02T09:00:00.000Z');
    expect(first[1]).toBe('Time entry');
    expect(first[5]).toBe(1);
    expect(first[6]).toBe(true);
    expect(first[7]).toBe('Unbilled');
    const formula = data.find((r) => String(r[4]).includes('HYPERLINK'))!;
    expect(formula[4]).toBe(`'=HYPERLINK("http://x.test","click")`);
    expect(formula[5]).toBe(0.25);
    expect(formula[3]).toBe('M-0001 Acme share purchase');
    const sum = list.body._embedded.times.reduce((s, t) => s + (t.duration as number), 0) / 3_600_000;
    const total = rows[rows.length - 1]!;
    expect(total[0]).toBe('Total');
    expect(total[5]).toMatchObject({ formula: `SUM(F2:F${data.length + 1})`, result: sum });
  });

  it('TIME-20 LibreOffice reads the same file: its CSV rows match the cells', async () => {
    const res = await exportAs('admin', 'workType.code=1&sort=dateTime,asc');
    const csv = libreOfficeCsv(res.rawPayload, 'times').filter((r) => r.some((c) => c !== ''));
    const rows = await readBack(res.rawPayload);
    expect(csv).toHaveLength(rows.length);
    expect(csv[0]).toEqual(rows[0]);
    const iso = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
    for (let i = 1; i < rows.length - 1; i++) {
      const r = rows[i]!;
      expect(csv[i], `row ${i}`).toEqual([
        iso(r[0] as Date),
        String(r[1]),
        String(r[2]),
        String(r[3]),
        String(r[4]),
        (r[5] as number).toFixed(2),
        r[6] ? 'TRUE' : 'FALSE',
        String(r[7] ?? ''),
      ]);
    }
    // LibreOffice recomputes the SUM: the same total
    const total = rows[rows.length - 1]![5] as { result: number };
    expect(csv[csv.length - 1]![0]).toBe('Total');
    expect(csv[csv.length - 1]![5]).toBe(total.result.toFixed(2));
  });

  it('TIME-12 the export holds only the rows the user may read: nothing of a matter outside their access', async () => {
    const res = await exportAs('lawyer', 'workType.code=1');
    expect(res.statusCode).toBe(200);
    const rows = await readBack(res.rawPayload);
    const text = JSON.stringify(rows);
    expect(text).toContain('M-0001');
    expect(text).not.toContain('M-0002');
    const globex = await readBack((await exportAs('lawyer', `matter.id=${h.fx.matters.globexMatter}`)).rawPayload);
    expect(globex).toHaveLength(2); // header and a total of 0
    expect(globex[1]![5]).toBe(0);
    // a task-only user exports tasks, never time entries
    const tasks = await readBack((await exportAs('tasker')).rawPayload);
    expect(tasks.slice(1, -1).every((r) => r[1] !== 'Time entry')).toBe(true);
    expect(tasks.slice(1, -1).length).toBeGreaterThan(0);
  });

  it('TIME-20 the body chooses and titles the columns; bad input is 400, access 401/403, before any byte', async () => {
    const res = await exportAs('admin', 'workType.code=1', {
      columns: [
        { source: 'workDescription', title: 'What' },
        { source: 'duration', title: 'Hours' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await readBack(res.rawPayload))[0]).toEqual(['What', 'Hours']);
    for (const body of [
      { columns: [{ source: 'password' }] },
      { columns: [] },
      { other: 1 },
      [1],
      { columns: [{ source: 'duration', title: 5 }] },
    ]) {
      const r = await exportAs('admin', '', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(r.body).message).toEqual(expect.any(String));
    }
    expect((await exportAs('admin', 'nothing.here=1')).statusCode).toBe(400);
    expect((await exportAs('admin', 'sort=nothing,asc')).statusCode).toBe(400);
    expect((await exportAs('member')).statusCode).toBe(403);
    expect((await exportAs(null)).statusCode).toBe(401);
  });
});
