import type { HookTx, HookUser, WireRecord } from '../../schemas/define';
import { fieldError, referenceId } from '../../schemas/engagements/rules';
import { toMoney, type Money } from '../../schemas/money';
import { moveStatus } from '../statuses/service';
import {
  conflict,
  INVOICE_APPROVED,
  INVOICE_PAID,
  INVOICE_PARTLY_PAID,
  entryCode,
  invoiceSettled,
  paidOf,
  preInvoiceAmounts,
  PRE_CLOSED,
  PRE_INVOICE_STATUS,
  refreshPreInvoice,
  type Write,
} from './preInvoiceRules';

/**
 * Receivables that reconcile (MC-5, MC-5; H2-02, H2-02): the locks a
 * payment takes, the open balance it may not exceed, the reversal that replaces deleting, the
 * bound of a manually closed amount, and the closing of a pre-invoice an invoice takes. Run by the
 * payments' hooks and action (`payments.ts`), the pre-invoices' `update` action and the invoices'
 * hooks, inside the write's transaction.
 */

/** Shows an amount with at least 2 decimals and every digit it has (`1120.00`, `112.112`). */
const shown = (v: Money): string => v.toFixed(Math.max(2, v.decimalPlaces()));

/** A money value of a row (null as 0). */
const money = (v: string | null | undefined): Money => toMoney(v ?? 0);

/**
 * H2-02: locks the documents a payment write touches, `FOR UPDATE`, in one order for every
 * writer: the invoices first (the ones named, and the invoice holding each named pre-invoice), by
 * id, then the pre-invoices, by id - the order an invoice's own write takes (its row, then the
 * pre-invoices it links). Taken before the payment row is inserted, so its foreign key's share lock
 * never waits behind another payment's update of the same document (the deadlock PostgreSQL
 * found with 10 parallel payments on one invoice); concurrent payments of one document queue on
 * the lock and each sees the ones committed before it.
 */
export async function lockDocuments(tx: HookTx, docs: Array<{ preInvoice?: number; invoice?: number }>): Promise<void> {
  const preInvoices = [...new Set(docs.map((d) => d.preInvoice).filter((x): x is number => x !== undefined))].sort(
    (a, b) => a - b,
  );
  // the holder of a pre-invoice can change until it is locked: lock the holders, then check again
  for (let attempt = 0; ; attempt++) {
    const holders = preInvoices.length
      ? await tx.query<{ invoice_id: string | number | null }>(
          'SELECT invoice_id FROM pre_invoices WHERE id = ANY($1::bigint[])',
          [preInvoices],
        )
      : [];
    const invoices = [
      ...new Set([
        ...docs.map((d) => d.invoice).filter((x): x is number => x !== undefined),
        ...holders.filter((r) => r.invoice_id !== null).map((r) => Number(r.invoice_id)),
      ]),
    ].sort((a, b) => a - b);
    if (invoices.length)
      await tx.query('SELECT id FROM invoices WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [invoices]);
    if (!preInvoices.length) return;
    const locked = await tx.query<{ invoice_id: string | number | null }>(
      'SELECT invoice_id FROM pre_invoices WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
      [preInvoices],
    );
    if (attempt > 2 || locked.every((r) => r.invoice_id === null || invoices.includes(Number(r.invoice_id)))) return;
  }
}

/** The INVOICE_STATUS codes of an invoice that takes payments: Approved, Paid, Partly paid (MC-2). */
const PAYABLE_INVOICE = [INVOICE_APPROVED, INVOICE_PAID, INVOICE_PARTLY_PAID];

/**
 * MC-5: checks a payment just written (create, PUT or PATCH; its documents locked by
 * {@link lockDocuments} before the write, its access rule passed): the amount may not exceed the
 * open balance of what it pays (without this payment) - a pre-invoice's balance, or an invoice's
 * total less what was paid toward it. A payment of a pre-invoice an invoice holds pays that
 * invoice: it counts there (`invoiceSettled`) and is measured against the invoice's balance.
 * @param id the payment written (left out of what was paid)
 * @param amount the payment's amount
 * @throws Error 400 at `amount` naming the open balance and its currency
 */
export async function checkPayment(
  tx: HookTx,
  id: number,
  docs: { preInvoice?: number; invoice?: number },
  amount: string,
): Promise<void> {
  const value = toMoney(amount);
  let open: Money | undefined;
  let currency: string | null = null;
  let name = '';
  let invoice = docs.invoice;
  if (docs.preInvoice !== undefined) {
    const [p] = await tx.query<Record<string, string | null>>(
      `SELECT p.number, p.amount::text AS amount, p.vat_percent::text AS "vatPercent",
              p.manual_closed_amount::text AS "manualClosedAmount", p.invoice_id, c.code
         FROM pre_invoices p LEFT JOIN currencies c ON c.id = p.currency_id WHERE p.id = $1`,
      [docs.preInvoice],
    );
    if (!p) return; // the reference checks answer for a missing pre-invoice
    if (p.invoice_id === null) {
      const paid = await paidOf(tx, 'pre_invoice_id', docs.preInvoice, id);
      // in the currency's minor units, as the stored balance (MC-4): 112.06 owed is payable in full
      open = toMoney(preInvoiceAmounts(p, paid, p.code).balance);
      currency = p.code ?? null;
      name = `pre-invoice "${p.number}"`;
    } else {
      invoice = Number(p.invoice_id);
      name = ` (which holds pre-invoice "${p.number}")`;
    }
  }
  if (open === undefined && invoice !== undefined) {
    const [i] = await tx.query<{
      number: string | null;
      total: string | null;
      code: string | null;
      status_code: string | number | null;
      status_name: string | null;
    }>(
      `SELECT i.number, i.total_amount::text AS total, c.code, s.code AS status_code, s.gname AS status_name
         FROM invoices i LEFT JOIN currencies c ON c.id = i.currency_id
         LEFT JOIN base_dictionaries s ON s.id = i.status_id WHERE i.id = $1`,
      [invoice],
    );
    if (!i) return;
    // MC-2: only an approved (or already part-paid) invoice takes payments; a Draft, one On
    // verification or a Cancelled invoice is refused, naming its status
    const statusCode = i.status_code === null ? undefined : Number(i.status_code);
    if (docs.invoice !== undefined && statusCode !== undefined && !PAYABLE_INVOICE.includes(statusCode))
      throw Object.assign(
        new Error(
          `Invoice "${i.number ?? invoice}" is ${i.status_name ?? statusCode}: only an approved invoice takes payments`,
        ),
        { statusCode: 409 },
      );
    open = money(i.total).minus(await invoiceSettled(tx, invoice, id));
    currency = i.code;
    name = `invoice "${i.number ?? invoice}"${name}`;
  }
  if (open === undefined || !value.greaterThan(open)) return;
  const balance = `${shown(open.isNegative() ? toMoney(0) : open)}${currency ? ` ${currency}` : ''}`;
  throw fieldError(
    'PaymentHistory',
    'amount',
    value.toNumber(),
    `The payment exceeds the open balance of ${name}: ${balance} is left to pay`,
  );
}

/**
 * MC-5: `PATCH /preInvoices/{id}/update { manualClosedAmount }` may close at most what the
 * pre-invoice still owes without any manual close (amount + VAT - payments); a pre-invoice an
 * invoice holds is closed by that invoice.
 * @throws Error 409 for an invoiced pre-invoice; 400 at `manualClosedAmount` naming the balance
 */
export async function checkManualClose(tx: HookTx, id: number, closed: unknown): Promise<void> {
  const [p] = await tx.query<Record<string, string | null>>(
    `SELECT p.number, p.amount::text AS amount, p.vat_percent::text AS "vatPercent", p.invoice_id, c.code
       FROM pre_invoices p LEFT JOIN currencies c ON c.id = p.currency_id WHERE p.id = $1 FOR UPDATE OF p`,
    [id],
  );
  if (!p) return;
  if (p.invoice_id !== null)
    throw conflict(`Pre-invoice "${p.number}" is invoiced: its balance is owed on the invoice`);
  const value = toMoney((closed ?? 0) as string);
  const open = toMoney(preInvoiceAmounts(p, await paidOf(tx, 'pre_invoice_id', id), p.code).balance);
  if (value.isNegative() || value.greaterThan(open))
    throw fieldError(
      'PreInvoice',
      'manualClosedAmount',
      value.toNumber(),
      `must be between 0 and the balance of pre-invoice "${p.number}", ${shown(open)}${p.code ? ` ${p.code}` : ''}`,
    );
}

/** The comment a pre-invoice closed by an invoice carries in its status history (and how it is recognised). */
const INVOICED_BY = 'Invoiced by ';

/**
 * MC-5: after an invoice linked or unlinked pre-invoice `id`: its balance is recomputed (0 while an
 * invoice holds it) and its status follows, as the engine's move with its status history: an
 * invoice holding it closes it (Closed, comment "Invoiced by INV-..."); released from the invoice
 * that closed it (unlinked from a Draft, the invoice deleted), it goes back to the status it had.
 */
export async function settlePreInvoice(
  tx: HookTx,
  write: Write,
  user: Pick<HookUser, 'username'>,
  id: number,
): Promise<void> {
  await refreshPreInvoice(tx, write, id);
  const [p] = await tx.query<{ status_id: string | number | null; number: string | null }>(
    `SELECT p.status_id, i.number FROM pre_invoices p LEFT JOIN invoices i ON i.id = p.invoice_id WHERE p.id = $1`,
    [id],
  );
  if (!p) return;
  const code = p.status_id === null ? undefined : await entryCode(tx, PRE_INVOICE_STATUS, Number(p.status_id));
  const invoiced = (await tx.query('SELECT 1 FROM pre_invoices WHERE id = $1 AND invoice_id IS NOT NULL', [id])).length;
  if (invoiced) {
    if (code !== PRE_CLOSED)
      await moveStatus(tx, user, 'preInvoices', id, PRE_CLOSED, {
        byEngine: true,
        comment: `${INVOICED_BY}${p.number}`,
      });
    return;
  }
  if (code !== PRE_CLOSED) return;
  const [last] = await tx.query<{ comment: string | null; from_code: string | number | null }>(
    `SELECT s.comment, f.code AS from_code FROM status_changes s LEFT JOIN base_dictionaries f ON f.id = s.from_id
      WHERE s.collection = 'preInvoices' AND s.record_id = $1 AND s.field = 'status'
      ORDER BY s.changed_date DESC, s.id DESC LIMIT 1`,
    [id],
  );
  if (!last?.comment?.startsWith(INVOICED_BY) || last.from_code === null) return;
  await moveStatus(tx, user, 'preInvoices', id, Number(last.from_code), {
    byEngine: true,
    comment: `Released by ${last.comment.slice(INVOICED_BY.length)}`,
  });
}

/** The pre-invoice ids a write of an invoice's `preInvoiceList` may touch: those it holds now and those the body names. */
export async function preInvoicesTouched(
  tx: HookTx,
  invoiceId: number,
  body: WireRecord | undefined,
): Promise<number[]> {
  const held = await tx.query<{ id: string | number }>('SELECT id FROM pre_invoices WHERE invoice_id = $1', [
    invoiceId,
  ]);
  const named = Array.isArray(body?.preInvoiceList)
    ? (body.preInvoiceList as unknown[]).map((x) => referenceId(x)).filter((x): x is number => x !== undefined)
    : [];
  return [...new Set([...held.map((r) => Number(r.id)), ...named])].sort((a, b) => a - b);
}
