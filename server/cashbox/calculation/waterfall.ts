import { fraction, Money, split, sumExact, toMoney, ZERO } from './money';
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

/** An invoice with its lists in a fixed order and its time values merged per position. */
export interface PreparedInvoice {
  invoice: InvoiceInput;
  total: Money;
  vat: Money;
  /** Re-billed expenses that have payers to return them to, by expense id. */
  rebilled: { expenseId: number; amount: Money; payers: { positionId: number; percentage: Money }[] }[];
  quotas: { id: number; positionId: number; dateGte: string; dateLte: string; percentage: Money }[];
  /** Per position (ascending), the value of its billable time on the invoice and the time ids. */
  timeValues: { positionId: number; amount: Money; timeIds: number[] }[];
  timeTotal: Money;
}

/** The lookups of one calculation, built once from the inputs. */
export interface WaterfallContext {
  scale: number;
  invoices: Map<number, PreparedInvoice>;
  matters: Map<number, MatterInput>;
  projects: Map<number, ProjectInput>;
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
 * Prepares the invoices of `inputs`: lists sorted, time values merged per position, re-billed
 * expenses resolved to their payers (the entry's own `payers`, else the payers of the expense in
 * `inputs.expenses`; a re-billed expense with neither stays in net income - "Decisions").
 */
export function prepareInvoices(inputs: CashboxInputs): Map<number, PreparedInvoice> {
  const expensePayers = new Map(inputs.expenses.map((e) => [e.id, e.payers]));
  const prepared = new Map<number, PreparedInvoice>();
  for (const invoice of inputs.invoices) {
    const merged = new Map<number, { positionId: number; amount: Money; timeIds: number[] }>();
    for (const tv of invoice.timeValues) {
      const amount = toMoney(tv.amount);
      if (!amount.gt(0)) continue;
      const m = merged.get(tv.positionId);
      if (m) {
        m.amount = m.amount.plus(amount);
        m.timeIds.push(...tv.timeIds);
      } else merged.set(tv.positionId, { positionId: tv.positionId, amount, timeIds: [...tv.timeIds] });
    }
    const timeValues = [...merged.values()].sort((a, b) => a.positionId - b.positionId);
    for (const tv of timeValues) tv.timeIds.sort((a, b) => a - b);
    const rebilled = [...invoice.rebilledExpenses]
      .sort((a, b) => a.expenseId - b.expenseId)
      .map((r) => {
        const payers = (r.payers ?? expensePayers.get(r.expenseId) ?? [])
          .slice()
          .sort((a, b) => a.positionId - b.positionId || a.expensePayerId - b.expensePayerId)
          .map((p) => ({ positionId: p.positionId, percentage: fraction(p.percentage) }));
        return { expenseId: r.expenseId, amount: toMoney(r.amount), payers };
      })
      .filter((r) => r.amount.gt(0) && r.payers.some((p) => p.percentage.gt(0)));
    prepared.set(invoice.id, {
      invoice,
      total: toMoney(invoice.totalAmount),
      vat: toMoney(invoice.vatAmount),
      rebilled,
      quotas: [...invoice.quotas].sort(byId).map((q) => ({ ...q, percentage: fraction(q.percentage) })),
      timeValues,
      timeTotal: sumExact(timeValues.map((t) => t.amount)),
    });
  }
  return prepared;
}

/**
 * Runs the waterfall of `payment` and appends its lines to `out`.
 * @throws CashboxInputError when the payment's invoice is not among the inputs
 */
export function paymentWaterfall(ctx: WaterfallContext, payment: PaymentInput, out: WaterfallLines): void {
  const { scale } = ctx;
  const fmt = (m: Money) => m.toFixed(scale);
  const src = (m: Money) => [{ entity: 'paymentHistories', id: payment.id, amount: fmt(m) }];
  const inv = ctx.invoices.get(payment.invoiceId);
  if (!inv)
    throw new CashboxInputError(
      `Payment ${payment.id} is on invoice ${payment.invoiceId}, which is not among the inputs`,
    );
  const amount = toMoney(payment.amount).toDecimalPlaces(scale);

  // 1. net income: the payment less its pro-rata VAT and re-billed expenses
  let vat = ZERO;
  let net = amount;
  const recoveries: Money[] = [];
  if (inv.total.gt(0)) {
    const rebilledTotal = sumExact(inv.rebilled.map((r) => r.amount));
    const netWeight = inv.total.minus(inv.vat).minus(rebilledTotal);
    const parts = split(amount, [inv.vat, ...inv.rebilled.map((r) => r.amount), netWeight], scale);
    vat = parts[0]!;
    recoveries.push(...parts.slice(1, -1));
    net = parts[parts.length - 1]!;
  }
  out.netIncomes.push({
    paymentId: payment.id,
    invoiceId: inv.invoice.id,
    paymentAmount: fmt(amount),
    vatAmount: fmt(vat),
    amount: fmt(net),
    sources: src(net),
  });
  inv.rebilled.forEach((r, i) => {
    const part = recoveries[i]!;
    const shares = split(
      part,
      r.payers.map((p) => p.percentage),
      scale,
    );
    r.payers.forEach((p, j) => {
      if (shares[j]!.isZero()) return;
      out.expenseRecoveries.push({
        paymentId: payment.id,
        expenseId: r.expenseId,
        positionId: p.positionId,
        amount: fmt(shares[j]!),
        sources: src(shares[j]!),
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
  const techPercent = fraction(project?.technicalExpensesPercent);
  const rowPercents = rows.map((r) => fraction(r.percent));
  const taken = sumExact([techPercent, ...rowPercents]);
  const parts = split(net, [techPercent, ...rowPercents, toMoney(1).minus(taken)], scale);
  const technical = parts[0]!;
  if (!technical.isZero())
    out.technicalExpenses.push({
      paymentId: payment.id,
      projectId: project?.id ?? null,
      amount: fmt(technical),
      sources: src(technical),
    });
  const income = (positionId: number, role: IncomeRole, value: Money, timeIds?: number[]) => {
    if (value.isZero()) return;
    out.positionIncomes.push({
      paymentId: payment.id,
      positionId,
      matterId: inv.invoice.matterId,
      role,
      amount: fmt(value),
      sources: src(value),
      ...(timeIds ? { timeIds } : {}),
    });
  };
  rows.forEach((row, i) => {
    const value = parts[i + 1]!;
    if (value.isZero()) return;
    const t = row.target;
    if (t.kind === 'fund')
      out.fundIncomes.push({
        paymentId: payment.id,
        fundTypeId: t.fundTypeId,
        locateOfficeId: t.locateOfficeId,
        distributionRowId: row.id,
        amount: fmt(value),
        sources: src(value),
      });
    else if (t.kind === 'office')
      out.transfers.push({
        paymentId: payment.id,
        officeId: t.officeId,
        distributionRowId: row.id,
        amount: fmt(value),
        sources: src(value),
      });
    else income(t.positionId, 'softDevelopment', value);
  });
  const attributable = parts[parts.length - 1]!;

  // 4. attributable income between positions
  const remainderTo = (value: Money) => {
    if (value.isZero()) return;
    if (matter?.responsiblePositionId != null) income(matter.responsiblePositionId, 'responsible', value);
    else
      out.unattributedIncomes.push({
        paymentId: payment.id,
        invoiceId: inv.invoice.id,
        amount: fmt(value),
        sources: src(value),
      });
  };
  const quotas = inv.quotas.filter((q) => q.dateGte <= payment.date && payment.date <= q.dateLte);
  if (quotas.length > 0) {
    const qParts = split(
      attributable,
      [...quotas.map((q) => q.percentage), toMoney(1).minus(sumExact(quotas.map((q) => q.percentage)))],
      scale,
    );
    quotas.forEach((q, i) => income(q.positionId, 'quota', qParts[i]!));
    remainderTo(qParts[quotas.length]!);
    return;
  }
  let rest = attributable;
  if (inv.timeTotal.gt(0)) {
    const lawyerPercent = fraction(distribution?.softDevelopmentLawyerPercent ?? DEFAULT_LAWYER_PERCENT);
    const [lawyers, afterLawyers] = split(attributable, [lawyerPercent, toMoney(1).minus(lawyerPercent)], scale);
    const shares = split(
      lawyers!,
      inv.timeValues.map((t) => t.amount),
      scale,
    );
    inv.timeValues.forEach((t, i) => income(t.positionId, 'lawyer', shares[i]!, t.timeIds));
    rest = afterLawyers!;
  }
  const roles: { positionId: number; role: IncomeRole; percent: Money }[] = [];
  if (international && matter?.internationalResponsiblePositionId != null)
    roles.push({
      positionId: matter.internationalResponsiblePositionId,
      role: 'international',
      percent: fraction(matter.internationalPercent),
    });
  if (matter?.hunterPositionId != null)
    roles.push({ positionId: matter.hunterPositionId, role: 'hunter', percent: fraction(matter.hunterPercent) });
  for (const m of project?.managers ?? [])
    roles.push({ positionId: m.positionId, role: 'projectManager', percent: fraction(m.percentage) });
  const rParts = split(
    rest,
    [...roles.map((r) => r.percent), toMoney(1).minus(sumExact(roles.map((r) => r.percent)))],
    scale,
  );
  roles.forEach((r, i) => income(r.positionId, r.role, rParts[i]!));
  remainderTo(rParts[roles.length]!);
}
