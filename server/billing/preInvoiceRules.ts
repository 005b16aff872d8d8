import { nextDocumentNumber } from './numbering';
import type { HookTx, HookUser, WireRecord } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import { moveStatus } from '../statuses/service';
import { rateToUsd } from './invoiceRules';
import { fieldError, referenceId } from '../../schemas/engagements/rules';
import { minorUnits, sumExact, toMoney, type Money } from '../../schemas/money';
import {
  INVOICE_STATUS,
  INVOICE_APPROVED,
  INVOICE_PAID,
  INVOICE_PARTLY_PAID,
} from '../../schemas/billing/preInvoiceRules';

/** What the SPA shares of these rules, for the server's modules. */
export * from '../../schemas/billing/preInvoiceRules';

/**
 * The pre-invoice and payment rules that read and write the database (statuses, paid amounts,
 * numbers), run by the pre-invoices' and payments' hooks and actions.
 */

/** The id of the dictionary entry of `typeCode` with `code` (PRE-03: type 23, code 4 on approval). */
export async function entryId(tx: HookTx, typeCode: number, code: number): Promise<number> {
  const [row] = await tx.query<{ id: string | number }>(
    'SELECT id FROM base_dictionaries WHERE type_id = $1 AND code = $2',
    [typeCode, code],
  );
  if (!row) throw new Error(`dictionary type ${typeCode} has no entry of code ${code}`);
  return Number(row.id);
}

/** The code of dictionary entry `id` of `typeCode`, or undefined when it is not an entry of that type. */
export async function entryCode(tx: HookTx, typeCode: number, id: number): Promise<number | undefined> {
  const [row] = await tx.query<{ code: string | number }>(
    'SELECT code FROM base_dictionaries WHERE type_id = $1 AND id = $2',
    [typeCode, id],
  );
  return row ? Number(row.code) : undefined;
}

/** A money value of a record (number, decimal string or null) as an exact decimal; null is 0. */
const money = (v: unknown): Money => (v === null || v === undefined || v === '' ? toMoney(0) : toMoney(v as string));

/**
 * The sum of the payments of a document, leaving out payment `except` (one being moved or
 * changed) and the reversed ones (MC-5: a reversed payment stays listed but paid nothing).
 */
export async function paidOf(
  tx: HookTx,
  column: 'pre_invoice_id' | 'invoice_id',
  documentId: number,
  except?: number,
): Promise<Money> {
  const rows = await tx.query<{ amount: string | number | null }>(
    `SELECT amount::text AS amount FROM payment_histories
      WHERE ${column} = $1 AND id IS DISTINCT FROM $2 AND reversed_at IS NULL`,
    [documentId, except ?? null],
  );
  return sumExact(rows.map((r) => r.amount));
}

/**
 * The read-only amounts of a pre-invoice (PRE-01), exact and rounded half-up to the money scale
 * (4 places): `vatAmount` = amount x vatPercent (a fraction, 0.12 = 12 %), and `balance` =
 * amount + vatAmount - payments - manualClosedAmount (the balance is what the client still owes,
 * VAT included). Amounts are decimal strings. Given the pre-invoice's currency code, both are
 * rounded half-up to its minor units instead (ISO 4217 via `Intl`: JPY 0, KWD 3, most 2 - MC-4),
 * so no balance is left open for a fraction of a minor unit. A pre-invoice an invoice
 * holds (`record.invoice`) has a balance of 0: what it still owed is owed on the invoice now (MC-5).
 *
 * @example
 * preInvoiceAmounts({ amount: '1000', vatPercent: 0.12, manualClosedAmount: '50' }, toMoney(250))
 * // { vatAmount: '120', balance: '820' }
 */
export function preInvoiceAmounts(
  record: WireRecord,
  paid: Money,
  currencyCode?: string | null,
): { vatAmount: string; balance: string } {
  const places = currencyCode ? minorUnits(currencyCode) : 4;
  const amount = money(record.amount);
  const vat = amount.times(money(record.vatPercent)).toDecimalPlaces(places);
  const open = amount.plus(vat).minus(paid).minus(money(record.manualClosedAmount)).toDecimalPlaces(places);
  const balance = referenceId(record.invoice) === undefined ? open : toMoney(0);
  return { vatAmount: vat.toFixed(), balance: balance.toFixed() };
}

/**
 * The ISO code of a currency reference (`{ id }`, an id or a URI), or undefined for none.
 * MC-4: a pre-invoice's amounts are rounded to its currency's minor units.
 */
export async function currencyCodeOf(tx: HookTx, currency: unknown): Promise<string | undefined> {
  const id = referenceId(currency);
  if (id === undefined) return undefined;
  const [row] = await tx.query<{ code: string | null }>(`SELECT code FROM currencies WHERE id = $1`, [id]);
  return row?.code ?? undefined;
}

/** The stored pre-invoice's own money fields (wire names) and its currency's code, or undefined when it is gone. */
async function storedPreInvoice(tx: HookTx, id: number): Promise<WireRecord | undefined> {
  const [row] = await tx.query<Record<string, string | null>>(
    `SELECT p.amount::text AS amount, p.vat_percent::text AS "vatPercent", p.vat_amount::text AS "vatAmount",
            p.manual_closed_amount::text AS "manualClosedAmount", p.balance::text AS balance, c.code AS "currencyCode",
            p.invoice_id AS invoice
       FROM pre_invoices p LEFT JOIN currencies c ON c.id = p.currency_id WHERE p.id = $1`,
    [id],
  );
  return row;
}

/** A hook's or an action's recorded write (`HookBase.write`). */
export type Write = (collection: string, id: number, values: WireRecord) => Promise<void>;

/** Two stored money values are the same amount (null as 0). */
const same = (a: unknown, b: string): boolean => money(a).equals(toMoney(b));

/**
 * Recomputes a stored pre-invoice's `vatAmount` and `balance` (see {@link preInvoiceAmounts}) over
 * its stored payments, leaving out payment `except`, and writes them (with history) when they
 * changed. Nothing for a pre-invoice that is gone.
 */
export async function refreshPreInvoice(tx: HookTx, write: Write, id: number, except?: number): Promise<void> {
  const stored = await storedPreInvoice(tx, id);
  if (!stored) return;
  const next = preInvoiceAmounts(
    stored,
    await paidOf(tx, 'pre_invoice_id', id, except),
    stored.currencyCode as string | null,
  );
  if (same(stored.vatAmount, next.vatAmount) && same(stored.balance, next.balance)) return;
  await write('preInvoices', id, next);
}

/**
 * What has been paid toward invoice `id`, in the invoice's currency (MC-5): its own payments plus
 * the payments of the pre-invoices it holds (converted through USD with the rates valid on the
 * invoice date, as its totals are, and rounded to cents), reversed payments and payment `except`
 * left out. Each payment counts once: the balance of a pre-invoice an invoice holds is 0.
 * @throws Error 409 when a pre-invoice's currency has no rate valid on the invoice date
 */
export async function invoiceSettled(tx: HookTx, id: number, except?: number): Promise<Money> {
  const [inv] = await tx.query<{ currency_id: string | number | null; date: string }>(
    `SELECT currency_id, to_char(date, 'YYYY-MM-DD') AS date FROM invoices WHERE id = $1`,
    [id],
  );
  let settled = await paidOf(tx, 'invoice_id', id, except);
  if (!inv) return settled;
  const held = await tx.query<{ id: string | number; currency_id: string | number }>(
    'SELECT id, currency_id FROM pre_invoices WHERE invoice_id = $1 ORDER BY id',
    [id],
  );
  for (const p of held) {
    const paid = await paidOf(tx, 'pre_invoice_id', Number(p.id), except);
    if (paid.isZero()) continue;
    const same = inv.currency_id === null || Number(inv.currency_id) === Number(p.currency_id);
    settled = settled.plus(
      same
        ? paid
        : paid
            .times(await rateToUsd(tx, Number(p.currency_id), inv.date))
            .div(await rateToUsd(tx, Number(inv.currency_id), inv.date))
            .toDecimalPlaces(2),
    );
  }
  return settled;
}

/** Invoice statuses a payment moves between (the others - Draft, On verification, Cancelled - stay as they are). */
const PAYABLE = [INVOICE_APPROVED, INVOICE_PAID, INVOICE_PARTLY_PAID];

/**
 * An invoice after a payment change: what was paid toward it ({@link invoiceSettled}, leaving out
 * `except`) at least its `totalAmount` (null as 0) makes it `paid` with status Paid (5); more than
 * 0 but less makes it Partly paid (6), not paid; nothing paid leaves it not paid and moves a Paid or
 * Partly paid invoice back to Approved (4), the status it had before payments. Only an Approved,
 * Paid or Partly paid invoice moves status. The one place that sets Paid and Partly paid: the
 * status moves through `moveStatus` as the engine's move (with the status history) once invoices
 * declare a `status`, through `write` before that; the flag through `write` (with history).
 */
export async function refreshInvoice(
  tx: HookTx,
  write: Write,
  user: Pick<HookUser, 'username'>,
  id: number,
  except?: number,
): Promise<void> {
  const [row] = await tx.query<{ total: string | null; paid: boolean | null; code: string | number | null }>(
    `SELECT i.total_amount::text AS total, i.paid, d.code
       FROM invoices i LEFT JOIN base_dictionaries d ON d.id = i.status_id WHERE i.id = $1`,
    [id],
  );
  if (!row) return;
  const paid = await invoiceSettled(tx, id, except);
  const code = row.code === null ? undefined : Number(row.code);
  let nextCode: number | undefined;
  if (paid.isZero()) nextCode = code === INVOICE_PAID || code === INVOICE_PARTLY_PAID ? INVOICE_APPROVED : undefined;
  else nextCode = paid.greaterThanOrEqualTo(money(row.total)) ? INVOICE_PAID : INVOICE_PARTLY_PAID;
  const isPaid = !paid.isZero() && paid.greaterThanOrEqualTo(money(row.total));
  if (Boolean(row.paid) !== isPaid) await write('invoices', id, { paid: isPaid });
  if (nextCode === undefined || nextCode === code || code === undefined || !PAYABLE.includes(code)) return;
  if (getSchema('invoices').status) await moveStatus(tx, user, 'invoices', id, nextCode, { byEngine: true });
  else await write('invoices', id, { status: { id: await entryId(tx, INVOICE_STATUS, nextCode) } });
}

/** The documents a payment record names: its pre-invoice and invoice ids. */
export const documentsOf = (record: WireRecord | undefined): { preInvoice?: number; invoice?: number } => ({
  preInvoice: referenceId(record?.preInvoice),
  invoice: referenceId(record?.invoice),
});

/**
 * PAY-01: a payment belongs to exactly one document, a pre-invoice or an invoice.
 * @throws Error 400 `Validation failed` at `preInvoice` when both or neither are given
 */
export function checkOneDocument(docs: { preInvoice?: number; invoice?: number }): void {
  if ((docs.preInvoice === undefined) === (docs.invoice === undefined))
    throw fieldError(
      'PaymentHistory',
      'preInvoice',
      docs.preInvoice ?? null,
      'A payment belongs to exactly one document: give either preInvoice or invoice',
    );
}

/**
 * Recomputes the document(s) a payment names (see {@link refreshPreInvoice}, {@link refreshInvoice}),
 * and the invoice that holds the pre-invoice (its payments count toward it, MC-5).
 */
export async function refreshDocuments(
  tx: HookTx,
  write: Write,
  user: Pick<HookUser, 'username'>,
  docs: { preInvoice?: number; invoice?: number },
  except?: number,
): Promise<void> {
  if (docs.preInvoice !== undefined) {
    await refreshPreInvoice(tx, write, docs.preInvoice, except);
    const [held] = await tx.query<{ invoice_id: string | number | null }>(
      'SELECT invoice_id FROM pre_invoices WHERE id = $1',
      [docs.preInvoice],
    );
    const holder = held?.invoice_id == null ? undefined : Number(held.invoice_id);
    if (holder !== undefined && holder !== docs.invoice) await refreshInvoice(tx, write, user, holder, except);
  }
  if (docs.invoice !== undefined) await refreshInvoice(tx, write, user, docs.invoice, except);
}

/**
 * The next pre-invoice number of `date`'s year, `PI-YYYY-NNNNN`, sequential per year and never
 * duplicated under concurrency ({@link nextDocumentNumber}, server/billing/numbering.ts).
 */
export const nextPreInvoiceNumber = (tx: HookTx, date: unknown): Promise<string> => nextDocumentNumber(tx, 'PI', date);

/** The project's invoice currency, `{ id }`, or undefined (the default currency of a new pre-invoice). */
export async function invoiceCurrencyOf(tx: HookTx, project: unknown): Promise<{ id: number } | undefined> {
  const id = referenceId(project);
  if (id === undefined) return undefined;
  const [row] = await tx.query<{ id: string | number | null }>(
    'SELECT invoice_currency_id AS id FROM projects WHERE id = $1',
    [id],
  );
  return row?.id === null || row?.id === undefined ? undefined : { id: Number(row.id) };
}

/** INV-13: a reference object without an id (`{}`, `{ id: null }`) is sent as null. */
export const nullWithoutId = (v: unknown): unknown => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const id = (v as { id?: unknown }).id;
  return id === undefined || id === null || id === '' ? null : v;
};
