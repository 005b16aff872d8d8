import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { createLeadUsers, history, lead, LEADS, newLead, walk } from '../statuses/testing';
import { dictionaryCode } from '../../schemas/dictionaryTypes';
import type { BulkResult } from './bulk';

/**
 * `POST <collection>/bulk` (server/rest/bulk.ts) on leads: a status move, a patch of the declared
 * bulk fields and a delete over a selection, each id judged as its single request would be.
 */
let h: Harness;
let employee: number;
beforeAll(async () => {
  h = await createHarness();
  await createLeadUsers(h);
  const r = await h.json<{ _embedded: { employees: Array<{ id: number }> } }>(
    'admin',
    'GET',
    '/core/api/employees?size=1',
  );
  employee = r.body._embedded.employees[0]!.id;
});
afterAll(async () => h?.close());

const BULK = `${LEADS}/bulk`;
const bulk = (user: string, body: unknown) =>
  h.json<BulkResult & { message?: string; errors?: unknown[] }>(user, 'POST', BULK, body);

/** The record history rows of lead `id`, oldest first. */
const entries = async (id: number) =>
  h.db.query<{ action: string; changed_by: string }>(
    'SELECT action, changed_by FROM record_history WHERE collection = $1 AND record_id = $2 ORDER BY id',
    ['leads', id],
  );

describe('bulk changes', () => {
  it('bulk: a move over a mixed selection moves the leads that may move and reports the others per id, with history', async () => {
    const a = await newLead(h, 'Bulk move a');
    const b = await newLead(h, 'Bulk move b');
    const closed = await newLead(h, 'Bulk move closed');
    await walk(h, closed, [2, 10]);
    const closedBefore = await lead(h, closed);
    const r = await bulk('seller', { ids: [a, closed, b], transition: { to: 2, comment: 'First call made' } });
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(2);
    expect(r.body.refused).toBe(1);
    expect(r.body.results).toEqual([
      { id: a, ok: true },
      {
        id: closed,
        ok: false,
        status: 409,
        message: 'Deal stage cannot move from "Closed lost" to "First point of contact"',
      },
      { id: b, ok: true },
    ]);
    for (const id of [a, b]) {
      expect((await lead(h, id)).dealStage?.code).toBe(2);
      expect((await history(h, id))[0]).toMatchObject({
        to: { code: 2 },
        comment: 'First call made',
        changedBy: 'seller',
      });
      expect((await entries(id)).map((e) => e.action)).toEqual(['create', 'update']);
    }
    expect(await lead(h, closed)).toEqual(closedBefore);
  });

  it('bulk: a move that needs a comment is refused per id without one (400 naming comment), nothing moves', async () => {
    const a = await newLead(h);
    const r = await bulk('seller', { ids: [a], transition: { to: 2 } });
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toMatchObject({
      id: a,
      ok: false,
      status: 400,
      errors: [expect.objectContaining({ property: 'comment' })],
    });
    expect((await lead(h, a)).dealStage?.code).toBe(1);
  });

  it('bulk: assigning a manager sets that field alone; a lead whose stage locks the other field is refused', async () => {
    const open = await newLead(h, 'Bulk assign open');
    const closed = await newLead(h, 'Bulk assign closed');
    await walk(h, closed, [2, 10]);
    const before = await lead(h, open);
    const assign = await bulk('seller', {
      ids: [open, closed],
      patch: { businessRelationshipManager: { id: employee } },
    });
    expect(assign.body.results.map((x) => x.ok)).toEqual([true, true]);
    const after = await lead(h, open);
    expect(after.businessRelationshipManager).toMatchObject({ id: employee });
    const { businessRelationshipManager: _m, version: _v, lastModifiedDate: _d, ...rest } = after;
    const { businessRelationshipManager: _m0, version: _v0, lastModifiedDate: _d0, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    const [source] = await h.db.query<{ id: number }>(
      `SELECT d.id FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id
        WHERE t.code = $1 ORDER BY d.id LIMIT 1`,
      [dictionaryCode('LEAD_SOURCE')],
    );
    const r = await bulk('seller', { ids: [open, closed], patch: { leadSource: { id: Number(source!.id) } } });
    expect(r.body.results[0]).toEqual({ id: open, ok: true });
    expect(r.body.results[1]).toMatchObject({ id: closed, ok: false, status: 409 });
    expect((await lead(h, closed)).leadSource).toBeNull();
  });

  it('bulk: a user without the update privilege is refused (403) and nothing changes', async () => {
    const a = await newLead(h, 'Bulk reader');
    const before = await lead(h, a);
    const r = await bulk('reader', { ids: [a], transition: { to: 2, comment: 'no' } });
    expect(r.status).toBe(403);
    expect(await lead(h, a)).toEqual(before);
  });

  it('bulk: a delete by a user without the delete privilege is a 403 and nothing is deleted', async () => {
    const ids = [await newLead(h), await newLead(h)];
    const r = await bulk('seller', { ids, delete: true });
    expect(r.status).toBe(403);
    for (const id of ids) expect((await h.request('admin', 'GET', `${LEADS}/${id}`)).statusCode).toBe(200);
    const done = await bulk('admin', { ids, delete: true });
    expect(done.body).toMatchObject({ ok: 2, refused: 0 });
    for (const id of ids) expect((await h.request('admin', 'GET', `${LEADS}/${id}`)).statusCode).toBe(404);
  });

  it('bulk: an unknown id is a 404 of its own; the other ids are done', async () => {
    const a = await newLead(h);
    const r = await bulk('seller', { ids: [999_999_999, a], transition: { to: 2, comment: 'x' } });
    expect(r.body.results).toEqual([
      expect.objectContaining({ id: 999_999_999, ok: false, status: 404 }),
      { id: a, ok: true },
    ]);
  });

  it('bulk: a body that is not a bulk request is a 400 naming the property, and nothing is written', async () => {
    const a = await newLead(h, 'Bulk bad');
    const before = await lead(h, a);
    const cases: Array<[unknown, string]> = [
      [[], '$'],
      [{ ids: [a] }, '$'],
      [{ ids: [], delete: true }, 'ids'],
      [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1), delete: true }, 'ids'],
      [{ ids: [a, a], delete: true }, 'ids[1]'],
      [{ ids: ['1'], delete: true }, 'ids[0]'],
      [{ ids: [a], patch: { description: 'x' } }, 'patch.description'],
      [{ ids: [a], patch: { businessRelationshipManager: 'x' } }, 'patch.businessRelationshipManager'],
      [{ ids: [a], transition: { to: 99 } }, 'transition.to'],
      [{ ids: [a], delete: true, patch: {} }, '$'],
      [{ ids: [a], delete: true, extra: 1 }, 'extra'],
    ];
    for (const [body, property] of cases) {
      const r = await bulk('admin', body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.errors).toContainEqual(expect.objectContaining({ property }));
    }
    expect(await lead(h, a)).toEqual(before);
  });
});
