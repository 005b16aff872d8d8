import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minorUnits, roundToCurrency } from '../../schemas/money';
import { createHarness, type Harness } from '../test/harness';

/**
 * Amounts keep their currency's minor units (MC-4, ISO 4217 through `Intl`): a JPY
 * invoice or pre-invoice has no decimals, a KWD one three, so no document is left open for a
 * fraction of its smallest coin (the audit's 0.0051).
 */
let h: Harness;
const currency: Record<'jpy' | 'kwd', number> = { jpy: 0, kwd: 0 };
beforeAll(async () => {
  h = await createHarness();
  for (const [key, code, rate] of [
    ['jpy', 'JPY', '0.0067'],
    ['kwd', 'KWD', '3.25'],
  ] as const) {
    const c = await h.json<{ id: number }>('admin', 'POST', '/core/api/currencies', { code, gname: code });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    currency[key] = c.body.id;
    const r = await h.json('admin', 'POST', '/core/api/currencyRates', {
      currency: { id: c.body.id },
      date: '2026-10-01',
      rateToUsd: rate,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
});
afterAll(async () => h?.close());

const preInvoice = async (code: 'jpy' | 'kwd', amount: string, vatPercent: number) => {
  const res = await h.json<{ id: number; vatAmount: number; balance: number }>(
    'admin',
    'POST',
    '/core/api/preInvoices',
    {
      date: '2026-11-10',
      project: { id: h.fx.projects.acmeProject },
      matter: { id: h.fx.matters.acmeMatter },
      payerClient: { id: h.fx.clients.acme },
      contract: 'MINOR',
      amount,
      vatPercent,
      currency: { id: currency[code] },
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

/** A Draft invoice in `code` charging one pre-invoice of `amount` in the same currency; its recalculated totals. */
const invoiceTotal = async (code: 'jpy' | 'kwd', amount: string) => {
  const pre = await preInvoice(code, amount, 0);
  const inv = await h.json<{ id: number }>('admin', 'POST', '/core/api/invoices', {
    date: '2026-11-10',
    periodGte: '2026-11-01',
    periodLte: '2026-11-30',
    billType: { id: h.fx.dict('BILL_TYPE', 1) },
    project: { id: h.fx.projects.acmeProject },
    payerClient: { id: h.fx.clients.acme },
    invoiceLanguage: { id: h.fx.dict('LANGUAGE', 1) },
    contract: 'MINOR',
    previewType: 'Project',
    currency: { id: currency[code] },
    matterList: [{ id: h.fx.matters.acmeMatter }],
  });
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  // test setup: the pre-invoice is charged by the invoice (linking rules are not under test here)
  await h.db.query('UPDATE pre_invoices SET invoice_id = $1 WHERE id = $2', [inv.body.id, pre.id]);
  const rec = await h.json<{ totalAmount: string; totalAmountUsd: string }>(
    'admin',
    'PATCH',
    `/core/api/invoices/recalculate/${inv.body.id}`,
  );
  expect(rec.status, JSON.stringify(rec.body)).toBe(200);
  return rec.body;
};

describe('minor units of a currency', () => {
  it('MC-4 minorUnits reads ISO 4217 minor units from Intl: JPY 0, KWD 3, USD and KZT 2, an unknown code 2', () => {
    expect(['JPY', 'KWD', 'USD', 'kzt', 'NOPE1', null].map(minorUnits)).toEqual([0, 3, 2, 2, 2, 2]);
    expect(roundToCurrency('1000.5', 'JPY')).toBe('1001');
    expect(roundToCurrency('1.23451', 'KWD')).toBe('1.235');
    expect(roundToCurrency('0.0051', 'USD')).toBe('0.01');
  });

  it('MC-4 INV-23 a JPY invoice has 0 decimals and a KWD one 3', async () => {
    expect(await invoiceTotal('jpy', '1000.4')).toMatchObject({ totalAmount: '1000' });
    expect(await invoiceTotal('kwd', '10.1235')).toMatchObject({ totalAmount: '10.124' });
  });

  it('MC-4 PRE-01 a pre-invoice rounds its VAT and balance to its currency: JPY 0 decimals, KWD 3', async () => {
    // 1001 x 0.125 = 125.125 -> 125 yen; 10 x 0.12345 = 1.2345 -> 1.235 dinars
    expect(await preInvoice('jpy', '1001', 0.125)).toMatchObject({ vatAmount: 125, balance: 1126 });
    expect(await preInvoice('kwd', '10', 0.12345)).toMatchObject({ vatAmount: 1.235, balance: 11.235 });
  });
});
