import type { HookTx } from '../../schemas/define';
import { RATE_BASED } from '../../schemas/engagements/rules';
import { allocate, minorUnits, sumExact, toMoney, type Money } from '../../schemas/money';
import { notTrashed } from '../trash/columns';
import { rateToUsd } from './invoiceRules';

/** What an invoice line charges: a time entry, a fixed fee, an expense or a pre-invoice. */
export type InvoiceLineKind = 'time' | 'fee' | 'expense' | 'preInvoice';

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

type Row = Record<string, unknown>;

/**
 * The priced lines of an invoice, with the same prices and conversions as `invoiceTotals`
 * (INV-23, `server/billing/invoiceRules.ts`): rate-based times (hours x title rate), each fixed
 * fee once, expenses and pre-invoices at their amounts, converted through USD at the invoice
 * date. `total` is the exact sum rounded to the invoice currency's minor units, and the lines'
 * `amount`s are the exact amounts split by largest remainder ({@link allocate}) so that they add
 * up to `total` exactly - what the invoice document prints (MC-5: a client can rebuild
 * the amount due). Reads only; trashed times and expenses count nothing.
 * @returns `{ currency, total, lines }`, lines in order times (by date), fees, expenses (by date), pre-invoices
 * @throws Error 404 for a missing invoice; 409 when a currency involved has no rate valid on the invoice date
 */
export async function invoiceLines(
  tx: HookTx,
  invoiceId: number,
): Promise<{ currency: string; total: Money; lines: InvoiceLine[] }> {
  const [inv] = await tx.query<{ currency_id: string | number; date: string; code: string | null }>(
    `SELECT i.currency_id, to_char(i.date, 'YYYY-MM-DD') AS date, c.code
       FROM invoices i LEFT JOIN currencies c ON c.id = i.currency_id WHERE i.id = $1`,
    [invoiceId],
  );
  if (!inv) throw Object.assign(new Error(`Invoice ${invoiceId} not found`), { statusCode: 404 });
  const invoiceCurrency = Number(inv.currency_id);
  const code = inv.code ?? '';
  const rates = new Map<number, Money>();
  const usdRate = async (currency: number) => {
    if (!rates.has(currency)) rates.set(currency, await rateToUsd(tx, currency, inv.date));
    return rates.get(currency)!;
  };
  const convert = async (amount: Money, currency: number) =>
    currency === invoiceCurrency ? amount : amount.times(await usdRate(currency)).div(await usdRate(invoiceCurrency));
  const raw: Array<Omit<InvoiceLine, 'amount'>> = [];
  const times = await tx.query<Row>(
    `SELECT to_char(t.date_time, 'YYYY-MM-DD') AS date, t.work_description, t.duration::text AS duration,
            bt.code AS bill_code, mr.rate::text AS rate, COALESCE(m.currency_id, $3) AS currency_id, c.code AS currency,
            e.gfirst_name, e.glast_name
       FROM times t
       JOIN matters m ON m.id = t.matter_id
       LEFT JOIN base_dictionaries bt ON bt.id = m.bill_type_id
       LEFT JOIN employees e ON e.id = t.employee_id
       LEFT JOIN positions p ON p.id = t.executor_position_id
       LEFT JOIN LATERAL (
         SELECT et.title_id FROM employee_titles et
          WHERE et.employee_id = COALESCE(p.employee_id, t.employee_id)
            AND et.date_gte <= t.date_time::date AND (et.date_lte IS NULL OR et.date_lte >= t.date_time::date)
          ORDER BY et.date_gte DESC LIMIT 1) ttl ON TRUE
       LEFT JOIN matter_rates mr ON mr.matter_id = m.id AND mr.title_id = ttl.title_id AND bt.code = $2
       LEFT JOIN currencies c ON c.id = COALESCE(m.currency_id, $3)
      WHERE t.invoice_id = $1 AND ${notTrashed('t')} ORDER BY t.date_time, t.id`,
    [invoiceId, RATE_BASED, invoiceCurrency],
  );
  for (const t of times) {
    const hours = toMoney(String(t.duration ?? 0)).div(3_600_000);
    const priced = Number(t.bill_code) === RATE_BASED;
    const rate = priced && t.rate != null ? toMoney(String(t.rate)) : priced ? toMoney(0) : null;
    const who = [t.gfirst_name, t.glast_name].filter((s) => s != null && s !== '').join(' ');
    raw.push({
      kind: 'time',
      date: (t.date as string | null) ?? null,
      description: [who, t.work_description].filter((s) => s != null && s !== '').join(': '),
      quantity: hours,
      rate,
      rateCurrency: String(t.currency ?? code),
      exact: rate === null ? toMoney(0) : await convert(hours.times(rate), Number(t.currency_id)),
    });
  }
  const fees = await tx.query<Row>(
    `SELECT m.number, m.description, m.amount_fee::text AS fee, COALESCE(m.currency_id, $3) AS currency_id, c.code AS currency
       FROM matters m
       LEFT JOIN base_dictionaries bt ON bt.id = m.bill_type_id
       LEFT JOIN currencies c ON c.id = COALESCE(m.currency_id, $3)
      WHERE m.id IN (SELECT t.matter_id FROM times t WHERE t.invoice_id = $1 AND ${notTrashed('t')})
        AND (bt.code IS NULL OR bt.code <> $2) AND m.amount_fee IS NOT NULL
      ORDER BY m.number, m.id`,
    [invoiceId, RATE_BASED, invoiceCurrency],
  );
  for (const m of fees) {
    const fee = toMoney(String(m.fee));
    raw.push({
      kind: 'fee',
      date: null,
      description: [m.number, m.description].filter((s) => s != null && s !== '').join(' '),
      quantity: toMoney(1),
      rate: fee,
      rateCurrency: String(m.currency ?? code),
      exact: await convert(fee, Number(m.currency_id)),
    });
  }
  const expenses = await tx.query<Row>(
    `SELECT to_char(x.date, 'YYYY-MM-DD') AS date, x.description, d.gname AS type, x.amount::text AS amount,
            x.currency_id, c.code AS currency
       FROM expenses x LEFT JOIN base_dictionaries d ON d.id = x.expense_type_id
       LEFT JOIN currencies c ON c.id = x.currency_id
      WHERE x.invoice_id = $1 AND ${notTrashed('x')} AND x.amount IS NOT NULL ORDER BY x.date, x.id`,
    [invoiceId],
  );
  const pres = await tx.query<Row>(
    `SELECT to_char(x.date, 'YYYY-MM-DD') AS date, x.number AS description, NULL AS type, x.amount::text AS amount,
            x.currency_id, c.code AS currency
       FROM pre_invoices x LEFT JOIN currencies c ON c.id = x.currency_id
      WHERE x.invoice_id = $1 AND x.amount IS NOT NULL ORDER BY x.date, x.id`,
    [invoiceId],
  );
  for (const [kind, rows] of [
    ['expense', expenses],
    ['preInvoice', pres],
  ] as const)
    for (const x of rows) {
      const amount = toMoney(String(x.amount));
      raw.push({
        kind,
        date: (x.date as string | null) ?? null,
        description: [x.type, x.description].filter((s) => s != null && s !== '').join(': '),
        quantity: toMoney(1),
        rate: amount,
        rateCurrency: String(x.currency ?? code),
        exact: await convert(amount, Number(x.currency_id)),
      });
    }
  const places = minorUnits(code);
  const exactTotal = sumExact(raw.map((l) => l.exact));
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
