import type { HookTx } from '../../schemas/define';
import { allocate, minorUnits, toMoney, type Money } from '../../schemas/money';
import { pricedInvoice, type InvoiceLineKind } from './pricing';

export type { InvoiceLineKind } from './pricing';

/**
 * One line of an invoice as its document prints it (MC-4, MC-5): `quantity` x `rate`
 * in `rateCurrency` is `exact` in the invoice currency, and `amount` is that rounded to the
 * invoice currency's minor units so that the lines' amounts add up to the invoice total exactly.
 * A time entry on a fixed-fee matter is listed with its hours and no rate (its matter's fee is a
 * line of its own); a time with no rate for its lawyer's title counts 0.
 */
export interface InvoiceLine {
  kind: InvoiceLineKind;
  date: string | null;
  description: string;
  /** Hours (times), 1 otherwise. */
  quantity: Money;
  /** Price of one unit in `rateCurrency`; null when the line is not priced on its own. */
  rate: Money | null;
  rateCurrency: string;
  /** The exact amount in the invoice currency. */
  exact: Money;
  /** `exact` at the invoice currency's minor units, the lines adding up to `total`. */
  amount: Money;
}

/**
 * The priced lines of an invoice, the same prices and conversions as `invoiceTotals` (INV-23,
 * `server/billing/invoiceRules.ts`): both read `pricedInvoices` (`server/billing/pricing.ts`).
 * Rate-based times (hours x the one title rate of their day), each fixed fee once, expenses at
 * their amounts and pre-invoices at amount + VAT - manually closed (what the invoice charges for
 * them, MC-5), converted through USD at the invoice date. `total` is the exact sum rounded to the
 * invoice currency's minor units - the invoice's `totalAmount` once recalculated - and the lines'
 * `amount`s are the exact amounts split by largest remainder ({@link allocate}) so that they add
 * up to `total` exactly - what the invoice document prints (MC-5: a client can rebuild
 * the amount due). Reads only; trashed times and expenses count nothing.
 * @returns `{ currency, total, lines }`, lines in order times (by date), fees, expenses (by date), pre-invoices
 * @throws Error 404 for a missing invoice; 409 when a line's currency has no rate valid on the invoice date
 */
export async function invoiceLines(
  tx: HookTx,
  invoiceId: number,
): Promise<{ currency: string; total: Money; lines: InvoiceLine[] }> {
  const priced = await pricedInvoice(tx, invoiceId);
  if (priced.exactTotal === null) throw priced.error ?? new Error(`Invoice ${invoiceId} cannot be priced`);
  const code = priced.currency;
  const raw = priced.lines.map((l) => ({
    kind: l.kind,
    date: l.date,
    description: l.description,
    quantity: l.quantity,
    rate: l.rate,
    rateCurrency: l.rateCurrency || code,
    exact: l.exact!,
  }));
  const places = minorUnits(code);
  const exactTotal = priced.exactTotal;
  const total = toMoney(exactTotal.toFixed(places));
  // the rounded lines add up to the rounded total: largest remainder over the exact amounts
  const positive = raw.every((l) => !l.exact.isNegative()) && !exactTotal.isZero();
  const amounts = positive
    ? allocate(
        total,
        raw.map((l) => l.exact),
        places,
      )
    : raw.map((l) => toMoney(l.exact.toFixed(places)));
  return { currency: code, total, lines: raw.map((l, i) => ({ ...l, amount: amounts[i]! })) };
}
