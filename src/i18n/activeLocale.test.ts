import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatDate, formatDateTime, formatMoney, formatMonth } from '../resources/format';
import { formatDate as widgetDate, normalizeRange, toValue } from '../widgets/dates';
import { activeLocale, numberFormat, setActiveLocale } from './activeLocale';

const NBSP = '\u00a0';

afterEach(() => setActiveLocale('en'));

describe('dates, numbers and money by the user locale', () => {
  it('English is unchanged: 24 Nov \u201926, 1,234.50', () => {
    expect(activeLocale()).toBe('en');
    expect(formatDate('2026-11-24')).toBe("24 Nov '26");
    expect(widgetDate('2026-11-24')).toBe("24 Nov '26");
    expect(formatDateTime('2026-11-24T14:30:00')).toBe("24 Nov '26 14:30");
    expect(formatMonth('2026-11-01')).toBe('Nov 2026');
    expect(formatMoney('1234.5000')).toBe('1,234.50');
    expect(numberFormat().format(1234567.25)).toBe('1,234,567.25');
  });

  it("I18N the page says its language: <html lang> follows the user's language", () => {
    setActiveLocale('ru');
    expect(document.documentElement.lang).toBe('ru');
    setActiveLocale('xx');
    expect(document.documentElement.lang).toBe('en');
  });

  it('Russian: 24.11.2026, ноябрь 2026, 1 234,50 with a no-break space', () => {
    setActiveLocale('ru');
    expect(formatDate('2026-11-24')).toBe('24.11.2026');
    expect(widgetDate('2026-11-24')).toBe('24.11.2026');
    expect(formatDateTime('2026-11-24T14:30:00')).toBe('24.11.2026 14:30');
    expect(formatMonth('2026-11-01')).toBe('ноябрь 2026');
    expect(formatMoney('1234.5000')).toBe(`1${NBSP}234,50`);
    expect(numberFormat({ maximumFractionDigits: 2 }).format(1234567.25)).toBe(`1${NBSP}234${NBSP}567,25`);
  });

  it('values for the server do not change with the locale: YYYY-MM-DD dates and ranges', () => {
    const sent = () => [
      toValue(dayjs('2026-11-24')),
      normalizeRange({ gte: '2026-02' }, '2026-11-24'),
      normalizeRange({ gte: '2025', lte: '2026' }, '2026-11-24', { month: true }),
    ];
    const english = sent();
    setActiveLocale('ru');
    expect(sent()).toEqual(english);
    expect(english[0]).toBe('2026-11-24');
  });

  it('an unknown locale falls back to English', () => {
    setActiveLocale('xx');
    expect(activeLocale()).toBe('en');
  });
});
