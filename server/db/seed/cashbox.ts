import { calculateCashbox } from '../../cashbox/calculation/calculate';
import { closeCashboxVersion } from '../../cashbox/digest';
import { loadCashboxInputs, usdRateOn } from '../../cashbox/loader';
import { nextVersion, storeCashboxVersion } from '../../cashbox/store';
import { REFERENCE_DATE } from './random';
import type { Tx } from './sql';

/** Complete months before the reference date the demo calculates and closes per office. */
export const CASHBOX_SEED_MONTHS = 3;

/** The first and last day (`YYYY-MM-DD`) of the month `back` months before the reference date's. */
function monthBefore(back: number): { dateGte: string; dateLte: string } {
  const y = REFERENCE_DATE.getUTCFullYear();
  const m = REFERENCE_DATE.getUTCMonth() - back;
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(y, m + 1, 0));
  return { dateGte: first.toISOString().slice(0, 10), dateLte: last.toISOString().slice(0, 10) };
}

/**
 * Calculates and closes the demo firm's cashbox (CASH-40, docs/areas/cashbox.md): for every office
 * with a currency, the {@link CASHBOX_SEED_MONTHS} complete months before the reference date, oldest
 * first (each month's balances carry the closed month before), as version 1 of each month, closed
 * by `username` with the digest of its figures - what the report, rankings and dashboards read on a
 * fresh start, and what the money check's cashbox invariants hold (0 problems).
 * @returns the versions stored and their result rows, as seed counts
 */
export async function seedCashbox(tx: Tx, username = 'seed'): Promise<Record<string, number>> {
  const offices = await tx.query<{ id: string | number }>(
    'SELECT id FROM offices WHERE currency_id IS NOT NULL ORDER BY id',
  );
  let versions = 0;
  let rows = 0;
  for (let back = CASHBOX_SEED_MONTHS; back >= 1; back--) {
    const month = monthBefore(back);
    for (const office of offices) {
      const officeId = Number(office.id);
      const inputs = await loadCashboxInputs(tx, { officeId, ...month });
      inputs.version = await nextVersion(tx, officeId, month.dateGte, month.dateLte);
      const result = calculateCashbox(inputs);
      const usdRate = await usdRateOn(tx, inputs.currencyCode, month.dateLte);
      const stored = await storeCashboxVersion(tx, inputs, result, { username, usdRate });
      await closeCashboxVersion(tx, stored.periodId, username);
      versions += 1;
      rows += Object.values(stored.rows).reduce((a, b) => a + b, 0);
    }
  }
  return { cashboxPeriods: versions, cashboxLines: rows };
}
