import type { Database } from '../db/database';
import { insertRow } from '../auth/testing';
import type { Harness } from '../test/harness';
import { calculateCashbox } from './calculation/calculate';
import { loadCashboxInputs } from './loader';
import { nextVersion, storeCashboxVersion } from './store';

/**
 * Test support for the cashbox's API tests: the fixture's Almaty (KZT) and its October 2026, the
 * month `cashbox.test.ts`, `cashboxReads.test.ts` and `cashboxMoneyCheck.test.ts` calculate
 * (docs/areas/cashbox-store.md).
 */

/** October 2026, the month the cashbox tests calculate. */
export const OCT = { dateGte: '2026-10-01', dateLte: '2026-10-31' } as const;

/**
 * Makes Almaty's October collect money: KZT is worth 0.002 USD from 10 October and 0.0025 USD
 * from 20 October; Acme's invoice goes through Almaty's USD transit account (which ties its
 * payments to Almaty's cashbox) and is paid 400.00 USD on 15 October. Returns Almaty's id and
 * that payment's.
 */
export async function almatyOctober(h: Harness): Promise<{ almaty: number; octPayment: number }> {
  const almaty = h.fx.offices.almaty;
  const { kzt } = h.fx.currencies;
  await insertRow(h.db, 'currencyRates', { currency: kzt, date: '2026-10-10', rateToUsd: '0.002' });
  await insertRow(h.db, 'currencyRates', { currency: kzt, date: '2026-10-20', rateToUsd: '0.0025' });
  const [transit] = await h.db.query<{ id: number }>(
    `SELECT t.id FROM office_transit_accounts t JOIN office_accounts a ON a.id = t.office_account_id WHERE a.office_id = $1`,
    [almaty],
  );
  await h.db.query('UPDATE invoices SET office_transit_account_id = $1 WHERE id = $2', [
    transit!.id,
    h.fx.billing.acmeInvoice,
  ]);
  const octPayment = await insertRow(h.db, 'paymentHistories', {
    paymentDate: '2026-10-15',
    amount: '400.00',
    invoice: h.fx.billing.acmeInvoice,
  });
  return { almaty, octPayment };
}

/** Loads, calculates and stores `officeId`'s October as its next version (by `admin`, 0.002 USD per unit); the period id. */
export async function calculateOctober(db: Database, officeId: number): Promise<number> {
  const inputs = await loadCashboxInputs(db, { officeId, ...OCT });
  inputs.version = await nextVersion(db, officeId, OCT.dateGte, OCT.dateLte);
  const result = calculateCashbox(inputs);
  const stored = await db.transaction((tx) =>
    storeCashboxVersion(tx, inputs, result, { username: 'admin', usdRate: '0.002' }),
  );
  return stored.periodId;
}

/** The rows of collection `name` in a list answer (`_embedded[name]`), none when absent. */
export const items = (body: Record<string, unknown>, name: string): Array<Record<string, unknown>> =>
  ((body._embedded as Record<string, unknown> | undefined)?.[name] as Array<Record<string, unknown>> | undefined) ?? [];
