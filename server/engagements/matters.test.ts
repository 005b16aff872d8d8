import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { engagementsSetup } from './testing';

/**
 * Matters through the API: fields, defaults, the payload rules as the server keeps them, CRUD with
 * the generated number, the bespoke reads, job titles for rates, and record-level access
 * (MAT-01..22, MISC lines of titles used by rates).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await engagementsSetup(h);
});
afterAll(async () => h?.close());

type Matter = Record<string, unknown> & { id: number; number: string; version: number };
type Page = { _embedded: { matters: Matter[] }; page: { totalElements: number } };

const entry = (type: string, code: number) => ({ id: h.fx.entries[`${type}:${code}`]! });

const newMatter = (extra: Record<string, unknown> = {}) => ({
  project: { id: h.fx.projects.acmeProject },
  date: '2026-11-20',
  description: 'Acme licence review',
  status: entry('MATTER_STATUS', 1),
  billType: entry('BILL_TYPE', 1),
  amountFee: 1200,
  matterTeamList: [{ teamPosition: { id: h.fx.positions.carlFirm } }],
  // MC-6: the office whose matter approvers decide it (the creating users here have no office)
  responsiblePosition: { id: h.fx.positions.carlFirm },
  ...extra,
});

const create = async (user: string, extra: Record<string, unknown> = {}) => {
  const res = await h.json<Matter>(user, 'POST', '/core/api/matters', newMatter(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const stored = async (id: number) => (await h.json<Matter>('admin', 'GET', `/core/api/matters/${id}`)).body;
const remove = async (id: number) =>
  expect((await h.request('admin', 'DELETE', `/core/api/matters/${id}`)).statusCode).toBe(204);

describe('matters: fields, defaults, CRUD', () => {
  it('MAT-01 a matter carries every field of the ledger; MAT-02 team entries hold teamPosition; MAT-03 rate entries title and rate', async () => {
    const m = await stored(h.fx.matters.acmeMatter);
    for (const field of [
      'date',
      'deadline',
      'notNeedDocumentUpload',
      'project',
      'responsiblePosition',
      'serviceDepartment',
      'productDepartment',
      'matterTeamList',
      'description',
      'internationalMatter',
      'internationalResponsiblePosition',
      'internationalPercent',
      'hunted',
      'hunterPosition',
      'hunterPercent',
      'billType',
      'amountFee',
      'currency',
      'matterRateList',
      'verificationChain',
      'feeWithTax',
      'status',
    ])
      expect(m, field).toHaveProperty(field);
    const team = m.matterTeamList as Array<{ teamPosition: { id: number } }>;
    expect(team.map((t) => t.teamPosition.id)).toEqual([h.fx.positions.carlFirm]);
    const rated = await create('admin', {
      billType: entry('BILL_TYPE', 2),
      matterRateList: [{ title: { id: h.fx.titles.associate }, rate: '250.50' }],
    });
    expect(rated.matterRateList).toEqual([
      expect.objectContaining({ title: expect.objectContaining({ id: h.fx.titles.associate }), rate: 250.5 }),
    ]);
    await remove(rated.id);
  });

  it('MAT-04 the international percent and MAT-05 the hunter percent default to 50% (0.5 on the wire)', async () => {
    const m = await create('admin', { internationalMatter: true, hunted: true });
    expect(m.internationalPercent).toBe(0.5);
    expect(m.hunterPercent).toBe(0.5);
    await remove(m.id);
    // a matter neither international nor hunted keeps no share at all (MAT-08/09)
    const plain = await create('admin');
    expect(plain.internationalPercent).toBeNull();
    expect(plain.hunterPercent).toBeNull();
    await remove(plain.id);
  });

  it('MAT-19 MAT-16 MAT-20 MAT-21 a matter is created with a generated number, read, replaced and deleted', async () => {
    // the matters earlier tests deleted are in the trash and keep their numbers (a restore brings
    // them back): the next number is one above every stored one
    const [next] = await h.db.query<{ n: string | number }>(
      "SELECT COALESCE(max(substring(number FROM '^M-([0-9]+)$')::bigint), 0) + 1 AS n FROM matters",
    );
    const number = `M-${String(next!.n).padStart(4, '0')}`;
    expect(Number(next!.n)).toBeGreaterThan(2);
    const m = await create('lawyer', { number: 'mine' });
    expect(m.number).toBe(number);
    const read = await h.json<Matter>('lawyer', 'GET', `/core/api/matters/${m.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ description: 'Acme licence review', number, amountFee: 1200 });
    const put = await h.json<Matter>('lawyer', 'PUT', `/core/api/matters/${m.id}`, {
      ...newMatter({ description: 'Acme licence review, round 2' }),
      matterTeamList: undefined,
      version: read.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ description: 'Acme licence review, round 2', number });
    // the team was not sent, so it stays
    expect(put.body.matterTeamList).toHaveLength(1);
    expect((await h.request('lawyer', 'DELETE', `/core/api/matters/${m.id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/matters/${m.id}`)).statusCode).toBe(404);
  });

  it('MAT-07 the list filter status.code.ne=3 leaves closed matters out', async () => {
    const closed = await create('admin', { status: entry('MATTER_STATUS', 3) });
    const open = await h.json<Page>('admin', 'GET', '/core/api/matters?status.code.ne=3&size=100');
    expect(open.body._embedded.matters.map((m) => m.id)).not.toContain(closed.id);
    expect(open.body.page.totalElements).toBe(2);
    const all = await h.json<Page>('admin', 'GET', '/core/api/matters?size=100');
    expect(all.body._embedded.matters.map((m) => m.id)).toContain(closed.id);
    await remove(closed.id);
  });

  it('MAT-15 the list answers the matterList projection', async () => {
    const res = await h.json<Page>('admin', 'GET', '/core/api/matters?projection=matterList&sort=number,asc');
    expect(res.status).toBe(200);
    const [first] = res.body._embedded.matters;
    expect(first).toMatchObject({
      number: 'M-0001',
      description: 'Acme share purchase',
      project: { number: 'P-0001' },
    });
    expect(first).toHaveProperty('status.code', 1);
    expect(first).not.toHaveProperty('matterTeamList');
    expect(first).not.toHaveProperty('amountFee');
  });

  it('MAT-18 titles for rates: GET /titles?rate=true&sort=order,asc', async () => {
    await h.json('admin', 'POST', '/core/api/titles', { name: 'Paralegal', order: 0, rate: false });
    const res = await h.json<{ _embedded: { titles: Array<{ name: string; rate: boolean }> } }>(
      'lawyer',
      'GET',
      '/core/api/titles?rate=true&sort=order,asc',
    );
    expect(res.status).toBe(200);
    expect(res.body._embedded.titles.map((t) => t.name)).toEqual(['Associate', 'Partner']);
  });
});

describe('matters: payload rules kept by the server', () => {
  it('MAT-08 international fields are kept only for an international matter', async () => {
    const m = await create('admin', {
      internationalMatter: true,
      internationalResponsiblePosition: { id: h.fx.positions.borisFirm },
      internationalPercent: 0.3,
    });
    expect(m).toMatchObject({ internationalMatter: true, internationalPercent: 0.3 });
    expect(m.internationalResponsiblePosition).toMatchObject({ id: h.fx.positions.borisFirm });
    const off = await h.json<Matter>('admin', 'PATCH', `/core/api/matters/${m.id}`, { internationalMatter: false });
    expect(off.status).toBe(200);
    expect(off.body.internationalResponsiblePosition).toBeNull();
    expect(off.body.internationalPercent).toBeNull();
    await remove(m.id);
  });

  it('MAT-09 hunter fields are kept only for a hunted matter', async () => {
    const sent = await create('admin', {
      hunted: false,
      hunterPosition: { id: h.fx.positions.borisFirm },
      hunterPercent: 0.2,
    });
    expect(sent.hunterPosition).toBeNull();
    expect(sent.hunterPercent).toBeNull();
    const hunted = await h.json<Matter>('admin', 'PATCH', `/core/api/matters/${sent.id}`, {
      hunted: true,
      hunterPosition: { id: h.fx.positions.borisFirm },
      hunterPercent: 0.2,
    });
    expect(hunted.body).toMatchObject({
      hunted: true,
      hunterPercent: 0.2,
      hunterPosition: { id: h.fx.positions.borisFirm },
    });
    await remove(sent.id);
  });

  it('MAT-10 rates are refused for a matter that is not rate-based, kept for bill type code 2', async () => {
    const fixed = await h.json<{ errors: Array<{ property: string; message: string }> }>(
      'admin',
      'POST',
      '/core/api/matters',
      newMatter({ matterRateList: [{ title: { id: h.fx.titles.partner }, rate: 400 }] }),
    );
    expect(fixed.status).toBe(400);
    expect(fixed.body.errors[0]).toMatchObject({ property: 'matterRateList' });
    // a PATCH judged on the stored bill type, too
    const patched = await h.request('admin', 'PATCH', `/core/api/matters/${h.fx.matters.acmeMatter}`, {
      matterRateList: [{ title: { id: h.fx.titles.partner }, rate: 400 }],
    });
    expect(patched.statusCode).toBe(400);
    const rated = await create('admin', {
      billType: entry('BILL_TYPE', 2),
      matterRateList: [{ title: { id: h.fx.titles.partner }, rate: 400 }],
    });
    expect(rated.matterRateList).toHaveLength(1);
    await remove(rated.id);
  });

  it('MAT-11 a matter without a currency is accepted and stored without one', async () => {
    const m = await create('admin');
    expect(m.currency).toBeNull();
    await remove(m.id);
  });
});

describe('matters: bespoke reads', () => {
  it('MAT-14 GET /matters/first10 answers at most ten matters the user can see', async () => {
    const made: number[] = [];
    for (let i = 0; i < 11; i++) made.push((await create('admin', { description: `Bulk ${i}` })).id);
    const res = await h.json<{ _embedded: { matters: Matter[] } }>('admin', 'GET', '/core/api/matters/first10');
    expect(res.status).toBe(200);
    expect(res.body._embedded.matters).toHaveLength(10);
    expect(res.body._embedded.matters[0]).toHaveProperty('number');
    for (const id of made) await remove(id);
    const mine = await h.json<{ _embedded: { matters: Matter[] } }>('lawyer', 'GET', '/core/api/matters/first10');
    expect(mine.body._embedded.matters.map((m) => m.id)).toEqual([h.fx.matters.acmeMatter]);
  });

  it('MAT-17 GET /matters/{id}/balance?currencyCode&payerOfficeId answers matterBalance', async () => {
    const url = `/core/api/matters/${h.fx.matters.acmeMatter}/balance?currencyCode=USD&payerOfficeId=${h.fx.offices.london}`;
    const res = await h.json<{ matterBalance: number }>('lawyer', 'GET', url);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matterBalance: 15000, currencyCode: 'USD' });
    const other = await h.json<{ errors: Array<{ property: string }> }>(
      'lawyer',
      'GET',
      `/core/api/matters/${h.fx.matters.acmeMatter}/balance?currencyCode=KZT`,
    );
    expect(other.status).toBe(400);
    expect(other.body.errors[0]).toMatchObject({ property: 'currencyCode' });
    expect(
      (await h.request('lawyer', 'GET', `/core/api/matters/${h.fx.matters.acmeMatter}/balance?payerOfficeId=x`))
        .statusCode,
    ).toBe(400);
    expect(
      (await h.request('lawyer', 'GET', `/core/api/matters/${h.fx.matters.globexMatter}/balance`)).statusCode,
    ).toBe(404);
  });

  it('MAT-22 GET /matters/{id}/check-documents says whether the documents are in', async () => {
    const url = `/core/api/matters/${h.fx.matters.acmeMatter}/check-documents`;
    const before = await h.json('lawyer', 'GET', url);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ required: true, documents: 0, complete: false });
    const waived = await create('admin', { notNeedDocumentUpload: true });
    const res = await h.json('admin', 'GET', `/core/api/matters/${waived.id}/check-documents`);
    expect(res.body).toEqual({ required: false, documents: 0, complete: true });
    await remove(waived.id);
    expect(
      (await h.request('lawyer', 'GET', `/core/api/matters/${h.fx.matters.globexMatter}/check-documents`)).statusCode,
    ).toBe(404);
  });
});

describe('matters: record-level access', () => {
  it('MAT-12 a user outside the access list gets 404 on the item and nothing in lists, totals and embeds', async () => {
    const list = await h.json<Page>(
      'lawyer',
      'GET',
      `/core/api/matters?availableForEmployeeId=${h.fx.employees.boris}`,
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.matters.map((m) => m.id)).toEqual([h.fx.matters.acmeMatter]);
    expect(list.body.page.totalElements).toBe(1);
    const globex = `/core/api/matters/${h.fx.matters.globexMatter}`;
    expect((await h.request('lawyer', 'GET', globex)).statusCode).toBe(404);
    expect((await h.request('lawyer', 'PATCH', globex, { description: 'mine now' })).statusCode).toBe(404);
    expect((await h.request('lawyer', 'DELETE', globex)).statusCode).toBe(404);
    expect((await h.request('lawyer', 'GET', `${globex}/history`)).statusCode).toBe(404);
    // filtering on the hidden matter finds nothing; its team and rates stay hidden
    const byProject = await h.json<Page>(
      'lawyer',
      'GET',
      `/core/api/matters?project.id=${h.fx.projects.globexProject}`,
    );
    expect(byProject.body.page.totalElements).toBe(0);
    const teams = await h.json<{ _embedded: { matterTeams: unknown[] } }>(
      'lawyer',
      'GET',
      `/core/api/matterTeams?matter.id=${h.fx.matters.globexMatter}`,
    );
    expect(teams.body._embedded.matterTeams).toHaveLength(0);
    // a time entry on the hidden matter embeds it as a bare id
    const time = await h.json<{ matter: Record<string, unknown> }>(
      'admin',
      'GET',
      `/core/api/times/${h.fx.times.borisTime}`,
    );
    expect(time.body.matter).toMatchObject({ number: 'M-0002' });
    const seen = await h.request('lawyer', 'GET', `/core/api/times/${h.fx.times.borisTime}`);
    if (seen.statusCode === 200) expect(seen.json().matter).toEqual({ id: h.fx.matters.globexMatter });
    else expect(seen.statusCode).toBe(404);
  });

  it('MAT-12 the responsible, hunter and international responsible positions and the project managers are on the access list', async () => {
    const hidden = async () => (await h.request('boris', 'GET', `/core/api/matters/${id}`)).statusCode;
    const m = await create('admin', { project: { id: h.fx.projects.acmeProject } });
    const id = m.id;
    expect(await hidden()).toBe(404);
    for (const body of [
      { responsiblePosition: { id: h.fx.positions.borisFirm } },
      { hunted: true, hunterPosition: { id: h.fx.positions.borisFirm } },
      { internationalMatter: true, internationalResponsiblePosition: { id: h.fx.positions.borisFirm } },
      { matterTeamList: [{ teamPosition: { id: h.fx.positions.borisFirm } }] },
    ]) {
      expect((await h.request('admin', 'PATCH', `/core/api/matters/${id}`, body)).statusCode).toBe(200);
      expect(await hidden(), JSON.stringify(body)).toBe(200);
      const reset = await h.request('admin', 'PUT', `/core/api/matters/${id}`, { ...newMatter(), matterTeamList: [] });
      expect(reset.statusCode).toBe(200);
      expect(await hidden()).toBe(404);
    }
    // boris manages Globex's project, so a matter moved there is his to see
    await h.request('admin', 'PATCH', `/core/api/matters/${id}`, { project: { id: h.fx.projects.globexProject } });
    expect(await hidden()).toBe(200);
    await remove(id);
  });

  it('MAT-13 admins and billing managers see every matter', async () => {
    for (const user of ['admin', 'billproj']) {
      const list = await h.json<Page>(user, 'GET', '/core/api/matters');
      expect(list.status, user).toBe(200);
      expect(list.body._embedded.matters.map((m) => m.id).sort(), user).toEqual(
        [h.fx.matters.acmeMatter, h.fx.matters.globexMatter].sort(),
      );
      expect((await h.request(user, 'GET', `/core/api/matters/${h.fx.matters.globexMatter}`)).statusCode).toBe(200);
    }
  });
});
