import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { allowedAfter, createLeadUsers, history, lead, LEADS, type LeadWire, move, newLead, walk } from './testing';

/**
 * The lead's deal stage as a declared status (schemas/crm/leads.ts): the moves of the ledger's
 * LEAD lines, the comment each carries, the PATCH shorthand, and the terminal stages.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await createLeadUsers(h);
});
afterAll(async () => h?.close());

describe('leads: deal stages', () => {
  it('LEAD-03 a new lead starts in prospecting with notifyTimeInterval 0, its history holding the create', async () => {
    const id = await newLead(h, 'Fresh');
    const created = await lead(h, id);
    expect(created.dealStage).toMatchObject({ code: 1, gname: 'Prospecting' });
    expect(created.notifyTimeInterval).toBe(0);
    const rows = await history(h, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ from: null, to: { code: 1 }, changedBy: 'seller', comment: null });
  });

  it('LEAD-04 from prospecting the only allowed next stage is first point of contact', async () => {
    expect(await allowedAfter(h, [])).toEqual([2]);
  });

  it('LEAD-05 from first point of contact: negotiation, presentation scheduled, proposal sent, closed lost', async () => {
    expect(await allowedAfter(h, [2])).toEqual([3, 4, 6, 10]);
  });

  it('LEAD-06 from negotiation: proposal sent, presentation scheduled, closed won, closed lost', async () => {
    expect(await allowedAfter(h, [2, 3])).toEqual([4, 6, 9, 10]);
  });

  it('LEAD-07 from presentation scheduled: proposal sent, closed won, closed lost', async () => {
    expect(await allowedAfter(h, [2, 4])).toEqual([6, 9, 10]);
  });

  it('LEAD-08 from proposal sent: decision making, closed won, closed lost', async () => {
    expect(await allowedAfter(h, [2, 6])).toEqual([5, 9, 10]);
  });

  it('LEAD-09 from decision making: closed won, closed lost', async () => {
    expect(await allowedAfter(h, [2, 6, 5])).toEqual([9, 10]);
  });

  it('lead stages 7 and 8: closed won -> project execution -> invoiced; invoiced and closed lost are terminal', async () => {
    expect(await allowedAfter(h, [2, 3, 9])).toEqual([7]);
    expect(await allowedAfter(h, [2, 3, 9, 7])).toEqual([8]);
    expect(await allowedAfter(h, [2, 3, 9, 7, 8])).toEqual([]);
    expect(await allowedAfter(h, [2, 10])).toEqual([]);
  });

  it('LEAD-10 a lead stage change carries a comment: without one it is a 400 and nothing moves', async () => {
    const id = await newLead(h);
    const before = await lead(h, id);
    for (const comment of [null, '', '   ']) {
      const r = await move(h, id, 2, 'seller', comment);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: 'Validation failed', errors: [{ property: 'comment' }] });
    }
    expect((await lead(h, id)).version).toBe(before.version);
    expect(await history(h, id)).toHaveLength(1);
    const ok = await move(h, id, 2, 'seller', 'Met at the conference');
    expect(ok.status).toBe(200);
    expect(ok.body.dealStage).toMatchObject({ code: 2 });
    expect((await history(h, id))[0]).toMatchObject({
      from: { code: 1 },
      to: { code: 2, gname: 'First point of contact' },
      comment: 'Met at the conference',
      changedBy: 'seller',
    });
  });

  it('LEAD-11 a stage change is a PATCH /leads/{id} with statusId and comment, checked like any move', async () => {
    const id = await newLead(h);
    const idOf = (code: number) => h.fx.dict('DEAL_STAGE', code);
    const patched = await h.json<LeadWire>('seller', 'PATCH', `${LEADS}/${id}`, {
      statusId: idOf(2),
      comment: 'Called back',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.dealStage).toMatchObject({ code: 2 });
    expect((await history(h, id))[0]).toMatchObject({ from: { code: 1 }, to: { code: 2 }, comment: 'Called back' });
    const skip = await h.json('seller', 'PATCH', `${LEADS}/${id}`, { statusId: idOf(5), comment: 'Skip ahead' });
    expect(skip.status).toBe(409);
    expect(skip.body).toEqual({ message: 'Deal stage cannot move from "First point of contact" to "Decision making"' });
    const silent = await h.json('seller', 'PATCH', `${LEADS}/${id}`, { statusId: idOf(3) });
    expect(silent.status).toBe(400);
    expect((await lead(h, id)).dealStage).toMatchObject({ code: 2 });
  });

  it('LEAD-01 the deal stage codes name the spec stages, served as the dictionary DEAL_STAGE', async () => {
    const id = await newLead(h);
    await walk(h, id, [2, 3]);
    expect((await lead(h, id)).dealStage).toMatchObject({ code: 3, gname: 'Negotiation' });
  });

  it('a move to the stage the lead is in is a 409', async () => {
    const id = await newLead(h);
    const r = await move(h, id, 1);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: 'Deal stage is already "Prospecting"' });
  });
});
