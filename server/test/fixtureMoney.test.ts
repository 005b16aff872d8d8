import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMoney } from '../../schemas/money';
import { runMoneyCheck } from '../billing/moneyCheck';
import { createHarness, type Harness } from './harness';

/**
 * The test fixture's billing documents are ones the product could have made (MC-5, MC-8): its
 * pre-invoice, held by its invoice, was approved and is closed by it (balance 0), so the money
 * check finds nothing wrong with either - tests start from consistent money.
 */
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('MC-8 the fixture', () => {
  it("MC-5 MC-8 the fixture's invoice and the pre-invoice it holds break no money invariant", async () => {
    const { acmeInvoice, acmePreInvoice } = h.fx.billing;
    const { problems } = await runMoneyCheck(h.db);
    const ours = problems.filter(
      (p) =>
        (p.collection === 'invoices' && p.id === acmeInvoice) ||
        (p.collection === 'preInvoices' && p.id === acmePreInvoice),
    );
    expect(ours).toEqual([]);
    const [pre] = await h.db.query<{ code: string | number; balance: string; invoice_id: string | number }>(
      `SELECT d.code, p.balance::text AS balance, p.invoice_id FROM pre_invoices p
         JOIN base_dictionaries d ON d.id = p.status_id WHERE p.id = $1`,
      [acmePreInvoice],
    );
    expect({ code: Number(pre!.code), invoice: Number(pre!.invoice_id) }).toEqual({ code: 6, invoice: acmeInvoice });
    expect(toMoney(pre!.balance).isZero()).toBe(true);
  });
});
