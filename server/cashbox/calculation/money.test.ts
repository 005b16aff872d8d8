import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from '../../../schemas/money';
import { fmt, splitUnits, toUnits, weight } from './money';

describe('cashbox minor-unit money', () => {
  it('CASH splitUnits is allocate on integers: the same parts for any total, weights and scale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(0, 2, 3),
        (units, raw, scale) => {
          fc.pre(raw.some((w) => w > 0));
          const weights = raw.map((w) => fmt(BigInt(w), 4));
          const total = fmt(BigInt(units), scale);
          const ours = splitUnits(BigInt(units), weights.map(weight)).map((u) => fmt(u, scale));
          expect(ours).toEqual(allocate(total, weights, scale).map((p) => p.toFixed(scale)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('CASH amounts are read half-up to the minor unit and written back exactly', () => {
    expect(toUnits('123.45', 2)).toBe(12345n);
    expect(toUnits('-0.5', 0)).toBe(-1n);
    expect(toUnits('1.2345', 2)).toBe(123n);
    expect(toUnits('1.235', 2)).toBe(124n);
    expect(toUnits('7', 3)).toBe(7000n);
    expect(fmt(-5n, 2)).toBe('-0.05');
    expect(fmt(1234n, 0)).toBe('1234');
    expect(fmt(1234n, 3)).toBe('1.234');
    expect(weight('-0.2')).toBe(0n);
    expect(weight('0.21')).toBe(210_000_000_000n);
  });
});
