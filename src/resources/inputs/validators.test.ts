import { describe, expect, it } from 'vitest';
import { f } from '../../../schemas/define';
import { invoices } from '../../../schemas/billing/invoices';
import { times } from '../../../schemas/work/times';
import { validatorsFor } from './validators';

/** Runs a field's validators as react-admin does (first error wins) for `value` within `values`. */
const judge = (validators: ReturnType<typeof validatorsFor>, value: unknown, values: object, source: string) => {
  for (const v of validators) {
    const e = v(value, values, { source, finalSource: source });
    if (e) return e;
  }
  return undefined;
};

describe('H2-09 the form judges as the server does', () => {
  it("H2-09 the invoice's period end before its start is an error at the end input, naming the start", () => {
    const end = validatorsFor(invoices.fields.periodLte!, 'Period from');
    const values = { periodGte: '2026-03-31', periodLte: '2026-03-01' };
    expect(judge(end, '2026-03-01', values, 'periodLte')).toEqual({
      message: 'bureau.validation.not_before',
      args: { field: 'Period from' },
    });
    expect(judge(end, '2026-03-31', values, 'periodLte')).toBeUndefined();
  });

  it("H2-09 inside an embedded list the start is the row's own member", () => {
    const end = validatorsFor(f.date({ notBefore: 'dateGte' }), 'From');
    const values = { periods: [{ dateGte: '2026-01-01' }, { dateGte: '2026-07-01' }] };
    expect(judge(end, '2026-06-30', values, 'periods.0.dateLte')).toBeUndefined();
    expect(judge(end, '2026-06-30', values, 'periods.1.dateLte')).toMatchObject({
      message: 'bureau.validation.not_before',
    });
  });

  it('H2-09 a time entry longer than a day is an error at the duration input, saying the cap in hours', () => {
    const duration = validatorsFor(times.fields.duration!);
    expect(judge(duration, 400 * 86_400_000, {}, 'duration')).toBe('Must be less than or equal to 24 hours');
    expect(judge(duration, 86_400_000, {}, 'duration')).toBeUndefined();
  });
});
