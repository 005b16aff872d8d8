import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * Invoice quotas through the HTTP API (INV-03, INV-32..35): CRUD with `invoiceId` as a flat id
 * and `position { id }`; the quotas covering any one day of an invoice may not exceed 100 %; a
 * quota is read on the invoices the user may read (INV-14).
 */
let h: Harness;
type Quota = {
  id: number;
  version: number;
  invoiceId: number;
  dateGte: string;
  dateLte: string;
  percentage: number;
  position: { id: number };
};
type Err = { message: string; errors?: Array<{ property: string; message: string }> };
const full = { view: true, create: true, update: true, delete: true };

beforeAll(async () => {
  h = await createHarness();
  await createTestUser(h.db, {
    username: 'invoicer',
    employeeId: h.fx.employees.carl,
    roles: [{ name: 'INVOICER', privileges: [{ module: 'invoice', ...full }] }],
  });
});
afterAll(async () => h?.close());

const quota = (extra: Record<string, unknown> = {}) => ({
  invoiceId: h.fx.billing.acmeInvoice,
  dateGte: '2026-11-01',
  dateLte: '2026-11-30',
  percentage: 0.4,
  position: { id: h.fx.positions.borisFirm },
  ...extra,
});

describe('invoiceQuotas', () => {
  it('INV-03 INV-32 INV-33 INV-34 INV-35 a quota is created, listed, updated and deleted with invoiceId and position', async () => {
    const c = await h.json<Quota & Err>('invoicer', 'POST', '/core/api/invoiceQuotas', quota());
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body).toMatchObject({
      invoiceId: h.fx.billing.acmeInvoice,
      dateGte: '2026-11-01',
      dateLte: '2026-11-30',
      percentage: 0.4,
      position: { id: h.fx.positions.borisFirm },
    });
    const list = await h.json<{ _embedded: { invoiceQuotas: Quota[] } }>(
      'invoicer',
      'GET',
      `/core/api/invoiceQuotas?invoiceId=${h.fx.billing.acmeInvoice}`,
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.invoiceQuotas.map((q) => q.id)).toContain(c.body.id);
    const put = await h.request('invoicer', 'PUT', `/core/api/invoiceQuotas/${c.body.id}`, quota({ percentage: 0.6 }), {
      'if-match': String(c.body.version),
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const g = await h.json<Quota>('invoicer', 'GET', `/core/api/invoiceQuotas/${c.body.id}`);
    expect(g.body.percentage).toBe(0.6);
    const del = await h.request('invoicer', 'DELETE', `/core/api/invoiceQuotas/${c.body.id}`);
    expect(del.statusCode).toBe(204);
    expect((await h.request('invoicer', 'GET', `/core/api/invoiceQuotas/${c.body.id}`)).statusCode).toBe(404);
  });

  it('INV-03 overlapping quotas of one invoice may not exceed 100 %: 400 at percentage, nothing written', async () => {
    // the fixture's quota holds 100 % of October 2026
    const over = await h.json<Err>(
      'invoicer',
      'POST',
      '/core/api/invoiceQuotas',
      quota({ dateGte: '2026-10-20', dateLte: '2026-11-05', percentage: 0.01 }),
    );
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]?.property).toBe('percentage');
    expect(over.body.errors?.[0]?.message).toContain('2026-10-20');
    const [n] = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM invoice_quotas WHERE date_gte = '2026-10-20'",
    );
    expect(n!.n).toBe(0);
    // two halves of November are fine, a third share is not
    const a = await h.json<Quota>('invoicer', 'POST', '/core/api/invoiceQuotas', quota({ percentage: 0.5 }));
    const b = await h.json<Quota>('invoicer', 'POST', '/core/api/invoiceQuotas', quota({ percentage: 0.5 }));
    expect([a.status, b.status], JSON.stringify(b.body)).toEqual([201, 201]);
    const c = await h.json<Err>('invoicer', 'POST', '/core/api/invoiceQuotas', quota({ percentage: 0.001 }));
    expect(c.status).toBe(400);
  });

  it('INV-14 a quota of an invoice the user may not read is hidden', async () => {
    const globex = await h.json<{ id: number }>('admin', 'POST', '/core/api/invoices', {
      date: '2026-11-10',
      periodGte: '2026-11-01',
      periodLte: '2026-11-30',
      project: { id: h.fx.projects.globexProject },
      payerClient: { id: h.fx.clients.globex },
      currency: { id: h.fx.currencies.usd },
      matterList: [{ id: h.fx.matters.globexMatter }],
    });
    expect(globex.status).toBe(201);
    const q = await h.json<Quota>('admin', 'POST', '/core/api/invoiceQuotas', quota({ invoiceId: globex.body.id }));
    expect(q.status).toBe(201);
    expect((await h.request('invoicer', 'GET', `/core/api/invoiceQuotas/${q.body.id}`)).statusCode).toBe(404);
    const mine = await h.request('invoicer', 'POST', '/core/api/invoiceQuotas', quota({ invoiceId: globex.body.id }));
    // a quota of an invoice the user may not read names a record that does not exist for them (H2-04)
    expect(mine.statusCode).toBe(400);
  });
});
