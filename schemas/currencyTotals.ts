import type Decimal from 'decimal.js';
import { toMoney } from './money';

/**
 * Totals per currency (MC-4, "honest totals"): the answer of the `totalAmount`
 * endpoints of invoices (INV-16), pre-invoices (PRE-07), expenses (EXP-15) and budgets (BUD-13),
 * the SPA's list totals and the money check read the same shape. A total over rows of several
 * currencies is never one bare number: the spec's money fields are `null` then, and `byCurrency`
 * holds one entry per currency; USD equivalents (fields ending in `Usd`) are one currency and are
 * summed over all rows.
 */

/** The grouping paths of a per-currency aggregate: the currency's ISO code (the order) and its id. */
export const CURRENCY_GROUP = ['currency.code', 'currency.id'] as const;

/** The totals of one currency: its ISO 4217 code, its id, and the endpoint's money fields in it. */
export type CurrencyTotal<F extends string> = { currency: string; currencyId: number } & Record<F, Decimal>;

/**
 * What a total endpoint answers: the spec's fields (the one currency's figures when the rows share
 * one, `null` when they hold several - except `...Usd` fields, always summed - and 0 over no rows)
 * and `byCurrency`, one entry per currency ordered by code.
 */
export type CurrencyTotals<F extends string> = Record<F, Decimal | null> & { byCurrency: Array<CurrencyTotal<F>> };

/** One group of a per-currency aggregate (`list.aggregateGroups(spec, CURRENCY_GROUP)`). */
type Group = { group: Record<string, string | number | null>; values: Record<string, number | Decimal> };

/** Whether a total field is a USD equivalent (`totalAmountUsd`, `amountUsd`): one currency, summable. */
export const isUsdField = (name: string): boolean => name.endsWith('Usd');

/**
 * The answer of a total endpoint from a per-currency aggregate's groups (ordered by currency code):
 * each group's exact sums (as stored, not rounded: the money check compares them with the rows),
 * the top-level fields as {@link CurrencyTotals} says.
 * @param groups `list.aggregateGroups(spec, CURRENCY_GROUP)`'s answer
 * @param fields the spec's output names, e.g. `['totalAmount', 'totalAmountUsd']`
 * @example
 * totalsByCurrency([{ group: { 'currency.code': 'KZT', 'currency.id': 2 }, values: { totalAmount: 5 } },
 *   { group: { 'currency.code': 'USD', 'currency.id': 1 }, values: { totalAmount: 7 } }], ['totalAmount'])
 * // { totalAmount: null, byCurrency: [{ currency: 'KZT', currencyId: 2, totalAmount: 5 }, { currency: 'USD', ... }] }
 */
export function totalsByCurrency<F extends string>(groups: Group[], fields: readonly F[]): CurrencyTotals<F> {
  const byCurrency = groups.map((g) => {
    const currency = String(g.group[CURRENCY_GROUP[0]] ?? '');
    const entry: Record<string, unknown> = { currency, currencyId: Number(g.group[CURRENCY_GROUP[1]] ?? 0) };
    for (const f of fields) entry[f] = toMoney(g.values[f] ?? 0);
    return entry as CurrencyTotal<F>;
  });
  const top: Record<string, Decimal | null> = {};
  for (const f of fields) {
    if (isUsdField(f)) top[f] = byCurrency.reduce((sum, e) => sum.plus(e[f]), toMoney(0));
    else if (byCurrency.length === 0) top[f] = toMoney(0);
    else top[f] = byCurrency.length === 1 ? byCurrency[0]![f] : null;
  }
  return { ...(top as Record<F, Decimal | null>), byCurrency };
}
