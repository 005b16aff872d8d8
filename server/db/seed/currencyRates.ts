import { currencyRates } from '../../../schemas/index';
import { REFERENCE_DATE } from './random';
import type { Reference } from './reference';
import { insertRows, syncIdSequence, type Tx } from './sql';

/**
 * US dollars per unit of each seeded currency: three round demo values (not market quotes), with
 * exact 8-place decimals as the API stores them, valid from the firsts of the three months before
 * the reference date and repeated back over the year before (the seeded year of billing converts
 * its amounts at the rates of their dates).
 */
export const CURRENCY_RATES: ReadonlyArray<{ code: string; rates: readonly [string, string, string] }> = [
  { code: 'USD', rates: ['1', '1', '1'] },
  { code: 'EUR', rates: ['1.07250000', '1.08100000', '1.06900000'] },
  { code: 'GBP', rates: ['1.26500000', '1.27320000', '1.25980000'] },
  { code: 'KZT', rates: ['0.00208333', '0.00206612', '0.00204918'] },
  { code: 'RUB', rates: ['0.01086957', '0.01063830', '0.01041667'] },
  { code: 'UZS', rates: ['0.00008130', '0.00008097', '0.00008065'] },
  { code: 'AED', rates: ['0.27229408', '0.27229408', '0.27229408'] },
  // Istanbul's currency: without it the office's cashbox cannot convert its expenses
  { code: 'TRY', rates: ['0.02941176', '0.02923977', '0.02906977'] },
];

/** Months back from the reference date whose first day starts a rate: a year and a month. */
const MONTHS = 13;

/**
 * The dates the rates are valid from, oldest first, with the index of the value each takes:
 * the firsts of the 13 months before the reference date, the last three taking values 0, 1, 2.
 */
export const rateDates = (): Array<{ date: string; value: number }> => {
  const y = REFERENCE_DATE.getUTCFullYear();
  const m = REFERENCE_DATE.getUTCMonth();
  return Array.from({ length: MONTHS }, (_, i) => MONTHS - i).map((back) => ({
    date: new Date(Date.UTC(y, m - back, 1)).toISOString().slice(0, 10),
    value: (((3 - back) % 3) + 3) % 3,
  }));
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
    dates.map(({ date, value }) => ({ currency: ref.currency(code), date, rateToUsd: rates[value], ...audit })),
  );
  await insertRows(tx, currencyRates, rows);
  await syncIdSequence(tx, currencyRates);
  return rows.length;
}
