import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** What the server refuses or corrects on write, whoever the client: references, payload rules, body keys, codes. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Rec = Record<string, unknown> & { id: number; version: number };
type Err = { message: string; errors?: Array<{ entity: string; property: string; message: string }> };

const properties = (r: { body: Err }) => (r.body.errors ?? []).map((e) => e.property);

describe('reference integrity', () => {
  it("PROBE-10 a client's sector must be a department of type 7 when set or changed; an unchanged stored value passes", async () => {
    const firm = { id: h.fx.departments.firm }; // type 2
    const bad = await h.json<Err>('billing', 'POST', '/core/api/clients', { gname: 'Wrong sector', sector: firm });
    expect(bad.status).toBe(400);
    expect(properties(bad)).toEqual(['sector']);
    const ok = await h.json<Rec>('billing', 'POST', '/core/api/clients', {
      gname: 'Right sector',
      sector: { id: h.fx.departments.sector },
    });
    expect(ok.status).toBe(201);
    const changed = await h.json<Err>('billing', 'PATCH', `/core/api/clients/${ok.body.id}`, { subSector: firm });
    expect(properties(changed)).toEqual(['subSector']);
    // a value stored before the rule (or before the department changed type) may be sent back as it is
    await h.db.query('UPDATE clients SET sector_id = $1 WHERE id = $2', [firm.id, ok.body.id]);
    const put = await h.request('billing', 'PUT', `/core/api/clients/${ok.body.id}`, {
      gname: 'Right sector, old value',
      sector: firm,
    });
    expect(put.statusCode).toBe(200);
  });

  it('PROBE-10 a reference given as a URI must name the collection of the field; a number or { id } is accepted', async () => {
    const sector = h.fx.departments.sector;
    const wrong = await h.json<Err>('billing', 'POST', '/core/api/clients', {
      gname: 'URI of another entity',
      sector: `/core/api/clients/${sector}`,
    });
    expect(wrong.status).toBe(400);
    expect(properties(wrong)).toEqual(['sector']);
    const junk = await h.json<Err>('billing', 'POST', '/core/api/clients', {
      gname: 'Junk URI',
      sector: `abc${sector}`,
    });
    expect(properties(junk)).toEqual(['sector']);
    for (const sectorValue of [`/core/api/departments/${sector}`, sector, { id: sector }, String(sector)]) {
      const r = await h.json<Rec>('billing', 'POST', '/core/api/clients', { gname: 'Ok URI', sector: sectorValue });
      expect(r.status, JSON.stringify(sectorValue)).toBe(201);
      expect((r.body.sector as { id: number }).id).toBe(sector);
    }
    const rankUri = await h.json<Err>('billing', 'PATCH', `/core/api/contacts/${h.fx.contacts.hank}`, {
      rankList: [`/core/api/departments/${h.fx.dict('CONTACT_RANK', 1)}`],
    });
    expect(properties(rankUri)).toEqual(['rankList']);
  });

  it('PROBE-10 a department cannot be its own parent or the parent of an ancestor', async () => {
    const type = { id: h.fx.dict('DEPARTMENT_TYPE', 2) };
    const status = { id: h.fx.dict('DEPARTMENT_STATUS', 1) };
    const create = async (gname: string, parent?: number) =>
      (
        await h.json<Rec>('admin', 'POST', '/core/api/departments', {
          gname,
          type,
          status,
          ...(parent ? { parent: { id: parent } } : {}),
        })
      ).body.id;
    const top = await create('Top');
    const middle = await create('Middle', top);
    const leaf = await create('Leaf', middle);
    const self = await h.json<Err>('admin', 'PATCH', `/core/api/departments/${top}`, { parent: { id: top } });
    expect(self.status).toBe(400);
    expect(properties(self)).toEqual(['parent']);
    const loop = await h.json<Err>('admin', 'PATCH', `/core/api/departments/${top}`, { parent: { id: leaf } });
    expect(loop.status).toBe(400);
    expect(properties(loop)).toEqual(['parent']);
    const [row] = await h.db.query<{ parent_id: number | null }>('SELECT parent_id FROM departments WHERE id = $1', [
      top,
    ]);
    expect(row!.parent_id).toBeNull();
    const move = await h.request('admin', 'PATCH', `/core/api/departments/${leaf}`, { parent: { id: top } });
    expect(move.statusCode).toBe(200);
  });
});

describe('payload rules on the server', () => {
  it('PROBE-10 PATCH {underSanctions: false} on a client with sanction comments clears them', async () => {
    const c = await h.json<Rec>('billing', 'POST', '/core/api/clients', {
      gname: 'Once sanctioned',
      underSanctions: true,
      sanctionComments: 'listed',
    });
    expect(c.body.sanctionComments).toBe('listed');
    await h.request('billing', 'PATCH', `/core/api/clients/${c.body.id}`, { underSanctions: false });
    const after = await h.json<Rec>('billing', 'GET', `/core/api/clients/${c.body.id}`);
    expect(after.body).toMatchObject({ underSanctions: false, sanctionComments: null });
    const again = await h.json<Rec>('billing', 'PATCH', `/core/api/clients/${c.body.id}`, {
      sanctionComments: 'sneaked in',
    });
    expect(again.body.sanctionComments).toBeNull();
  });

  it('PROBE-10 POST with vatEnabled false and vatPercent 0.2 stores 0; with VAT on it stores 0.2', async () => {
    const off = await h.json<Rec>('billing', 'POST', '/core/api/clients', {
      gname: 'No VAT',
      vatEnabled: false,
      vatPercent: 0.2,
    });
    expect(off.status).toBe(201);
    const [row] = await h.db.query<{ vat_percent: string }>('SELECT vat_percent FROM clients WHERE id = $1', [
      off.body.id,
    ]);
    expect(Number(row!.vat_percent)).toBe(0);
    const on = await h.json<Rec>('billing', 'PATCH', `/core/api/clients/${off.body.id}`, {
      vatEnabled: true,
      vatPercent: 0.2,
    });
    expect(on.body.vatPercent).toBe(0.2);
    const offAgain = await h.json<Rec>('billing', 'PATCH', `/core/api/clients/${off.body.id}`, { vatEnabled: false });
    expect(offAgain.body.vatPercent).toBe(0);
  });
});

describe('unknown properties', () => {
  const inherited = ['toString', 'valueOf', 'hasOwnProperty', 'constructor', 'isPrototypeOf'];

  it('PROBE-9 toString, valueOf, hasOwnProperty and constructor in a body are unknown properties (top level, child rows, embedded)', async () => {
    for (const key of inherited) {
      const top = await h.json<Err>('billing', 'POST', '/core/api/clients', { gname: 'Proto', [key]: 'x' });
      expect(top.status, key).toBe(400);
      expect(top.body.errors, key).toEqual([expect.objectContaining({ property: key, message: 'unknown property' })]);
      const child = await h.json<Err>('billing', 'POST', '/core/api/clients', {
        gname: 'Proto',
        contactList: [{ gname: 'Kid', [key]: 1 }],
      });
      expect(properties(child), key).toEqual([`contactList[0].${key}`]);
      const embedded = await h.json<Err>('billing', 'POST', '/core/api/clients', {
        gname: 'Proto',
        account: { bic: 'B', [key]: 1 },
      });
      expect(properties(embedded), key).toEqual([`account.${key}`]);
    }
  });

  it('PROBE-9 __proto__ in a body is refused with 400 { message }', async () => {
    for (const payload of [
      '{"gname":"Proto","__proto__":{"x":1}}',
      '{"gname":"Proto","contactList":[{"gname":"Kid","__proto__":{"x":1}}]}',
      '{"gname":"Proto","account":{"__proto__":{"bic":"B"}}}',
    ]) {
      const r = await h.app.inject({
        method: 'POST',
        url: '/core/api/clients',
        headers: { authorization: `Bearer ${await h.token('billing')}`, 'content-type': 'application/json' },
        payload,
      });
      expect(r.statusCode, payload).toBe(400);
      expect(typeof r.json().message).toBe('string');
    }
  });
});

describe('dictionary type codes', () => {
  const createType = (gname: string) => h.json<Rec>('admin', 'POST', '/core/api/baseDictionaryTypes', { gname });

  it('PROBE-13 a type created after a delete gets a free code', async () => {
    const a = await createType('Code A');
    const b = await createType('Code B');
    expect(b.body.code).toBe((a.body.code as number) + 1);
    expect((await h.request('admin', 'DELETE', `/core/api/baseDictionaryTypes/${a.body.id}`)).statusCode).toBe(204);
    const c = await createType('Code C');
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body.code).toBe((b.body.code as number) + 1);
  });

  it('PROBE-13 20 parallel creates all succeed with distinct codes', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => createType(`Parallel ${i}`)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.body.code)).size).toBe(20);
  });
});
