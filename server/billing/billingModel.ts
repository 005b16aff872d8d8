import { toMoney, type Money } from '../../schemas/money';
import type { Harness } from '../test/harness';

/**
 * The reference model of the model-based billing test (MC-model, `billingModel.test.ts`): what
 * the test believes the firm's pre-invoices, invoices, time entries and payments are, kept apart
 * from the server and updated by each step only when the step was predicted to succeed. The
 * rules it predicts by are the billing controls of docs/areas/billing.md (MC-1 locks, MC-2 declared
 * moves, MC-3 what may be billed, MC-5 receivables), written again here in their simplest form so
 * a server that drifts from them is caught.
 */

/** Status codes (INVOICE_STATUS / PRE_INVOICE_STATUS). */
export const INV = { draft: 1, verification: 2, cancelled: 3, approved: 4, paid: 5, partlyPaid: 6 } as const;
export const PRE = { draft: 1, verification: 2, rejected: 3, approved: 4, acted: 5, closed: 6 } as const;
/** The acme matter's fixed fee (bill type 1): charged once by an invoice holding any of its time. */
export const MATTER_FEE = '15000';

export type Currency = 'USD' | 'KZT';

export interface PreModel {
  id: number;
  currency: Currency;
  /** amount + VAT (VAT = amount x VAT %, exact at 2 places). */
  gross: Money;
  status: number;
  /** The status it had when an invoice took it (restored when released). */
  before: number | null;
  invoice: number | null;
}

export interface InvoiceModel {
  id: number;
  currency: Currency;
  status: number;
  signed: boolean;
  times: number[];
  pres: number[];
  contract: string;
}

export interface PaymentModel {
  id: number;
  invoice: number | null;
  preInvoice: number | null;
  amount: Money;
  reversed: boolean;
}

/** The whole model of one run. */
export interface Model {
  /** The unbilled time entries made for the run (Acme's matter, November 2026, one hour each). */
  times: number[];
  pres: PreModel[];
  invoices: InvoiceModel[];
  payments: PaymentModel[];
}

/** The real system: the harness and the users the steps act as. */
export interface Real {
  h: Harness;
}

/** Roles a step is made by. `manager` is a billing manager (LOCAL_BILLING with the billing modules). */
export type Role = 'admin' | 'manager' | 'lawyer' | 'member';
export const ROLES: Role[] = ['admin', 'manager', 'lawyer', 'member'];
/** The test users behind the roles. */
export const USER_OF: Record<Role, string> = {
  admin: 'admin',
  manager: 'mcmanager',
  lawyer: 'lawyer',
  member: 'member',
};
/** Who may write pre-invoices, invoices and payments. */
export const writes = (r: Role) => r === 'admin' || r === 'manager';
/**
 * Who may send a document to verification: a billing manager who is an employee (the chain takes
 * the approvers of their office); the fixture's administrator is no employee, so the server refuses
 * (409 naming the missing office).
 */
export const sends = (r: Role) => r === 'manager';
/** Who may decide a chain's step (the approvers are fixture employees; an administrator decides for them). */
export const decides = (r: Role) => r === 'admin';

/** The invoice holding time entry `t`, if any. */
export const holderOfTime = (m: Model, t: number) => m.invoices.find((i) => i.times.includes(t));

/** Whether `p` may be billed by invoice `inv` (MC-3): approved or acted and free, or held by `inv` already. */
export const preBillable = (p: PreModel, inv: InvoiceModel | undefined, currency: Currency) =>
  p.currency === currency &&
  ((p.invoice === null && (p.status === PRE.approved || p.status === PRE.acted)) ||
    (inv !== undefined && p.invoice === inv.id));

/** Whether time entry `t` may be billed by `inv`: free, or held by `inv` already (all are billable USD time). */
export const timeBillable = (m: Model, t: number, inv: InvoiceModel | undefined, currency: Currency) => {
  const holder = holderOfTime(m, t);
  return currency === 'USD' && (holder === undefined || holder === inv);
};

/** The invoice's total: the matter fee once when it holds time, and each pre-invoice's amount with VAT. */
export function invoiceTotal(m: Model, inv: InvoiceModel): Money {
  let total = toMoney(inv.times.length > 0 ? MATTER_FEE : 0);
  for (const id of inv.pres) total = total.plus(m.pres.find((p) => p.id === id)!.gross);
  return total;
}

const live = (m: Model) => m.payments.filter((p) => !p.reversed);

/** What a pre-invoice was paid (payments recorded on it, not reversed). */
export const prePaid = (m: Model, pre: number) =>
  live(m)
    .filter((p) => p.preInvoice === pre)
    .reduce((s, p) => s.plus(p.amount), toMoney(0));

/** What counts toward an invoice: its payments and those of the pre-invoices it holds (MC-5). */
export function invoiceSettled(m: Model, inv: InvoiceModel): Money {
  let paid = live(m)
    .filter((p) => p.invoice === inv.id)
    .reduce((s, p) => s.plus(p.amount), toMoney(0));
  for (const pre of inv.pres) paid = paid.plus(prePaid(m, pre));
  return paid;
}

/** The open balance of a pre-invoice: 0 while an invoice holds it, else amount + VAT less payments. */
export const preBalance = (m: Model, p: PreModel) =>
  p.invoice !== null ? toMoney(0) : p.gross.minus(prePaid(m, p.id));

/** What is left to pay on a document a payment names (an invoiced pre-invoice's is its invoice's). */
export function openOf(m: Model, doc: { invoice?: number; preInvoice?: number }): Money {
  if (doc.preInvoice !== undefined) {
    const p = m.pres.find((x) => x.id === doc.preInvoice)!;
    if (p.invoice === null) return preBalance(m, p);
    return openOf(m, { invoice: p.invoice });
  }
  const inv = m.invoices.find((x) => x.id === doc.invoice)!;
  return invoiceTotal(m, inv).minus(invoiceSettled(m, inv));
}

/**
 * After a payment write, an invoice that takes payments follows them (`refreshInvoice`): nothing
 * paid -> Approved, all -> Paid, some -> Partly paid. Drafts and the rest keep their status.
 */
export function refresh(m: Model, inv: InvoiceModel): void {
  if (![INV.approved, INV.paid, INV.partlyPaid].includes(inv.status as 4 | 5 | 6)) return;
  const paid = invoiceSettled(m, inv);
  if (paid.isZero()) inv.status = INV.approved;
  else inv.status = paid.greaterThanOrEqualTo(invoiceTotal(m, inv)) ? INV.paid : INV.partlyPaid;
}

/** Whether the invoice's `paid` flag is set: something was paid and it covers the total. */
export function paidFlag(m: Model, inv: InvoiceModel): boolean {
  const paid = invoiceSettled(m, inv);
  return !paid.isZero() && paid.greaterThanOrEqualTo(invoiceTotal(m, inv));
}

/** Sets the invoice's lines in the model: the pre-invoices it takes close, those it drops go back. */
export function setLines(m: Model, inv: InvoiceModel, times: number[], pres: number[]): void {
  for (const id of inv.pres)
    if (!pres.includes(id)) {
      const p = m.pres.find((x) => x.id === id)!;
      p.invoice = null;
      p.status = p.before ?? p.status;
      p.before = null;
    }
  for (const id of pres)
    if (!inv.pres.includes(id)) {
      const p = m.pres.find((x) => x.id === id)!;
      p.before = p.status;
      p.status = PRE.closed;
      p.invoice = inv.id;
    }
  inv.times = [...times];
  inv.pres = [...pres];
}
