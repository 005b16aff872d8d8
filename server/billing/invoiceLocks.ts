import type { HookTx, WireRecord } from '../../schemas/define';
import { referenceId } from '../../schemas/engagements/rules';
import {
  BILLING_STATUS_TYPE,
  INVOICE_APPROVED,
  INVOICE_CANCELLED,
  INVOICE_DRAFT,
  INVOICE_PAID,
  INVOICE_PARTLY_PAID,
  UNBILLED,
} from '../../schemas/billing/invoiceRules';
import { toMoney } from '../../schemas/money';
import { cancelPendingChain } from '../approvals/cancel';
import { isDecimal } from './approvedLocks';
import { HttpError } from '../rest/errors';
import type { RecordWrite } from './invoiceRules';
import { settlePreInvoice } from './receivables';

/**
 * MC-1 and MC-2: an invoice that left Draft is locked - what it bills (its
 * lines: times, expenses, pre-invoices, matters) and what it costs cannot change - and its status
 * moves only along the moves declared in `schemas/billing/invoices.ts` plus the conditions a code
 * cannot say (an acted invoice never returns to Draft, one with payments is not cancelled). The
 * rooms call these: `server/billing/invoices.ts` (the invoice's writes and actions),
 * `server/billing/invoiceQuotas.ts`, and the billed work (`server/work/times.ts`,
 * `server/billing/expenses.ts`) through {@link lockBilledWork}.
 */

/** What the locks need of a stored invoice. */
export interface InvoiceState {
  id: number;
  /** `INV-2026-0012`, or `invoice 12` when it has no number yet. */
  name: string;
  /** INVOICE_STATUS code; undefined for an invoice saved before statuses (counts as Draft). */
  code: number | undefined;
  /** The status as the user reads it (`Approved`). */
  gname: string;
  signed: boolean;
  chainId: number | null;
}

/** The stored invoice `id`, or undefined when there is none. */
export async function invoiceState(tx: HookTx, id: number): Promise<InvoiceState | undefined> {
  const [row] = await tx.query<{
    number: string | null;
    code: string | number | null;
    gname: string | null;
    signed: boolean | null;
    chain: string | number | null;
  }>(
    `SELECT i.number, d.code, d.gname, i.signed, i.verification_chain_id AS chain
       FROM invoices i LEFT JOIN base_dictionaries d ON d.id = i.status_id WHERE i.id = $1`,
    [id],
  );
  if (!row) return undefined;
  return {
    id,
    name: row.number ? `"${row.number}"` : `${id}`,
    code: row.code === null ? undefined : Number(row.code),
    gname: row.gname ?? 'Draft',
    signed: row.signed === true,
    chainId: row.chain === null ? null : Number(row.chain),
  };
}

/** Whether the invoice is still a draft (or has no status yet): the only state whose lines and totals change. */
export const isDraft = (s: InvoiceState): boolean => s.code === undefined || s.code === INVOICE_DRAFT;

/** 409 `Invoice "INV-2026-0012" is Approved: <what>`. */
export const lockedInvoice = (s: InvoiceState, what: string): HttpError =>
  new HttpError(409, `Invoice ${s.name} is ${s.gname}: ${what}`);

/** The picked lists of an invoice body, the table each lives in and its join (matters). */
const LISTS = [
  { field: 'timeList', sql: 'SELECT id FROM times WHERE invoice_id = $1' },
  { field: 'expenseList', sql: 'SELECT id FROM expenses WHERE invoice_id = $1' },
  { field: 'preInvoiceList', sql: 'SELECT id FROM pre_invoices WHERE invoice_id = $1' },
  { field: 'matterList', sql: 'SELECT target_id AS id FROM invoices_matter_list WHERE owner_id = $1' },
] as const;

/** The ids a sent list names (undefined when not sent or not a list of ids: validation judges it). */
function sentIds(body: WireRecord, field: string): Set<number> | undefined {
  if (!Object.hasOwn(body, field)) return undefined;
  const list = body[field];
  if (list === null) return new Set();
  if (!Array.isArray(list)) return undefined;
  const ids = list.map((x) => referenceId(x));
  return ids.some((x) => x === undefined) ? undefined : new Set(ids as number[]);
}

/**
 * MC-1: a write of invoice `s` that left Draft may not change its lines: each of `timeList`,
 * `expenseList`, `preInvoiceList`, `matterList` the body sends must name exactly what the invoice
 * holds (the same list again, as an edit form sends it, passes).
 * @throws HttpError 409 `Invoice "INV-2026-0012" is Approved: its lines cannot change (timeList)`
 */
export async function checkLinesLocked(tx: HookTx, s: InvoiceState, body: WireRecord): Promise<void> {
  if (isDraft(s)) return;
  for (const list of LISTS) {
    const sent = sentIds(body, list.field);
    if (!sent) continue;
    const held = new Set((await tx.query<{ id: string | number }>(list.sql, [s.id])).map((r) => Number(r.id)));
    if (sent.size !== held.size || [...sent].some((id) => !held.has(id)))
      throw lockedInvoice(s, `its lines cannot change (${list.field})`);
  }
}

/**
 * MC-2: the conditions of a declared move the codes cannot say, checked before it is written:
 * Paid and Partly paid come from payments only; an acted invoice does not return to Draft (it is
 * cancelled); an invoice with payments is not cancelled (its payments are reversed first).
 * @throws HttpError 409 naming the invoice and its state
 */
export async function checkInvoiceMove(tx: HookTx, s: InvoiceState, toCode: number): Promise<void> {
  if (toCode === INVOICE_PAID || toCode === INVOICE_PARTLY_PAID)
    throw lockedInvoice(s, 'Paid and Partly paid come only from its payments, never from a status change');
  if (toCode === INVOICE_DRAFT && s.signed)
    throw lockedInvoice(s, 'it is acted and cannot return to Draft; cancel it instead');
  if (toCode === INVOICE_DRAFT && (s.code === INVOICE_PAID || s.code === INVOICE_PARTLY_PAID))
    throw lockedInvoice(s, 'it is paid and cannot return to Draft; reverse its payments or cancel it');
  if (toCode === INVOICE_CANCELLED) {
    const [paid] = await tx.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM payment_histories WHERE invoice_id = $1',
      [s.id],
    );
    if (Number(paid?.n ?? 0) > 0)
      throw lockedInvoice(s, 'it has payments and cannot be cancelled; reverse the payments first');
  }
}

/**
 * What a declared move of invoice `s` to `toCode` does besides the status, in the move's
 * transaction (each write recorded in the history):
 * - back to Draft: its pending approval chain is cancelled ({@link cancelPendingChain}), so the
 *   next send starts a new one;
 * - to Cancelled: its pending chain is cancelled too, and what it billed is released - its time
 *   entries and expenses back to "Unbilled" (code 2) and its pre-invoices free, reopened from
 *   Closed to their former status with their open balance (`settlePreInvoice`), so they can be
 *   billed again - while the invoice keeps its number and totals, and a list of what it billed in
 *   `billedAtCancellation`. Returns the values to write on the invoice with the move.
 * @example const extra = await invoiceMoveEffects(tx, write, username, state, INVOICE_CANCELLED)
 */
export async function invoiceMoveEffects(
  tx: HookTx,
  write: RecordWrite,
  username: string,
  s: InvoiceState,
  toCode: number,
): Promise<WireRecord> {
  if (toCode !== INVOICE_DRAFT && toCode !== INVOICE_CANCELLED) return {};
  await cancelPendingChain(tx, username, s.chainId);
  if (toCode === INVOICE_DRAFT) return {};
  const times = await tx.query<{ id: string | number; day: string; duration: string }>(
    `SELECT id, to_char(date_time AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, duration::text AS duration
       FROM times WHERE invoice_id = $1 ORDER BY date_time, id FOR UPDATE`,
    [s.id],
  );
  const expenses = await tx.query<{ id: string | number; day: string; amount: string; code: string | null }>(
    `SELECT e.id, to_char(e.date, 'YYYY-MM-DD') AS day, e.amount::text AS amount, c.code
       FROM expenses e LEFT JOIN currencies c ON c.id = e.currency_id WHERE e.invoice_id = $1 ORDER BY e.date, e.id FOR UPDATE OF e`,
    [s.id],
  );
  const pres = await tx.query<{ id: string | number; number: string | null }>(
    'SELECT id, number FROM pre_invoices WHERE invoice_id = $1 ORDER BY id FOR UPDATE',
    [s.id],
  );
  const [unbilled] = await tx.query<{ id: string | number }>(
    'SELECT id FROM base_dictionaries WHERE type_id = $1 AND code = $2',
    [BILLING_STATUS_TYPE, UNBILLED],
  );
  const released = { invoice: null, billingStatus: unbilled ? { id: Number(unbilled.id) } : null };
  for (const t of times) await write('times', Number(t.id), released);
  for (const e of expenses) await write('expenses', Number(e.id), released);
  // MC-5: a released pre-invoice reopens - its balance recomputed (amount + VAT - paid - closed)
  // and its status back to the one it had before this invoice closed it ("Released by INV-...")
  for (const p of pres) {
    await write('preInvoices', Number(p.id), { invoice: null });
    await settlePreInvoice(tx, write, { username }, Number(p.id));
  }
  const hours = (ms: string) => toMoney(ms).div(3600000).toFixed(2);
  const lines = [
    ...times.map((t) => `time entry ${t.id} (${t.day}, ${hours(t.duration)} h)`),
    ...expenses.map((e) => `expense ${e.id} (${e.day}, ${e.amount} ${e.code ?? ''})`.replace(' )', ')')),
    ...pres.map((p) => `pre-invoice ${p.number ?? p.id}`),
  ];
  return { billedAtCancellation: lines.length ? lines.join('; ').slice(0, 4000) : 'nothing' };
}

/** The conditions an action of invoice `s` needs (MC-2). */
export const ACTABLE = [INVOICE_APPROVED, INVOICE_PAID, INVOICE_PARTLY_PAID];

/**
 * MC-1: a `beforeChange` hook of billed work (times, expenses): a record held by an invoice that
 * left Draft keeps its billed facts - none of `fields`, nor its invoice or billing status, may
 * change by a client's write, and it cannot be unbilled by hand. Server code (the invoice's own
 * moves, `systemWrite`) runs no hooks, so a cancellation still releases it.
 * @param label the record in the message (`time entry`, `expense`)
 * @throws HttpError 409 `The time entry 12 is billed on invoice "INV-2026-0012", which is Approved: its duration cannot change`
 */
export const lockBilledWork =
  (label: string, fields: readonly string[]) =>
  async ({
    tx,
    mode,
    id,
    stored,
    data,
  }: {
    tx: HookTx;
    mode: string;
    id?: number;
    stored?: WireRecord;
    data: WireRecord;
  }): Promise<undefined> => {
    if (mode === 'create' || mode === 'delete' || !stored || id === undefined) return undefined;
    const invoiceId = referenceId(stored.invoice);
    if (invoiceId === undefined) return undefined;
    const s = await invoiceState(tx, invoiceId);
    if (!s || isDraft(s)) return undefined;
    for (const name of [...fields, 'invoice', 'billingStatus']) {
      if (!Object.hasOwn(data, name)) continue;
      if (!sameValue(data[name], stored[name]))
        throw new HttpError(
          409,
          `The ${label} ${id} is billed on invoice ${s.name}, which is ${s.gname}: its ${name} cannot change`,
          [
            {
              entity: label,
              property: name,
              invalidValue: null,
              message: `cannot change while invoice ${s.name} is ${s.gname}`,
            },
          ],
        );
    }
    return undefined;
  };

/** Two wire values are the same (references by id, numbers and decimal strings by value). */
function sameValue(a: unknown, b: unknown): boolean {
  // an amount the validation parsed is an exact decimal (an object): compared by value
  if (isDecimal(a)) a = a.toString();
  if (isDecimal(b)) b = b.toString();
  const ra = a && typeof a === 'object' && !Array.isArray(a) ? referenceId(a) : undefined;
  const rb = b && typeof b === 'object' && !Array.isArray(b) ? referenceId(b) : undefined;
  if (ra !== undefined || rb !== undefined) return ra === rb;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (typeof a === 'number' || typeof b === 'number' || /^-?\d+(\.\d+)?$/.test(String(a)))
    return String(a) === String(b) || (isNumeric(a) && isNumeric(b) && decimalEq(String(a), String(b)));
  return String(a) === String(b);
}

const isNumeric = (v: unknown): boolean => /^-?\d+(\.\d+)?$/.test(String(v));

/** Decimal strings equal by value (`1.50` = `1.5`), without floats. */
function decimalEq(a: string, b: string): boolean {
  const norm = (s: string) => {
    const [i, f = ''] = s.split('.');
    return `${i!.replace(/^(-?)0+(?=\d)/, '$1')}.${f.replace(/0+$/, '')}`;
  };
  return norm(a) === norm(b);
}
