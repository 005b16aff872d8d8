import { toMoney, type Money } from '../../schemas/money';
import {
  type Currency,
  invoiceSettled,
  invoiceTotal,
  type Model,
  paidFlag,
  preBalance,
  prePaid,
  type Real,
} from './billingModel';

/**
 * The real side of the model-based billing test (MC-model): reads what the database holds for the
 * documents a run made and compares it with the model (`billingModel.ts`). Reads go straight to
 * the tables (one query per table), so the comparison after every step stays cheap; the end of a
 * run also reads every document through the API and compares its balances per currency.
 */

type Row = Record<string, string | number | boolean | null>;
const ids = (xs: Array<{ id: number }>) => xs.map((x) => x.id);
const same = (a: unknown, b: Money) => toMoney(String(a)).equals(b);

/** What differs between the model and the database (empty when they agree). */
export async function differences(m: Model, r: Real): Promise<string[]> {
  const out: string[] = [];
  const db = r.h.db;
  const invoices = await db.query<Row>(
    `SELECT i.id, d.code, i.total_amount::text AS total, i.paid, i.signed, i.contract
       FROM invoices i LEFT JOIN base_dictionaries d ON d.id = i.status_id WHERE i.id = ANY($1::int[])`,
    [ids(m.invoices)],
  );
  const pres = await db.query<Row>(
    `SELECT p.id, d.code, p.balance::text AS balance, p.invoice_id
       FROM pre_invoices p LEFT JOIN base_dictionaries d ON d.id = p.status_id WHERE p.id = ANY($1::int[])`,
    [ids(m.pres)],
  );
  const times = await db.query<Row>('SELECT id, invoice_id FROM times WHERE id = ANY($1::int[])', [m.times]);
  const payments = await db.query<Row>(
    'SELECT id, amount::text AS amount, reversed_at IS NOT NULL AS reversed FROM payment_histories WHERE id = ANY($1::int[])',
    [ids(m.payments)],
  );
  const byId = (rows: Row[]) => new Map(rows.map((x) => [Number(x.id), x]));
  const realInv = byId(invoices);
  for (const inv of m.invoices) {
    const x = realInv.get(inv.id);
    if (!x) {
      out.push(`invoice ${inv.id} is missing`);
      continue;
    }
    const total = invoiceTotal(m, inv);
    if (Number(x.code) !== inv.status) out.push(`invoice ${inv.id}: status ${x.code}, model ${inv.status}`);
    if (!same(x.total, total)) out.push(`invoice ${inv.id}: total ${x.total}, model ${total.toFixed()}`);
    if (Boolean(x.paid) !== paidFlag(m, inv)) out.push(`invoice ${inv.id}: paid ${x.paid}, model ${paidFlag(m, inv)}`);
    if (Boolean(x.signed) !== inv.signed) out.push(`invoice ${inv.id}: signed ${x.signed}, model ${inv.signed}`);
    if ((x.contract ?? '') !== inv.contract)
      out.push(`invoice ${inv.id}: contract ${x.contract}, model ${inv.contract}`);
  }
  const realPre = byId(pres);
  for (const p of m.pres) {
    const x = realPre.get(p.id);
    if (!x) {
      out.push(`pre-invoice ${p.id} is missing`);
      continue;
    }
    if (Number(x.code) !== p.status) out.push(`pre-invoice ${p.id}: status ${x.code}, model ${p.status}`);
    const invoice = x.invoice_id === null ? null : Number(x.invoice_id);
    if (invoice !== p.invoice) out.push(`pre-invoice ${p.id}: invoice ${invoice}, model ${p.invoice}`);
    if (!same(x.balance, preBalance(m, p)))
      out.push(`pre-invoice ${p.id}: balance ${x.balance}, model ${preBalance(m, p).toFixed()}`);
  }
  const realTimes = byId(times);
  for (const t of m.times) {
    const held = m.invoices.find((i) => i.times.includes(t))?.id ?? null;
    const x = realTimes.get(t);
    const real = x?.invoice_id == null ? null : Number(x.invoice_id);
    if (real !== held) out.push(`time ${t}: invoice ${real}, model ${held}`);
  }
  const realPay = byId(payments);
  for (const p of m.payments) {
    const x = realPay.get(p.id);
    if (!x) out.push(`payment ${p.id} is missing`);
    else if (!same(x.amount, p.amount) || Boolean(x.reversed) !== p.reversed)
      out.push(
        `payment ${p.id}: ${x.amount} reversed ${x.reversed}, model ${p.amount.toFixed()} reversed ${p.reversed}`,
      );
  }
  const extra = await db.query<Row>(
    `SELECT id FROM payment_histories WHERE (invoice_id = ANY($1::int[]) OR pre_invoice_id = ANY($2::int[]))
        AND NOT (id = ANY($3::int[]))`,
    [ids(m.invoices), ids(m.pres), ids(m.payments)],
  );
  for (const x of extra) out.push(`payment ${x.id} is not in the model`);
  return out;
}

/** Paid and open amounts summed per currency. */
export type Balances = Record<Currency, { paid: string; open: string }>;

const add = (b: Record<string, { paid: Money; open: Money }>, c: string, paid: Money, open: Money) => {
  const e = (b[c] ??= { paid: toMoney(0), open: toMoney(0) });
  e.paid = e.paid.plus(paid);
  e.open = e.open.plus(open);
};
const fixed = (b: Record<string, { paid: Money; open: Money }>) =>
  Object.fromEntries(
    Object.entries(b)
      .sort()
      .map(([c, v]) => [c, { paid: v.paid.toFixed(2), open: v.open.toFixed(2) }]),
  ) as Balances;

/** The model's paid and open balances per currency: invoices, and pre-invoices no invoice holds. */
export function modelBalances(m: Model): Balances {
  const b: Record<string, { paid: Money; open: Money }> = {};
  for (const inv of m.invoices) {
    const paid = invoiceSettled(m, inv);
    add(b, inv.currency, paid, invoiceTotal(m, inv).minus(paid));
  }
  for (const p of m.pres) if (p.invoice === null) add(b, p.currency, prePaid(m, p.id), preBalance(m, p));
  return fixed(b);
}

/**
 * The same balances read through the API as an administrator: each invoice's `totalAmount`, each
 * pre-invoice's `balance` and `invoice`, and the payments listed for each document (reversed ones
 * left out), per currency.
 */
export async function realBalances(m: Model, r: Real): Promise<Balances> {
  const b: Record<string, { paid: Money; open: Money }> = {};
  const get = async <T>(url: string) => {
    const res = await r.h.json<T>('admin', 'GET', url);
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  type Pay = { amount: number | string; reversedAt: string | null };
  const paidBy = async (filter: string) => {
    const list = await get<{ _embedded: { paymentHistories: Pay[] } }>(
      `/core/api/paymentHistories?${filter}&size=1000`,
    );
    return list._embedded.paymentHistories
      .filter((p) => p.reversedAt === null)
      .reduce((s, p) => s.plus(toMoney(String(p.amount))), toMoney(0));
  };
  for (const inv of m.invoices) {
    const real = await get<{ totalAmount: number | string; currency: { code: string } }>(
      `/core/api/invoices/${inv.id}`,
    );
    let paid = await paidBy(`invoice.id=${inv.id}`);
    const held = await get<{ _embedded: { preInvoices: Array<{ id: number }> } }>(
      `/core/api/preInvoices?invoice.id=${inv.id}&size=1000`,
    );
    for (const p of held._embedded.preInvoices) paid = paid.plus(await paidBy(`preInvoice.id=${p.id}`));
    add(b, real.currency.code, paid, toMoney(String(real.totalAmount)).minus(paid));
  }
  for (const p of m.pres) {
    const real = await get<{ balance: number | string; invoice: unknown; currency: { code: string } }>(
      `/core/api/preInvoices/${p.id}`,
    );
    if (real.invoice == null)
      add(b, real.currency.code, await paidBy(`preInvoice.id=${p.id}`), toMoney(String(real.balance)));
  }
  return fixed(b);
}
