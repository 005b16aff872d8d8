/**
 * The cashbox store on the embedded PGlite: the bench month (`month.ts`: 10,000 payments, 200,000
 * time entries, 200 positions) calculated, then stored as a version of a fresh migrated database
 * with the reference data, the way the job stores it (`storeCashboxVersion` in one transaction),
 * and the report's first page read (the position profits of the version, as the SPA asks them).
 * Foreign keys are not checked (`session_replication_role = replica`): the month's payments,
 * positions and invoices exist only in memory; every index is maintained as in production.
 * Prints each phase's time and the rows written. Run: `npm run bench:cashbox` (`--smoke`: the
 * hundredth month). docs/areas/cashbox-store.md "Measured", bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { calculateCashbox } from '../../server/cashbox/calculation/calculate';
import { storeCashboxVersion } from '../../server/cashbox/store';
import { connect } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { seedReferenceData } from '../../server/db/seed/index';
import { benchMonth } from './month';

const SMOKE = process.argv.includes('--smoke');
const { inputs, payments, times } = benchMonth(SMOKE);
const t = () => performance.now();
const ms = (from: number) => Math.round(t() - from);

const db = await connect({ memory: true });
await migrate(db);
await seedReferenceData(db);
await db.query('SET session_replication_role = replica');

const cpuAtStart = process.cpuUsage();
const started = t();
let shown = 0;
const result = calculateCashbox(inputs, (done, total) => {
  const pct = Math.floor((done / total) * 100);
  if (pct >= shown + 25 || done === total) {
    shown = pct;
    console.log(`calculating ${done}/${total} (${pct} %) at ${ms(started)} ms`);
  }
});
const calculated = ms(started);
const storing = t();
/** Per statement kind (its first 60 characters): count and milliseconds, with `--statements`. */
const statements = new Map<string, { n: number; ms: number }>();
const stored = await db.transaction((tx) =>
  storeCashboxVersion(
    {
      query: async (text, params) => {
        const from = t();
        try {
          return await tx.query(text, params);
        } finally {
          const key = text.replace(/\s+/g, ' ').slice(0, 60);
          const s = statements.get(key) ?? { n: 0, ms: 0 };
          statements.set(key, { n: s.n + 1, ms: s.ms + t() - from });
        }
      },
    } as typeof tx,
    inputs,
    result,
    { username: 'bench', usdRate: '1' },
  ),
);
if (process.argv.includes('--statements'))
  for (const [k, v] of [...statements.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
    console.log(`${String(Math.round(v.ms)).padStart(7)} ms ${String(v.n).padStart(4)} x ${k}`);
const storeMs = ms(storing);
const rows = Object.values(stored.rows).reduce((a, b) => a + b, 0);
const reading = t();
const page = await db.query(
  `SELECT * FROM cashbox_position_profits WHERE cashbox_period_id = $1 ORDER BY profit_amount_local DESC, id LIMIT 25`,
  [stored.periodId],
);
const readMs = ms(reading);
const cpu = process.cpuUsage(cpuAtStart);
const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
console.log(
  `bench:cashbox ${payments} payments, ${times} time entries: calculate ${calculated} ms, store ${storeMs} ms ` +
    `(${rows} rows: ${Object.entries(stored.rows)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}), report page ${readMs} ms (${page.length} rows); calculate + store ${calculated + storeMs} ms, ` +
    `of which this process on the CPU ${cpuMs} ms (the rest: waiting for a core on a loaded machine)`,
);
await db.close();
