import { fmt, remainderWeight, splitUnits, sumUnits, toUnits, type Units, weight } from './money';
import type {
  CashboxInputs,
  CashboxResult,
  DistributionInput,
  IncomeRole,
  InvoiceInput,
  MatterInput,
  PaymentInput,
  ProjectInput,
} from './types';

/**
 * The waterfall of one payment (docs/areas/cashbox.md "The waterfall, per payment"): VAT and
 * re-billed expenses out, then technical expenses, the office distribution's rows, and the
 * attributable income split between positions. Every split is `allocate` at the currency's minor
 * units, so each step's parts sum exactly to the amount it splits.
 */

/** Refused inputs: a payment of an invoice the loader did not send, a line of an unknown position. */
export class CashboxInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CashboxInputError';
  }
}

/** The lawyer share of attributable income when the office has no distribution for the invoice. */
export const DEFAULT_LAWYER_PERCENT = '0.21';

/** An invoice with its lists in a fixed order, its amounts in minor units and weights read once. */
export interface PreparedInvoice {
  invoice: InvoiceInput;
  total: Units;
  vat: Units;
  /** Re-billed expenses that have payers to return them to, by expense id. */
  rebilled: { expenseId: number; amount: Units; payers: { positionId: number; weight: Units }[] }[];
  /** The weights of the step-1 split: VAT, each re-billed expense, net (last). */
  netWeights: Units[];
  quotas: { id: number; positionId: number; dateGte: string; dateLte: string; weight: Units }[];
  /** Per position (ascending), the value of its billable time on the invoice and the time ids. */
  timeValues: { positionId: number; weight: Units; timeIds: number[] }[];
}

/** A project with its weights read once and its managers in id order. */
export interface PreparedProject {
  project: ProjectInput;
  technical: Units;
  managers: { positionId: number; weight: Units }[];
}

/** The lookups of one calculation, built once from the inputs. */
export interface WaterfallContext {
  scale: number;
  invoices: Map<number, PreparedInvoice>;
  matters: Map<number, MatterInput>;
  projects: Map<number, PreparedProject>;
  /** By traffic type id. */
  distributions: Map<number, DistributionInput>;
}

/** The lines one payment adds to the result (amounts as fixed strings at the currency's scale). */
export type WaterfallLines = Pick<
  CashboxResult,
  | 'netIncomes'
  | 'expenseRecoveries'
  | 'technicalExpenses'
  | 'fundIncomes'
  | 'transfers'
  | 'positionIncomes'
  | 'unattributedIncomes'
>;

const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;

/**
 * Prepares the invoices of `inputs`: lists sorted, amounts in minor units, time values merged per
 * position, re-billed expenses resolved to their payers (the entry's own `payers`, else the payers
 * of the expense in `inputs.expenses`; a re-billed expense with neither stays in net income -
 * docs/areas/cashbox.md "Decisions").
 */
export function prepareInvoices(inputs: CashboxInputs, scale: number): Map<number, PreparedInvoice> {
  const expensePayers = new Map(inputs.expenses.map((e) => [e.id, e.payers]));
  const prepared = new Map<number, PreparedInvoice>();
  for (const invoice of inputs.invoices) {
    const merged = new Map<number, { positionId: number; weight: Units; timeIds: number[] }>();
    for (const tv of invoice.timeValues) {
      const w = weight(tv.amount);
      if (w === 0n) continue;
      const m = merged.get(tv.positionId);
      if (m) {
        m.weight += w;
        m.timeIds.push(...tv.timeIds);
      } else merged.set(tv.positionId, { positionId: tv.positionId, weight: w, timeIds: [...tv.timeIds] });
    }
    const timeValues = [...merged.values()].sort((a, b) => a.positionId - b.positionId);
    for (const tv of timeValues) tv.timeIds.sort((a, b) => a - b);
    const rebilled = invoice.rebilledExpenses
      .map((r) => {
        const payers = (r.payers ?? expensePayers.get(r.expenseId) ?? [])
          .slice()
          .sort((a, b) => a.positionId - b.positionId || a.expensePayerId - b.expensePayerId)
          .map((p) => ({ positionId: p.positionId, weight: weight(p.percentage) }));
        return { expenseId: r.expenseId, amount: toUnits(r.amount, scale), payers };
      })
      // an expense may be re-billed on two lines: amount, then payers, order them (equal lines are interchangeable)
      .sort(
        (a, b) =>
          a.expenseId - b.expenseId ||
          (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0) ||
          payersKey(a.payers).localeCompare(payersKey(b.payers)),
      )
      .filter((r) => r.amount > 0n && r.payers.some((p) => p.weight > 0n));
    const total = toUnits(invoice.totalAmount, scale);
    const vat = toUnits(invoice.vatAmount, scale);
    const netWeight = total - vat - sumUnits(rebilled.map((r) => r.amount));
    prepared.set(invoice.id, {
      invoice,
      total,
      vat,
      rebilled,
      netWeights: [vat, ...rebilled.map((r) => r.amount), netWeight].map((u) => (u > 0n ? u : 0n)),
      quotas: [...invoice.quotas].sort(byId).map((q) => ({ ...q, weight: weight(q.percentage) })),
      timeValues,
    });
  }
  return prepared;
}

const payersKey = (payers: { positionId: number; weight: Units }[]) =>
  payers.map((p) => `${p.positionId}:${p.weight}`).join(',');

/** The projects of `inputs` with their weights read and managers in id order. */
export function prepareProjects(inputs: CashboxInputs): Map<number, PreparedProject> {
  return new Map(
    inputs.projects.map((project) => [
      project.id,
      {
        project,
        technical: weight(project.technicalExpensesPercent),
        managers: [...project.managers]
          .sort((a, b) => a.projectManagerId - b.projectManagerId)
          .map((m) => ({ positionId: m.positionId, weight: weight(m.percentage) })),
      },
    ]),
  );
}

/**
 * Runs the waterfall of `payment` and appends its lines to `out`.
 * @throws CashboxInputError when the payment's invoice is not among the inputs
 */
export function paymentWaterfall(ctx: WaterfallContext, payment: PaymentInput, out: WaterfallLines): void {
  const { scale } = ctx;
  const src = (amount: string) => [{ entity: 'paymentHistories', id: payment.id, amount }];
  const inv = ctx.invoices.get(payment.invoiceId);
  if (!inv)
    throw new CashboxInputError(
      `Payment ${payment.id} is on invoice ${payment.invoiceId}, which is not among the inputs`,
    );
  const amount = toUnits(payment.amount, scale);

  // 1. net income: the payment less its pro-rata VAT and re-billed expenses
  let vat = 0n;
  let net = amount;
  let recoveries: Units[] = [];
  if (inv.total > 0n) {
    const parts = splitUnits(amount, inv.netWeights);
    vat = parts[0]!;
    recoveries = parts.slice(1, -1);
    net = parts[parts.length - 1]!;
  }
  const netText = fmt(net, scale);
  out.netIncomes.push({
    paymentId: payment.id,
    invoiceId: inv.invoice.id,
    paymentAmount: fmt(amount, scale),
    vatAmount: fmt(vat, scale),
    amount: netText,
    sources: src(netText),
  });
  inv.rebilled.forEach((r, i) => {
    const shares = splitUnits(
      recoveries[i]!,
      r.payers.map((p) => p.weight),
    );
    r.payers.forEach((p, j) => {
      if (shares[j] === 0n) return;
      const text = fmt(shares[j]!, scale);
      out.expenseRecoveries.push({
        paymentId: payment.id,
        expenseId: r.expenseId,
        positionId: p.positionId,
        amount: text,
        sources: src(text),
      });
    });
  });

  // 2-3. technical expenses and the office distribution's rows; what remains is attributable
  const matter = inv.invoice.matterId === null ? undefined : ctx.matters.get(inv.invoice.matterId);
  const project = inv.invoice.projectId === null ? undefined : ctx.projects.get(inv.invoice.projectId);
  const distribution =
    inv.invoice.trafficTypeId === null ? undefined : ctx.distributions.get(inv.invoice.trafficTypeId);
  const international = matter?.international === true;
  const rows = (distribution?.rows ?? []).filter((r) => !r.international || international).sort(byId);
  const stepWeights = [project?.technical ?? 0n, ...rows.map((r) => weight(r.percent))];
  const parts = splitUnits(net, [...stepWeights, remainderWeight(stepWeights)]);
  const technical = parts[0]!;
  if (technical !== 0n) {
    const text = fmt(technical, scale);
    out.technicalExpenses.push({
      paymentId: payment.id,
      projectId: project?.project.id ?? null,
      amount: text,
      sources: src(text),
    });
  }
  const income = (positionId: number, role: IncomeRole, value: Units, timeIds?: number[]) => {
    if (value === 0n) return;
    const text = fmt(value, scale);
    out.positionIncomes.push({
      paymentId: payment.id,
      positionId,
      matterId: inv.invoice.matterId,
      role,
      amount: text,
      sources: src(text),
      ...(timeIds ? { timeIds } : {}),
    });
  };
  rows.forEach((row, i) => {
    const value = parts[i + 1]!;
    if (value === 0n) return;
    const text = fmt(value, scale);
    const t = row.target;
    if (t.kind === 'fund')
      out.fundIncomes.push({
        paymentId: payment.id,
        fundTypeId: t.fundTypeId,
        locateOfficeId: t.locateOfficeId,
        distributionRowId: row.id,
        amount: text,
        sources: src(text),
      });
    else if (t.kind === 'office')
      out.transfers.push({
        paymentId: payment.id,
        officeId: t.officeId,
        distributionRowId: row.id,
        amount: text,
        sources: src(text),
      });
    else income(t.positionId, 'softDevelopment', value);
  });
  const attributable = parts[parts.length - 1]!;

  // 4. attributable income between positions
  const remainderTo = (value: Units) => {
    if (value === 0n) return;
    if (matter?.responsiblePositionId != null) income(matter.responsiblePositionId, 'responsible', value);
    else {
      const text = fmt(value, scale);
      out.unattributedIncomes.push({
        paymentId: payment.id,
        invoiceId: inv.invoice.id,
        amount: text,
        sources: src(text),
      });
    }
  };
  const quotas = inv.quotas.filter((q) => q.dateGte <= payment.date && payment.date <= q.dateLte);
  if (quotas.length > 0) {
    const qWeights = quotas.map((q) => q.weight);
    const qParts = splitUnits(attributable, [...qWeights, remainderWeight(qWeights)]);
    quotas.forEach((q, i) => income(q.positionId, 'quota', qParts[i]!));
    remainderTo(qParts[quotas.length]!);
    return;
  }
  let rest = attributable;
  if (inv.timeValues.length > 0) {
    const lawyerWeight = weight(distribution?.softDevelopmentLawyerPercent ?? DEFAULT_LAWYER_PERCENT);
    const [lawyers, afterLawyers] = splitUnits(attributable, [lawyerWeight, remainderWeight([lawyerWeight])]);
    const shares = splitUnits(
      lawyers!,
      inv.timeValues.map((t) => t.weight),
    );
    inv.timeValues.forEach((t, i) => income(t.positionId, 'lawyer', shares[i]!, t.timeIds));
    rest = afterLawyers!;
  }
  const roles: { positionId: number; role: IncomeRole; weight: Units }[] = [];
  if (international && matter?.internationalResponsiblePositionId != null)
    roles.push({
      positionId: matter.internationalResponsiblePositionId,
      role: 'international',
      weight: weight(matter.internationalPercent),
    });
  if (matter?.hunterPositionId != null)
    roles.push({ positionId: matter.hunterPositionId, role: 'hunter', weight: weight(matter.hunterPercent) });
  for (const m of project?.managers ?? [])
    roles.push({ positionId: m.positionId, role: 'projectManager', weight: m.weight });
  const rWeights = roles.map((r) => r.weight);
  const rParts = splitUnits(rest, [...rWeights, remainderWeight(rWeights)]);
  roles.forEach((r, i) => income(r.positionId, r.role, rParts[i]!));
  remainderTo(rParts[roles.length]!);
}
