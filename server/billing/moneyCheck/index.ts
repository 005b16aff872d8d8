import { billedOnce, billingRule } from './billed';
import { balance, documentTotal } from './documents';
import { lockedUnchanged, statusHistory } from './history';
import { totalsPerCurrency, type TotalsAnswer } from './totals';
import { cashboxConservation } from './cashboxConservation';
import { cashboxFigures } from './cashboxFigures';
import { cashboxClosedUnchanged } from './cashboxClosed';
import { cashboxCollected } from './cashboxCollected';
import type { Db, Invariant, MoneyProblem } from './types';

export type { Db, Invariant, InvariantResult, MoneyProblem } from './types';
export { CHECK_USER, compareTotals, serviceTotals, TOTAL_ENDPOINTS, type TotalsAnswer } from './totals';

/**
 * The money check (MC-8): scans a database and lists every broken money invariant.
 * Each invariant is its own unit (`./types.ts` `Invariant`: a name, a sentence, a check), in the
 * order of the issue:
 * 1. `document-total` - a document's total equals the sum of its lines (`./documents.ts`);
 * 2. `balance` - a balance equals the total less payments less closed amounts (`./documents.ts`);
 * 3. `billed-once` - no item is billed twice (`./billed.ts`);
 * 4. `billing-rule` - every billed item met the billing rule (`./billed.ts`);
 * 5. `locked-unchanged` - no locked document changed except by a declared move (`./history.ts`);
 * 6. `status-history` - every status move has a history row (`./history.ts`);
 * 7. `totals-per-currency` - every total endpoint equals the sum of its rows per currency (`./totals.ts`);
 * 8. `cashbox-conservation` - every cashbox version conserves its money (`./cashboxConservation.ts`);
 * 9. `cashbox-figures` - every stored cashbox figure is the sum of the rows it opens (`./cashboxFigures.ts`);
 * 10. `cashbox-closed-unchanged` - a closed version is unchanged since closing (`./cashboxClosed.ts`);
 * 11. `cashbox-collected` - a version's collected money is the payments of the period it read (`./cashboxCollected.ts`).
 * Run by `npm run check:money` (`scripts/check-money.ts`) and `GET /core/api/moneyCheck` (admins).
 */
export function invariants(options: { totals?: TotalsAnswer } = {}): Invariant[] {
  return [
    documentTotal,
    balance,
    billedOnce,
    billingRule,
    lockedUnchanged,
    statusHistory,
    totalsPerCurrency(options.totals),
    cashboxConservation,
    cashboxFigures,
    cashboxClosedUnchanged,
    cashboxCollected,
  ];
}

/** What {@link runMoneyCheck} answers: every problem, and per invariant how many records it looked at. */
export interface MoneyCheckResult {
  problems: MoneyProblem[];
  checked: Record<string, number>;
  /** Milliseconds per invariant. */
  ms: Record<string, number>;
}

/**
 * Runs every invariant (reads only) and gathers the problems and counts.
 * @param options.totals how the total endpoints are asked (default: the service layer as an administrator)
 */
export async function runMoneyCheck(db: Db, options: { totals?: TotalsAnswer } = {}): Promise<MoneyCheckResult> {
  const result: MoneyCheckResult = { problems: [], checked: {}, ms: {} };
  for (const inv of invariants(options)) {
    const started = performance.now();
    const { problems, checked } = await inv.check(db);
    result.problems.push(...problems);
    result.checked[inv.name] = checked;
    result.ms[inv.name] = Math.round(performance.now() - started);
  }
  return result;
}

/**
 * The money check's problems: `[]` when every invariant holds. Reads only.
 * @example
 * const problems = await checkMoney(db); // [{ invariant: 'balance', collection: 'preInvoices', id: 12, message: '...' }]
 */
export async function checkMoney(db: Db): Promise<MoneyProblem[]> {
  return (await runMoneyCheck(db)).problems;
}
