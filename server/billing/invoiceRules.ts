import { nextDocumentNumber } from './numbering';
import type { HookTx, WireRecord } from '../../schemas/define';
import { fieldError, referenceId } from '../../schemas/engagements/rules';
import { toMoney, type Money } from '../../schemas/money';
import { UNBILLED, INVOICED, INVOICE_STATUS_TYPE, BILLING_STATUS_TYPE } from '../../schemas/billing/invoiceRules';
import { notTrashed } from '../trash/columns';
import { explainRefusals, lockBillable, type BillingScope } from './billable';
import { pricedInvoice, pricedInvoices, type PricedInvoice } from './pricing';

/** What the SPA shares of the invoice rules (statuses, access, body normalising), for the server's modules. */
export * from '../../schemas/billing/invoiceRules';

/** The same display in SQL over the invoice row `row` (the `actPaidState` computed field). */
export const actPaidSql = (row: string): string =>
  `CASE WHEN ${row}.signed AND ${row}.paid THEN 'Paid & Acted' WHEN ${row}.signed THEN 'Acted & Not Paid' ` +
  `WHEN ${row}.paid THEN 'Paid & Not Acted' END`;

/**
 * The invoice rules that read and write the database (statuses, picked rows, totals, quotas), run by
 * the invoices' hooks and actions (`server/billing/invoices.ts`).
 */

/** The id of the dictionary entry of `code` in the type `typeCode`. */
async function entryId(tx: HookTx, typeCode: number, code: number): Promise<number> {
  const [row] = await tx.query<{ id: string | number }>(
    'SELECT id FROM base_dictionaries WHERE type_id = $1 AND code = $2',
    [typeCode, code],
  );
  if (!row) throw new Error(`dictionary ${typeCode} has no entry of code ${code}`);
  return Number(row.id);
}

/** The INVOICE_STATUS entry id of `code`. */
export const invoiceStatusId = (tx: HookTx, code: number): Promise<number> => entryId(tx, INVOICE_STATUS_TYPE, code);

/** The INVOICE_STATUS code of the entry `id`, or undefined when `id` is no such entry. */
export async function invoiceStatusCode(tx: HookTx, id: number): Promise<number | undefined> {
  const [row] = await tx.query<{ code: string | number }>(
    'SELECT code FROM base_dictionaries WHERE type_id = $1 AND id = $2',
    [INVOICE_STATUS_TYPE, id],
  );
  return row ? Number(row.code) : undefined;
}

/**
 * What an invoice picks: the inverse lists, the table each lives in, whether it has a billing
 * status, and whether it has a trash (a record in the trash cannot be picked).
 */
const PICKS = [
  { field: 'timeList', collection: 'times', table: 'times', billed: true, trash: true },
  { field: 'expenseList', collection: 'expenses', table: 'expenses', billed: true, trash: true },
  { field: 'preInvoiceList', collection: 'preInvoices', table: 'pre_invoices', billed: false, trash: false },
] as const;

/** The ids of a sent inverse list (`[{ id }]`), or undefined when the list was not sent. */
function pickedIds(body: WireRecord | undefined, field: string): number[] | undefined {
  if (!body || !Object.hasOwn(body, field)) return undefined;
  const list = body[field];
  if (list === null) return [];
  if (!Array.isArray(list)) throw fieldError('Invoice', field, list as never, 'must be a list of { id }');
  const ids = list.map((x) => referenceId(x));
  if (ids.some((id) => id === undefined)) throw fieldError('Invoice', field, list as never, 'must be a list of { id }');
  return [...new Set(ids as number[])];
}

/** The fields of an invoice that make its billing scope: a change to one re-judges what it holds. */
const SCOPE_FIELDS = ['project', 'periodGte', 'periodLte', 'matterList'] as const;

/**
 * The billing scope of stored invoice `invoiceId` (MC-3): its project, period and the
 * matters it names.
 */
export async function invoiceScope(tx: HookTx, invoiceId: number): Promise<BillingScope> {
  const [row] = await tx.query<{ project_id: string | number | null; gte: string | null; lte: string | null }>(
    `SELECT project_id, to_char(period_gte, 'YYYY-MM-DD') AS gte, to_char(period_lte, 'YYYY-MM-DD') AS lte
       FROM invoices WHERE id = $1`,
    [invoiceId],
  );
  const matters = await tx.query<{ id: string | number }>(
    'SELECT target_id AS id FROM invoices_matter_list WHERE owner_id = $1',
    [invoiceId],
  );
  return {
    invoiceId,
    projectId: row?.project_id == null ? null : Number(row.project_id),
    periodGte: row?.gte ?? null,
    periodLte: row?.lte ?? null,
    matterIds: matters.map((m) => Number(m.id)),
  };
}

/**
 * Links what an invoice picked (INV-21): for each of `timeList`, `expenseList`, `preInvoiceList`
 * the body sends, the rows named get `invoice` = this invoice and - times and expenses - the
 * billing status "Invoiced" (code 4); rows this invoice held that the list no longer names are
 * unlinked (back to "Unbilled", code 2). Rows the list does not name and the invoice did not hold
 * are never touched. A list absent from the body leaves its links as they are - but when the body
 * changes the invoice's project, period or matters, what it holds is judged again.
 *
 * Every row named must meet the billing rule (MC-3, `server/billing/billable.ts`, the
 * same predicate the previews list by), judged with the rows locked so two invoices saved at once
 * cannot both take one. Each row that changes is written through `write` (its version moved, its
 * history recorded); a row already linked stays as it is.
 *
 * @throws Error 400 `Validation failed` at the list, one error per refused row naming it and the
 *   reason (`Time entry 812 (2026-10-03, Carl Mayer) is not billable: it belongs to another
 *   client's project (P-0002)`); also for a list that is not `[{ id }]`
 */
export async function linkPicked(
  tx: HookTx,
  write: RecordWrite,
  invoiceId: number,
  body: WireRecord | undefined,
): Promise<void> {
  const invoiced = await entryId(tx, BILLING_STATUS_TYPE, INVOICED);
  const unbilled = await entryId(tx, BILLING_STATUS_TYPE, UNBILLED);
  const scopeChanged = SCOPE_FIELDS.some((f) => body !== undefined && Object.hasOwn(body, f));
  const scope = await invoiceScope(tx, invoiceId);
  const refused: Array<{ entity: string; property: string; invalidValue: unknown; message: string }> = [];
  const work: Array<{ pick: (typeof PICKS)[number]; ids: number[] }> = [];
  for (const pick of PICKS) {
    const sent = pickedIds(body, pick.field);
    if (sent === undefined && !scopeChanged) continue;
    const ids = sent ?? (await heldIds(tx, pick, invoiceId));
    const found = await lockBillable(tx, pick.collection, scope, ids);
    const bad = ids.filter((id) => !found.has(id));
    for (const r of await explainRefusals(tx, pick.collection, scope, bad))
      refused.push({ entity: 'Invoice', property: pick.field, invalidValue: r.id, message: r.message });
    if (sent !== undefined) work.push({ pick, ids });
  }
  if (refused.length > 0) throw Object.assign(new Error('Validation failed'), { statusCode: 400, errors: refused });
  for (const { pick, ids } of work) {
    const held = new Set(await heldIds(tx, pick, invoiceId));
    await unlinkRows(tx, write, pick, invoiceId, unbilled, ids);
    const linked = { invoice: { id: invoiceId }, ...(pick.billed ? { billingStatus: { id: invoiced } } : {}) };
    for (const id of ids) if (!held.has(id)) await write(pick.collection, id, linked);
  }
}

/** The ids of the live rows of `pick` invoice `invoiceId` holds. */
async function heldIds(tx: HookTx, pick: (typeof PICKS)[number], invoiceId: number): Promise<number[]> {
  const rows = await tx.query<{ id: string | number }>(
    `SELECT x.id FROM ${pick.table} x WHERE x.invoice_id = $1${pick.trash ? ` AND ${notTrashed('x')}` : ''} ORDER BY x.id`,
    [invoiceId],
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Unlinks the rows the invoice holds in `pick`'s table, except `keep`, each through `write`;
 * billed rows go back to unbilled.
 */
async function unlinkRows(
  tx: HookTx,
  write: RecordWrite,
  pick: (typeof PICKS)[number],
  invoiceId: number,
  unbilled: number,
  keep: number[],
): Promise<void> {
  const held = await tx.query<{ id: string | number }>(
    `SELECT id FROM ${pick.table} WHERE invoice_id = $1 AND NOT (id = ANY($2::bigint[])) ORDER BY id FOR UPDATE`,
    [invoiceId, keep],
  );
  const unlinked = { invoice: null, ...(pick.billed ? { billingStatus: { id: unbilled } } : {}) };
  for (const r of held) await write(pick.collection, Number(r.id), unlinked);
}

/**
 * INV-22: before an invoice is deleted, everything it held is unlinked; its times and expenses go
 * back to "Unbilled" (code 2).
 */
export async function unlinkAll(tx: HookTx, write: RecordWrite, invoiceId: number): Promise<void> {
  const unbilled = await entryId(tx, BILLING_STATUS_TYPE, UNBILLED);
  for (const pick of PICKS) await unlinkRows(tx, write, pick, invoiceId, unbilled, []);
}

/**
 * The rate to USD of `currencyId` valid on `date` (the latest `currencyRates` row from that day
 * or before; USD itself is 1): one unit of the currency is that many USD.
 * @throws Error 409 when the currency has no rate valid on that date
 */
export async function rateToUsd(tx: HookTx, currencyId: number, date: string): Promise<Money> {
  const [cur] = await tx.query<{ code: string | null }>('SELECT code FROM currencies WHERE id = $1', [currencyId]);
  if (cur?.code === 'USD') return toMoney(1);
  const [row] = await tx.query<{ rate: string }>(
    `SELECT rate_to_usd::text AS rate FROM currency_rates WHERE currency_id = $1 AND date <= $2::date
     ORDER BY date DESC LIMIT 1`,
    [currencyId, date],
  );
  if (!row)
    throw Object.assign(new Error(`Currency ${cur?.code ?? currencyId} has no rate to USD valid on ${date}`), {
      statusCode: 409,
    });
  return toMoney(row.rate);
}

/**
 * INV-23: the invoice's `totalAmount`, in the invoice currency, and `totalAmountUsd`, exact - the
 * sum of its priced lines (`pricedInvoices`, `server/billing/pricing.ts`, the one pricing the
 * document's lines, the money check and a matter's balance read too):
 * - each linked time entry: its hours (duration ms / 3,600,000) x the rate of the executor's job
 *   title on the entry's day in its rate-based matter (bill type code 2, `matterRates`), in the
 *   matter's currency (the invoice's when the matter has none); a time on a matter with no rate
 *   for that title counts 0; one rate per time entry (`timeRates` in pricing.ts), so it is counted once;
 * - each fixed-fee matter (bill type not 2) among the linked times' matters: its `amountFee`, once;
 * - each linked expense: its amount in its currency;
 * - each linked pre-invoice: its amount plus its `vatAmount` less its `manualClosedAmount`, in its
 *   currency (a pre-invoice is billed by the invoice that holds it, VAT included, MC-5; what its
 *   payments paid counts toward the invoice's payments, `invoiceSettled` in preInvoiceRules).
 * Time entries and expenses in the trash count nothing (server/billing/billedTrash.ts).
 * Amounts in another currency are converted through USD with the rates valid on the invoice date;
 * both totals are rounded half up to their currency's minor units (ISO 4217 via `Intl`: JPY 0,
 * KWD 3, most 2 - MC-4), USD's to cents. Reads only; returns both as decimal strings
 * ({@link recalculate} writes them). {@link invoiceTotalsOf} is the batch form.
 * @throws Error 404 for a missing invoice; 409 when a currency involved has no rate valid on the invoice date
 */
export async function invoiceTotals(
  tx: HookTx,
  invoiceId: number,
): Promise<{ totalAmount: string; totalAmountUsd: string }> {
  return totalsOf(await pricedInvoice(tx, invoiceId, { describe: false }));
}

/**
 * The totals of a priced invoice, as {@link invoiceTotals} answers them.
 * @throws Error 409 when the invoice could not be priced (`priced.error`: a currency without a rate)
 */
export function totalsOf(priced: PricedInvoice): { totalAmount: string; totalAmountUsd: string } {
  if (priced.error || priced.totalAmount === null || priced.totalAmountUsd === null)
    throw priced.error ?? new Error(`Invoice ${priced.invoiceId} cannot be priced`);
  return { totalAmount: priced.totalAmount, totalAmountUsd: priced.totalAmountUsd };
}

/**
 * The batch form of {@link invoiceTotals} (the money check, MC-8): the totals of every invoice of
 * `ids` in one set of queries. Each entry is the totals, or the Error `invoiceTotals` would throw
 * (409 for a currency without a rate); a missing invoice is absent.
 */
export async function invoiceTotalsOf(
  tx: HookTx,
  ids: readonly number[],
): Promise<Map<number, { totalAmount: string; totalAmountUsd: string } | Error>> {
  const out = new Map<number, { totalAmount: string; totalAmountUsd: string } | Error>();
  for (const [id, priced] of await pricedInvoices(tx, ids, { describe: false })) {
    try {
      out.set(id, totalsOf(priced));
    } catch (e) {
      out.set(id, e as Error);
    }
  }
  return out;
}

/** A hook's or an action's `write` (`HookBase.write`): the write that moves the version and records history. */
export type RecordWrite = (collection: string, id: number, values: WireRecord) => Promise<void>;

/**
 * INV-23: computes invoice `invoiceId`'s totals ({@link invoiceTotals}) and stores them with
 * `write` - one write per recalculation, so the version moves and the history shows the new
 * totals - together with `also` (a new invoice's number). Totals equal to the stored ones with
 * nothing in `also` are not written (no version moved, no history row). Returns the totals.
 * @example
 * // an action body
 * recalculate: async ({ tx, input, write }) => recalculate(tx, write, input.invoiceId as number),
 * @throws Error 404 for a missing invoice; 409 as {@link invoiceTotals}
 */
export async function recalculate(
  tx: HookTx,
  write: RecordWrite,
  invoiceId: number,
  also: WireRecord = {},
): Promise<{ totalAmount: string; totalAmountUsd: string }> {
  const totals = await invoiceTotals(tx, invoiceId);
  const [stored] = await tx.query<{ total: string | null; usd: string | null }>(
    'SELECT total_amount::text AS total, total_amount_usd::text AS usd FROM invoices WHERE id = $1',
    [invoiceId],
  );
  const same = (v: string | null | undefined, now: string) => v != null && toMoney(v).eq(toMoney(now));
  if (
    Object.keys(also).length === 0 &&
    same(stored?.total, totals.totalAmount) &&
    same(stored?.usd, totals.totalAmountUsd)
  )
    return totals;
  await write('invoices', invoiceId, { ...also, ...totals });
  return totals;
}

/**
 * The number of a new invoice, `INV-YYYY-NNNNN`: sequential per year of its date, taken in the
 * create transaction and never duplicated under concurrency ({@link nextDocumentNumber},
 * server/billing/numbering.ts); the suffix is kept in its own field (`numberSuffix`).
 */
export const nextInvoiceNumber = (tx: HookTx, date: unknown): Promise<string> => nextDocumentNumber(tx, 'INV', date);

/**
 * The quotas of one invoice whose date ranges overlap share its income: for every day, the
 * shares of the quotas covering it must not exceed 100 % (1). Checked after each write over the
 * stored quotas, at every quota's start day (where the covering set can grow).
 *
 * @throws Error 400 `Validation failed` at `percentage` naming the day and the total
 */
export async function checkQuotaShares(tx: HookTx, invoiceId: number): Promise<void> {
  const rows = await tx.query<{ day: string; total: string }>(
    `SELECT to_char(s.day, 'YYYY-MM-DD') AS day, sum(q.percentage)::text AS total
       FROM (SELECT DISTINCT date_gte AS day FROM invoice_quotas WHERE invoice_id = $1) s
       JOIN invoice_quotas q ON q.invoice_id = $1 AND q.date_gte <= s.day AND q.date_lte >= s.day
      GROUP BY s.day ORDER BY s.day`,
    [invoiceId],
  );
  for (const r of rows) {
    const total = toMoney(r.total);
    if (total.greaterThan(1))
      throw fieldError(
        'InvoiceQuota',
        'percentage',
        total.toNumber(),
        `The quotas of this invoice covering ${r.day} add up to ${total.times(100).toFixed()}%; they may not exceed 100%`,
      );
  }
}

/** The invoice id of a quota body or stored quota (`invoiceId` is a flat id). */
export const quotaInvoiceId = (v: WireRecord | undefined): number | undefined => {
  const id = v?.invoiceId;
  return typeof id === 'number' ? id : referenceId(id);
};
