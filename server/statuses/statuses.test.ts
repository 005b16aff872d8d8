import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { createLeadUsers, history, lead, LEADS, type LeadWire, move, newLead, walk } from './testing';

/**
 * The status mechanism (`status` in schemas/define.ts, server/statuses/service.ts), on the leads'
 * deal stage: undeclared moves, locked fields, privileges, the history's transaction, the routes'
 * access and input.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await createLeadUsers(h);
});
afterAll(async () => h?.close());

describe('statuses', () => {
  it('statuses: an undeclared transition is a 409, through the transitions route, PUT and PATCH alike', async () => {
    const id = await newLead(h);
    await walk(h, id, [2, 10]);
    const before = await lead(h, id);
    const r = await move(h, id, 3);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: 'Deal stage cannot move from "Closed lost" to "Negotiation"' });
    const negotiation = h.fx.dict('DEAL_STAGE', 3);
    const { id: _id, version: _v, ...rest } = before;
    const put = await h.json('seller', 'PUT', `${LEADS}/${id}`, { ...rest, dealStage: { id: negotiation } });
    expect(put.status).toBe(409);
    expect(put.body).toEqual({ message: 'Deal stage cannot move from "Closed lost" to "Negotiation"' });
    const patch = await h.json('seller', 'PATCH', `${LEADS}/${id}`, { dealStage: { id: negotiation } });
    expect(patch.status).toBe(409);
    const cleared = await h.json('seller', 'PATCH', `${LEADS}/${id}`, { dealStage: null });
    expect(cleared.status).toBe(409);
    const after = await lead(h, id);
    expect(after.version).toBe(before.version);
    expect(after.dealStage).toMatchObject({ code: 10 });
    expect(await history(h, id)).toHaveLength(3);
  });

  it('statuses: a field read-only in a status cannot be changed, others can', async () => {
    const id = await newLead(h, 'Lost deal');
    await walk(h, id, [2, 10]);
    const before = await lead(h, id);
    const r = await h.json('seller', 'PATCH', `${LEADS}/${id}`, { description: 'Rewritten' });
    expect(r.status).toBe(409);
    const message = `Description cannot be changed while the lead's deal stage is "Closed lost"`;
    expect(r.body).toEqual({
      message,
      errors: [{ entity: 'Lead', property: 'description', invalidValue: null, message }],
    });
    // the same value sent back (a full PUT from a form) is no change; an unlocked field may change
    const { id: _id, version: _v, ...rest } = before;
    const put = await h.json<LeadWire>('seller', 'PUT', `${LEADS}/${id}`, { ...rest, notifyTimeInterval: 30 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ description: 'Lost deal', notifyTimeInterval: 30 });
    // before the terminal stage the same field was free
    const open = await newLead(h, 'Open deal');
    const free = await h.json<LeadWire>('seller', 'PATCH', `${LEADS}/${open}`, { description: 'Rewritten' });
    expect(free.status).toBe(200);
  });

  it('statuses: the transition needs its privilege', async () => {
    const id = await newLead(h);
    await walk(h, id, [2, 3, 9, 7]);
    const before = await lead(h, id);
    const refused = await move(h, id, 8, 'seller');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Moving a lead from "Project execution" to "Invoiced" needs the create privilege on invoice',
    });
    expect((await lead(h, id)).version).toBe(before.version);
    // a reader of leads may move none
    const other = await newLead(h);
    expect((await move(h, other, 2, 'reader')).status).toBe(403);
    expect((await move(h, other, 2, 'member')).status).toBe(403);
    const allowed = await move(h, id, 8, 'invoicer');
    expect(allowed.status).toBe(200);
    expect(allowed.body.dealStage).toMatchObject({ code: 8 });
    expect((await history(h, id))[0]).toMatchObject({ from: { code: 7 }, to: { code: 8 }, changedBy: 'invoicer' });
  });

  it('statuses: a history row per change in the same transaction', async () => {
    const id = await newLead(h);
    await walk(h, id, [2, 3]);
    const rows = await history(h, id);
    expect(rows.map((r) => [r.from?.code ?? null, r.to.code])).toEqual([
      [2, 3],
      [1, 2],
      [null, 1],
    ]);
    expect(rows.every((r) => r.changedBy === 'seller' && !Number.isNaN(Date.parse(r.changedDate)))).toBe(true);
    // a write that changes no status writes no history row
    await h.json('seller', 'PATCH', `${LEADS}/${id}`, { description: 'Only the text' });
    expect(await history(h, id)).toHaveLength(3);
    // a failure at commit, after both the lead's row and the history row were written, keeps neither
    await h.db.exec(`
      CREATE FUNCTION refuse_marked_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.comment = 'refused at commit' THEN RAISE EXCEPTION 'refused at commit'; END IF;
        RETURN NEW;
      END $$;
      CREATE CONSTRAINT TRIGGER refuse_marked_change AFTER INSERT ON status_changes
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_marked_change();`);
    try {
      const before = await lead(h, id);
      const failed = await move(h, id, 6, 'seller', 'refused at commit');
      expect(failed.status).toBeGreaterThanOrEqual(500);
      const after = await lead(h, id);
      expect(after.version).toBe(before.version);
      expect(after.dealStage).toMatchObject({ code: 3 });
      expect(await history(h, id)).toHaveLength(3);
    } finally {
      await h.db.exec('DROP TRIGGER refuse_marked_change ON status_changes; DROP FUNCTION refuse_marked_change();');
    }
    expect((await move(h, id, 6, 'seller', 'Sent')).status).toBe(200);
    expect(await history(h, id)).toHaveLength(4);
  });

  it('statuses: a create starts in the initial status; another one is a 409', async () => {
    const r = await h.json('seller', 'POST', LEADS, {
      date: '2026-11-02',
      dealStage: { id: h.fx.dict('DEAL_STAGE', 3) },
    });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      message: 'A new lead starts as "Prospecting", not "Negotiation": create it, then move its deal stage',
    });
    const ok = await h.json<LeadWire>('seller', 'POST', LEADS, {
      date: '2026-11-02',
      dealStage: { id: h.fx.dict('DEAL_STAGE', 1) },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.dealStage).toMatchObject({ code: 1 });
  });

  it('statuses: the history is read with the record read access', async () => {
    const id = h.fx.leads.acmeDeal;
    const read = await h.json<{ _embedded: { statusChanges: unknown[] } }>(
      'reader',
      'GET',
      `${LEADS}/${id}/statusChanges`,
    );
    expect(read.status).toBe(200);
    expect(Array.isArray(read.body._embedded.statusChanges)).toBe(true);
    expect((await h.request('member', 'GET', `${LEADS}/${id}/statusChanges`)).statusCode).toBe(403);
    expect((await h.request(null, 'GET', `${LEADS}/${id}/statusChanges`)).statusCode).toBe(401);
    expect((await h.request('reader', 'GET', `${LEADS}/999999/statusChanges`)).statusCode).toBe(404);
    expect((await h.request('reader', 'GET', `${LEADS}/abc/statusChanges`)).statusCode).toBe(404);
  });

  it('statuses: the transitions and history routes are in the OpenAPI document', async () => {
    const doc = (await h.request(null, 'GET', '/core/api/openapi.json')).json();
    const post = doc.paths['/core/api/leads/{id}/transitions'].post;
    expect(post.requestBody.content['application/json'].schema.required).toEqual(['to']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '409', '412']));
    expect(doc.paths['/core/api/leads/{id}/statusChanges'].get.responses['200']).toBeDefined();
    expect(doc.components.schemas.StatusChange.properties.changedBy).toBeDefined();
    expect(doc.paths['/core/api/leads/{id}'].patch.description).toMatch(/statusId/);
    // a schema without a status has no such routes
    expect(doc.paths['/core/api/clients/{id}/transitions']).toBeUndefined();
    expect((await h.request('admin', 'POST', '/core/api/clients/1/transitions', { to: 1 })).statusCode).toBe(404);
  });

  it('statuses: a transitions body is checked: unknown properties, unknown codes, other dictionaries are 400', async () => {
    const id = await newLead(h);
    const url = `${LEADS}/${id}/transitions`;
    const cases: unknown[] = [
      { to: 2, comment: 'x', extra: 1 },
      { to: 42, comment: 'x' },
      { to: 'first', comment: 'x' },
      { to: { id: h.fx.dict('LEAD_SOURCE', 1) }, comment: 'x' },
      { to: 2, comment: 7 },
      { to: 2, comment: 'x'.repeat(1001) },
      [],
    ];
    for (const body of cases) {
      const r = await h.json<{ message: string; errors?: unknown[] }>('seller', 'POST', url, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.message).toBe('Validation failed');
    }
    expect((await lead(h, id)).dealStage).toMatchObject({ code: 1 });
    const stale = await h.json('seller', 'POST', url, { to: 2, comment: 'x' }, { 'if-match': '"99"' });
    expect(stale.status).toBe(412);
    const byId = await h.json<LeadWire>('seller', 'POST', url, {
      to: { id: h.fx.dict('DEAL_STAGE', 2) },
      comment: 'x',
    });
    expect(byId.status).toBe(200);
    expect(byId.headers.etag).toBe(`"${byId.body.version}"`);
  });
});
