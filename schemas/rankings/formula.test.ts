import { describe, expect, it } from 'vitest';
import { rankDensely, rankingMonths, ranksFromPositions, rate, wilsonLowerBound } from './formula';

/** The rankings' formula (docs/areas/rankings.md "The formula"), without a database. */
describe('the rankings formula', () => {
  it('RANK-06 the Wilson lower bound at 95 % equals the published values', () => {
    // Wilson (1927) score interval, z = 1.96: 9/10 -> 0.5958, 1/1 -> 0.2065, 50/100 -> 0.4038, 0/10 -> 0
    expect(wilsonLowerBound(9, 10)).toBeCloseTo(0.5958, 4);
    expect(wilsonLowerBound(1, 1)).toBeCloseTo(0.2065, 4);
    expect(wilsonLowerBound(50, 100)).toBeCloseTo(0.4038, 4);
    expect(wilsonLowerBound(0, 10)).toBe(0);
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(() => wilsonLowerBound(3, 2)).toThrow(RangeError);
  });

  it('RANK-06 few observations rank below many of a lower share, and are marked few data', () => {
    const zero = { origination: '0', collections: '0', worked: '0', leads: 0, won: 0 };
    const one = rate({ ...zero, invoices: 1, paid: 1 }, { origination: '0', collections: '0' });
    const many = rate({ ...zero, invoices: 100, paid: 90 }, { origination: '0', collections: '0' });
    expect(one.qualityScore).toBe('20.65');
    expect(many.qualityScore).toBe('82.56');
    expect(one.fewData).toBe(true);
    expect(many.fewData).toBe(false);
  });

  it('RANK-05 the rating weighs origination, collections, realisation and conversion, to 2 decimals', () => {
    const r = rate(
      { origination: '500', collections: '300', worked: '600', leads: 3, won: 1, invoices: 4, paid: 2 },
      { origination: '1000', collections: '400' },
    );
    // 100 x (0.35 x 0.5 + 0.35 x 0.75 + 0.15 x 0.5 + 0.15 x 1/3) = 100 x 0.5625 = 56.25
    expect(r.parts).toEqual({ origination: '0.5', collections: '0.75', realisation: '0.5', conversion: '0.3333' });
    expect(r.rating).toBe('56.25');
    // realisation is capped at 1; nothing worked counts 0; no leads counts 0
    expect(
      rate(
        { ...r.parts, origination: '0', collections: '10', worked: '5', leads: 0, won: 0, invoices: 0, paid: 0 },
        { origination: '0', collections: '10' },
      ).rating,
    ).toBe('50.00');
  });

  it('RANK-02 equal ratings share a dense rank; the tie-break orders them by quality, then name', () => {
    const ranked = rankDensely([
      { id: 1, name: 'Carl', rating: '50.00', qualityScore: '10.00' },
      { id: 2, name: 'Anna', rating: '70.00', qualityScore: '0.00' },
      { id: 3, name: 'Boris', rating: '50.00', qualityScore: '10.00' },
      { id: 4, name: 'Dana', rating: '50.00', qualityScore: '30.00' },
      { id: 5, name: 'Emil', rating: '20.00', qualityScore: '90.00' },
    ]);
    expect(ranked.map((r) => [r.name, r.rank, r.tied])).toEqual([
      ['Anna', 1, false],
      ['Dana', 2, true],
      ['Boris', 2, true],
      ['Carl', 2, true],
      ['Emil', 3, false],
    ]);
    expect(ranksFromPositions(ranked.map((r) => r.rating))).toEqual([1, 2, 2, 2, 3]);
    expect(ranksFromPositions(['9.00', '9', '7.50', null])).toEqual([1, 1, 2, 3]);
  });

  it('RANK-13 the window is the 3 months ending with the closed month, across a year end', () => {
    expect(rankingMonths('2026-10')).toEqual(['2026-08', '2026-09', '2026-10']);
    expect(rankingMonths('2026-01')).toEqual(['2025-11', '2025-12', '2026-01']);
  });
});
