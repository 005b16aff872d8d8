/**
 * The cashbox calculation alone (no database): a month of a 200-lawyer office - 10,000 payments on
 * 2,000 invoices, 200,000 time entries (100 per invoice, as time values), 200 positions in 10 groups,
 * 500 expenses, 50 budgets - generated deterministically, then `calculateCashbox` timed with its
 * progress printed. Run: `node --import tsx bench/cashbox/calculate.ts` (docs/areas/cashbox.md "Performance");
 * `--smoke` runs a hundredth of it (100 payments, 2,000 time entries) for `bench:smoke`, and fails
 * when the result does not conserve the month's net income.
 */
import { performance } from 'node:perf_hooks';
import { calculateCashbox } from '../../server/cashbox/calculation/calculate';
import { sumExact } from '../../schemas/money';
import { benchMonth } from './month';

const SMOKE = process.argv.includes('--smoke');
const { inputs, payments: PAYMENTS, times: TIMES, positions: POSITIONS } = benchMonth(SMOKE);

const started = performance.now();
let lastShown = 0;
const result = calculateCashbox(inputs, (done, total) => {
  const pct = Math.floor((done / total) * 100);
  if (pct >= lastShown + 10 || done === total) {
    lastShown = pct;
    process.stdout.write(`progress ${done}/${total} (${pct} %) at ${Math.round(performance.now() - started)} ms\n`);
  }
});
const ms = Math.round(performance.now() - started);
console.log(
  `calculateCashbox: ${PAYMENTS} payments, ${TIMES} time entries, ${POSITIONS} positions -> ` +
    `${result.positionIncomes.length} position incomes, ${result.positionProfits.length} profits in ${ms} ms`,
);

const total = (lines: { amount: string }[]) => sumExact(lines.map((l) => l.amount));
const out = sumExact([
  total(result.technicalExpenses),
  total(result.fundIncomes),
  total(result.transfers),
  total(result.positionIncomes),
  total(result.unattributedIncomes),
]);
if (!total(result.netIncomes).eq(out)) {
  console.error(`conservation failed: net ${total(result.netIncomes).toFixed()} != ${out.toFixed()}`);
  process.exit(1);
}
