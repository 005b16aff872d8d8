import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
