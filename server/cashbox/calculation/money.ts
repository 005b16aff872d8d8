import { allocate, Money, sumExact, toMoney } from '../../../schemas/money';
import type { SourceRef } from './types';

/**
 * Money helpers of the cashbox calculation (docs/areas/cashbox.md "Rounding"): every amount is a
 * {@link Money} rounded to the period currency's minor units (`scale`), every split is
 * {@link allocate} (largest remainder in minor units), so no split loses or creates a minor unit.
 */

export const ZERO = toMoney(0);

/**
 * Splits `total` by `weights` at `scale` places (the period currency's minor units) with
 * `allocate`; weights below zero count as zero, and when every weight is zero every part is zero
 * except the last, which takes the whole (callers put the remainder part last).
 * @returns one part per weight; the parts sum exactly to `total` rounded to `scale`
 */
export function split(total: Money, weights: Money[], scale: number): Money[] {
  const clean = weights.map((w) => (w.lt(0) || !w.isFinite() ? ZERO : w));
  if (clean.length === 0) return [];
  if (clean.every((w) => w.isZero())) {
    const parts = clean.map(() => ZERO);
    parts[parts.length - 1] = total.toDecimalPlaces(scale);
    return parts;
  }
  return allocate(total, clean, scale);
}

/** A fraction from a stored percent string, `null`/empty as zero. */
export const fraction = (v: string | null | undefined): Money =>
  v === null || v === undefined || v === '' ? ZERO : toMoney(v);

/**
 * Sources summed per record: adding the same (entity, id) twice adds its amounts, so a line that
 * sums many payments lists each payment once (docs/areas/cashbox.md "Traceability").
 */
export class Sources {
  private readonly parts = new Map<string, { entity: string; id: number; amount: Money }>();

  add(entity: string, id: number, amount: Money): this {
    const key = `${entity}#${id}`;
    const part = this.parts.get(key);
    if (part) part.amount = part.amount.plus(amount);
    else this.parts.set(key, { entity, id, amount });
    return this;
  }

  addAll(refs: Iterable<{ entity: string; id: number; amount: Money }>): this {
    for (const r of refs) this.add(r.entity, r.id, r.amount);
    return this;
  }

  /** The sources sorted by entity then id, amounts at `scale` places. */
  list(scale: number): SourceRef[] {
    return [...this.parts.values()]
      .sort((a, b) => (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : a.id - b.id))
      .map((p) => ({ entity: p.entity, id: p.id, amount: p.amount.toFixed(scale) }));
  }

  raw(): { entity: string; id: number; amount: Money }[] {
    return [...this.parts.values()];
  }

  total(): Money {
    return sumExact([...this.parts.values()].map((p) => p.amount));
  }
}

/** One source: the record and the part of a line it contributed, at `scale` places. */
export const source = (entity: string, id: number, amount: Money, scale: number): SourceRef[] => [
  { entity, id, amount: amount.toFixed(scale) },
];

/** Orders by a numeric key, then by the next keys (stable and total for the ids given). */
export const byKeys =
  <T>(...keys: ((t: T) => number | string | null)[]) =>
  (a: T, b: T): number => {
    for (const k of keys) {
      const x = k(a) ?? -1;
      const y = k(b) ?? -1;
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  };

export { Money, sumExact, toMoney };
