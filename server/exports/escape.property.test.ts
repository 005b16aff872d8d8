import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { safeText } from './excel';

/**
 * Exports contain no formulas from user data: text a spreadsheet would run (`=`, `+`, `-`, `@`,
 * tab, CR first) is written with a leading apostrophe (`safeText`, `server/exports/excel.ts`), and
 * an export of such rows read back with exceljs has no formula cell but the total row's `SUM`s.
 */
const RUNS = Number(process.env.MONEY_RUNS ?? 10_000);
const FORMULA_START = /^[=+\-@\t\r]/;

/** Strings with a formula-like start half the time (`=HYPERLINK(...)`, `+1`, `@SUM`, `\t=`...). */
const userText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc
    .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", ' ='), fc.string({ maxLength: 40 }))
    .map(([a, b]) => a + b),
);

describe('MONEY exports escape formula-like text', () => {
  it('MONEY safeText: no escaped text starts a formula, and the text is kept after one apostrophe', () => {
    fc.assert(
      fc.property(userText, (text) => {
        const out = safeText(text);
        expect(FORMULA_START.test(out)).toBe(false);
        if (FORMULA_START.test(text)) expect(out).toBe(`'${text}`);
        else expect(out).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  describe('an export of rows holding formula-like text', () => {
    let h: Harness;
    const texts = fc
      .sample(fc.tuple(fc.constantFrom('=', '+', '-', '@'), fc.stringMatching(/^[A-Za-z0-9(),."!]{1,30}$/)), {
        numRuns: 25,
        seed: 7,
      })
      .map(([a, b]) => `${a}${b}`);
    texts.push('=HYPERLINK("http://x.test","click")', '@SUM(A1:A9)', '+cmd|"/c calc"!A0', '-2+3');

    beforeAll(async () => {
      h = await createHarness();
      for (const [i, workDescription] of texts.entries()) {
        const r = await h.json('admin', 'POST', '/core/api/times', {
          dateTime: `2026-11-05T${String(8 + (i % 10)).padStart(2, '0')}:00:00Z`,
          workType: { id: h.fx.dict('WORK_TYPE', 1) },
          employee: { id: h.fx.employees.anna },
          matter: { id: h.fx.matters.acmeMatter },
          workDescription,
          billable: false,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
      }
    });
    afterAll(async () => h?.close());

    it('MONEY the file read back with exceljs has no formula cell from user data', async () => {
      const res = await h.request('admin', 'POST', '/core/api/excel/generate/time', {
        columns: [{ source: 'workDescription' }, { source: 'duration' }],
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      const seen: string[] = [];
      const formulas: string[] = [];
      sheet.eachRow((row, n) => {
        row.eachCell((cell) => {
          if (cell.type === ExcelJS.ValueType.Formula) formulas.push(`${n}:${cell.formula}`);
          else if (typeof cell.value === 'string') seen.push(cell.value);
        });
      });
      // the only formulas are the total row's sums
      expect(
        formulas.every((f) => /^\d+:SUM\([A-Z]+2:[A-Z]+\d+\)$/.test(f)),
        formulas.join(' | '),
      ).toBe(true);
      expect(formulas.map((f) => Number(f.split(':')[0]))).toEqual(formulas.map(() => sheet.rowCount));
      for (const t of texts) expect(seen).toContain(`'${t}`);
      expect(seen.filter((v) => FORMULA_START.test(v))).toEqual([]);
    });
  });
});
