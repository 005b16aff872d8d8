import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * H2-04: a write may reference only records its writer may read. Fixture: `lawyer` (carl) is on
 * the Acme matter's team and on no other, so the Globex matter is hidden from him (404).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Err = { message: string; errors?: Array<{ property: string; message: string; invalidValue: unknown }> };
const entry = (matter: number) => ({
  dateTime: '2026-11-05T09:00:00Z',
  workType: { id: h.fx.dict('WORK_TYPE', 1) },
  matter: { id: matter },
  workDescription: 'Review',
  duration: 3_600_000,
});

describe('H2-04 references to records the writer cannot read', () => {
  it('H2-04 a lawyer books time on a matter outside their access list: 400 at matter, as for a missing one, and nothing written', async () => {
    const { globexMatter, acmeMatter } = h.fx.matters;
    expect((await h.request('lawyer', 'GET', `/core/api/matters/${globexMatter}`)).statusCode).toBe(404);
    const count = async () => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM times'))[0]!.n);
    const before = await count();
    const hidden = await h.json<Err>('lawyer', 'POST', '/core/api/times', entry(globexMatter));
    expect(hidden.status).toBe(400);
    expect(hidden.body.errors).toEqual([
      expect.objectContaining({ property: 'matter', message: 'references a record that does not exist' }),
    ]);
    const missing = await h.json<Err>('lawyer', 'POST', '/core/api/times', entry(99_999_999));
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.message).toBe(hidden.body.errors?.[0]?.message);
    expect(await count()).toBe(before);
    // the matter of the team is accepted; an administrator may book on either
    expect((await h.request('lawyer', 'POST', '/core/api/times', entry(acmeMatter))).statusCode).toBe(201);
    expect((await h.request('admin', 'POST', '/core/api/times', entry(globexMatter))).statusCode).toBe(201);
  });

  it('H2-04 moving an own entry onto a hidden matter is refused; sending the stored reference back is not judged again', async () => {
    const created = await h.json<{ id: number; version: number }>(
      'lawyer',
      'POST',
      '/core/api/times',
      entry(h.fx.matters.acmeMatter),
    );
    expect(created.status).toBe(201);
    const moved = await h.json<Err>('lawyer', 'PATCH', `/core/api/times/${created.body.id}`, {
      matter: { id: h.fx.matters.globexMatter },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors?.map((e) => e.property)).toEqual(['matter']);
    const kept = await h.request('lawyer', 'PATCH', `/core/api/times/${created.body.id}`, {
      matter: { id: h.fx.matters.acmeMatter },
      workDescription: 'Review, then a call',
    });
    expect(kept.statusCode).toBe(200);
  });
});

describe('H2-04 inverse lists name only records the writer may read', () => {
  it("H2-04 an invoice's timeList naming a time entry hidden from its writer is 400 at timeList, as for a missing one, without the entry's details", async () => {
    await createTestUser(h.db, {
      username: 'refs-invoicer',
      employeeId: h.fx.employees.carl,
      roles: [
        {
          name: 'REFS_INVOICER',
          privileges: [
            { module: 'invoice', view: true, create: true, update: true, delete: true },
            { module: 'time', view: true, create: false, update: false, delete: false },
          ],
        },
      ],
    });
    const hidden = h.fx.times.borisTime;
    expect((await h.request('refs-invoicer', 'GET', `/core/api/times/${hidden}`)).statusCode).toBe(404);
    const count = async () =>
      Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices'))[0]!.n);
    const before = await count();
    const r = await h.json<Err>('refs-invoicer', 'POST', '/core/api/invoices', {
      date: '2026-11-10',
      periodGte: '2026-11-01',
      periodLte: '2026-11-30',
      billType: { id: h.fx.dict('BILL_TYPE', 1) },
      project: { id: h.fx.projects.acmeProject },
      payerClient: { id: h.fx.clients.acme },
      invoiceLanguage: { id: h.fx.dict('LANGUAGE', 1) },
      currency: { id: h.fx.currencies.usd },
      matterList: [{ id: h.fx.matters.acmeMatter }],
      timeList: [{ id: hidden }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors).toEqual([
      expect.objectContaining({ property: 'timeList', message: 'references a record that does not exist' }),
    ]);
    expect(await count()).toBe(before);
  });
});
