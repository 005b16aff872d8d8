import { fraction, Money, Sources, split, sumExact, toMoney, ZERO } from './money';
import { CashboxInputError } from './waterfall';
import type { CashboxInputs, CashboxResult, IncomeDetail, PositionInput } from './types';

/**
 * From the payments' lines to each position's Sum, each group's pool and each position's Profit
 * (docs/areas/cashbox.md "Per position, per group"): expenses and budgets charged to their payers,
 * the side panel's seven lines, GB per group, junior partners' put moved per the fund's scheme,
 * the pool shared by `get`, employee balances and office debts.
 */

type ExpenseKind = CashboxResult['positionExpenses'][number]['kind'];

/** Schemes whose put leaves the group, and the target each needs (spec 001 §5 via docs/areas/cashbox.md). */
const MOVED_OUT = new Set(['1', '2', '3', '6']);

/** The group of departments that CASH-11 leaves out of periods whose version is below 3. */
export const CASH11_EXCLUDED_GROUP_TYPE = '10';

const expenseKind = (cash: boolean, prepaid: boolean): ExpenseKind =>
  cash && prepaid ? 'cashPrepaidExpense' : !cash && !prepaid ? 'nonCashNotPrepaidExpense' : 'paidExpense';

/** The part of the result this module fills. */
export type ProfitLines = Pick<
  CashboxResult,
  | 'positionExpenses'
  | 'budgetDistributions'
  | 'groupProfits'
  | 'positionProfits'
  | 'fundBalances'
  | 'groupBudgetTransfers'
  | 'officeDebts'
  | 'employeeBalances'
>;

/**
 * Charges expenses and budgets, then computes Sum, groups and Profit.
 * @param lines the waterfall's lines of every payment (position incomes, recoveries, transfers)
 * @param onPosition called after each position's profit (progress)
 * @throws CashboxInputError when a line names a position that is not among `inputs.positions`
 */
export function positionProfits(
  inputs: CashboxInputs,
  scale: number,
  lines: Pick<CashboxResult, 'positionIncomes' | 'expenseRecoveries' | 'transfers'>,
  onPosition: () => void,
): ProfitLines {
  const fmt = (m: Money) => m.toFixed(scale);
  const positions = [...inputs.positions].sort((a, b) => a.id - b.id);
  const byId = new Map(positions.map((p) => [p.id, p]));
  const known = (id: number, what: string): PositionInput => {
    const p = byId.get(id);
    if (!p) throw new CashboxInputError(`${what} names position ${id}, which is not among the inputs`);
    return p;
  };
  const departments = new Map(inputs.departments.map((d) => [d.id, d]));

  // expenses and budgets to their payers (percentages are weights: the whole amount is charged)
  const charges = new Map<string, Sources>();
  const charge = (positionId: number, kind: ExpenseKind, entity: string, id: number, value: Money) => {
    const key = `${positionId}#${kind}`;
    const s = charges.get(key) ?? new Sources();
    charges.set(key, s.add(entity, id, value));
  };
  for (const e of [...inputs.expenses].sort((a, b) => a.id - b.id)) {
    const payers = [...e.payers].sort((a, b) => a.positionId - b.positionId || a.expensePayerId - b.expensePayerId);
    if (payers.length === 0) continue;
    const parts = split(
      toMoney(e.amount),
      payers.map((p) => fraction(p.percentage)),
      scale,
    );
    payers.forEach((p, i) => {
      known(p.positionId, `Expense ${e.id}`);
      if (!parts[i]!.isZero()) charge(p.positionId, expenseKind(e.cash, e.prepaid), 'expenses', e.id, parts[i]!);
    });
  }
  const budgetDistributions: ProfitLines['budgetDistributions'] = [];
  const groupBudgets = new Map<number, Money>();
  const groupOf = (departmentId: number | null): number | null =>
    departmentId === null ? null : (departments.get(departmentId)?.groupDepartmentId ?? departmentId);
  for (const b of [...inputs.budgets].sort((x, y) => x.id - y.id)) {
    const payers = [...b.payers].sort((x, y) => x.budgetPayerId - y.budgetPayerId);
    if (payers.length === 0) continue;
    const parts = split(
      toMoney(b.amount),
      payers.map((p) => fraction(p.percentage)),
      scale,
    );
    payers.forEach((p, i) => {
      const part = parts[i]!;
      if (part.isZero()) return;
      budgetDistributions.push({
        budgetId: b.id,
        budgetPayerId: p.budgetPayerId,
        positionId: p.positionId,
        departmentId: p.departmentId,
        officeId: p.officeId,
        closedByFund: p.closedByFund,
        amount: fmt(part),
        sources: [{ entity: 'budgets', id: b.id, amount: fmt(part) }],
      });
      if (p.closedByFund) return;
      if (p.kind === 'position' && p.positionId !== null) {
        known(p.positionId, `Budget ${b.id}`);
        charge(p.positionId, b.cash ? 'cashBudget' : 'personalBudget', 'budgets', b.id, part);
      } else if (p.kind === 'department' && p.departmentId !== null) {
        const g = groupOf(p.departmentId)!;
        groupBudgets.set(g, (groupBudgets.get(g) ?? ZERO).plus(part));
      }
    });
  }

  // the side panel per position
  const incomes = new Map<number, Money>();
  const efficiency = new Map<number, Money>();
  for (const l of lines.positionIncomes) {
    known(l.positionId, `Income of payment ${l.paymentId}`);
    incomes.set(l.positionId, (incomes.get(l.positionId) ?? ZERO).plus(l.amount));
    if (l.role === 'lawyer') efficiency.set(l.positionId, (efficiency.get(l.positionId) ?? ZERO).plus(l.amount));
  }
  const recovered = new Map<number, Money>();
  for (const r of lines.expenseRecoveries) {
    known(r.positionId, `Recovery of expense ${r.expenseId}`);
    recovered.set(r.positionId, (recovered.get(r.positionId) ?? ZERO).plus(r.amount));
  }
  const positionExpenses: ProfitLines['positionExpenses'] = [];
  for (const [key, s] of [...charges.entries()].sort()) {
    const [id, kind] = key.split('#') as [string, ExpenseKind];
    positionExpenses.push({
      positionId: Number.parseInt(id, 10),
      kind,
      amount: fmt(s.total()),
      sources: s.list(scale),
    });
  }
  positionExpenses.sort((a, b) => a.positionId - b.positionId || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  const charged = (id: number, kind: ExpenseKind) => charges.get(`${id}#${kind}`)?.total() ?? ZERO;
  const rows = positions.map((p) => {
    const detail = {
      income: incomes.get(p.id) ?? ZERO,
      personalBudget: charged(p.id, 'personalBudget'),
      paidExpense: charged(p.id, 'paidExpense'),
      nonCashNotPrepaidExpense: charged(p.id, 'nonCashNotPrepaidExpense'),
      cashBudget: charged(p.id, 'cashBudget'),
      cashPrepaidExpense: charged(p.id, 'cashPrepaidExpense'),
      transferAmount: recovered.get(p.id) ?? ZERO,
    };
    const sum = detail.income
      .minus(
        sumExact([
          detail.paidExpense,
          detail.nonCashNotPrepaidExpense,
          detail.cashPrepaidExpense,
          detail.personalBudget,
          detail.cashBudget,
        ]),
      )
      .plus(detail.transferAmount);
    const dept = p.departmentId === null ? undefined : departments.get(p.departmentId);
    let group = groupOf(p.departmentId);
    const groupType = group === null ? '' : (departments.get(group)?.typeCode ?? dept?.typeCode ?? '');
    if (group !== null && inputs.version < 3 && groupType === CASH11_EXCLUDED_GROUP_TYPE) group = null;
    return { position: p, detail, sum, group, profit: ZERO };
  });

  // groups: Sum of members, GB, total; juniors keep Sum x (1 - put), the pool is shared by get
  const groupIds = new Set<number>();
  for (const r of rows) if (r.group !== null) groupIds.add(r.group);
  for (const g of groupBudgets.keys()) {
    const type = departments.get(g)?.typeCode ?? '';
    if (!(inputs.version < 3 && type === CASH11_EXCLUDED_GROUP_TYPE)) groupIds.add(g);
  }
  const groupProfits: ProfitLines['groupProfits'] = [];
  const fundBalances: ProfitLines['fundBalances'] = [];
  const groupBudgetTransfers: ProfitLines['groupBudgetTransfers'] = [];
  for (const g of [...groupIds].sort((a, b) => a - b)) {
    const members = rows.filter((r) => r.group === g);
    const dept = departments.get(g);
    const groupOfficeId = dept?.officeId ?? inputs.officeId;
    const membersSum = sumExact(members.map((m) => m.sum));
    const gb = (groupBudgets.get(g) ?? ZERO).neg();
    const total = membersSum.plus(gb);
    groupProfits.push({
      groupDepartmentId: g,
      groupDepartmentTypeCode: dept?.typeCode ?? '',
      groupOfficeId,
      membersAmountSum: fmt(membersSum),
      groupBudgetAmount: fmt(gb),
      totalAmount: fmt(total),
    });
    let pool = total;
    for (const m of members.filter((r) => r.position.juniorPartner)) {
      const fund = m.position.fund;
      const put = fraction(fund?.put);
      const [keep, putAmount] = split(m.sum, [toMoney(1).minus(put), put], scale);
      m.profit = keep!;
      pool = pool.minus(keep!);
      if (!fund || putAmount!.isZero()) continue;
      const target = movedTarget(fund);
      fundBalances.push({
        positionId: m.position.id,
        schemeCode: fund.schemeCode,
        amount: fmt(putAmount!),
        targetOfficeId: target?.officeId ?? null,
        targetDepartmentId: target?.departmentId ?? null,
        targetPositionId: target?.positionId ?? null,
      });
      if (!target) continue;
      pool = pool.minus(putAmount!);
      groupBudgetTransfers.push({
        fromGroupDepartmentId: g,
        toPositionId: target.positionId,
        toOfficeId: target.officeId,
        amount: fmt(putAmount!),
      });
    }
    const takers = members.filter((r) => !r.position.juniorPartner && fraction(r.position.fund?.get).gt(0));
    if (takers.length > 0) {
      const shares = split(
        pool,
        takers.map((t) => fraction(t.position.fund!.get)),
        scale,
      );
      takers.forEach((t, i) => (t.profit = shares[i]!));
    } else if (!pool.isZero()) {
      // nobody takes the pool: it returns to the group's office (docs "Decisions")
      groupBudgetTransfers.push({
        fromGroupDepartmentId: g,
        toPositionId: null,
        toOfficeId: groupOfficeId,
        amount: fmt(pool),
      });
    }
  }

  const positionProfitsOut: ProfitLines['positionProfits'] = rows.map((r) => {
    if (r.group === null) r.profit = r.sum;
    const put = fraction(r.position.fund?.put);
    const get = fraction(r.position.fund?.get);
    const shown = r.position.juniorPartner ? toMoney(1).minus(put) : get;
    onPosition();
    return {
      positionId: r.position.id,
      employeeId: r.position.employeeId,
      groupDepartmentId: r.group,
      efficiencyAmount: fmt(efficiency.get(r.position.id) ?? ZERO),
      detail: Object.fromEntries(Object.entries(r.detail).map(([k, v]) => [k, fmt(v)])) as unknown as IncomeDetail,
      sumAmount: fmt(r.sum),
      profitAmount: fmt(r.profit),
      put: put.toString(),
      get: get.toString(),
      percentShown: shown.times(100).toDecimalPlaces(0).toNumber(),
    };
  });

  // employee balances: previous + this month's profits of all the employee's positions
  const previous = new Map(inputs.previousBalances.map((b) => [b.employeeId, toMoney(b.amount)]));
  const profitOf = new Map<number, Money>();
  for (const r of rows)
    profitOf.set(r.position.employeeId, (profitOf.get(r.position.employeeId) ?? ZERO).plus(r.profit));
  const employees = [...new Set([...previous.keys(), ...profitOf.keys()])].sort((a, b) => a - b);
  const employeeBalances = employees.map((id) => {
    const prev = (previous.get(id) ?? ZERO).toDecimalPlaces(scale);
    const profit = profitOf.get(id) ?? ZERO;
    return {
      employeeId: id,
      previousAmount: fmt(prev),
      profitAmount: fmt(profit),
      balanceAmount: fmt(prev.plus(profit)),
    };
  });

  // office debts: transfers to other offices and incomes of other offices' positions
  const debts = new Map<number, Sources>();
  const owe = (officeId: number, paymentId: number, amount: string) => {
    if (officeId === inputs.officeId) return;
    const s = debts.get(officeId) ?? new Sources();
    debts.set(officeId, s.add('paymentHistories', paymentId, toMoney(amount)));
  };
  for (const t of lines.transfers) owe(t.officeId, t.paymentId, t.amount);
  for (const l of lines.positionIncomes) owe(byId.get(l.positionId)!.officeId, l.paymentId, l.amount);
  const officeDebts = [...debts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([creditorOfficeId, s]) => ({ creditorOfficeId, amount: fmt(s.total()), sources: s.list(scale) }));

  return {
    positionExpenses,
    budgetDistributions,
    groupProfits,
    positionProfits: positionProfitsOut,
    fundBalances,
    groupBudgetTransfers,
    officeDebts,
    employeeBalances,
  };
}

/**
 * Where a junior partner's put goes by the fund's scheme: 1 the transfer office, 2 and 6 the office
 * and department, 3 the transfer position; `null` (stays in the group's pool) for other schemes
 * and for a scheme whose target is not set.
 */
function movedTarget(fund: NonNullable<PositionInput['fund']>): {
  officeId: number | null;
  departmentId: number | null;
  positionId: number | null;
} | null {
  if (!MOVED_OUT.has(fund.schemeCode)) return null;
  if (fund.schemeCode === '3')
    return fund.transferPositionId === null
      ? null
      : { officeId: null, departmentId: null, positionId: fund.transferPositionId };
  if (fund.transferOfficeId === null) return null;
  if (fund.schemeCode === '1') return { officeId: fund.transferOfficeId, departmentId: null, positionId: null };
  return { officeId: fund.transferOfficeId, departmentId: fund.transferDepartmentId, positionId: null };
}
