import { currencyRates } from '../../../schemas/index';
import { REFERENCE_DATE } from './random';
import type { Reference } from './reference';
import { insertRows, syncIdSequence, type Tx } from './sql';

/**
 * US dollars per unit of each seeded currency, at the first of each of the three months before
 * the reference date: the firm's working currencies, with exact 8-place decimals as the API
 * stores them. The figures are round demo values, not market quotes.
 */
export const CURRENCY_RATES: ReadonlyArray<{ code: string; rates: readonly [string, string, string] }> = [
  { code: 'USD', rates: ['1', '1', '1'] },
  { code: 'EUR', rates: ['1.07250000', '1.08100000', '1.06900000'] },
  { code: 'GBP', rates: ['1.26500000', '1.27320000', '1.25980000'] },
  { code: 'KZT', rates: ['0.00208333', '0.00206612', '0.00204918'] },
  { code: 'RUB', rates: ['0.01086957', '0.01063830', '0.01041667'] },
  { code: 'UZS', rates: ['0.00008130', '0.00008097', '0.00008065'] },
  { code: 'AED', rates: ['0.27229408', '0.27229408', '0.27229408'] },
];

/** The three dates the rates are valid from: the firsts of the three months before the reference date. */
export const rateDates = (): string[] => {
  const y = REFERENCE_DATE.getUTCFullYear();
  const m = REFERENCE_DATE.getUTCMonth();
  return [3, 2, 1].map((back) => new Date(Date.UTC(y, m - back, 1)).toISOString().slice(0, 10));
};

/** Seeds {@link CURRENCY_RATES}; answers the number of rates inserted. */
export async function seedCurrencyRates(tx: Tx, ref: Pick<Reference, 'currency'>): Promise<number> {
  const audit = {
    createdDate: REFERENCE_DATE.toISOString(),
    lastModifiedDate: REFERENCE_DATE.toISOString(),
    createdBy: 'seed',
    lastModifiedBy: 'seed',
  };
  const dates = rateDates();
  const rows = CURRENCY_RATES.flatMap(({ code, rates }) =>
    rates.map((rateToUsd, i) => ({ currency: ref.currency(code), date: dates[i], rateToUsd, ...audit })),
  );
  await insertRows(tx, currencyRates, rows);
  await syncIdSequence(tx, currencyRates);
  return rows.length;
}
