import { toMoney } from '../../../schemas/money';
import type { SourceRef } from './types';

/**
 * Money of the cashbox calculation (docs/areas/cashbox.md "Rounding"): amounts are integers of the
 * period currency's minor units (`bigint`: cents for USD, yen for JPY, fils for KWD), read from the
 * inputs' decimal strings once (half-up, as `schemas/money.ts` `roundToCurrency`) and written back
 * as fixed decimal strings. Every split is {@link splitUnits}: `allocate`'s largest-remainder rule
 * (`schemas/money.ts`) on integers, so no split loses or creates a minor unit; a property test
 * holds it equal to `allocate`. Integers instead of `Decimal` make a 10,000-payment month several
 * times faster (docs/areas/cashbox.md "Performance").
 */

/** Minor units as integers. */
export type Units = bigint;

/** Decimal places weights (percents, time values) are read at before a split. */
const WEIGHT_PLACES = 12;
const WEIGHT_FACTOR = 10n ** BigInt(WEIGHT_PLACES);
const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An amount in minor units at `scale` places: exact for a decimal string of at most `scale`
 * places, otherwise rounded half-up (away from zero) through `Decimal`.
 * @throws Error (decimal.js) for a string that is not a number
 */
export function toUnits(value: string | number, scale: number): Units {
  const s = String(value);
  const m = PLAIN.exec(s);
  if (m && (m[3] ?? '').length <= scale) {
    const units = BigInt(m[2]! + (m[3] ?? '').padEnd(scale, '0'));
    return m[1] ? -units : units;
  }
  return BigInt(toMoney(s).times(toMoney(10).pow(scale)).toDecimalPlaces(0).toFixed(0));
}

/** Minor units as a fixed decimal string of `scale` places, e.g. `(12345n, 2)` -> `'123.45'`. */
export function fmt(units: Units, scale: number): string {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return neg ? `-${body}` : body;
}

/**
 * A split weight (a percent fraction or a time value) as an integer at 12 places; `null`, empty,
 * negative and non-numbers count as zero (a weight never takes money away from another part).
 */
export function weight(value: string | null | undefined): Units {
  if (value === null || value === undefined || value === '') return 0n;
  const known = weights.get(value);
  if (known !== undefined) return known;
  const m = PLAIN.exec(value);
  let w: Units;
  if (m && (m[3] ?? '').length <= WEIGHT_PLACES)
    w = m[1] ? 0n : BigInt(m[2]! + (m[3] ?? '').padEnd(WEIGHT_PLACES, '0'));
  else {
    const d = toMoney(value);
    w = !d.isFinite() || d.lte(0) ? 0n : BigInt(d.times(WEIGHT_FACTOR.toString()).toDecimalPlaces(0).toFixed(0));
  }
  if (weights.size < 100_000) weights.set(value, w);
  return w;
}

/** Weights already read (a pure cache: the same string is always the same weight). */
const weights = new Map<string, Units>();

/** One, as a weight: `ONE - sum(weights)` is "what remains". */
export const ONE = WEIGHT_FACTOR;

/** `ONE` minus the weights, at least zero: the weight of the remainder part. */
export const remainderWeight = (weights: Units[]): Units => {
  const rest = ONE - weights.reduce((s, w) => s + w, 0n);
  return rest > 0n ? rest : 0n;
};

/**
 * Splits `total` minor units by `weights` as `allocate` does: each part the floor of its exact
 * share, the units left over one each to the parts with the largest remainders (ties: the earlier
 * part); a negative total is split like its absolute value, then negated. When every weight is
 * zero, the last part takes the whole (callers put the remainder part last).
 * @returns one part per weight, summing exactly to `total`
 */
export function splitUnits(total: Units, weights: Units[]): Units[] {
  const n = weights.length;
  if (n === 0) return [];
  let sum = 0n;
  for (const w of weights) sum += w > 0n ? w : 0n;
  const parts = new Array<Units>(n).fill(0n);
  if (sum === 0n) {
    parts[n - 1] = total;
    return parts;
  }
  const neg = total < 0n;
  const t = neg ? -total : total;
  const rests = new Array<Units>(n);
  let left = t;
  for (let i = 0; i < n; i++) {
    const w = weights[i]! > 0n ? weights[i]! : 0n;
    const exact = t * w;
    parts[i] = exact / sum;
    rests[i] = exact % sum;
    left -= parts[i]!;
  }
  if (left > 0n) {
    const order = [...rests.keys()].sort((a, b) => (rests[b]! > rests[a]! ? 1 : rests[b]! < rests[a]! ? -1 : a - b));
    for (let k = 0; left > 0n; k++, left--) parts[order[k]!]! += 1n;
  }
  return neg ? parts.map((p) => -p) : parts;
}

/** The sum of minor units. */
export const sumUnits = (xs: Iterable<Units>): Units => {
  let s = 0n;
  for (const x of xs) s += x;
  return s;
};

/**
 * Sources summed per record: adding the same (entity, id) twice adds its amounts, so a line that
 * sums many payments lists each payment once (docs/areas/cashbox.md "Traceability").
 */
export class Sources {
  private readonly parts = new Map<string, { entity: string; id: number; amount: Units }>();

  add(entity: string, id: number, amount: Units): this {
    const key = `${entity}#${id}`;
    const part = this.parts.get(key);
    if (part) part.amount += amount;
    else this.parts.set(key, { entity, id, amount });
    return this;
  }

  /** The sources sorted by entity then id, amounts at `scale` places. */
  list(scale: number): SourceRef[] {
    return [...this.parts.values()]
      .sort((a, b) => (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : a.id - b.id))
      .map((p) => ({ entity: p.entity, id: p.id, amount: fmt(p.amount, scale) }));
  }

  total(): Units {
    return sumUnits([...this.parts.values()].map((p) => p.amount));
  }
}
