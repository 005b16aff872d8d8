/**
 * `npm run check:money [-- --json]`: the money check (MC-8, `server/billing/moneyCheck/`)
 * over the configured database (DATABASE_URL, else the embedded PGlite under DATA_DIR, locked: it
 * refuses while a server holds the directory - ask the running server `GET /core/api/moneyCheck`
 * instead). Reads only. Prints per invariant what it checked, its problems and its time, then each
 * problem (`--json`: the answer as the API gives it). Exit status: 0 no problem; 1 problems found;
 * 2 the check could not run.
 */
import '../server/areas';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { invariants, runMoneyCheck } from '../server/billing/moneyCheck';

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
const open = await openDatabase(loadConfig(), 'check-money', { require: 'existing' }).catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(2);
});
try {
  const started = performance.now();
  const result = await runMoneyCheck(open.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (values.json) console.log(JSON.stringify({ problems: result.problems, checked: result.checked }, null, 2));
  else {
    console.log(`money check of ${open.where}: ${seconds} s`);
    for (const inv of invariants()) {
      const found = result.problems.filter((p) => p.invariant === inv.name).length;
      console.log(
        `${found === 0 ? 'ok  ' : 'FAIL'} ${inv.name.padEnd(20)} ${String(result.checked[inv.name]).padStart(8)} checked ${String(found).padStart(6)} problems ${String(result.ms[inv.name]).padStart(7)} ms  ${inv.description}`,
      );
    }
    for (const p of result.problems) console.log(`${p.invariant} ${p.collection}/${p.id}: ${p.message}`);
    console.log(result.problems.length === 0 ? 'no problems' : `${result.problems.length} problems`);
  }
  process.exitCode = result.problems.length === 0 ? 0 : 1;
} catch (e) {
  console.error((e as Error).stack ?? String(e));
  process.exitCode = 2;
} finally {
  await open.close();
}
