import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameAsStored } from './unchanged';

/** The in-memory "unchanged" judgement behind children sent back as loaded (no UPDATE for them). */
describe('sameAsStored', () => {
  it('PROBE-4 equal values in their stored shapes are unchanged', () => {
    expect(sameAsStored(null, null)).toBe(true);
    expect(sameAsStored('Ann', 'Ann')).toBe(true);
    expect(sameAsStored(true, true)).toBe(true);
    expect(sameAsStored(42, 42)).toBe(true);
    expect(sameAsStored('0.2', '0.2000')).toBe(true);
    expect(sameAsStored('12.34', '12.3400')).toBe(true);
    expect(sameAsStored('2026-03-01', '2026-03-01')).toBe(true);
    expect(sameAsStored('2026-03-01T10:00:00.000Z', new Date('2026-03-01T10:00:00Z'))).toBe(true);
    expect(sameAsStored('{"b":1,"a":"x"}', { a: 'x', b: 1 })).toBe(true);
  });

  it('PROBE-4 any difference, or a shape it cannot judge, is not unchanged', () => {
    expect(sameAsStored(null, 'x')).toBe(false);
    expect(sameAsStored('x', null)).toBe(false);
    expect(sameAsStored('', null)).toBe(false);
    expect(sameAsStored('Ann', 'ann')).toBe(false);
    expect(sameAsStored(false, true)).toBe(false);
    expect(sameAsStored(1, '1')).toBe(false);
    expect(sameAsStored('0.2', '0.20001')).toBe(false);
    expect(sameAsStored('123456789012345.1234', '123456789012345.1235')).toBe(false);
    expect(sameAsStored('2026-03-01T10:00:00.001Z', new Date('2026-03-01T10:00:00Z'))).toBe(false);
    expect(sameAsStored('{"a":1}', { a: 2 })).toBe(false);
    expect(sameAsStored('not json', { a: 1 })).toBe(false);
    expect(sameAsStored({ a: 1 }, { a: 1 })).toBe(false);
  });

  it('PROBE-4 two decimal spellings are judged the same exactly when they are the same number', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,15}$/), fc.stringMatching(/^\d{0,6}$/))
      .map(([neg, i, f]) => `${neg ? '-' : ''}${i}${f ? `.${f}` : ''}`);
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const value = (s: string) => {
          const neg = s.startsWith('-');
          const [i, f = ''] = (neg ? s.slice(1) : s).split('.');
          const digits = BigInt(`${i}${f.padEnd(6, '0')}`);
          return neg ? -digits : digits;
        };
        expect(sameAsStored(a, b)).toBe(value(a) === value(b));
      }),
      { numRuns: 2000 },
    );
  });
});
