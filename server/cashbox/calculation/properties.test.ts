import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits, sumExact, toMoney } from '../../../schemas/money';
import { calculateCashbox } from './calculate';
import { randomFirm, shuffleInputs } from './randomFirm';
import type { CashboxInputs, CashboxResult, SourceRef } from './types';

/**
 * Properties of the cashbox calculation over random firms (docs/areas/cashbox.md "Properties"):
 * conservation per payment and in total, sources summing to their lines, splits exact to the minor
 * unit, determinism under reordering, and the Sum / GB / Total / Profit identities per group.
 */

const RUNS = 200;
const eq = (a: string | number, b: ReturnType<typeof sumExact>) => expect(toMoney(a).toFixed()).toBe(b.toFixed());
const total = (lines: { amount: string }[]) => sumExact(lines.map((l) => l.amount));
const byPayment = <T extends { paymentId: number }>(lines: T[], id: number) => lines.filter((l) => l.paymentId === id);

/** Every line of the result that carries sources. */
function sourced(r: CashboxResult): { amount: string; sources: SourceRef[] }[] {
  return [
    ...r.netIncomes,
    ...r.expenseRecoveries,
    ...r.technicalExpenses,
    ...r.fundIncomes,
    ...r.transfers,
    ...r.positionIncomes,
    ...r.unattributedIncomes,
    ...r.positionExpenses,
    ...r.budgetDistributions,
    ...r.officeDebts,
  ];
}

/** Every amount of the result, to check it has no more places than the currency's minor units. */
function amounts(r: CashboxResult): string[] {
  return [
    ...sourced(r).flatMap((l) => [l.amount, ...l.sources.map((s) => s.amount)]),
    ...r.netIncomes.flatMap((n) => [n.paymentAmount, n.vatAmount]),
    ...r.groupProfits.flatMap((g) => [g.membersAmountSum, g.groupBudgetAmount, g.totalAmount]),
    ...r.positionProfits.flatMap((p) => [p.sumAmount, p.profitAmount, p.efficiencyAmount, ...Object.values(p.detail)]),
    ...r.fundBalances.map((f) => f.amount),
    ...r.groupBudgetTransfers.map((g) => g.amount),
    ...r.employeeBalances.flatMap((e) => [e.previousAmount, e.profitAmount, e.balanceAmount]),
  ];
}

describe('cashbox calculation properties (random firms)', () => {
  it('CASH conservation: for every payment, payment = VAT + recoveries + net, and net = technical expenses + fund incomes + transfers + position incomes (+ unattributed), to the minor unit', () => {
    fc.assert(
      fc.property(randomFirm(), (inputs) => {
        const r = calculateCashbox(inputs);
        expect(r.netIncomes).toHaveLength(inputs.payments.length);
        for (const n of r.netIncomes) {
          const p = inputs.payments.find((x) => x.id === n.paymentId)!;
          eq(n.paymentAmount, toMoney(p.amount).toDecimalPlaces(minorUnits(inputs.currencyCode)));
          eq(
            n.paymentAmount,
            toMoney(n.vatAmount)
              .plus(n.amount)
              .plus(total(byPayment(r.expenseRecoveries, p.id))),
          );
          const out = sumExact([
            total(byPayment(r.technicalExpenses, p.id)),
            total(byPayment(r.fundIncomes, p.id)),
            total(byPayment(r.transfers, p.id)),
            total(byPayment(r.positionIncomes, p.id)),
            total(byPayment(r.unattributedIncomes, p.id)),
          ]);
          eq(n.amount, out);
        }
        const out = sumExact([
          total(r.technicalExpenses),
          total(r.fundIncomes),
          total(r.transfers),
          total(r.positionIncomes),
          total(r.unattributedIncomes),
        ]);
        eq(total(r.netIncomes).toFixed(), out);
      }),
      { numRuns: RUNS },
    );
  });

  it('CASH conservation: when every invoice has a matter with a responsible position, net income = technical expenses + fund incomes + transfers + position incomes exactly', () => {
    fc.assert(
      fc.property(randomFirm({ attributed: true }), (inputs) => {
        const r = calculateCashbox(inputs);
        expect(r.unattributedIncomes).toEqual([]);
        eq(
          total(r.netIncomes).toFixed(),
          sumExact([total(r.technicalExpenses), total(r.fundIncomes), total(r.transfers), total(r.positionIncomes)]),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("CASH traceability: every line's sources sum to its amount, and every amount has the currency's minor units at most", () => {
    fc.assert(
      fc.property(randomFirm(), (inputs) => {
        const r = calculateCashbox(inputs);
        for (const line of sourced(r)) {
          expect(line.sources.length).toBeGreaterThan(0);
          eq(line.amount, total(line.sources));
        }
        const scale = minorUnits(inputs.currencyCode);
        for (const a of amounts(r)) expect(toMoney(a).decimalPlaces()).toBeLessThanOrEqual(scale);
      }),
      { numRuns: RUNS },
    );
  });

  it('CASH splits never lose or create a minor unit: expenses and budgets are charged in full to their payers', () => {
    fc.assert(
      fc.property(randomFirm(), (inputs) => {
        const r = calculateCashbox(inputs);
        const scale = minorUnits(inputs.currencyCode);
        for (const e of inputs.expenses) {
          const charged = r.positionExpenses.flatMap((l) =>
            l.sources.filter((s) => s.entity === 'expenses' && s.id === e.id),
          );
          eq(total(charged).toFixed(), toMoney(e.amount).toDecimalPlaces(scale));
        }
        for (const b of inputs.budgets) {
          const parts = r.budgetDistributions.filter((d) => d.budgetId === b.id);
          eq(total(parts).toFixed(), toMoney(b.amount).toDecimalPlaces(scale));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('CASH determinism: the same inputs give an equal result, and the same inputs in any order give an equal result', () => {
    fc.assert(
      fc.property(randomFirm(), fc.integer({ min: 1, max: 2 ** 30 }), (inputs, seed) => {
        const first = calculateCashbox(inputs);
        const copy = structuredClone(inputs) as CashboxInputs;
        expect(calculateCashbox(copy)).toEqual(first);
        expect(calculateCashbox(shuffleInputs(inputs, seed))).toEqual(first);
      }),
      { numRuns: RUNS },
    );
  });

  it('CASH Sum / GB / Total / Profit: Sum is the side panel, Total = members + GB, and profits + put moved out + pool returned = Total per group', () => {
    fc.assert(
      fc.property(randomFirm(), (inputs) => {
        const r = calculateCashbox(inputs);
        for (const p of r.positionProfits) {
          const d = p.detail;
          const incomes = r.positionIncomes.filter((l) => l.positionId === p.positionId);
          eq(d.income, total(incomes));
          eq(p.efficiencyAmount, total(incomes.filter((l) => l.role === 'lawyer')));
          eq(d.transferAmount, total(r.expenseRecoveries.filter((l) => l.positionId === p.positionId)));
          for (const kind of [
            'paidExpense',
            'nonCashNotPrepaidExpense',
            'cashPrepaidExpense',
            'personalBudget',
            'cashBudget',
          ] as const)
            eq(d[kind], total(r.positionExpenses.filter((l) => l.positionId === p.positionId && l.kind === kind)));
          const charges = sumExact([
            d.paidExpense,
            d.nonCashNotPrepaidExpense,
            d.cashPrepaidExpense,
            d.personalBudget,
            d.cashBudget,
          ]);
          eq(p.sumAmount, toMoney(d.income).minus(charges).plus(d.transferAmount));
          if (p.groupDepartmentId === null) eq(p.profitAmount, toMoney(p.sumAmount));
        }
        for (const g of r.groupProfits) {
          const members = r.positionProfits.filter((p) => p.groupDepartmentId === g.groupDepartmentId);
          eq(g.membersAmountSum, sumExact(members.map((m) => m.sumAmount)));
          eq(g.totalAmount, toMoney(g.membersAmountSum).plus(g.groupBudgetAmount));
          expect(toMoney(g.groupBudgetAmount).lte(0)).toBe(true);
          const movedOut = total(r.groupBudgetTransfers.filter((t) => t.fromGroupDepartmentId === g.groupDepartmentId));
          eq(g.totalAmount, sumExact(members.map((m) => m.profitAmount)).plus(movedOut));
          if (inputs.version < 3) expect(g.groupDepartmentTypeCode).not.toBe('10');
        }
        for (const e of r.employeeBalances) {
          const profits = r.positionProfits.filter((p) => p.employeeId === e.employeeId);
          eq(e.profitAmount, sumExact(profits.map((p) => p.profitAmount)));
          eq(e.balanceAmount, toMoney(e.previousAmount).plus(e.profitAmount));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('CASH office debts: transfers to another office and the incomes of its positions, per creditor office', () => {
    fc.assert(
      fc.property(randomFirm(), (inputs) => {
        const r = calculateCashbox(inputs);
        const officeOf = new Map(inputs.positions.map((p) => [p.id, p.officeId]));
        for (const office of [2, 3]) {
          const owed = sumExact([
            total(r.transfers.filter((t) => t.officeId === office)),
            total(r.positionIncomes.filter((l) => officeOf.get(l.positionId) === office)),
          ]);
          const debt = r.officeDebts.find((d) => d.creditorOfficeId === office);
          eq(debt?.amount ?? '0', owed);
        }
        expect(r.officeDebts.some((d) => d.creditorOfficeId === inputs.officeId)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });
});
