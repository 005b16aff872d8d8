import fc from 'fast-check';
import type { CashboxInputs, DistributionTarget, PositionFundInput } from './types';

/**
 * A fast-check arbitrary of one office's month in a random firm (for the cashbox property tests):
 * offices 1..3 (the calculated one is 1), departments in groups (type codes 4, 5 and 10), positions
 * with and without funds (put/get, every scheme), matters international or hunted, projects with
 * technical-expense percents and managers, distributions with fund, office and position rows (some
 * international), invoices with and without VAT, re-billed expenses and quotas, time values,
 * expenses (cash/prepaid), budgets (office, department, position payers, closed by fund or not),
 * and payments with cents (or without, for JPY; three decimals for KWD).
 */

const CURRENCIES = [
  { code: 'USD', scale: 2 },
  { code: 'JPY', scale: 0 },
  { code: 'KWD', scale: 3 },
];

/** A money string of `scale` places from minor units. */
const money = (units: number, scale: number): string => {
  const sign = units < 0 ? '-' : '';
  const s = String(Math.abs(units)).padStart(scale + 1, '0');
  return scale === 0 ? `${sign}${s}` : `${sign}${s.slice(0, -scale)}.${s.slice(-scale)}`;
};

/** A fraction 0..max with four decimals, as stored. */
const pct = (max: number) => fc.integer({ min: 0, max: max * 10_000 }).map((n) => money(n, 4));

const pick = <T>(xs: T[]) => fc.constantFrom(...xs);

export interface RandomFirmOptions {
  /** Every invoice has a matter with a responsible position (so no income is unattributed). */
  attributed?: boolean;
}

/** The arbitrary; see the module's docstring. */
export function randomFirm(options: RandomFirmOptions = {}): fc.Arbitrary<CashboxInputs> {
  return fc
    .record({
      currency: pick(CURRENCIES),
      version: fc.integer({ min: 1, max: 4 }),
      groupTypes: fc.array(pick(['4', '5', '10']), { minLength: 1, maxLength: 3 }),
      positionCount: fc.integer({ min: 1, max: 7 }),
    })
    .chain(({ currency, version, groupTypes, positionCount }) => {
      const scale = currency.scale;
      const positionIds = Array.from({ length: positionCount }, (_, i) => i + 1);
      const groupIds = groupTypes.map((_, i) => 10 * (i + 1));
      const departmentIds = [...groupIds, ...groupIds.map((g) => g + 1)];
      const amount = (max: number) => fc.integer({ min: 1, max }).map((n) => money(n, scale));
      const fund: fc.Arbitrary<PositionFundInput | null> = fc.option(
        fc.record({
          id: fc.integer({ min: 1, max: 1000 }),
          put: pct(1),
          get: pct(1),
          schemeCode: pick(['1', '2', '3', '4', '5', '6', '7']),
          transferOfficeId: fc.option(pick([1, 2, 3])),
          transferDepartmentId: fc.option(pick(departmentIds)),
          transferPositionId: fc.option(pick(positionIds)),
        }),
      );
      const positions = fc.tuple(
        ...positionIds.map((id) =>
          fc.record({
            id: fc.constant(id),
            employeeId: fc.integer({ min: 1, max: Math.max(1, positionCount - 1) }),
            departmentId: fc.option(pick(departmentIds), { freq: 6 }),
            officeId: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: pick([2, 3]) }),
            juniorPartner: fc.boolean(),
            fund,
          }),
        ),
      );
      const maybePosition = options.attributed ? pick(positionIds) : fc.option(pick(positionIds), { freq: 5 });
      const matters = fc.array(
        fc.record({
          responsiblePositionId: maybePosition,
          international: fc.boolean(),
          internationalResponsiblePositionId: fc.option(pick(positionIds)),
          internationalPercent: pct(0.3),
          hunterPositionId: fc.option(pick(positionIds)),
          hunterPercent: pct(0.3),
        }),
        { minLength: 1, maxLength: 4 },
      );
      const projects = fc.array(
        fc.record({
          technicalExpensesPercent: pct(0.2),
          managers: fc.array(fc.record({ positionId: pick(positionIds), percentage: pct(0.3) }), { maxLength: 2 }),
        }),
        { maxLength: 3 },
      );
      const target: fc.Arbitrary<DistributionTarget> = fc.oneof(
        fc.record({ kind: fc.constant('fund' as const), fundTypeId: pick([1, 2]), locateOfficeId: pick([1, 2, 3]) }),
        fc.record({ kind: fc.constant('office' as const), officeId: pick([2, 3]) }),
        fc.record({ kind: fc.constant('position' as const), positionId: pick(positionIds) }),
      );
      const distributions = fc.tuple(
        ...[1, 2].map(() =>
          fc.record({
            softDevelopmentLawyerPercent: pct(0.4),
            rows: fc.array(fc.record({ percent: pct(0.15), international: fc.boolean(), target }), { maxLength: 3 }),
          }),
        ),
      );
      const payers = fc.array(fc.record({ positionId: pick(positionIds), percentage: pct(1) }), {
        minLength: 1,
        maxLength: 3,
      });
      const expenses = fc.array(
        fc.record({ amount: amount(500_000), cash: fc.boolean(), prepaid: fc.boolean(), payers }),
        { maxLength: 4 },
      );
      const budgets = fc.array(
        fc.record({
          amount: amount(500_000),
          cash: fc.boolean(),
          payers: fc.array(
            fc.record({
              kind: pick(['office', 'department', 'position'] as const),
              departmentId: pick(departmentIds),
              positionId: pick(positionIds),
              percentage: pct(1),
              closedByFund: fc.boolean(),
            }),
            { minLength: 1, maxLength: 3 },
          ),
        }),
        { maxLength: 3 },
      );
      const day = fc.integer({ min: 1, max: 31 }).map((d) => `2026-10-${String(d).padStart(2, '0')}`);
      const invoices = fc.array(
        fc.record({
          total: fc.integer({ min: 0, max: 5_000_000 }),
          vatPercent: fc.constantFrom(0, 0, 12, 20),
          rebilled: fc.array(fc.record({ amount: fc.integer({ min: 1, max: 100_000 }), payers: fc.option(payers) }), {
            maxLength: 2,
          }),
          quotas: fc.array(fc.record({ positionId: pick(positionIds), from: day, to: day, percentage: pct(0.8) }), {
            maxLength: 3,
          }),
          timeValues: fc.array(
            fc.record({
              positionId: pick(positionIds),
              amount: amount(1_000_000),
              times: fc.integer({ min: 1, max: 3 }),
            }),
            { maxLength: 4 },
          ),
          matterIndex: fc.nat(),
          hasMatter: fc.boolean(),
          projectIndex: fc.nat(),
          trafficTypeId: fc.option(pick([1, 2, 3]), { freq: 5 }),
        }),
        { minLength: 1, maxLength: 5 },
      );
      const payments = fc.array(fc.record({ invoiceIndex: fc.nat(), date: day, amount: amount(3_000_000) }), {
        maxLength: 12,
      });
      const balances = fc.array(fc.record({ employeeId: fc.integer({ min: 1, max: 8 }), amount: amount(1_000_000) }), {
        maxLength: 3,
      });
      return fc
        .record({ positions, matters, projects, distributions, expenses, budgets, invoices, payments, balances })
        .map((g): CashboxInputs => {
          let timeId = 1;
          let payerId = 1;
          let expenseId = 1;
          const rebilledIds = { next: 100 };
          const inv = g.invoices.map((x, i) => {
            const rebilledUnits = x.rebilled.reduce((s, r) => s + r.amount, 0);
            const vatUnits = Math.floor((x.total * x.vatPercent) / 100);
            return {
              id: i + 1,
              matterId: options.attributed || x.hasMatter ? (x.matterIndex % g.matters.length) + 1 : null,
              projectId: g.projects.length === 0 ? null : (x.projectIndex % g.projects.length) + 1,
              trafficTypeId: x.trafficTypeId,
              totalAmount: money(x.total + vatUnits + rebilledUnits, scale),
              vatAmount: money(vatUnits, scale),
              rebilledExpenses: x.rebilled.map((r) => ({
                expenseId: rebilledIds.next++,
                amount: money(r.amount, scale),
                ...(r.payers ? { payers: r.payers.map((p) => ({ ...p, expensePayerId: payerId++ })) } : {}),
              })),
              quotas: x.quotas.map((q, j) => ({
                id: i * 10 + j + 1,
                positionId: q.positionId,
                dateGte: q.from < q.to ? q.from : q.to,
                dateLte: q.from < q.to ? q.to : q.from,
                percentage: q.percentage,
              })),
              timeValues: x.timeValues.map((t) => ({
                positionId: t.positionId,
                amount: t.amount,
                timeIds: Array.from({ length: t.times }, () => timeId++),
              })),
            };
          });
          return {
            officeId: 1,
            currencyCode: currency.code,
            dateGte: '2026-10-01',
            dateLte: '2026-10-31',
            version,
            payments: g.payments.map((p, i) => ({
              id: i + 1,
              invoiceId: (p.invoiceIndex % inv.length) + 1,
              date: p.date,
              amount: p.amount,
            })),
            invoices: inv,
            matters: g.matters.map((m, i) => ({ id: i + 1, ...m })),
            projects: g.projects.map((p, i) => ({
              id: i + 1,
              technicalExpensesPercent: p.technicalExpensesPercent,
              managers: p.managers.map((m, j) => ({ ...m, projectManagerId: i * 10 + j + 1 })),
            })),
            distributions: g.distributions.map((d, i) => ({
              id: i + 1,
              trafficTypeId: i + 1,
              softDevelopmentLawyerPercent: d.softDevelopmentLawyerPercent,
              rows: d.rows.map((r, j) => ({ id: i * 10 + j + 1, ...r })),
            })),
            expenses: g.expenses.map((e) => ({
              id: expenseId++,
              amount: e.amount,
              cash: e.cash,
              prepaid: e.prepaid,
              payers: e.payers.map((p) => ({ ...p, expensePayerId: payerId++ })),
            })),
            budgets: g.budgets.map((b, i) => ({
              id: i + 1,
              amount: b.amount,
              cash: b.cash,
              payers: b.payers.map((p, j) => ({
                budgetPayerId: i * 10 + j + 1,
                kind: p.kind,
                officeId: p.kind === 'office' ? 1 : null,
                departmentId: p.kind === 'department' ? p.departmentId : null,
                positionId: p.kind === 'position' ? p.positionId : null,
                percentage: p.percentage,
                closedByFund: p.closedByFund,
              })),
            })),
            positions: g.positions,
            departments: [
              ...groupIds.map((id, i) => ({ id, typeCode: groupTypes[i]!, groupDepartmentId: id, officeId: 1 })),
              ...groupIds.map((id) => ({ id: id + 1, typeCode: '3', groupDepartmentId: id, officeId: 1 })),
            ],
            previousBalances: [...new Map(g.balances.map((b) => [b.employeeId, b])).values()],
          };
        });
    });
}

/** A deterministic shuffle (mulberry32 from `seed`) of a copy of `xs`. */
export function shuffled<T>(xs: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** `inputs` with every list (and every nested list) in another order, the same records. */
export function shuffleInputs(inputs: CashboxInputs, seed: number): CashboxInputs {
  const s = <T>(xs: readonly T[], k: number) => shuffled(xs, seed + k);
  return {
    ...inputs,
    payments: s(inputs.payments, 1),
    invoices: s(
      inputs.invoices.map((i) => ({
        ...i,
        quotas: s(i.quotas, 2),
        timeValues: s(i.timeValues, 3),
        rebilledExpenses: s(
          i.rebilledExpenses.map((r) => (r.payers ? { ...r, payers: s(r.payers, 4) } : r)),
          5,
        ),
      })),
      6,
    ),
    matters: s(inputs.matters, 7),
    projects: s(
      inputs.projects.map((p) => ({ ...p, managers: s(p.managers, 8) })),
      9,
    ),
    distributions: s(
      inputs.distributions.map((d) => ({ ...d, rows: s(d.rows, 18) })),
      10,
    ),
    expenses: s(
      inputs.expenses.map((e) => ({ ...e, payers: s(e.payers, 11) })),
      12,
    ),
    budgets: s(
      inputs.budgets.map((b) => ({ ...b, payers: s(b.payers, 13) })),
      14,
    ),
    positions: s(inputs.positions, 15),
    departments: s(inputs.departments, 16),
    previousBalances: s(inputs.previousBalances, 17),
  };
}
