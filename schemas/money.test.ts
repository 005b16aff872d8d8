import { describe, expect, it } from 'vitest';
import { f } from './define';
import { parseWire, toWire } from './fieldTypes/index';
import { allocate, isDecimal, sumExact, toMoney } from './money';

const money = f.money();
const stored = (v: unknown) => {
  const r = parseWire(money, v);
  if (!('value' in r)) throw new Error(JSON.stringify(r.issues));
  return r.value;
};

describe('money: exact decimals, never floats', () => {
  it('money: a 19-digit numeric(19,4) value is parsed, stored and read back with every digit', () => {
    expect(stored('123456789012345.1234')).toBe('123456789012345.1234');
    expect(stored(' -999999999999999.9999 ')).toBe('-999999999999999.9999');
    const out = toWire(money, '123456789012345.1234');
    expect(isDecimal(out)).toBe(true);
    expect((out as ReturnType<typeof toMoney>).toFixed()).toBe('123456789012345.1234');
    // the float the old reading produced loses the last digits
    expect(String(Number('123456789012345.1234'))).not.toBe('123456789012345.1234');
  });

  it('money: JSON numbers and decimal strings are read exactly and rounded half-up to 4 places', () => {
    expect(stored(0.1)).toBe('0.1');
    expect(stored('2.00005')).toBe('2.0001');
    expect(stored('-2.00005')).toBe('-2.0001');
    expect(stored(1e-7)).toBe('0');
    expect(parseWire(money, '1e15')).toHaveProperty('issues');
    expect(parseWire(money, 'NaN')).toHaveProperty('issues');
  });

  it('money: 0.1 + 0.2 kind of sums are exact', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumExact([0.1, 0.2]).toFixed()).toBe('0.3');
    expect(sumExact(['0.1', '0.2', null, toMoney('-0.3')]).isZero()).toBe(true);
    expect(sumExact(Array.from({ length: 10 }, () => '999999999999999.9999')).toFixed()).toBe('9999999999999999.999');
    expect(sumExact([0.21, 0.09]).toFixed()).toBe('0.3');
  });

  it('money: allocation parts add up exactly to the whole, largest remainder first', () => {
    const parts = allocate('100.00', [1, 1, 1]);
    expect(parts.map((p) => p.toFixed(2))).toEqual(['33.34', '33.33', '33.33']);
    expect(sumExact(parts).toFixed(2)).toBe('100.00');
    const uneven = allocate('0.05', ['0.7', '0.2', '0.1']);
    expect(uneven.map((p) => p.toFixed(2))).toEqual(['0.04', '0.01', '0.00']);
    for (const [total, ratios] of [
      ['123456789012345.67', [3, 7, 11, 13]],
      ['0.01', [1, 1, 1]],
      ['999.99', [0, 1, 2]],
    ] as const)
      expect(sumExact(allocate(total, [...ratios])).toFixed(2)).toBe(toMoney(total).toFixed(2));
  });

  it('money: negative amounts split like their absolute value, negated', () => {
    const parts = allocate('-100.00', [1, 1, 1]);
    expect(parts.map((p) => p.toFixed(2))).toEqual(['-33.34', '-33.33', '-33.33']);
    expect(sumExact(parts).toFixed(2)).toBe('-100.00');
    expect(allocate('-0.01', [1, 1]).map((p) => p.toFixed(2))).toEqual(['-0.01', '0.00']);
  });

  it('money: allocation works at the currency scale (0 for JPY, 3 for KWD)', () => {
    expect(allocate('1000', [1, 1, 1], 0).map((p) => p.toFixed())).toEqual(['334', '333', '333']);
    const kwd = allocate('10.000', [1, 2], 3);
    expect(kwd.map((p) => p.toFixed(3))).toEqual(['3.333', '6.667']);
    expect(() => allocate('1', [])).toThrow(RangeError);
    expect(() => allocate('1', [0, 0])).toThrow(RangeError);
    expect(() => allocate('1', [-1, 2])).toThrow(RangeError);
  });
});
