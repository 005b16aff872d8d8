import { describe, expect, it } from 'vitest';
import { monthOf, normaliseEnd, normaliseRange, normaliseStart, previousMonthRange } from './period';

describe('the cashbox period (CASH-14..18)', () => {
  it('CASH-14 the default period is the previous month, across a year boundary too', () => {
    expect(previousMonthRange(new Date(2026, 10, 28))).toEqual({ dateGte: '2026-10-01', dateLte: '2026-10-31' });
    expect(previousMonthRange(new Date(2026, 0, 1))).toEqual({ dateGte: '2025-12-01', dateLte: '2025-12-31' });
    expect(previousMonthRange(new Date(2024, 2, 31))).toEqual({ dateGte: '2024-02-01', dateLte: '2024-02-29' });
  });

  it('CASH-15 a range start is normalised to the start of its month', () => {
    expect(normaliseStart('2026-10-17')).toBe('2026-10-01');
    expect(normaliseStart('2026-10')).toBe('2026-10-01');
    expect(normaliseStart('2026-10-01T10:00:00Z')).toBe('2026-10-01');
  });

  it('CASH-16 a range end is normalised to the end of its month (February, leap years)', () => {
    expect(normaliseEnd('2026-02-03')).toBe('2026-02-28');
    expect(normaliseEnd('2024-02-03')).toBe('2024-02-29');
    expect(normaliseEnd('2026-11')).toBe('2026-11-30');
  });

  it('CASH-17 a bare year as a range start becomes 1 January of that year', () => {
    expect(normaliseStart('2025')).toBe('2025-01-01');
  });

  it('CASH-18 a bare year as a range end becomes 31 December of that year', () => {
    expect(normaliseEnd('2025')).toBe('2025-12-31');
  });

  it('CASH-15 CASH-16 a whole range is normalised; an end before the start ends with the start month', () => {
    expect(normaliseRange({ dateGte: '2026-03-15', dateLte: '2026-05-02' })).toEqual({
      dateGte: '2026-03-01',
      dateLte: '2026-05-31',
    });
    expect(normaliseRange({ dateGte: '2026-05-15', dateLte: '2026-03-02' })).toEqual({
      dateGte: '2026-05-01',
      dateLte: '2026-05-31',
    });
    expect(() => normaliseStart('soon')).toThrow('"soon" is not a year, a month or a date');
    expect(() => normaliseEnd('2026-13')).toThrow();
    expect(monthOf('2026-10-01')).toBe('2026-10');
  });
});
