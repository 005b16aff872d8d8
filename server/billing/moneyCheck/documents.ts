import { toMoney, type Money } from '../../../schemas/money';
import { notTrashed } from '../../trash/columns';
import { usdAtRate } from '../expenseRules';
import { invoiceTotalsOf } from '../invoiceRules';
import {
  INVOICE_APPROVED,
  INVOICE_PAID,
  INVOICE_PARTLY_PAID,
  invoiceSettled,
  preInvoiceAmounts,
} from '../preInvoiceRules';
import { INVOICE_CANCELLED } from '../invoiceRules';
import type { Db, Invariant, MoneyProblem } from './types';

/**
 * The document invariants of the money check (MC-8): a document's total equals the sum
 * of its lines, and a balance equals the total less payments less closed amounts. Each recomputes
 * with the code the writes use (`invoiceTotals`, `preInvoiceAmounts`, `usdAmount`), so the check
 * and the product cannot disagree about the formula - only about the stored figures.
 */

/** A stored money value (decimal text or null) as an exact decimal; null is 0. */
const money = (v: string | null | undefined): Money => toMoney(v ?? '0');

/** Two stored money values are the same amount (null as 0). */
const same = (a: string | null | undefined, b: string | null | undefined): boolean => money(a).eq(money(b));

/** A problem of invariant `name`. */
const problem = (
  invariant: string,
  collection: string,
  id: number,
  message: string,
  details?: Record<string, unknown>,
): MoneyProblem => ({ invariant, collection, id, message, ...(details ? { details } : {}) });

export const DOCUMENT_TOTAL = 'document-total';

/** How many invoices the check prices in one set of queries (`invoiceTotalsOf`). */
const PRICING_BATCH = 500;

/**
 * A document's total equals the sum of its lines:
 * - an invoice's `totalAmount` and `totalAmountUsd` equal what `recalculate` computes from what it
 *   holds (`invoiceTotalsOf`, the batch form of `invoiceTotals`: the same pricing, `server/billing/pricing.ts`);
 *   a currency without a rate on the invoice's date is a problem too (the total cannot be rebuilt);
 * - a pre-invoice's `vatAmount` equals amount x vatPercent in its currency's minor units (`preInvoiceAmounts`);
 * - a live expense's payers' shares add up to exactly 100 %, and its `amountUsd` equals the
 *   amount at the rate of its date (`usdAmount`, null where no rate is known).
 */
export const documentTotal: Invariant = {
  name: DOCUMENT_TOTAL,
  description:
    "A document's total equals the sum of its lines (invoices, pre-invoices' VAT, expenses' payer shares and USD amount)",
  async check(db) {
    const problems: MoneyProblem[] = [];
    const invoices = await db.query<{
      id: string | number;
      number: string | null;
      total: string | null;
      usd: string | null;
    }>('SELECT id, number, total_amount::text AS total, total_amount_usd::text AS usd FROM invoices ORDER BY id');
    // the batch form of invoiceTotals: every invoice priced in a few statements per batch
    const totals = new Map<number, { totalAmount: string; totalAmountUsd: string } | Error>();
    for (let at = 0; at < invoices.length; at += PRICING_BATCH)
      for (const [id, t] of await invoiceTotalsOf(
        db,
        invoices.slice(at, at + PRICING_BATCH).map((i) => Number(i.id)),
      ))
        totals.set(id, t);
    for (const inv of invoices) {
      const id = Number(inv.id);
      const want = totals.get(id);
      if (want instanceof Error || want === undefined)
        problems.push(
          problem(
            DOCUMENT_TOTAL,
            'invoices',
            id,
            `Invoice ${inv.number ?? id}: its total cannot be rebuilt: ${want?.message ?? 'not found'}`,
            { number: inv.number },
          ),
        );
      else if (!same(inv.total, want.totalAmount) || !same(inv.usd, want.totalAmountUsd))
        problems.push(
          problem(
            DOCUMENT_TOTAL,
            'invoices',
            id,
            `Invoice ${inv.number ?? id} totals ${inv.total ?? 'nothing'} (USD ${inv.usd ?? 'nothing'}); its lines add up to ${want.totalAmount} (USD ${want.totalAmountUsd})`,
            { number: inv.number, stored: { totalAmount: inv.total, totalAmountUsd: inv.usd }, lines: want },
          ),
        );
    }
    const pres = await db.query<Record<string, string | null> & { id: string | number }>(
      `SELECT p.id, p.number, p.amount::text AS amount, p.vat_percent::text AS "vatPercent",
              p.vat_amount::text AS "vatAmount", c.code AS "currencyCode"
         FROM pre_invoices p LEFT JOIN currencies c ON c.id = p.currency_id ORDER BY p.id`,
    );
    for (const p of pres) {
      // rounded to the currency's minor units, as the writes do (MC-4)
      const want = preInvoiceAmounts(p, toMoney(0), p.currencyCode).vatAmount;
      if (!same(p.vatAmount, want))
        problems.push(
          problem(
            DOCUMENT_TOTAL,
            'preInvoices',
            Number(p.id),
            `Pre-invoice ${p.number ?? p.id} has VAT ${p.vatAmount ?? 'nothing'}; ${p.amount} x ${p.vatPercent} is ${want}`,
            { number: p.number, amount: p.amount, vatPercent: p.vatPercent, vatAmount: p.vatAmount, expected: want },
          ),
        );
    }
    const expenses = await db.query<{
      id: string | number;
      amount: string | null;
      currency_id: string | number | null;
      date: string | null;
      usd: string | null;
      shares: string | null;
      payers: string | number;
      code: string | null;
      known: boolean;
      rate: string | null;
    }>(
      `SELECT e.id, e.amount::text AS amount, e.currency_id, to_char(e.date, 'YYYY-MM-DD') AS date,
              e.amount_usd::text AS usd, c.code, c.id IS NOT NULL AS known,
              (SELECT r.rate_to_usd::text FROM currency_rates r WHERE r.currency_id = e.currency_id AND r.date <= e.date
                ORDER BY r.date DESC LIMIT 1) AS rate,
              (SELECT sum(p.percentage)::text FROM expense_payers p WHERE p.expense_id = e.id) AS shares,
              (SELECT count(*) FROM expense_payers p WHERE p.expense_id = e.id) AS payers
         FROM expenses e LEFT JOIN currencies c ON c.id = e.currency_id WHERE ${notTrashed('e')} ORDER BY e.id`,
    );
    for (const e of expenses) {
      const id = Number(e.id);
      if (e.shares === null || !toMoney(e.shares).eq(1))
        problems.push(
          problem(
            DOCUMENT_TOTAL,
            'expenses',
            id,
            `Expense ${id}: its ${Number(e.payers)} payers' shares add up to ${e.shares === null ? 'nothing' : `${toMoney(e.shares).times(100).toFixed()} %`}, not 100 %`,
            { shares: e.shares, payers: Number(e.payers) },
          ),
        );
      // usdAmount's formula, with the currency and rate read by the query above
      const want =
        e.amount === null || e.currency_id === null || e.date === null || !e.known
          ? null
          : usdAtRate(e.amount, e.code, e.rate);
      if (want === null ? e.usd !== null : e.usd === null || !toMoney(e.usd).eq(toMoney(want)))
        problems.push(
          problem(
            DOCUMENT_TOTAL,
            'expenses',
            id,
            `Expense ${id}: amountUsd is ${e.usd ?? 'nothing'}; ${e.amount} at the rate of ${e.date} is ${want ?? 'unknown (no rate)'}`,
            { amount: e.amount, date: e.date, amountUsd: e.usd, expected: want },
          ),
        );
    }
    return { problems, checked: invoices.length + pres.length + expenses.length };
  },
};

export const BALANCE = 'balance';

/**
 * A balance equals the total less payments less closed amounts:
 * - a pre-invoice's `balance` = amount + vatAmount - its payments not reversed - manualClosedAmount,
 *   in its currency's minor units, and 0 while an invoice holds it (`preInvoiceAmounts`,
 *   `server/billing/preInvoiceRules.ts`);
 * - an invoice's `paid` flag and status follow what was paid toward it - its payments and those of
 *   the pre-invoices it holds, reversed ones left out (`invoiceSettled`) - as `refreshInvoice` sets
 *   them: paid >= total -> paid, and Paid (5) when it takes payments (Approved, Paid, Partly paid);
 *   some but less -> not paid, and Partly paid (6) when it takes payments; none -> not paid and
 *   neither Paid nor Partly paid. A Draft or one on verification keeps its status; a cancelled
 *   invoice (3) is left out.
 */
export const balance: Invariant = {
  name: BALANCE,
  description:
    'A balance equals the total less payments less closed amounts (pre-invoice balance; invoice paid flag and status)',
  async check(db) {
    const problems: MoneyProblem[] = [];
    const pres = await db.query<Record<string, string | null> & { id: string | number }>(
      `SELECT p.id, p.number, p.amount::text AS amount, p.vat_percent::text AS "vatPercent",
              p.manual_closed_amount::text AS "manualClosedAmount", p.balance::text AS balance,
              p.invoice_id::text AS invoice, c.code AS "currencyCode",
              COALESCE((SELECT sum(h.amount) FROM payment_histories h
                         WHERE h.pre_invoice_id = p.id AND h.reversed_at IS NULL), 0)::text AS paid
         FROM pre_invoices p LEFT JOIN currencies c ON c.id = p.currency_id ORDER BY p.id`,
    );
    for (const p of pres) {
      // a reversed payment counts toward nothing; an invoiced pre-invoice owes nothing itself (its
      // invoice does); amounts in the currency's minor units (MC-5, MC-4)
      const want = preInvoiceAmounts(p, money(p.paid), p.currencyCode).balance;
      if (!same(p.balance, want))
        problems.push(
          problem(
            BALANCE,
            'preInvoices',
            Number(p.id),
            `Pre-invoice ${p.number ?? p.id} has balance ${p.balance ?? 'nothing'}; amount + VAT - payments ${p.paid} - closed ${p.manualClosedAmount ?? '0'} is ${want}`,
            {
              number: p.number,
              amount: p.amount,
              vatPercent: p.vatPercent,
              paid: p.paid,
              manualClosedAmount: p.manualClosedAmount,
              balance: p.balance,
              expected: want,
            },
          ),
        );
    }
    const invoices = await invoicePayments(db);
    for (const inv of invoices) {
      if (inv.code === INVOICE_CANCELLED) continue;
      const paid = await invoiceSettled(db, inv.id);
      const full = !paid.isZero() && paid.greaterThanOrEqualTo(money(inv.total));
      // the status follows the payments only on an invoice that takes them (Approved, Paid, Partly
      // paid: `refreshInvoice`); a Draft or one on verification keeps its status, its flag follows
      const payable = inv.code === INVOICE_APPROVED || inv.code === INVOICE_PAID || inv.code === INVOICE_PARTLY_PAID;
      const expected = paid.isZero()
        ? {
            paid: false,
            codes: 'neither Paid (5) nor Partly paid (6)',
            ok: inv.code !== INVOICE_PAID && inv.code !== INVOICE_PARTLY_PAID,
          }
        : full
          ? { paid: true, codes: 'Paid (5)', ok: !payable || inv.code === INVOICE_PAID }
          : { paid: false, codes: 'Partly paid (6)', ok: !payable || inv.code === INVOICE_PARTLY_PAID };
      if (inv.flag !== expected.paid || !expected.ok)
        problems.push(
          problem(
            BALANCE,
            'invoices',
            inv.id,
            `Invoice ${inv.number ?? inv.id} totals ${inv.total ?? '0'} and has payments of ${paid.toFixed()}: it should be ${expected.paid ? 'paid' : 'not paid'} and ${expected.codes}, it is ${inv.flag ? 'paid' : 'not paid'} with status code ${inv.code ?? 'none'}`,
            {
              number: inv.number,
              totalAmount: inv.total,
              payments: paid.toFixed(),
              paid: inv.flag,
              statusCode: inv.code,
            },
          ),
        );
    }
    return { problems, checked: pres.length + invoices.length };
  },
};

/** The invoices with their total, paid flag and status code (what was paid is `invoiceSettled`'s). */
async function invoicePayments(
  db: Db,
): Promise<Array<{ id: number; number: string | null; total: string | null; flag: boolean; code: number | null }>> {
  const rows = await db.query<{
    id: string | number;
    number: string | null;
    total: string | null;
    flag: boolean | null;
    code: string | number | null;
  }>(
    `SELECT i.id, i.number, i.total_amount::text AS total, i.paid AS flag, d.code
       FROM invoices i LEFT JOIN base_dictionaries d ON d.id = i.status_id ORDER BY i.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    number: r.number,
    total: r.total,
    flag: r.flag === true,
    code: r.code === null ? null : Number(r.code),
  }));
}
