import type { HookTx } from '../../schemas/define';
import { RATE_BASED } from '../../schemas/engagements/rules';
import { minorUnits, sumExact, toMoney, type Money } from '../../schemas/money';
import { notTrashed } from '../trash/columns';

/**
 * The one pricing of invoices (INV-23, MC-4, MC-5): what each line an invoice holds costs, and
 * what the invoice totals. `invoiceTotals` (the stored totals, `server/billing/invoiceRules.ts`),
 * `invoiceLines` (the document, `server/billing/invoiceLines.ts`), the money check
 * (`server/billing/moneyCheck/documents.ts`) and a matter's balance
 * (`server/engagements/matterReads.ts`) all read it, so they cannot disagree about a price.
 * It prices many invoices in one set of queries (one per kind of line, one for the rates).
 */

/** What an invoice line charges: a time entry, a fixed fee, an expense or a pre-invoice. */
export type InvoiceLineKind = 'time' | 'fee' | 'expense' | 'preInvoice';

/**
 * One priced line of an invoice. `base` is what it charges in its own currency (`currencyId`,
 * `rateCurrency`): hours x rate for a time entry on a rate-based matter (0 when its lawyer's
 * title has no rate; 0 and `rate` null on a fixed-fee matter, whose fee is a line of its own),
 * the matter's fee, the expense's amount, the pre-invoice's amount + VAT - manually closed.
 * `exact` is `base` converted to the invoice currency through USD at the invoice date (null when
 * a rate is missing: see {@link PricedInvoice.error}).
 */
export interface PricedLine {
  kind: InvoiceLineKind;
  /** The matter the line belongs to: a time's matter, a fee's matter, an expense's payer matter, a pre-invoice's matter. */
  matterId: number | null;
  date: string | null;
  description: string;
  /** Hours (times), 1 otherwise. */
  quantity: Money;
  /** Price of one unit in `rateCurrency`; null when the line is not priced on its own. */
  rate: Money | null;
  currencyId: number;
  rateCurrency: string;
  /** What the line charges in its own currency. */
  base: Money;
  /** For a matter's balance: `base` without a pre-invoice's VAT and manual close (its `amount`); `base` otherwise. */
  net: Money;
  /** `base` in the invoice currency, exact; null when a currency has no rate on the invoice date. */
  exact: Money | null;
}

/** An invoice priced: its lines, in order times (by date), fees, expenses (by date), pre-invoices. */
export interface PricedInvoice {
  invoiceId: number;
  currencyId: number;
  /** The invoice currency's code ('' without one). */
  currency: string;
  /** The invoice date, `YYYY-MM-DD`: the day of the conversion rates. */
  date: string;
  lines: PricedLine[];
  /** The exact sum of the lines in the invoice currency (null when `error`). */
  exactTotal: Money | null;
  /** `totalAmount` at the invoice currency's minor units; `totalAmountUsd` at cents (null when `error`). */
  totalAmount: string | null;
  totalAmountUsd: string | null;
  /** Why the invoice cannot be priced: a currency without a rate to USD on its date (status 409). */
  error?: Error;
}

type Row = Record<string, unknown>;
const num = (v: unknown): number => Number(v);
const str = (v: unknown): string | null => (v == null ? null : String(v));
const join = (sep: string, ...parts: unknown[]): string => parts.filter((s) => s != null && s !== '').join(sep);

/**
 * Prices invoices `ids` (INV-23): each linked live time entry at hours (duration ms / 3,600,000) x
 * the one rate of its executor's job title valid on its day in a rate-based matter (bill type
 * code 2, `timeRates`), in the matter's currency (the invoice's when it has none); each fixed-fee
 * matter (bill type not 2, with a fee) among the linked times' matters once; each live expense at
 * its amount; each pre-invoice at amount + VAT - manually closed (MC-5). Other currencies are
 * converted through USD at the rates valid on the invoice date (`currency_rates`, USD is 1); the
 * total is rounded half up to the invoice currency's minor units (MC-4), the USD total to cents.
 * Reads only, in five queries whatever the number of invoices.
 * @returns a map by invoice id; a missing invoice is absent; an invoice whose currencies lack a rate
 *   has `error` (409) and no totals, its lines still priced in their own currencies
 */
export async function pricedInvoices(
  tx: HookTx,
  ids: readonly number[],
  options: { describe?: boolean } = {},
): Promise<Map<number, PricedInvoice>> {
  // without `describe` (the totals), lines carry no description and come in no particular order
  const describe = options.describe ?? true;
  const out = new Map<number, PricedInvoice>();
  if (ids.length === 0) return out;
  const list = [...new Set(ids)];
  const invoices = await tx.query<Row>(
    `SELECT i.id, i.currency_id, to_char(i.date, 'YYYY-MM-DD') AS date, c.code
       FROM invoices i LEFT JOIN currencies c ON c.id = i.currency_id WHERE i.id = ANY($1::bigint[])`,
    [list],
  );
  for (const i of invoices)
    out.set(num(i.id), {
      invoiceId: num(i.id),
      currencyId: num(i.currency_id),
      currency: str(i.code) ?? '',
      date: String(i.date),
      lines: [],
      exactTotal: null,
      totalAmount: null,
      totalAmountUsd: null,
    });
  const add = (invoiceId: unknown, line: Omit<PricedLine, 'exact' | 'net'> & { net?: Money }) =>
    out.get(num(invoiceId))?.lines.push({ ...line, net: line.net ?? line.base, exact: null });
  const times = await tx.query<Row>(
    `SELECT t.invoice_id, t.matter_id, t.duration::text AS duration, bt.code AS bill_code,
            COALESCE(p.employee_id, t.employee_id) AS who, to_char(t.date_time::date, 'YYYY-MM-DD') AS date,
            COALESCE(m.currency_id, i.currency_id) AS currency_id, c.code AS currency${
              describe ? ', t.work_description, e.gfirst_name, e.glast_name' : ''
            }
       FROM times t
       JOIN invoices i ON i.id = t.invoice_id
       JOIN matters m ON m.id = t.matter_id
       LEFT JOIN base_dictionaries bt ON bt.id = m.bill_type_id
       ${describe ? 'LEFT JOIN employees e ON e.id = t.employee_id' : ''}
       LEFT JOIN positions p ON p.id = t.executor_position_id
       LEFT JOIN currencies c ON c.id = COALESCE(m.currency_id, i.currency_id)
      WHERE t.invoice_id = ANY($1::bigint[]) AND ${notTrashed('t')}${describe ? ' ORDER BY t.invoice_id, t.date_time, t.id' : ''}`,
    [list],
  );
  const priced = times.filter((t) => num(t.bill_code) === RATE_BASED);
  const rateOf = await timeRates(
    tx,
    priced.map((t) => num(t.who)),
    priced.map((t) => num(t.matter_id)),
  );
  for (const t of times) {
    const hours = toMoney(String(t.duration ?? 0)).div(3_600_000);
    const rate =
      num(t.bill_code) === RATE_BASED ? (rateOf(num(t.who), num(t.matter_id), String(t.date)) ?? toMoney(0)) : null;
    add(t.invoice_id, {
      kind: 'time',
      matterId: num(t.matter_id),
      date: str(t.date),
      description: describe ? join(': ', join(' ', t.gfirst_name, t.glast_name), t.work_description) : '',
      quantity: hours,
      rate,
      currencyId: num(t.currency_id),
      rateCurrency: str(t.currency) ?? '',
      base: rate === null ? toMoney(0) : hours.times(rate),
    });
  }
  const fees = await tx.query<Row>(
    `SELECT h.invoice_id, m.id AS matter_id, m.number, m.description, m.amount_fee::text AS fee,
            COALESCE(m.currency_id, i.currency_id) AS currency_id, c.code AS currency
       FROM (SELECT DISTINCT t.invoice_id, t.matter_id FROM times t
              WHERE t.invoice_id = ANY($1::bigint[]) AND ${notTrashed('t')}) h
       JOIN invoices i ON i.id = h.invoice_id
       JOIN matters m ON m.id = h.matter_id
       LEFT JOIN base_dictionaries bt ON bt.id = m.bill_type_id
       LEFT JOIN currencies c ON c.id = COALESCE(m.currency_id, i.currency_id)
      WHERE (bt.code IS NULL OR bt.code <> $2) AND m.amount_fee IS NOT NULL
      ORDER BY h.invoice_id, m.number, m.id`,
    [list, RATE_BASED],
  );
  for (const m of fees) {
    const fee = toMoney(String(m.fee));
    add(m.invoice_id, {
      kind: 'fee',
      matterId: num(m.matter_id),
      date: null,
      description: describe ? join(' ', m.number, m.description) : '',
      quantity: toMoney(1),
      rate: fee,
      currencyId: num(m.currency_id),
      rateCurrency: str(m.currency) ?? '',
      base: fee,
    });
  }
  const others = await tx.query<Row>(
    `SELECT 'expense' AS kind, x.invoice_id, x.payer_matter_id AS matter_id, to_char(x.date, 'YYYY-MM-DD') AS date,
            x.date AS sort_date, x.id, x.description, d.gname AS type, x.amount::text AS amount,
            x.amount::text AS charged, x.currency_id, c.code AS currency
       FROM expenses x LEFT JOIN base_dictionaries d ON d.id = x.expense_type_id
       LEFT JOIN currencies c ON c.id = x.currency_id
      WHERE x.invoice_id = ANY($1::bigint[]) AND ${notTrashed('x')} AND x.amount IS NOT NULL
     UNION ALL
     SELECT 'preInvoice', x.invoice_id, x.matter_id, to_char(x.date, 'YYYY-MM-DD'), x.date, x.id, x.number, NULL,
            x.amount::text, (x.amount + COALESCE(x.vat_amount, 0) - COALESCE(x.manual_closed_amount, 0))::text,
            x.currency_id, c.code
       FROM pre_invoices x LEFT JOIN currencies c ON c.id = x.currency_id
      WHERE x.invoice_id = ANY($1::bigint[]) AND x.amount IS NOT NULL
      ORDER BY 1, 2, 5, 6`,
    [list],
  );
  for (const x of others) {
    const charged = toMoney(String(x.charged));
    add(x.invoice_id, {
      kind: x.kind === 'expense' ? 'expense' : 'preInvoice',
      matterId: x.matter_id == null ? null : num(x.matter_id),
      date: str(x.date),
      description: describe ? join(': ', x.type, x.description) : '',
      quantity: toMoney(1),
      rate: charged,
      currencyId: num(x.currency_id),
      rateCurrency: str(x.currency) ?? '',
      base: charged,
      net: toMoney(String(x.amount)),
    });
  }
  await convert(tx, [...out.values()]);
  return out;
}

/**
 * Converts every line of `invoices` to its invoice's currency and sets the totals: the rates to
 * USD of every (currency, invoice date) involved are read in one query; an invoice missing one
 * gets `error` (409, the message of `rateToUsd`).
 */
async function convert(tx: HookTx, invoices: PricedInvoice[]): Promise<void> {
  const key = (currency: number, date: string) => `${currency}@${date}`;
  const wanted = new Map<string, { currency: number; date: string }>();
  for (const inv of invoices) {
    wanted.set(key(inv.currencyId, inv.date), { currency: inv.currencyId, date: inv.date });
    for (const l of inv.lines)
      if (l.currencyId !== inv.currencyId)
        wanted.set(key(l.currencyId, inv.date), { currency: l.currencyId, date: inv.date });
  }
  const pairs = [...wanted.values()];
  const rows = await tx.query<{ currency: string | number; date: string; code: string | null; rate: string | null }>(
    `SELECT k.currency, to_char(k.date, 'YYYY-MM-DD') AS date, c.code,
            CASE WHEN c.code = 'USD' THEN '1' ELSE (SELECT r.rate_to_usd::text FROM currency_rates r
              WHERE r.currency_id = k.currency AND r.date <= k.date ORDER BY r.date DESC LIMIT 1) END AS rate
       FROM unnest($1::bigint[], $2::date[]) AS k(currency, date) LEFT JOIN currencies c ON c.id = k.currency`,
    [pairs.map((p) => p.currency), pairs.map((p) => p.date)],
  );
  const rates = new Map<string, Money | Error>();
  for (const r of rows)
    rates.set(
      key(num(r.currency), r.date),
      r.rate !== null
        ? toMoney(r.rate)
        : Object.assign(new Error(`Currency ${r.code ?? r.currency} has no rate to USD valid on ${r.date}`), {
            statusCode: 409,
          }),
    );
  for (const inv of invoices) {
    const own = rates.get(key(inv.currencyId, inv.date));
    for (const l of inv.lines) {
      if (l.currencyId === inv.currencyId) l.exact = l.base;
      else {
        const theirs = rates.get(key(l.currencyId, inv.date));
        if (theirs instanceof Error || own instanceof Error || !theirs || !own) {
          inv.error ??= theirs instanceof Error ? theirs : own instanceof Error ? own : new Error('no rate');
          continue;
        }
        l.exact = l.base.times(theirs).div(own);
      }
    }
    if (inv.error) continue;
    const total = sumExact(inv.lines.map((l) => l.exact!));
    inv.exactTotal = total;
    inv.totalAmount = total.toFixed(minorUnits(inv.currency));
    if (own instanceof Error || !own) inv.error = own instanceof Error ? own : new Error('no rate');
    else inv.totalAmountUsd = total.times(own).toFixed(minorUnits('USD'));
  }
}

/**
 * One invoice priced ({@link pricedInvoices}).
 * @throws Error 404 for a missing invoice
 */
export async function pricedInvoice(
  tx: HookTx,
  invoiceId: number,
  options: { describe?: boolean } = {},
): Promise<PricedInvoice> {
  const inv = (await pricedInvoices(tx, [invoiceId], options)).get(invoiceId);
  if (!inv) throw Object.assign(new Error(`Invoice ${invoiceId} not found`), { statusCode: 404 });
  return inv;
}

/**
 * The one rate that prices a time entry (MC-3), as a lookup over the employees' titles and the
 * matters' rates read once (two queries for any number of time entries):
 * `rateOf(employee, matter, day)` is the matter's rate for the job title the employee (the
 * executor position's employee, else the time's) holds on `day` (the title whose `dateGte` is the
 * latest on or before the day and whose `dateLte`, if any, is on or after it), among that
 * matter's rates for the title valid on the day (`dateGte`..`dateLte`, both included, an empty
 * end open). Should old data hold several valid rates (the write path refuses overlapping ones,
 * `checkRateOverlap` in `server/engagements/rules.ts`), the one that starts latest (an open start
 * last), then the first stored (lowest id), is used - so a time entry is priced once, never once
 * per matching rate. Undefined when the employee has no title that day or the matter no rate for it.
 */
async function timeRates(
  tx: HookTx,
  employees: number[],
  matters: number[],
): Promise<(employee: number, matter: number, day: string) => Money | undefined> {
  type Dated = { gte: string | null; lte: string | null; id: number };
  const titles = new Map<number, Array<Dated & { title: number }>>();
  const rates = new Map<string, Array<Dated & { rate: Money }>>();
  if (employees.length > 0) {
    const rows = await tx.query<Row>(
      `SELECT id, employee_id, title_id, to_char(date_gte, 'YYYY-MM-DD') AS gte, to_char(date_lte, 'YYYY-MM-DD') AS lte
         FROM employee_titles WHERE employee_id = ANY($1::bigint[]) AND date_gte IS NOT NULL AND title_id IS NOT NULL
        ORDER BY employee_id, date_gte DESC, id`,
      [[...new Set(employees)]],
    );
    for (const r of rows) {
      const list = titles.get(num(r.employee_id)) ?? [];
      list.push({ id: num(r.id), gte: str(r.gte), lte: str(r.lte), title: num(r.title_id) });
      titles.set(num(r.employee_id), list);
    }
    const rateRows = await tx.query<Row>(
      `SELECT id, matter_id, title_id, rate::text AS rate, to_char(date_gte, 'YYYY-MM-DD') AS gte,
              to_char(date_lte, 'YYYY-MM-DD') AS lte
         FROM matter_rates WHERE matter_id = ANY($1::bigint[]) AND rate IS NOT NULL
        ORDER BY matter_id, title_id, date_gte DESC NULLS LAST, id`,
      [[...new Set(matters)]],
    );
    for (const r of rateRows) {
      const key = `${num(r.matter_id)}/${num(r.title_id)}`;
      const list = rates.get(key) ?? [];
      list.push({ id: num(r.id), gte: str(r.gte), lte: str(r.lte), rate: toMoney(String(r.rate)) });
      rates.set(key, list);
    }
  }
  const valid = (d: Dated, day: string) => (d.gte === null || d.gte <= day) && (d.lte === null || d.lte >= day);
  return (employee, matter, day) => {
    const title = titles.get(employee)?.find((t) => valid(t, day));
    if (!title) return undefined;
    return rates.get(`${matter}/${title.title}`)?.find((r) => valid(r, day))?.rate;
  };
}
