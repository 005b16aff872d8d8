import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, sumExact, toMoney } from './money';

/** Cases per property: the issue asks for 10,000 (`MONEY_RUNS` lowers it for a quick local run). */
const RUNS = Number(process.env.MONEY_RUNS ?? 10_000);

/** An amount from -10^12 to 10^12 with 2 decimals, as a decimal string built from whole cents. */
const amount = fc
  .bigInt({ min: -(10n ** 14n), max: 10n ** 14n })
  .map((cents) => toMoney(cents.toString()).div(100).toFixed(2));

/** 1-20 non-negative weights (zeros included: often, since `0` is drawn on purpose), at least one above zero. */
const weight = fc.oneof(
  fc.constant('0'),
  fc.integer({ min: 1, max: 1000 }).map(String),
  // fractions with up to 4 decimals, as percent shares are written (`0.3333`)
  fc.integer({ min: 1, max: 10_000 }).map((n) => toMoney(n).div(10_000).toFixed()),
);
const ratios = fc.array(weight, { minLength: 1, maxLength: 20 }).filter((ws) => ws.some((w) => w !== '0'));

describe('MONEY allocate (schemas/money.ts) under random amounts and ratios', () => {
  it('MONEY allocate never loses or creates a cent', () => {
    fc.assert(
      fc.property(amount, ratios, (total, ws) => {
        const parts = allocate(total, ws);
        expect(parts).toHaveLength(ws.length);
        // the parts add up exactly to the whole
        expect(sumExact(parts).toFixed(2)).toBe(total);
        const weightSum = sumExact(ws);
        parts.forEach((part, i) => {
          // whole cents only
          expect(part.decimalPlaces()).toBeLessThanOrEqual(2);
          // within one cent of the exact share (the share itself may have infinitely many places)
          const exactShare = toMoney(total).times(ws[i]!).div(weightSum);
          expect(part.minus(exactShare).abs().lessThan('0.01')).toBe(true);
          // a zero weight gets nothing; no part has the other sign than the whole
          if (toMoney(ws[i]!).isZero()) expect(part.isZero()).toBe(true);
          if (!part.isZero()) expect(part.isNegative()).toBe(toMoney(total).isNegative());
        });
      }),
      { numRuns: RUNS },
    );
  }, 180_000); // 10,000 cases take ~8 s alone, several times that on busy shared cores

  it('MONEY allocate at the currency scale (0 for JPY, 3 for KWD) never loses or creates a minor unit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 3),
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        ratios,
        (scale, units, ws) => {
          const total = toMoney(units.toString()).div(toMoney(10).pow(scale));
          const parts = allocate(total, ws, scale);
          expect(sumExact(parts).eq(total)).toBe(true);
          const weightSum = sumExact(ws);
          const unit = toMoney(10).pow(-scale);
          parts.forEach((part, i) => {
            expect(part.decimalPlaces()).toBeLessThanOrEqual(scale);
            expect(part.minus(total.times(ws[i]!).div(weightSum)).abs().lessThan(unit)).toBe(true);
          });
        },
      ),
      { numRuns: Math.ceil(RUNS / 10) },
    );
  }, 60_000);
});
