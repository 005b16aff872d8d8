import { describe, expect, it } from 'vitest';
import { DEFAULT_DURATION_MS, formatDuration, hoursOf, parseDuration } from './duration';

describe('durations typed and shown as hours', () => {
  it('TIME-03 a new entry lasts 900000 ms (15 minutes)', () => {
    expect(DEFAULT_DURATION_MS).toBe(900_000);
    expect(formatDuration(DEFAULT_DURATION_MS)).toBe('0:15');
  });

  it('reads 1.5, 1,5, 1:30, 90m and 1h 30m as an hour and a half; an empty text as 0', () => {
    for (const text of ['1.5', '1,5', '1:30', '90m', '90 min', '1h 30m', ' 1:30 '])
      expect(parseDuration(text), text).toBe(5_400_000);
    expect(parseDuration('0:15')).toBe(900_000);
    expect(parseDuration('.25')).toBe(900_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('')).toBe(0);
  });

  it('refuses what is not a duration, or more than a day', () => {
    for (const text of ['abc', '1:75', '-1', '25', '1.5.2', '1:30:00'])
      expect(parseDuration(text), text).toBeUndefined();
    expect(parseDuration('24')).toBe(86_400_000);
  });

  it('TIME-11 the total duration is shown in hours', () => {
    expect(hoursOf(5_400_000)).toBe('1.5');
    expect(hoursOf(900_000)).toBe('0.25');
    expect(hoursOf(0)).toBe('0');
    expect(hoursOf(1_000_000)).toBe('0.28');
  });
});
