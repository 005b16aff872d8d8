import type { JobKind } from '../jobs/queue';
import { PermanentJobError } from '../jobs/queue';
import type { CashboxInputs, CashboxProgress, CashboxResult } from './calculation/types';
import { loadCashboxInputs, MissingRateError, usdRateOn } from './loader';
import { nextVersion, storeCashboxVersion, type StoredVersion } from './store';

/** The job kind of a cashbox calculation (CASH-40). */
export const CASHBOX_CALCULATE = 'cashbox.calculate';

/** What `POST /cashbox/calculate` queues: the office, the normalised period and who asked. */
export interface CashboxJobPayload {
  officeId: number;
  dateGte: string;
  dateLte: string;
  username: string;
}

/** The calculation's signature (`calculateCashbox`, server/cashbox/calculation/calculate.ts). */
export type CalculateCashbox = (inputs: CashboxInputs, onProgress?: CashboxProgress) => CashboxResult;

/**
 * The `cashbox.calculate` job (docs/areas/cashbox-store.md "The job"): loads the office's month
 * (progress 0-20 %, "loading"), calculates it with `calculate` (20-80 %, "calculating", from the
 * calculation's own progress), and stores it as a new version in one transaction (80-100 %,
 * "storing"). Its result is `{ periodId, version, rows }`. A missing currency rate or office fails
 * at once (no retry can mend it); anything else is retried by the queue. A repeated run after a
 * crash stores another version: versions are cheap and the latest is the one read.
 */
export function cashboxJobKind(calculate: CalculateCashbox): JobKind<CashboxJobPayload, StoredVersion> {
  return {
    kind: CASHBOX_CALCULATE,
    maxAttempts: 2,
    async run({ payload, db, progress, signal }) {
      await progress(1, 'loading');
      let inputs: CashboxInputs;
      try {
        inputs = await loadCashboxInputs(db, payload);
      } catch (err) {
        if (err instanceof MissingRateError || /does not exist/.test(String(err)))
          throw new PermanentJobError(String((err as Error).message));
        throw err;
      }
      inputs.version = await nextVersion(db, payload.officeId, payload.dateGte, payload.dateLte);
      signal.throwIfAborted();
      await progress(20, 'calculating');
      let last = 20;
      const pending: Promise<void>[] = [];
      const result = calculate(inputs, (done, total) => {
        const pct = 20 + Math.floor((60 * done) / Math.max(total, 1));
        if (pct >= last + 5) {
          last = pct;
          pending.push(progress(pct, 'calculating'));
        }
      });
      await Promise.all(pending);
      signal.throwIfAborted();
      await progress(80, 'storing');
      const usdRate = await usdRateOn(db, inputs.currencyCode, inputs.dateLte);
      const stored = await db.transaction((tx) =>
        storeCashboxVersion(tx, inputs, result, { username: payload.username, usdRate }),
      );
      await progress(100, 'done');
      return stored;
    },
  };
}
