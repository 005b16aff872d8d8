import { describe, expect, it } from 'vitest';
import { DATE_FLOOR, formatDate, normalizeRange } from './dates';

const today = '2026-11-22';

describe('dates', () => {
  it('CONST-08 the default date floor is 1970-01-01', () => {
    expect(DATE_FLOOR).toBe('1970-01-01');
  });

  it('CONST-09 a range with only an end gets 1970-01-01 as start', () => {
    expect(normalizeRange({ lte: '2026-03-10' }, today)).toEqual({ gte: '1970-01-01', lte: '2026-03-10' });
  });

  it('CONST-10 a range with only a start gets today as end', () => {
    expect(normalizeRange({ gte: '2026-03-10' }, today)).toEqual({ gte: '2026-03-10', lte: '2026-11-22' });
    expect(normalizeRange({ gte: '2026-03-10', lte: null }, today)).toEqual({ gte: '2026-03-10', lte: '2026-11-22' });
  });

  it("CONST-11 WID-09 displays D MMM 'YY", () => {
    expect(formatDate('2026-11-05')).toBe("5 Nov '26");
    expect(formatDate('2009-01-31')).toBe("31 Jan '09");
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('CASH-15 CASH-16 month mode normalises to the first and last day of the months', () => {
    expect(normalizeRange({ gte: '2026-02-14', lte: '2026-02-14' }, today, { month: true })).toEqual({
      gte: '2026-02-01',
      lte: '2026-02-28',
    });
    expect(normalizeRange({ gte: '2024-02', lte: '2024-02' }, today)).toEqual({ gte: '2024-02-01', lte: '2024-02-29' });
  });

  it('CASH-17 CASH-18 a bare year becomes 1 January / 31 December', () => {
    expect(normalizeRange({ gte: '2025', lte: '2025' }, today)).toEqual({ gte: '2025-01-01', lte: '2025-12-31' });
  });

  it('an empty range stays empty and a full day range is unchanged', () => {
    expect(normalizeRange({}, today)).toEqual({ gte: null, lte: null });
    expect(normalizeRange({ gte: '2026-01-02', lte: '2026-01-05' }, today)).toEqual({
      gte: '2026-01-02',
      lte: '2026-01-05',
    });
  });
});
