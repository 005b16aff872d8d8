import { vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import fakeRestProvider from 'ra-data-fakerest';
import type { RouteParams } from '../../dataProvider';

/** One office's October 2026: two versions (1 open, 2 closed), two groups (one of type 10), two rows. */
export const PERIODS = [
  { id: 7, version: { code: 1 }, currency: { code: 'KZT' }, reportDateGte: '2026-10-01', status: 'OPEN' },
  { id: 8, version: { code: 2 }, currency: { code: 'KZT' }, reportDateGte: '2026-10-01', status: 'CLOSED' },
];
export const GROUPS = [
  {
    id: 11,
    groupDepartment: { id: 4, gname: 'Energy' },
    groupDepartmentTypeCode: 7,
    membersAmountSum: '1250.75',
    groupBudgetAmount: '-100.00',
    totalAmount: '1150.75',
  },
  {
    id: 12,
    groupDepartment: { id: 5, gname: 'Legacy team' },
    groupDepartmentTypeCode: 10,
    membersAmountSum: '1',
    groupBudgetAmount: '0',
    totalAmount: '1',
  },
];
export const ROWS = [
  {
    id: 21,
    recipientPosition: { id: 31, employee: { gfirstName: 'Anna', glastName: 'Abenova' } },
    efficiencyAmountLocal: '210.00',
    sumAmountLocal: '550.25',
    profitAmountLocal: '481.47',
    juniorPartner: true,
    put: '0.125',
    get: '0',
    incomeAmount: '600.25',
    personalBudgetAmount: '0',
    paidExpenseAmount: '-50.00',
    nonCashNotPrepaidExpenseAmount: '0',
    cashBudgetAmount: '0',
    cashPrepaidExpenseAmount: '0',
    transferAmount: '0',
  },
  {
    id: 22,
    recipientPosition: { id: 32, gfirstName: 'Boris', glastName: 'Bekov' },
    efficiencyAmountLocal: '0',
    sumAmountLocal: '700.50',
    profitAmountLocal: '669.28',
    juniorPartner: false,
    put: '0',
    get: '0.3349',
    percentShown: 33,
    incomeAmount: '700.50',
  },
];
/** Anna's income records: 400.10 + 200.15 = 600.25 from two payments; Boris's own. */
export const INCOMES = [
  {
    id: 41,
    recipientPosition: { id: 31 },
    category: { code: 1 },
    role: 'lawyer',
    payment: { id: 5 },
    invoice: { id: 70 },
    amount: '400.10',
  },
  {
    id: 42,
    recipientPosition: { id: 31 },
    category: { code: 1 },
    role: 'responsible',
    payment: { id: 6 },
    invoice: { id: 71 },
    amount: '200.15',
  },
  {
    id: 44,
    recipientPosition: { id: 32 },
    category: { code: 1 },
    role: 'hunter',
    payment: { id: 5 },
    amount: '700.50',
  },
];

type Answer = (params: RouteParams) => unknown;

/**
 * A fake data provider for the cashbox screens: react-admin's verbs from memory, and
 * `request` / `serviceRequest` / `jobs` as spies answering per collection and path
 * (`'cashboxGroupProfits'`, `'cashboxGroupProfits/all'`, `'offices#2'` for a record). The calls
 * these verbs make on the wire are the data provider's own tests (dataProvider/actions.test.ts).
 */
export function cashboxProvider(answers: Record<string, Answer | unknown> = {}) {
  const table: Record<string, Answer | unknown> = {
    offices: [
      { id: 2, gfirmName: 'Almaty office' },
      { id: 3, gfirmName: 'London office' },
    ],
    'offices#2': {
      id: 2,
      gfirmName: 'Almaty',
      officeIncomeDistributions: [{ office: { id: 2, gfirmName: 'Almaty office' } }],
    },
    'offices#3': { id: 3, gfirmName: 'London office', officeIncomeDistributions: [] },
    cashboxPeriods: PERIODS,
    cashboxGroupProfits: GROUPS,
    'cashboxGroupProfits/all': [GROUPS[0]],
    cashboxPositionProfits: ROWS,
    'cashboxPositionIncomes/all/byGroupProfit': INCOMES,
    cashboxFundBalances: [],
    'cashboxFundIncomes/all': [],
    'cashboxPeriods#8/diff': { periodId: 8, version: 2, previousPeriodId: 7, previousVersion: 1, positions: [] },
    'cashboxPeriods#8/close': {},
    'cashboxEmployeeBalances/all': [],
    'cashboxEmployeeBalances#51/update': {},
    positions: [],
    ...answers,
  };
  const request = vi.fn(async (resource: string, params: RouteParams) => {
    const key = `${resource}${params.id === undefined ? '' : `#${params.id}`}${params.path ? `/${params.path}` : ''}`;
    if (!(key in table)) throw new Error(`no fake answer for ${key}`);
    const answer = table[key];
    const data = typeof answer === 'function' ? await (answer as Answer)(params) : answer;
    return { data, response: {} };
  });
  const serviceRequest = vi.fn(async () => ({ data: { job: { id: 91 } }, response: {} }));
  const jobs = vi.fn(async () => ({ data: [] as unknown[] }));
  const dataProvider = { ...fakeRestProvider({}), request, serviceRequest, jobs } as unknown as DataProvider;
  return { dataProvider, request, serviceRequest, jobs };
}

/** The calls `request` received for a collection (and path), as `[params]` without the signal. */
export const callsTo = (request: ReturnType<typeof cashboxProvider>['request'], resource: string, path?: string) =>
  request.mock.calls
    .filter(([r, p]) => r === resource && p.path === path)
    .map(([, p]) => {
      const { signal: _signal, ...rest } = p;
      return rest;
    });
