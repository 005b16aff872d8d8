import Decimal from 'decimal.js';

/**
 * Exact money arithmetic (decimal.js, never floats): the values of `money` fields on the server
 * are {@link Money} instances, sums use {@link sumExact}, splits {@link allocate}.
 */

/**
 * The decimal type of money values: 40 significant digits (a `numeric(19,4)` value has at most 19,
 * so sums of many stay exact), rounding half-up as PostgreSQL does.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

/** Whether `v` is a decimal.js value (of any configuration), e.g. to serialise it as a JSON number. */
export const isDecimal = (v: unknown): v is Decimal => Decimal.isDecimal(v);

/**
 * A money value from a decimal string (as PostgreSQL returns `numeric`), a JSON number or a decimal.
 * @throws Error (decimal.js `DecimalError`) for a string that is not a number
 * @example toMoney('123456789012345.1234').plus('0.0001').toFixed() // '123456789012345.1235'
 */
export const toMoney = (v: string | number | Decimal): Money => new Money(v);

/**
 * The exact sum of money (or percent) values; `null` and `undefined` count as zero.
 * @example sumExact([0.1, 0.2]).toFixed() // '0.3' (floats give 0.30000000000000004)
 */
export function sumExact(values: Iterable<string | number | Decimal | null | undefined>): Money {
  let total = new Money(0);
  for (const v of values) if (v !== null && v !== undefined) total = total.plus(v);
  return total;
}

/**
 * Splits `total` into parts proportional to `ratios` at `scale` decimal places (the currency's
 * minor unit: 2 for most, 0 for JPY, 3 for KWD - `currency-codes`' `digits`), so that the parts
 * add up exactly to the total rounded to that scale. Each part gets the floor of its exact share
 * in minor units; the units left over go one each to the parts with the largest remainders
 * (ties: the earlier part). A negative total is split like its absolute value, then negated.
 *
 * @param total the amount to split (e.g. `'100.00'`)
 * @param ratios non-negative weights (e.g. `[1, 1, 1]`, `['0.5', '0.3', '0.2']`), at least one above zero
 * @param scale decimal places of the parts, 0..4 (default 2)
 * @returns one part per ratio, as {@link Money} at `scale` places
 * @throws RangeError when `ratios` is empty, holds a negative or non-finite weight, or sums to zero
 * @example allocate('100.00', [1, 1, 1]).map((p) => p.toFixed(2)) // ['33.34', '33.33', '33.33']
 */
export function allocate(
  total: string | number | Decimal,
  ratios: Array<string | number | Decimal>,
  scale = 2,
): Money[] {
  if (ratios.length === 0) throw new RangeError('allocate: no ratios');
  const weights = ratios.map((r) => new Money(r));
  if (weights.some((w) => !w.isFinite() || w.isNegative())) throw new RangeError('allocate: ratios must be >= 0');
  const weightSum = sumExact(weights);
  if (weightSum.isZero()) throw new RangeError('allocate: ratios sum to zero');
  const whole = new Money(total).toDecimalPlaces(scale);
  const sign = whole.isNegative() ? -1 : 1;
  const units = whole.abs().times(new Money(10).pow(scale)); // an integer: minor units
  const exact = weights.map((w) => units.times(w).div(weightSum));
  const floors = exact.map((e) => e.floor());
  let left = units.minus(sumExact(floors)).toNumber();
  const order = exact
    .map((e, i) => ({ i, rest: e.minus(floors[i]!) }))
    .sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left--;
  }
  const minor = new Money(10).pow(scale);
  return floors.map((u) => (sign < 0 && !u.isZero() ? u.neg() : u).div(minor).toDecimalPlaces(scale));
}

const unitsCache = new Map<string, number>();

/**
 * The minor units of a currency (ISO 4217 exponent: decimal places of its amounts) as `Intl`
 * knows them: 2 for most (USD, EUR, KZT), 0 for JPY, 3 for KWD. Amounts of a currency are rounded
 * to these places (MC-4), so no document is left open for a fraction of a minor unit.
 * @param currencyCode an ISO 4217 code, e.g. `'JPY'` (case-insensitive)
 * @returns 0..4; 2 for a code `Intl` does not accept (a code of the firm's own that is not ISO)
 * @example minorUnits('JPY') // 0
 * @example minorUnits('KWD') // 3
 */
export function minorUnits(currencyCode: string | null | undefined): number {
  const code = String(currencyCode ?? '').toUpperCase();
  const known = unitsCache.get(code);
  if (known !== undefined) return known;
  let units = 2;
  try {
    units =
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    units = 2;
  }
  unitsCache.set(code, units);
  return units;
}

/**
 * An amount rounded to its currency's minor units ({@link minorUnits}), half-up, as a fixed string.
 * @example roundToCurrency('1000.5', 'JPY') // '1001'
 * @example roundToCurrency('1.23456', 'KWD') // '1.235'
 */
export const roundToCurrency = (value: string | number | Decimal, currencyCode: string | null | undefined): string =>
  new Money(value).toFixed(minorUnits(currencyCode), Decimal.ROUND_HALF_UP);
