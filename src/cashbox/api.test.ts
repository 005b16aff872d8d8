import { describe, expect, it } from 'vitest';
import {
  jobIdOf,
  lineUrl,
  INCOME_LINES,
  percentShown,
  periodIdOf,
  positionIncomes,
  visibleGroups,
  versionOf,
} from './api';
import { GROUPS, INCOMES } from './testData';

describe('the cashbox figures the screens compute', () => {
  it('CASH-10 % is (1 - put) x 100 for a junior partner, get x 100 otherwise, 0 decimals rounded half up, exactly', () => {
    expect(percentShown({ juniorPartner: true, put: '0.125', get: '0.9' })).toBe('88');
    expect(percentShown({ juniorPartner: true, put: '0.135' })).toBe('87'); // 86.5 -> 87
    expect(percentShown({ juniorPartner: false, put: '0.5', get: '0.3349' })).toBe('33');
    expect(percentShown({ juniorPartner: false, get: '0.145' })).toBe('15'); // 14.5 -> 15, where 0.145 * 100 in floats is 14.499...
    expect(percentShown({ get: null })).toBe('0');
    // the server's own figure wins when it sends one
    expect(percentShown({ juniorPartner: true, put: '0.125', percentShown: 88 })).toBe('88');
  });

  it('CASH-11 a version below 3 leaves out groups of department type 10', () => {
    expect(visibleGroups({ id: 1, version: { code: 2 } }, GROUPS).map((g) => g.id)).toEqual([11]);
    expect(visibleGroups({ id: 1, version: { code: '3' } }, GROUPS).map((g) => g.id)).toEqual([11, 12]);
    expect(versionOf({ version: 4 })).toBe(4);
    expect(versionOf({})).toBe(0);
  });

  it("CASH-09 the Income line's records are the position's incomes, summed exactly", () => {
    expect(positionIncomes(INCOMES, 31)).toEqual({ rows: [INCOMES[0], INCOMES[1]], total: '600.25' });
    const tenths = Array.from({ length: 10 }, (_, i) => ({ id: i, recipientPosition: { id: 1 }, amount: '0.1' }));
    expect(positionIncomes(tenths, 1).total).toBe('1');
  });

  it('CASH-09 each of the seven lines opens its records: incomes, expenses and budgets of its category, fund balances', () => {
    const at = { periodId: 8, groupProfitId: 11, positionId: 31 };
    const urls = INCOME_LINES.map((l) => decodeURIComponent(lineUrl(l, at)));
    expect(urls).toEqual([
      '/cashboxPositionIncomes?filter={"cashboxGroupProfit.id":11,"recipientPosition.id":31}',
      '/cashboxPositionExpenses?filter={"cashboxPeriod.id":8,"position.id":31,"category.code":2}',
      '/cashboxPositionExpenses?filter={"cashboxPeriod.id":8,"position.id":31,"category.code":3}',
      '/cashboxPositionExpenses?filter={"cashboxPeriod.id":8,"position.id":31,"category.code":4}',
      '/cashboxPositionExpenses?filter={"cashboxPeriod.id":8,"position.id":31,"category.code":5}',
      '/cashboxPositionExpenses?filter={"cashboxPeriod.id":8,"position.id":31,"category.code":6}',
      '/cashboxFundBalances?filter={"cashboxPeriod.id":8,"position.id":31}',
    ]);
  });

  it('CASH-40 the job of a 202 answer and the period a finished job wrote', () => {
    expect(jobIdOf({ message: 'started', job: { id: 5, href: '/jobs/5' } })).toBe(5);
    expect(jobIdOf({ id: '6' })).toBe(6);
    expect(jobIdOf({})).toBeUndefined();
    expect(periodIdOf({ periodId: 9, version: 3, rows: 120 })).toBe(9);
    expect(periodIdOf({ period: { id: 10 } })).toBe(10);
    expect(periodIdOf(null)).toBeUndefined();
  });
});
