import { describe, expect, it } from 'vitest';
import type { Field } from '../define';
import { isoDateTime, isWebUrl } from './checks';
import { durationText } from './durationMs';
import { parseWire } from './index';

/** A numeric value through its type's wire schema: the stored value or the first message. */
const numericValue = (fd: Pick<Field, 'type' | 'integer'>, v: unknown) => {
  const r = parseWire(fd as Field, v);
  return 'value' in r ? r : { error: r.issues[0]!.message };
};

describe('PROBE-8 numbers within their column', () => {
  it('PROBE-8 money is numeric(19,4): exact decimal strings, rounded to 4 places, below 10^15', () => {
    const money = { type: 'money' } as const;
    expect(numericValue(money, 0.1 + 0.2)).toEqual({ value: '0.3' });
    expect(numericValue(money, '123456789012345.12344')).toEqual({ value: '123456789012345.1234' });
    expect(numericValue(money, 1e-7)).toEqual({ value: '0' });
    expect(numericValue(money, '2.5e3')).toEqual({ value: '2500' });
    expect(numericValue(money, 1e15)).toHaveProperty('error');
    expect(numericValue(money, '999999999999999.99995')).toHaveProperty('error');
    expect(numericValue(money, '-999999999999999.9999')).toEqual({ value: '-999999999999999.9999' });
  });

  it('PROBE-8 percents are numeric(12,8), integers and ids safe integers', () => {
    expect(numericValue({ type: 'percent' }, 1e-7)).toEqual({ value: '0.0000001' });
    expect(numericValue({ type: 'percent' }, 10000)).toHaveProperty('error');
    expect(numericValue({ type: 'number', integer: true }, 2 ** 53 - 1)).toEqual({ value: 2 ** 53 - 1 });
    expect(numericValue({ type: 'number', integer: true }, '9007199254740993')).toHaveProperty('error');
    expect(numericValue({ type: 'durationMs' }, 1.5)).toEqual({ error: 'must be an integer' });
    for (const bad of ['Infinity', 'NaN', '0x10', '0b1', '1_000', '', ' ', '1e', '.', '--1'])
      expect(numericValue({ type: 'money' }, bad), bad).toEqual({ error: 'must be a number' });
  });

  it('PROBE-8 date-times of the years 0001..9999 only', () => {
    expect(isoDateTime('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00.000Z');
    expect(isoDateTime('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
    expect(isoDateTime('+275760-09-13T00:00:00Z')).toBeUndefined();
    expect(isoDateTime('0000-12-31T23:59:59Z')).toBeUndefined();
    expect(isoDateTime('+010000-01-01T00:00:00Z')).toBeUndefined();
  });
});

describe('PROBE-11 URL fields', () => {
  it('PROBE-11 http(s) URLs and bare hosts only', () => {
    for (const ok of ['https://example.com', 'HTTP://EXAMPLE.COM/x', 'example.com', 'example.com:8080/a', 'a.b/c?d#e'])
      expect(isWebUrl(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1).x',
      'data:text/html,a.b',
      'file:///etc/x.y',
      'vbscript:x.y',
      'java\nscript:a.b',
      'example',
      '.example.com',
      'https://',
    ])
      expect(isWebUrl(bad), bad).toBe(false);
  });
});

describe('H2-09 one-line text', () => {
  it('H2-09 a singleLine text refuses a carriage return or line feed with its message; a plain text keeps them', () => {
    const parse = (fd: Partial<Field>, v: unknown) => {
      const r = parseWire({ type: 'text', ...fd } as Field, v);
      return 'value' in r ? r : { error: r.issues[0]!.message };
    };
    for (const bad of ['Hello\r\nBcc: all@firm.kz', 'two\nlines', 'carriage\rreturn'])
      expect(parse({ singleLine: true }, bad), JSON.stringify(bad)).toEqual({
        error: 'must be one line, without line breaks',
      });
    expect(parse({ singleLine: true }, 'Invoice INV-2026-00012 for October')).toEqual({
      value: 'Invoice INV-2026-00012 for October',
    });
    expect(parse({}, 'two\nlines')).toEqual({ value: 'two\nlines' });
  });
});

describe('H2-09 duration bounds in hours and minutes', () => {
  it('H2-09 a duration bound reads as hours and minutes, not milliseconds', () => {
    expect(durationText(86_400_000)).toBe('24 hours');
    expect(durationText(5_400_000)).toBe('1 hour 30 minutes');
    expect(durationText(60_000)).toBe('1 minute');
    expect(durationText(0)).toBe('0 minutes');
    const capped: Field = { type: 'durationMs', min: 900_000, max: 86_400_000 } as Field;
    expect(parseWire(capped, 86_400_001)).toMatchObject({
      issues: [{ message: 'must be less than or equal to 24 hours' }],
    });
    expect(parseWire(capped, 60_000)).toMatchObject({
      issues: [{ message: 'must be greater than or equal to 15 minutes' }],
    });
  });
});
