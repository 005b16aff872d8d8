import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { moveStatus } from './service';
import { createLeadUsers, history, lead, newLead, walk } from './testing';

/**
 * `moveStatus` (server/statuses/service.ts), the helper action bodies move a record's status with,
 * on the leads' deal stage (`schemas/crm/leads.ts`: every move needs a comment).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await createLeadUsers(h);
});
afterAll(async () => h?.close());

const seller = { username: 'seller' };

/** The lead's `record_history` rows, oldest first. */
const recorded = (id: number) =>
  h.db.query<{ action: string; changed_by: string; changes: Array<{ field: string; after?: unknown }> }>(
    "SELECT action, changed_by, changes FROM record_history WHERE collection = 'leads' AND record_id = $1 ORDER BY id",
    [id],
  );

describe('moveStatus', () => {
  it('moves along a declared transition: the version moves, the history and the status history get a row each', async () => {
    const id = await newLead(h);
    const before = await lead(h, id);
    const rows = (await recorded(id)).length;
    const move = await h.db.transaction((tx) =>
      moveStatus(tx, seller, 'leads', id, 2, { comment: 'qualified on the call' }),
    );
    expect(move).toMatchObject({ moved: true, from: { code: 1 }, to: { code: 2 } });
    const after = await lead(h, id);
    expect(after.dealStage).toMatchObject({ code: 2 });
    expect(after.version).toBe(before.version + 1);
    const written = await recorded(id);
    expect(written).toHaveLength(rows + 1);
    expect(written[rows]).toMatchObject({ action: 'update', changed_by: 'seller' });
    expect(written[rows]!.changes.find((c) => c.field === 'dealStage')).toMatchObject({
      after: { id: h.fx.dict('DEAL_STAGE', 2) },
    });
    const [last] = await history(h, id);
    expect(last).toMatchObject({
      from: { code: 1 },
      to: { code: 2 },
      comment: 'qualified on the call',
      changedBy: 'seller',
    });
  });

  it('refuses a move the declared transitions do not allow with a 409 naming both codes, and writes nothing', async () => {
    const id = await newLead(h);
    await walk(h, id, [2, 10]);
    const before = await lead(h, id);
    const moved = h.db.transaction((tx) => moveStatus(tx, seller, 'leads', id, 3, { comment: 'again' }));
    await expect(moved).rejects.toMatchObject({
      statusCode: 409,
      message: 'Deal stage cannot move from "Closed lost" (code 10) to "Negotiation" (code 3)',
    });
    expect((await lead(h, id)).version).toBe(before.version);
    expect(await history(h, id)).toHaveLength(3);
  });

  it('refuses a move whose transition needs a comment without one (400 at comment)', async () => {
    const id = await newLead(h);
    const moved = h.db.transaction((tx) => moveStatus(tx, seller, 'leads', id, 2));
    await expect(moved).rejects.toMatchObject({ statusCode: 400, errors: [{ property: 'comment' }] });
    expect((await lead(h, id)).dealStage).toMatchObject({ code: 1 });
  });

  it('leaves a record already in the status as it is, and takes an engine move outside the transitions', async () => {
    const id = await newLead(h);
    const version = (await lead(h, id)).version;
    const same = await h.db.transaction((tx) => moveStatus(tx, seller, 'leads', id, 1));
    expect(same).toMatchObject({ moved: false, to: { code: 1 } });
    expect((await lead(h, id)).version).toBe(version);
    // 1 -> 10 is no declared transition; the engine's move is written with its history all the same
    await h.db.transaction((tx) => moveStatus(tx, seller, 'leads', id, 10, { byEngine: true }));
    expect((await lead(h, id)).dealStage).toMatchObject({ code: 10 });
    expect((await history(h, id))[0]).toMatchObject({ from: { code: 1 }, to: { code: 10 }, comment: null });
  });

  it('answers 404 for a missing record and 400 for a code with no entry', async () => {
    await expect(h.db.transaction((tx) => moveStatus(tx, seller, 'leads', 987654, 2))).rejects.toMatchObject({
      statusCode: 404,
    });
    const id = await newLead(h);
    await expect(h.db.transaction((tx) => moveStatus(tx, seller, 'leads', id, 999))).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ property: 'dealStage', invalidValue: 999 }],
    });
  });
});
