import { describe, expect, it } from 'vitest';
import { incomeLines, jobIdOf, percentShown, periodIdOf, visibleGroups, versionOf } from './api';
import { GROUPS, INCOMES } from './testData';

describe('the cashbox figures the screens compute', () => {
  it('CASH-10 % is (1 - put) x 100 for a junior partner, get x 100 otherwise, 0 decimals rounded half up, exactly', () => {
    expect(percentShown({ juniorPartner: true, put: '0.125', get: '0.9' })).toBe('88');
    expect(percentShown({ juniorPartner: true, put: '0.135' })).toBe('87'); // 86.5 -> 87
    expect(percentShown({ juniorPartner: false, put: '0.5', get: '0.3349' })).toBe('33');
    expect(percentShown({ juniorPartner: false, get: '0.145' })).toBe('15'); // 14.5 -> 15, where 0.145 * 100 in floats is 14.499...
    expect(percentShown({ get: null })).toBe('0');
  });

  it('CASH-11 a version below 3 leaves out groups of department type 10', () => {
    expect(visibleGroups({ id: 1, version: { code: 2 } }, GROUPS).map((g) => g.id)).toEqual([11]);
    expect(visibleGroups({ id: 1, version: { code: '3' } }, GROUPS).map((g) => g.id)).toEqual([11, 12]);
    expect(versionOf({ version: 4 })).toBe(4);
    expect(versionOf({})).toBe(0);
  });

  it('CASH-09 the seven lines of a position are the exact sums of its income records per category', () => {
    expect(incomeLines(INCOMES, 31)).toEqual({
      income: '600.25',
      personal_budget: '0',
      paid_expense: '-50',
      non_cash_not_prepaid_expense: '0',
      cash_budget: '0',
      cash_prepaid_expense: '0',
      transfer_amount: '0',
    });
    const tenths = Array.from({ length: 10 }, (_, i) => ({ id: i, recipientPosition: { id: 1 }, category: { code: 7 }, amount: '0.1' }));
    expect(incomeLines(tenths, 1).transfer_amount).toBe('1');
  });

  it('CASH-40 the job of a 202 answer and the period a finished job wrote', () => {
    expect(jobIdOf({ message: 'started', job: { id: 5, href: '/jobs/5' } })).toBe(5);
    expect(jobIdOf({ id: '6' })).toBe(6);
    expect(jobIdOf({})).toBeUndefined();
    expect(periodIdOf({ cashboxPeriodId: 9 })).toBe(9);
    expect(periodIdOf({ period: { id: 10 } })).toBe(10);
    expect(periodIdOf(null)).toBeUndefined();
  });
});
