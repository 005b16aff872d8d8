import { describe, expect, it } from 'vitest';
import { defaultCashboxPeriod, normalizeCashboxRange, normalizeRangeEnd, normalizeRangeStart } from './period';

describe('cashbox period normalisation', () => {
  it('CASH-14 the default period is the previous month, across a year end too', () => {
    expect(defaultCashboxPeriod(new Date(2026, 10, 28))).toEqual({ dateGte: '2026-10-01', dateLte: '2026-10-31' });
    expect(defaultCashboxPeriod(new Date(2026, 0, 5))).toEqual({ dateGte: '2025-12-01', dateLte: '2025-12-31' });
    expect(normalizeCashboxRange(null, undefined, new Date(2024, 2, 10))).toEqual({
      dateGte: '2024-02-01',
      dateLte: '2024-02-29',
    });
  });
  it('CASH-15 a range start becomes the first day of its month', () => {
    expect(normalizeRangeStart('2026-10-17')).toBe('2026-10-01');
    expect(normalizeRangeStart('2026-02')).toBe('2026-02-01');
  });
  it('CASH-16 a range end becomes the last day of its month, leap years included', () => {
    expect(normalizeRangeEnd('2026-10-03')).toBe('2026-10-31');
    expect(normalizeRangeEnd('2024-02-10')).toBe('2024-02-29');
    expect(normalizeRangeEnd('2026-02-10')).toBe('2026-02-28');
  });
  it('CASH-17 a bare year as a range start becomes 1 January', () => {
    expect(normalizeRangeStart('2025')).toBe('2025-01-01');
  });
  it('CASH-18 a bare year as a range end becomes 31 December', () => {
    expect(normalizeRangeEnd('2025')).toBe('2025-12-31');
  });
  it('CASH-15/16 one end given stands for its month; an end before the start and a non-date are refused', () => {
    expect(normalizeCashboxRange('2026-09-12', null)).toEqual({ dateGte: '2026-09-01', dateLte: '2026-09-30' });
    expect(() => normalizeCashboxRange('2026-09-01', '2026-08-01')).toThrow(/before it starts/);
    expect(() => normalizeRangeStart('soon')).toThrow(/not a year/);
    expect(() => normalizeRangeStart('2026-13')).toThrow(/no month 13/);
  });
});
