import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import type { HookTx } from '../../schemas/define';
import { invoiceLines } from './invoiceLines';
import { invoiceTotals, invoiceTotalsOf } from './invoiceRules';
import { pricedInvoices } from './pricing';

/**
 * One pricing of invoices (INV-23, `server/billing/pricing.ts`): the stored totals
 * (`invoiceTotals`), the document's lines (`invoiceLines`), the money check's batch
 * (`invoiceTotalsOf`, MC-8) and a matter's balance (MAT-17, MC-7) price a line the same way. Each
 * case is one the three separate pricings disagreed on: the document and the balance joined every
 * rate of a title (a time entry counted once per rate, whatever its period), and the document
 * printed a pre-invoice without its VAT, so its lines did not add up to the amount due.
 */
let h: Harness;
let tx: HookTx;

beforeAll(async () => {
  h = await createHarness();
  tx = h.db as unknown as HookTx;
});
afterAll(async () => h?.close());

/** A Draft invoice of the Acme project dated `date` in currency `currency` (USD by default), no lines. */
const invoice = (date = '2026-11-30', currency = h.fx.currencies.usd) =>
  insertRow(h.db, 'invoices', {
    date,
    periodGte: '2026-10-01',
    periodLte: '2026-11-30',
    billType: h.fx.dict('BILL_TYPE', 2),
    project: h.fx.projects.acmeProject,
    payerClient: h.fx.clients.acme,
    previewType: 'Project',
    currency,
    status: h.fx.dict('INVOICE_STATUS', 1),
    signed: false,
    paid: false,
  });

/** anna's billable time entry on acmeMatter at `dateTime`, `hours` long, held by `invoiceId`. */
const time = (invoiceId: number, dateTime: string, hours: number) =>
  insertRow(h.db, 'times', {
    dateTime,
    workType: h.fx.dict('WORK_TYPE', 1),
    duration: hours * 3_600_000,
    billable: true,
    employee: h.fx.employees.anna,
    executorPosition: h.fx.positions.annaSector,
    matter: h.fx.matters.acmeMatter,
    project: h.fx.projects.acmeProject,
    invoice: invoiceId,
    billingStatus: h.fx.dict('BILLING_STATUS', 4),
  });

const asText = (v: { toFixed: (n: number) => string }) => v.toFixed(2);

describe('INV-23 one pricing of invoices', () => {
  it("MC-3 MC-7 INV-23 MAT-17 a time entry is priced by its day's rate alike in the invoice total, the document's lines and the matter's balance", async () => {
    // acmeMatter rate-based; anna is a partner: 100.00 in October, 150.00 from November
    await h.db.query('UPDATE matters SET bill_type_id = $1 WHERE id = $2', [
      h.fx.dict('BILL_TYPE', 2),
      h.fx.matters.acmeMatter,
    ]);
    for (const [rate, gte, lte] of [
      ['100.00', '2026-10-01', '2026-10-31'],
      ['150.00', '2026-11-01', null],
    ])
      await insertRow(h.db, 'matterRates', {
        matter: h.fx.matters.acmeMatter,
        title: h.fx.titles.partner,
        rate,
        dateGte: gte,
        dateLte: lte,
      });
    const id = await invoice();
    await time(id, '2026-10-20T10:00:00Z', 1);
    await time(id, '2026-11-20T10:00:00Z', 2);
    // 1 h x 100.00 + 2 h x 150.00
    expect(await invoiceTotals(tx, id)).toEqual({ totalAmount: '400.00', totalAmountUsd: '400.00' });
    const doc = await invoiceLines(tx, id);
    expect(doc.lines.map((l) => [l.kind, asText(l.quantity), l.rate && asText(l.rate), asText(l.amount)])).toEqual([
      ['time', '1.00', '100.00', '100.00'],
      ['time', '2.00', '150.00', '300.00'],
    ]);
    expect(asText(doc.total)).toBe('400.00');
    // the matter's balance: its fee 15,000 less the fixture's 1,000.00 pre-invoice and these 400.00
    const b = await h.json<{ invoiced: number; matterBalance: number }>(
      'admin',
      'GET',
      `/core/api/matters/${h.fx.matters.acmeMatter}/balance?currencyCode=USD`,
    );
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body).toMatchObject({ invoiced: 1400, matterBalance: 13600 });
  });

  it('MC-5 INV-23 INV-28 a pre-invoice with VAT and a manual close is one line of the document at what the invoice charges, so the lines add up to the total', async () => {
    const id = await invoice();
    await insertRow(h.db, 'preInvoices', {
      number: 'PI-2026-00077',
      date: '2026-11-10',
      project: h.fx.projects.acmeProject,
      matter: h.fx.matters.acmeMatter,
      payerClient: h.fx.clients.acme,
      currency: h.fx.currencies.usd,
      amount: '1000.00',
      vatPercent: '0.12',
      vatAmount: '120.00',
      manualClosedAmount: '20.00',
      balance: '0.00',
      status: h.fx.dict('PRE_INVOICE_STATUS', 4),
      signed: false,
      invoice: id,
    });
    expect(await invoiceTotals(tx, id)).toEqual({ totalAmount: '1100.00', totalAmountUsd: '1100.00' });
    const doc = await invoiceLines(tx, id);
    expect(doc.lines.map((l) => [l.kind, l.description, l.rate && asText(l.rate), asText(l.amount)])).toEqual([
      ['preInvoice', 'PI-2026-00077', '1100.00', '1100.00'],
    ]);
    expect(asText(doc.total)).toBe('1100.00');
  });

  it('MC-8 INV-23 the batch prices any number of invoices in the same few queries, each as invoiceTotals does; a currency without a rate fails only its invoice', async () => {
    const eur = await insertRow(h.db, 'currencies', { code: 'EUR', gname: 'Euro' });
    const kztInvoice = await invoice('2026-11-30', h.fx.currencies.kzt);
    await time(kztInvoice, '2026-11-21T10:00:00Z', 1);
    const eurInvoice = await invoice('2026-11-30', eur);
    const ids = (await h.db.query<{ id: string | number }>('SELECT id FROM invoices ORDER BY id')).map((r) =>
      Number(r.id),
    );
    expect(ids.length).toBeGreaterThanOrEqual(4);
    const batch = await invoiceTotalsOf(tx, ids);
    for (const id of ids) {
      const one = await invoiceTotals(tx, id).catch((e: Error) => e);
      expect(batch.get(id), `invoice ${id}`).toEqual(one);
    }
    const failed = batch.get(eurInvoice);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toBe('Currency EUR has no rate to USD valid on 2026-11-30');
    expect((failed as Error & { statusCode?: number }).statusCode).toBe(409);
    // the KZT invoice is priced (150.00 USD at 0.00208333 USD per tenge)
    expect(batch.get(kztInvoice)).toEqual({ totalAmount: '72000.12', totalAmountUsd: '150.00' });
    // as many statements for one invoice as for all of them
    const counted = () => {
      let n = 0;
      const counting = { query: (sql: string, params?: unknown[]) => (n++, tx.query(sql, params)) };
      return { db: counting as unknown as HookTx, count: () => n };
    };
    const single = counted();
    await pricedInvoices(single.db, [kztInvoice]);
    const all = counted();
    await pricedInvoices(all.db, ids);
    expect(all.count()).toBe(single.count());
  });
});
