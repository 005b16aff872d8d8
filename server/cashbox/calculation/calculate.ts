import { minorUnits } from '../../../schemas/money';
import { positionProfits } from './profits';
import type { CashboxInputs, CashboxProgress, CashboxResult, DistributionInput } from './types';
import { paymentWaterfall, prepareInvoices, type WaterfallLines } from './waterfall';

export { CashboxInputError } from './waterfall';

/** Progress is reported at most this often during the payments (plus once at each phase's end). */
const PROGRESS_EVERY = 250;

/**
 * Calculates one office's month (docs/areas/cashbox.md): every payment through the waterfall
 * (net income, technical expenses, the office distribution, attributable income to positions),
 * then expenses and budgets to their payers, each position's Sum, each group's pool, Profit,
 * fund balances, office debts and employee balances.
 *
 * Pure and deterministic: no clock, database or randomness; inputs are read in id order (payments
 * by date then id), so the same inputs in any order give an equal result, line for line. Amounts
 * are exact (`Decimal`), rounded to the period currency's minor units; every split is `allocate`
 * (largest remainder), so every line's `sources` sum to it and no split loses or creates a minor unit.
 *
 * @param inputs the office's month as the loader reads it (server/cashbox/calculation/types.ts)
 * @param onProgress called with (done, total) steps: one per payment, then one per position
 * @returns the lines the store writes as a version of the period
 * @throws CashboxInputError when a payment's invoice or a line's position is missing from the inputs
 */
export function calculateCashbox(inputs: CashboxInputs, onProgress?: CashboxProgress): CashboxResult {
  const scale = minorUnits(inputs.currencyCode);
  const distributions = new Map<number, DistributionInput>();
  for (const d of [...inputs.distributions].sort((a, b) => b.id - a.id)) distributions.set(d.trafficTypeId, d);
  const ctx = {
    scale,
    invoices: prepareInvoices(inputs),
    matters: new Map(inputs.matters.map((m) => [m.id, m])),
    projects: new Map(
      inputs.projects.map((p) => [
        p.id,
        { ...p, managers: [...p.managers].sort((a, b) => a.projectManagerId - b.projectManagerId) },
      ]),
    ),
    distributions,
  };
  const payments = [...inputs.payments].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  const total = payments.length + inputs.positions.length;
  let done = 0;
  const lines: WaterfallLines = {
    netIncomes: [],
    expenseRecoveries: [],
    technicalExpenses: [],
    fundIncomes: [],
    transfers: [],
    positionIncomes: [],
    unattributedIncomes: [],
  };
  for (const payment of payments) {
    paymentWaterfall(ctx, payment, lines);
    done++;
    if (onProgress && (done % PROGRESS_EVERY === 0 || done === payments.length)) onProgress(done, total);
  }
  const profits = positionProfits(inputs, scale, lines, () => {
    done++;
    if (onProgress && (done % PROGRESS_EVERY === 0 || done === total)) onProgress(done, total);
  });
  return { ...lines, ...profits };
}
