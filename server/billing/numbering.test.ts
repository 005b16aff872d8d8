import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { getSchema } from '../../schemas/registry';
import { integrityError } from '../rest/errors';

/**
 * MC-7: one numbering format per series - `INV-YYYY-NNNNN` for invoices and
 * `PI-YYYY-NNNNN` for pre-invoices - sequential per year of the document's date, taken in the
 * create transaction (server/billing/numbering.ts). The fixture holds INV-2026-0001 and
 * PI-2026-0001 (numbers of fewer digits count by their value).
 */
let h: Harness;
type Doc = { id: number; number: string };

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const invoice = (date: string, extra: Record<string, unknown> = {}) =>
  h.json<Doc>('admin', 'POST', '/core/api/invoices', {
    date,
    periodGte: `${date.slice(0, 7)}-01`,
    periodLte: date,
    billType: { id: h.fx.dict('BILL_TYPE', 1) },
    project: { id: h.fx.projects.acmeProject },
    payerClient: { id: h.fx.clients.acme },
    previewType: 'Project',
    currency: { id: h.fx.currencies.usd },
    ...extra,
  });
const preInvoice = (date: string) =>
  h.json<Doc>('admin', 'POST', '/core/api/preInvoices', {
    date,
    project: { id: h.fx.projects.acmeProject },
    matter: { id: h.fx.matters.acmeMatter },
    payerClient: { id: h.fx.clients.acme },
    hoursAmount: 1,
    amount: '100.00',
    vatPercent: 0,
  });
const numberOf = async (r: { status: number; body: Doc }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.number;
};

describe('MC-7 document numbers', () => {
  it('MC-7 INV-01 an invoice is numbered INV-YYYY-NNNNN, sequential per year of its date, with no gap from a failed create', async () => {
    expect(await numberOf(await invoice('2026-11-10'))).toBe('INV-2026-00002');
    // a refused create takes no number
    expect((await invoice('2026-11-11', { previewType: 'Nothing' })).status).toBe(400);
    expect(await numberOf(await invoice('2026-11-12'))).toBe('INV-2026-00003');
    // another year starts at 1
    expect(await numberOf(await invoice('2025-03-01'))).toBe('INV-2025-00001');
    expect(await numberOf(await invoice('2026-12-01'))).toBe('INV-2026-00004');
  });

  it('MC-7 PRE-01 a pre-invoice is numbered PI-YYYY-NNNNN, sequential per year of its date', async () => {
    expect(await numberOf(await preInvoice('2026-11-10'))).toBe('PI-2026-00002');
    expect(await numberOf(await preInvoice('2024-06-30'))).toBe('PI-2024-00001');
    expect(await numberOf(await preInvoice('2026-11-11'))).toBe('PI-2026-00003');
  });

  it('MC-7 INV-01 PRE-01 creates at the same time never share a number', async () => {
    const invoices = await Promise.all(Array.from({ length: 6 }, () => invoice('2027-01-15')));
    const pres = await Promise.all(Array.from({ length: 6 }, () => preInvoice('2027-01-15')));
    const inv = await Promise.all(invoices.map(numberOf));
    const pi = await Promise.all(pres.map(numberOf));
    expect([...inv].sort()).toEqual(Array.from({ length: 6 }, (_, i) => `INV-2027-0000${i + 1}`));
    expect([...pi].sort()).toEqual(Array.from({ length: 6 }, (_, i) => `PI-2027-0000${i + 1}`));
  });

  it('MC-7 INV-01 PRE-01 the database refuses a number already taken, by any write; documents without a number may be many', async () => {
    const inv = await numberOf(await invoice('2027-02-01'));
    const inv2 = await numberOf(await invoice('2027-02-02'));
    const pi = await numberOf(await preInvoice('2027-02-01'));
    const pi2 = await numberOf(await preInvoice('2027-02-02'));
    for (const [table, taken, other, constraint] of [
      ['invoices', inv, inv2, 'invoices_number_unique'],
      ['pre_invoices', pi, pi2, 'pre_invoices_number_unique'],
    ] as const) {
      const e = await h.db
        .query(`UPDATE ${table} SET number = $1 WHERE number = $2`, [taken, other])
        .then(() => undefined)
        .catch((err: unknown) => err as { code?: string; constraint?: string });
      expect(e, `${table}: a duplicate number must be refused`).toMatchObject({ code: '23505', constraint });
      // drafts without a number (NULL) do not conflict with each other
      await h.db.query(`UPDATE ${table} SET number = NULL WHERE number IN ($1, $2)`, [taken, other]);
      const [n] = await h.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table} WHERE number IS NULL`);
      expect(Number(n!.n)).toBeGreaterThanOrEqual(2);
    }
    // a recorded write hitting the constraint answers 409 at the field, as every unique field does
    const refused = integrityError({ code: '23505', constraint: 'invoices_number_unique' }, getSchema('invoices'));
    expect(refused?.statusCode).toBe(409);
    expect(refused?.message).toMatch(/with this number already exists/i);
  });
});
