/**
 * Measures the import and the export of server/transfer/ through `app.inject` on the API tests'
 * embedded database (PGlite in memory with the fixture): the dry run and the commit of 1,000 and
 * 10,000 suppliers from an xlsx file, then the export of the 11,000-row list as CSV and xlsx
 * (rows per second, and the process's peak resident memory while it runs).
 *
 * `--smoke` (`npm run bench:smoke`): 100 rows only, to prove the script still runs.
 *
 * @example npx tsx bench/transfer.ts
 */
import ExcelJS from 'exceljs';
import { createHarness } from '../server/test/harness';

const BOUNDARY = 'bench-transfer';

async function workbook(prefix: string, n: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Suppliers');
  sheet.addRow(['Name', 'Local name', 'BIN']);
  for (let i = 0; i < n; i++) sheet.addRow([`${prefix} ${i}`, `Поставщик ${i}`, `BIN${i}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const body = (file: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="s.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

/** Runs `fn`, sampling the resident set every 20 ms; seconds and peak MB. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const value = await fn();
    return { value, seconds: (performance.now() - started) / 1000, peakMb: Math.round(peak / 2 ** 20) };
  } finally {
    clearInterval(timer);
  }
}

const h = await createHarness();
const authorization = `Bearer ${await h.token('admin')}`;
const post = (step: string, file: Buffer) =>
  h.app.inject({
    method: 'POST',
    url: `/core/api/suppliers/import/${step}`,
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body(file),
  });

const smoke = process.argv.includes('--smoke');
const sizes = smoke ? [100] : [1000, 10_000];
for (const n of sizes) {
  const file = await workbook(`Bench ${n}`, n);
  for (const step of ['dryRun', 'commit']) {
    const { value, seconds, peakMb } = await measured(() => post(step, file));
    if (value.statusCode !== 200) throw new Error(`import ${step}: ${value.statusCode} ${value.body.slice(0, 300)}`);
    const result = value.json<{ created: number; committed: boolean }>();
    // the file's rows all new: both steps count them, only the commit keeps them
    if (result.created !== n || result.committed !== (step === 'commit'))
      throw new Error(`import ${step}: ${JSON.stringify(result).slice(0, 300)}`);
    console.log(
      `import ${n} rows, ${step}: ${seconds.toFixed(2)} s (${Math.round(n / seconds)} rows/s), created ${result.created}, committed ${result.committed}, peak RSS ${peakMb} MB`,
    );
  }
}
for (const format of ['csv', 'xlsx']) {
  const { value, seconds, peakMb } = await measured(() =>
    h.app.inject({ method: 'GET', url: `/core/api/suppliers/export?format=${format}`, headers: { authorization } }),
  );
  if (value.statusCode !== 200) throw new Error(`export ${format}: ${value.statusCode} ${value.body.slice(0, 300)}`);
  const rows = format === 'csv' ? value.body.trim().split('\r\n').length - 1 : sizes.reduce((a, b) => a + b, 0);
  console.log(
    `export ${format}: ${rows} rows, ${(value.rawPayload.length / 2 ** 20).toFixed(2)} MB in ${seconds.toFixed(2)} s (${Math.round(rows / seconds)} rows/s), peak RSS ${peakMb} MB`,
  );
}
await h.close();
