import { describe, expect, it } from 'vitest';
import { calculateCashbox } from './calculate';
import type { CashboxInputs, CashboxResult, PositionFundInput } from './types';

/**
 * The worked example of docs/areas/cashbox.md ("Worked example"): office 1's October 2026 in USD,
 * computed by hand there and by the calculation here, figure for figure. Ids follow the document:
 * payments 1-3, invoices 1-2, matters 1-2, projects 1-2, positions 1-4 (employees 101-104),
 * groups 10 (sector A) and 20 (sector B), expense 1, budget 1.
 */

const fund = (id: number, put: string, get: string): PositionFundInput => ({
  id,
  put,
  get,
  schemeCode: '4',
  transferOfficeId: null,
  transferDepartmentId: null,
  transferPositionId: null,
});

const workedExample: CashboxInputs = {
  officeId: 1,
  currencyCode: 'USD',
  dateGte: '2026-10-01',
  dateLte: '2026-10-31',
  version: 1,
  payments: [
    { id: 1, invoiceId: 1, date: '2026-10-05', amount: '600.00' },
    { id: 2, invoiceId: 1, date: '2026-10-25', amount: '600.00' },
    { id: 3, invoiceId: 2, date: '2026-10-15', amount: '1000.00' },
  ],
  invoices: [
    {
      id: 1,
      matterId: 1,
      projectId: 1,
      trafficTypeId: 1,
      totalAmount: '1200.00',
      vatAmount: '200.00',
      rebilledExpenses: [],
      quotas: [
        { id: 1, positionId: 1, dateGte: '2026-10-20', dateLte: '2026-10-31', percentage: '0.6' },
        { id: 2, positionId: 3, dateGte: '2026-10-20', dateLte: '2026-10-31', percentage: '0.4' },
      ],
      timeValues: [
        { positionId: 2, amount: '300.00', timeIds: [1, 2] },
        { positionId: 3, amount: '100.00', timeIds: [3] },
      ],
    },
    {
      id: 2,
      matterId: 2,
      projectId: 2,
      trafficTypeId: 1,
      totalAmount: '2000.00',
      vatAmount: '0',
      rebilledExpenses: [],
      quotas: [],
      timeValues: [{ positionId: 4, amount: '500.00', timeIds: [4] }],
    },
  ],
  matters: [
    {
      id: 1,
      responsiblePositionId: 1,
      international: false,
      internationalResponsiblePositionId: null,
      internationalPercent: '0',
      hunterPositionId: null,
      hunterPercent: '0',
    },
    {
      id: 2,
      responsiblePositionId: 4,
      international: true,
      internationalResponsiblePositionId: 3,
      internationalPercent: '0.1',
      hunterPositionId: 2,
      hunterPercent: '0.2',
    },
  ],
  projects: [
    { id: 1, technicalExpensesPercent: '0.05', managers: [{ positionId: 3, percentage: '0.1', projectManagerId: 1 }] },
    { id: 2, technicalExpensesPercent: '0', managers: [] },
  ],
  distributions: [
    {
      id: 1,
      trafficTypeId: 1,
      softDevelopmentLawyerPercent: '0.2',
      rows: [
        { id: 1, percent: '0.1', international: false, target: { kind: 'fund', fundTypeId: 1, locateOfficeId: 1 } },
        { id: 2, percent: '0.05', international: true, target: { kind: 'office', officeId: 2 } },
      ],
    },
  ],
  expenses: [
    {
      id: 1,
      amount: '300.00',
      cash: false,
      prepaid: false,
      payers: [
        { expensePayerId: 1, positionId: 1, percentage: '0.5' },
        { expensePayerId: 2, positionId: 2, percentage: '0.5' },
      ],
    },
  ],
  budgets: [
    {
      id: 1,
      amount: '300.00',
      cash: false,
      payers: [
        {
          budgetPayerId: 1,
          kind: 'department',
          officeId: null,
          departmentId: 20,
          positionId: null,
          percentage: '1',
          closedByFund: false,
        },
      ],
    },
  ],
  positions: [
    { id: 1, employeeId: 101, departmentId: 10, officeId: 1, juniorPartner: false, fund: fund(1, '0', '0.6') },
    { id: 2, employeeId: 102, departmentId: 10, officeId: 1, juniorPartner: true, fund: fund(2, '0.3', '0') },
    { id: 3, employeeId: 103, departmentId: 10, officeId: 1, juniorPartner: false, fund: fund(3, '0', '0.4') },
    { id: 4, employeeId: 104, departmentId: 20, officeId: 1, juniorPartner: false, fund: fund(4, '0', '1') },
  ],
  departments: [
    { id: 10, typeCode: '4', groupDepartmentId: 10, officeId: 1 },
    { id: 20, typeCode: '4', groupDepartmentId: 20, officeId: 1 },
  ],
  previousBalances: [{ employeeId: 101, amount: '1000.00' }],
};

const amounts = <T extends { amount: string }>(lines: T[], key: (l: T) => string | number) =>
  lines.map((l) => [key(l), l.amount]);

describe('CASH-worked example: office 1, October 2026, by hand (docs/areas/cashbox.md) and by the calculation', () => {
  const r: CashboxResult = calculateCashbox(workedExample);

  it('step 1: VAT comes out pro rata, net income per payment (table "Payments")', () => {
    expect(r.netIncomes.map((n) => [n.paymentId, n.paymentAmount, n.vatAmount, n.amount])).toEqual([
      [1, '600.00', '100.00', '500.00'],
      [3, '1000.00', '0.00', '1000.00'],
      [2, '600.00', '100.00', '500.00'],
    ]);
  });

  it('steps 2-3: technical expenses, fund incomes and the transfer of the international row', () => {
    expect(amounts(r.technicalExpenses, (l) => l.paymentId)).toEqual([
      [1, '25.00'],
      [2, '25.00'],
    ]);
    expect(amounts(r.fundIncomes, (l) => l.paymentId)).toEqual([
      [1, '50.00'],
      [3, '100.00'],
      [2, '50.00'],
    ]);
    expect(r.transfers.map((t) => [t.paymentId, t.officeId, t.amount])).toEqual([[3, 2, '50.00']]);
  });

  it('step 4: attributable income to positions, role by role (table "Position incomes")', () => {
    expect(r.positionIncomes.map((l) => [l.paymentId, l.positionId, l.role, l.amount])).toEqual([
      [1, 2, 'lawyer', '63.75'],
      [1, 3, 'lawyer', '21.25'],
      [1, 3, 'projectManager', '34.00'],
      [1, 1, 'responsible', '306.00'],
      [3, 4, 'lawyer', '170.00'],
      [3, 3, 'international', '68.00'],
      [3, 2, 'hunter', '136.00'],
      [3, 4, 'responsible', '476.00'],
      [2, 1, 'quota', '255.00'],
      [2, 3, 'quota', '170.00'],
    ]);
    expect(r.unattributedIncomes).toEqual([]);
  });

  it('the side panel, Sum, Efficiency, Profit and % per position (table "Positions")', () => {
    expect(
      r.positionProfits.map((p) => [
        p.positionId,
        p.efficiencyAmount,
        p.detail.income,
        p.detail.nonCashNotPrepaidExpense,
        p.sumAmount,
        p.profitAmount,
        p.percentShown,
      ]),
    ).toEqual([
      [1, '0.00', '561.00', '150.00', '411.00', '431.50', 60],
      [2, '63.75', '199.75', '150.00', '49.75', '34.83', 70],
      [3, '21.25', '293.25', '0.00', '293.25', '287.67', 40],
      [4, '170.00', '646.00', '0.00', '646.00', '346.00', 100],
    ]);
  });

  it('groups: members, GB, total; the junior partner put stays in the pool (table "Groups")', () => {
    expect(
      r.groupProfits.map((g) => [g.groupDepartmentId, g.membersAmountSum, g.groupBudgetAmount, g.totalAmount]),
    ).toEqual([
      [10, '754.00', '0.00', '754.00'],
      [20, '646.00', '-300.00', '346.00'],
    ]);
    expect(r.fundBalances.map((f) => [f.positionId, f.schemeCode, f.amount, f.targetOfficeId])).toEqual([
      [2, '4', '14.92', null],
    ]);
    expect(r.groupBudgetTransfers).toEqual([]);
    expect(amounts(r.budgetDistributions, (b) => b.departmentId ?? 0)).toEqual([[20, '300.00']]);
  });

  it('conservation, office debts and employee balances', () => {
    // net 2000.00 = technical 50.00 + funds 200.00 + transfers 50.00 + positions 1700.00
    expect(r.officeDebts.map((d) => [d.creditorOfficeId, d.amount])).toEqual([[2, '50.00']]);
    expect(r.employeeBalances.map((e) => [e.employeeId, e.previousAmount, e.profitAmount, e.balanceAmount])).toEqual([
      [101, '1000.00', '431.50', '1431.50'],
      [102, '0.00', '34.83', '34.83'],
      [103, '0.00', '287.67', '287.67'],
      [104, '0.00', '346.00', '346.00'],
    ]);
  });
});
