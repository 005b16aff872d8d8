import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * MAT-17, MC-7: a matter's balance is its fee less what invoices billed of it, per payer
 * office and currency (the rule: docs/areas/matters.md, "A matter's balance"). Fixture: acmeMatter,
 * a fixed fee (bill type 1) of 15,000.00 USD; acmeInvoice (Draft, no transit account) holds a
 * 1,000.00 USD pre-invoice of acmeMatter.
 */
let h: Harness;
type Balance = { matterBalance: number; currencyCode: string; fee: number; invoiced: number };

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const balance = async (matter: number, query = '') => {
  const r = await h.json<Balance>('admin', 'GET', `/core/api/matters/${matter}/balance?currencyCode=USD${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const time = (matter: number, project: number, duration: number, invoice: number) =>
  insertRow(h.db, 'times', {
    dateTime: '2026-10-10T09:00:00Z',
    workType: h.fx.dict('WORK_TYPE', 1),
    duration,
    billable: true,
    employee: h.fx.employees.anna,
    executorPosition: h.fx.positions.annaSector,
    matter,
    project,
    invoice,
  });

describe("MAT-17 a matter's balance", () => {
  it('MC-7 MAT-17 is the fee less what invoices not cancelled billed of the matter, per payer office, exact', async () => {
    const acme = h.fx.matters.acmeMatter;
    const invoice = h.fx.billing.acmeInvoice;
    // the held pre-invoice of the matter is invoiced: 15,000 - 1,000
    expect(await balance(acme)).toEqual({ matterBalance: 14000, currencyCode: 'USD', fee: 15000, invoiced: 1000 });
    // paid into no office yet: nothing is invoiced into London or Almaty
    expect((await balance(acme, `&payerOfficeId=${h.fx.offices.almaty}`)).matterBalance).toBe(15000);
    const [transit] = await h.db.query<{ id: number }>('SELECT id FROM office_transit_accounts ORDER BY id LIMIT 1');
    await h.db.query('UPDATE invoices SET office_transit_account_id = $1 WHERE id = $2', [transit!.id, invoice]);
    expect((await balance(acme, `&payerOfficeId=${h.fx.offices.almaty}`)).matterBalance).toBe(14000);
    expect((await balance(acme, `&payerOfficeId=${h.fx.offices.london}`)).matterBalance).toBe(15000);
    // time of the fixed-fee matter on the invoice bills its fee once, however many entries; its
    // expense counts; the other matter's time on the same invoice is that matter's, not this one's
    await time(acme, h.fx.projects.acmeProject, 3_600_000, invoice);
    await time(acme, h.fx.projects.acmeProject, 1_800_000, invoice);
    await h.db.query('UPDATE expenses SET invoice_id = $1 WHERE id = $2', [invoice, h.fx.billing.acmeExpense]);
    await h.db.query('UPDATE times SET invoice_id = $1 WHERE id = $2', [invoice, h.fx.times.borisTime]);
    expect(await balance(acme)).toEqual({
      matterBalance: -1120,
      currencyCode: 'USD',
      fee: 15000,
      invoiced: 16120,
    });
    expect((await balance(h.fx.matters.globexMatter)).matterBalance).toBe(0);
    // a cancelled invoice bills nothing
    await h.db.query('UPDATE invoices SET status_id = $1 WHERE id = $2', [h.fx.dict('INVOICE_STATUS', 3), invoice]);
    expect(await balance(acme)).toEqual({ matterBalance: 15000, currencyCode: 'USD', fee: 15000, invoiced: 0 });
  });

  it('MC-7 MAT-17 a rate-based matter is billed its priced time: hours x the rate of the title, in exact decimals', async () => {
    const matter = await insertRow(h.db, 'matters', {
      number: 'M-0900',
      project: h.fx.projects.acmeProject,
      date: '2026-10-05',
      description: 'Hourly advice',
      status: h.fx.dict('MATTER_STATUS', 1),
      responsiblePosition: h.fx.positions.annaSector,
      billType: h.fx.dict('BILL_TYPE', 2),
      amountFee: '5000.00',
      currency: h.fx.currencies.usd,
      notNeedDocumentUpload: true,
      internationalMatter: false,
      internationalPercent: '0',
      hunted: false,
      hunterPercent: '0',
      feeWithTax: false,
    });
    for (const title of [h.fx.titles.associate, h.fx.titles.partner])
      await insertRow(h.db, 'matterRates', { matter, title, rate: '333.33' });
    const invoice = await insertRow(h.db, 'invoices', {
      number: 'INV-2026-00900',
      date: '2026-11-05',
      periodGte: '2026-10-01',
      periodLte: '2026-10-31',
      project: h.fx.projects.acmeProject,
      payerClient: h.fx.clients.acme,
      currency: h.fx.currencies.usd,
      status: h.fx.dict('INVOICE_STATUS', 4),
      signed: false,
      paid: false,
    });
    // 1 h 20 min at 333.33 = 444.44; 10 min = 55.555
    await time(matter, h.fx.projects.acmeProject, 4_800_000, invoice);
    await time(matter, h.fx.projects.acmeProject, 600_000, invoice);
    const b = await balance(matter);
    expect(b.fee).toBe(5000);
    expect(String(b.invoiced)).toBe('499.995');
    expect(String(b.matterBalance)).toBe('4500.005');
  });
});
