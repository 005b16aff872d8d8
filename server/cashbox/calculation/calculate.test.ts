import { describe, expect, it } from 'vitest';
import { sumExact } from '../../../schemas/money';
import { calculateCashbox, CashboxInputError } from './calculate';
import type { CashboxInputs, InvoiceInput, MatterInput, PositionInput } from './types';

/** One office (1), one group (department 10 of type '4'), positions 1..4, one invoice of 1000.00. */
function base(over: Partial<CashboxInputs> = {}): CashboxInputs {
  const position = (id: number, extra: Partial<PositionInput> = {}): PositionInput => ({
    id,
    employeeId: 100 + id,
    departmentId: 10,
    officeId: 1,
    juniorPartner: false,
    fund: null,
    ...extra,
  });
  const invoice: InvoiceInput = {
    id: 1,
    matterId: 1,
    projectId: 1,
    trafficTypeId: 7,
    totalAmount: '1000.00',
    vatAmount: '0',
    rebilledExpenses: [],
    quotas: [],
    timeValues: [{ positionId: 2, amount: '300', timeIds: [11, 12] }],
  };
  const matter: MatterInput = {
    id: 1,
    responsiblePositionId: 1,
    international: false,
    internationalResponsiblePositionId: 3,
    internationalPercent: '0.1',
    hunterPositionId: null,
    hunterPercent: '0',
  };
  return {
    officeId: 1,
    currencyCode: 'USD',
    dateGte: '2026-10-01',
    dateLte: '2026-10-31',
    version: 1,
    payments: [{ id: 1, invoiceId: 1, date: '2026-10-10', amount: '1000.00' }],
    invoices: [invoice],
    matters: [matter],
    projects: [{ id: 1, technicalExpensesPercent: '0.1', managers: [] }],
    distributions: [
      {
        id: 1,
        trafficTypeId: 7,
        softDevelopmentLawyerPercent: '0.2',
        rows: [
          { id: 1, percent: '0.1', international: false, target: { kind: 'fund', fundTypeId: 5, locateOfficeId: 1 } },
          { id: 2, percent: '0.05', international: true, target: { kind: 'office', officeId: 2 } },
        ],
      },
    ],
    expenses: [],
    budgets: [],
    positions: [position(1), position(2), position(3), position(4)],
    departments: [
      { id: 10, typeCode: '4', groupDepartmentId: 10, officeId: 1 },
      { id: 20, typeCode: '10', groupDepartmentId: 20, officeId: 1 },
    ],
    previousBalances: [],
    ...over,
  };
}

const incomesOf = (r: ReturnType<typeof calculateCashbox>) =>
  r.positionIncomes.map((l) => [l.positionId, l.role, l.amount]);

describe('calculateCashbox', () => {
  it('CASH waterfall: technical expenses, a fund row, the lawyer share by time and the remainder to the responsible', () => {
    const r = calculateCashbox(base());
    expect(r.netIncomes.map((n) => n.amount)).toEqual(['1000.00']);
    expect(r.technicalExpenses.map((t) => t.amount)).toEqual(['100.00']);
    expect(r.fundIncomes.map((f) => [f.fundTypeId, f.amount])).toEqual([[5, '100.00']]);
    // the international row applies only to international matters
    expect(r.transfers).toEqual([]);
    // A = 800.00: lawyer 20 % = 160.00 to position 2; the rest 640.00 to the responsible
    expect(incomesOf(r)).toEqual([
      [2, 'lawyer', '160.00'],
      [1, 'responsible', '640.00'],
    ]);
    expect(r.positionIncomes[0]!.timeIds).toEqual([11, 12]);
  });

  it('CASH an international matter applies the international rows and the international share', () => {
    const inputs = base();
    inputs.matters[0]!.international = true;
    const r = calculateCashbox(inputs);
    // net 1000: tech 100, fund 100, transfer to office 2 50, A = 750; lawyer 150; rest 600: intl 10 % = 60
    expect(r.transfers.map((t) => [t.officeId, t.amount])).toEqual([[2, '50.00']]);
    expect(incomesOf(r)).toEqual([
      [2, 'lawyer', '150.00'],
      [3, 'international', '60.00'],
      [1, 'responsible', '540.00'],
    ]);
    expect(r.officeDebts).toEqual([
      { creditorOfficeId: 2, amount: '50.00', sources: [{ entity: 'paymentHistories', id: 1, amount: '50.00' }] },
    ]);
  });

  it('CASH quotas that cover the payment date replace the lawyer, hunter, manager and responsible shares', () => {
    const inputs = base();
    inputs.matters[0]!.hunterPositionId = 4;
    inputs.matters[0]!.hunterPercent = '0.2';
    inputs.invoices[0]!.quotas = [
      { id: 2, positionId: 3, dateGte: '2026-10-01', dateLte: '2026-10-31', percentage: '0.7' },
      { id: 1, positionId: 4, dateGte: '2026-10-01', dateLte: '2026-10-31', percentage: '0.3' },
      { id: 3, positionId: 2, dateGte: '2026-11-01', dateLte: '2026-11-30', percentage: '1' },
    ];
    const r = calculateCashbox(inputs);
    expect(incomesOf(r)).toEqual([
      [4, 'quota', '240.00'],
      [3, 'quota', '560.00'],
    ]);
  });

  it('CASH-10 the % column is (1 - put) x 100 for a junior partner and get x 100 otherwise, 0 decimals', () => {
    const fund = (put: string, get: string) => ({
      id: 1,
      put,
      get,
      schemeCode: '4',
      transferOfficeId: null,
      transferDepartmentId: null,
      transferPositionId: null,
    });
    const inputs = base();
    inputs.positions[0]!.fund = fund('0', '0.655');
    inputs.positions[1]!.juniorPartner = true;
    inputs.positions[1]!.fund = fund('0.304', '0.9');
    const r = calculateCashbox(inputs);
    const shown = Object.fromEntries(r.positionProfits.map((p) => [p.positionId, p.percentShown]));
    expect(shown).toEqual({ 1: 66, 2: 70, 3: 0, 4: 0 });
  });

  it('CASH-11 a period of version below 3 leaves out groups of department type 10; version 3 keeps them', () => {
    const inputs = base();
    inputs.positions[3]!.departmentId = 20;
    inputs.budgets = [
      {
        id: 1,
        amount: '10',
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
    ];
    const v2 = calculateCashbox({ ...inputs, version: 2 });
    expect(v2.groupProfits.map((g) => g.groupDepartmentId)).toEqual([10]);
    expect(v2.positionProfits.find((p) => p.positionId === 4)!.groupDepartmentId).toBeNull();
    const v3 = calculateCashbox({ ...inputs, version: 3 });
    expect(v3.groupProfits.map((g) => [g.groupDepartmentId, g.groupDepartmentTypeCode, g.groupBudgetAmount])).toEqual([
      [10, '4', '0.00'],
      [20, '10', '-10.00'],
    ]);
  });

  it('CASH VAT and re-billed expenses come out of the payment pro rata, the expense part back to its payers', () => {
    const inputs = base();
    inputs.invoices[0]!.totalAmount = '1320.00';
    inputs.invoices[0]!.vatAmount = '200.00';
    inputs.invoices[0]!.rebilledExpenses = [
      {
        expenseId: 9,
        amount: '120.00',
        payers: [
          { expensePayerId: 1, positionId: 3, percentage: '0.5' },
          { expensePayerId: 2, positionId: 4, percentage: '0.5' },
        ],
      },
    ];
    inputs.payments[0]!.amount = '660.00'; // half the invoice
    const r = calculateCashbox(inputs);
    expect(r.netIncomes[0]).toMatchObject({ paymentAmount: '660.00', vatAmount: '100.00', amount: '500.00' });
    expect(r.expenseRecoveries.map((e) => [e.positionId, e.amount])).toEqual([
      [3, '30.00'],
      [4, '30.00'],
    ]);
    expect(r.positionProfits.find((p) => p.positionId === 3)!.detail.transferAmount).toBe('30.00');
  });

  it('CASH a payment of an invoice that is not among the inputs is refused', () => {
    expect(() => calculateCashbox(base({ invoices: [] }))).toThrow(CashboxInputError);
  });

  it('CASH progress counts payments, then positions, and ends at the total', () => {
    const calls: [number, number][] = [];
    calculateCashbox(base(), (d, t) => calls.push([d, t]));
    expect(calls.at(-1)).toEqual([5, 5]);
    expect(sumExact(calls.map((c) => c[0])).toNumber()).toBeGreaterThan(0);
  });
});
