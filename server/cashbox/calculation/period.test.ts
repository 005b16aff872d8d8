import { describe, expect, it } from 'vitest';
import { CashboxPeriodError, normaliseCashboxPeriod } from './period';

const today = '2026-11-28';

describe('cashbox period', () => {
  it('CASH-14 without a range the period is the previous month', () => {
    expect(normaliseCashboxPeriod({}, today)).toEqual({ dateGte: '2026-10-01', dateLte: '2026-10-31' });
    expect(normaliseCashboxPeriod({ dateGte: '', dateLte: null }, '2026-01-15')).toEqual({
      dateGte: '2025-12-01',
      dateLte: '2025-12-31',
    });
    expect(normaliseCashboxPeriod({}, '2024-03-01')).toEqual({ dateGte: '2024-02-01', dateLte: '2024-02-29' });
  });

  it('CASH-15 a range start is normalised to the start of its month', () => {
    expect(normaliseCashboxPeriod({ dateGte: '2026-09-17', dateLte: '2026-10-31' }, today).dateGte).toBe('2026-09-01');
    expect(normaliseCashboxPeriod({ dateGte: '2026-09', dateLte: '2026-10-31' }, today).dateGte).toBe('2026-09-01');
  });

  it('CASH-16 a range end is normalised to the end of its month', () => {
    expect(normaliseCashboxPeriod({ dateGte: '2026-01-01', dateLte: '2026-02-03' }, today).dateLte).toBe('2026-02-28');
    expect(normaliseCashboxPeriod({ dateGte: '2026-01-01', dateLte: '2026-04' }, today).dateLte).toBe('2026-04-30');
  });

  it('CASH-17 a bare year as a range start becomes 1 January of that year', () => {
    expect(normaliseCashboxPeriod({ dateGte: '2025', dateLte: '2026-03-10' }, today)).toEqual({
      dateGte: '2025-01-01',
      dateLte: '2026-03-31',
    });
  });

  it('CASH-18 a bare year as a range end becomes 31 December of that year', () => {
    expect(normaliseCashboxPeriod({ dateGte: '2025-06-10', dateLte: '2025' }, today)).toEqual({
      dateGte: '2025-06-01',
      dateLte: '2025-12-31',
    });
  });

  it('CASH one bound only takes the other from the same month; a bound in another format is refused', () => {
    expect(normaliseCashboxPeriod({ dateGte: '2026-07-09' }, today)).toEqual({
      dateGte: '2026-07-01',
      dateLte: '2026-07-31',
    });
    expect(normaliseCashboxPeriod({ dateLte: '2026' }, today)).toEqual({
      dateGte: '2026-01-01',
      dateLte: '2026-12-31',
    });
    expect(() => normaliseCashboxPeriod({ dateGte: '2026-13' }, today)).toThrow(CashboxPeriodError);
    expect(() => normaliseCashboxPeriod({ dateLte: '10/2026' }, today)).toThrow(/dateLte must be a year/);
  });
});
