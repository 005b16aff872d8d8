/**
 * The bench month of the cashbox (docs/areas/cashbox.md "Performance"): a 200-lawyer office's month -
 * 10,000 payments on 2,000 invoices, 200,000 time entries (100 per invoice, as time values), 200
 * positions in 10 groups, 500 expenses, 50 budgets - generated deterministically (a fixed linear
 * congruential generator); `smoke` makes a hundredth of it (100 payments on 20 invoices, 2,000 time
 * entries). Shared by `calculate.ts` (the calculation alone) and `store.ts` (the store).
 */
import type { CashboxInputs } from '../../server/cashbox/calculation/types';

/** The month's inputs and how many payments and time entries it holds. */
export function benchMonth(smoke: boolean): {
  inputs: CashboxInputs;
  payments: number;
  times: number;
  positions: number;
} {
  let state = 42;
  const rnd = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const int = (n: number) => Math.floor(rnd() * n);
  const cents = (max: number) => `${int(max) + 1}.${String(int(100)).padStart(2, '0')}`;

  const POSITIONS = 200;
  const INVOICES = smoke ? 20 : 2_000;
  const PAYMENTS = smoke ? 100 : 10_000;
  const TIMES_PER_INVOICE = 100;
  const pos = () => int(POSITIONS) + 1;

  let timeId = 1;
  const inputs: CashboxInputs = {
    officeId: 1,
    currencyCode: 'USD',
    dateGte: '2026-10-01',
    dateLte: '2026-10-31',
    version: 1,
    payments: Array.from({ length: PAYMENTS }, (_, i) => ({
      id: i + 1,
      invoiceId: int(INVOICES) + 1,
      date: `2026-10-${String(int(31) + 1).padStart(2, '0')}`,
      amount: cents(5_000),
    })),
    invoices: Array.from({ length: INVOICES }, (_, i) => ({
      id: i + 1,
      matterId: int(500) + 1,
      projectId: int(300) + 1,
      trafficTypeId: int(2) + 1,
      totalAmount: cents(40_000),
      vatAmount: i % 3 === 0 ? cents(2_000) : '0',
      rebilledExpenses: i % 10 === 0 ? [{ expenseId: int(500) + 1, amount: cents(100) }] : [],
      quotas:
        i % 20 === 0
          ? [{ id: i + 1, positionId: pos(), dateGte: '2026-10-01', dateLte: '2026-10-31', percentage: '1' }]
          : [],
      timeValues: Array.from({ length: TIMES_PER_INVOICE }, () => ({
        positionId: (i % 180) + int(20) + 1,
        amount: cents(500),
        timeIds: [timeId++],
      })),
    })),
    matters: Array.from({ length: 500 }, (_, i) => ({
      id: i + 1,
      responsiblePositionId: pos(),
      international: i % 7 === 0,
      internationalResponsiblePositionId: pos(),
      internationalPercent: '0.1',
      hunterPositionId: i % 4 === 0 ? pos() : null,
      hunterPercent: '0.15',
    })),
    projects: Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      technicalExpensesPercent: '0.05',
      managers: [{ positionId: pos(), percentage: '0.1', projectManagerId: i + 1 }],
    })),
    distributions: [1, 2].map((t) => ({
      id: t,
      trafficTypeId: t,
      softDevelopmentLawyerPercent: '0.21',
      rows: [
        {
          id: t * 10 + 1,
          percent: '0.1',
          international: false,
          target: { kind: 'fund' as const, fundTypeId: 1, locateOfficeId: 1 },
        },
        { id: t * 10 + 2, percent: '0.05', international: true, target: { kind: 'office' as const, officeId: 2 } },
      ],
    })),
    expenses: Array.from({ length: 500 }, (_, i) => ({
      id: i + 1,
      amount: cents(1_000),
      cash: i % 2 === 0,
      prepaid: i % 3 === 0,
      payers: [
        { expensePayerId: 2 * i + 1, positionId: pos(), percentage: '0.5' },
        { expensePayerId: 2 * i + 2, positionId: pos(), percentage: '0.5' },
      ],
    })),
    budgets: Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      amount: cents(3_000),
      cash: false,
      payers: [
        {
          budgetPayerId: i + 1,
          kind: 'department' as const,
          officeId: null,
          departmentId: (int(10) + 1) * 10,
          positionId: null,
          percentage: '1',
          closedByFund: i % 5 === 0,
        },
      ],
    })),
    positions: Array.from({ length: POSITIONS }, (_, i) => ({
      id: i + 1,
      employeeId: i + 1,
      departmentId: ((i % 10) + 1) * 10,
      officeId: 1,
      juniorPartner: i % 5 === 0,
      fund: {
        id: i + 1,
        put: '0.3',
        get: '0.1',
        schemeCode: String((i % 7) + 1),
        transferOfficeId: 2,
        transferDepartmentId: 10,
        transferPositionId: 1,
      },
    })),
    departments: Array.from({ length: 10 }, (_, i) => ({
      id: (i + 1) * 10,
      typeCode: '4',
      groupDepartmentId: (i + 1) * 10,
      officeId: 1,
    })),
    previousBalances: [],
  };
  return { inputs, payments: PAYMENTS, times: timeId - 1, positions: POSITIONS };
}
