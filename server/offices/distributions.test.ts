import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** Office income distributions (OFF-19..28) and their percent rows (OFF-21..23, OFF-29..31) over HTTP. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Row = Record<string, unknown> & { id: number; version: number };
type Page<K extends string> = { _embedded: Record<K, Row[]> };

const newDistribution = (office: number, traffic: number, extra: Record<string, unknown> = {}) =>
  h.json<Row>('admin', 'POST', '/core/api/officeIncomeDistributions', {
    office: { id: office },
    trafficType: { id: h.fx.dict('TRAFFIC_TYPE', traffic) },
    ...extra,
  });

/** A new office, so each test owns its distributions (one per traffic type per office). */
const freshOffice = async (): Promise<number> =>
  (await h.json<Row>('admin', 'POST', '/core/api/offices', { gfirmName: `Office ${Math.random()}` })).body.id;

const percentRow = (distribution: number, percent: unknown, extra: Record<string, unknown> = {}) =>
  h.json<Row & { errors?: { property: string }[] }>('admin', 'POST', '/core/api/officeIncomeDistributionPercents', {
    officeIncomeDistribution: { id: distribution },
    incomeDistributionType: { id: h.fx.dict('INCOME_DISTRIBUTION_TYPE', 2) },
    percent,
    ...extra,
  });

describe('office income distributions', () => {
  it('OFF-19 OFF-20 OFF-25 a distribution has office, trafficType and softDevelopmentLawyerPercent, which defaults to 0.21', async () => {
    const office = await freshOffice();
    const res = await newDistribution(office, 1);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      office: { id: office },
      trafficType: { code: 1 },
      softDevelopmentLawyerPercent: 0.21,
    });
  });

  it('OFF-19 one distribution per traffic type per office', async () => {
    expect((await newDistribution(h.fx.offices.london, 1)).status).toBe(201);
    expect((await newDistribution(h.fx.offices.london, 1)).status).toBe(409);
  });

  it('OFF-24 OFF-26 distributions are listed by office and loaded by id with their percent rows', async () => {
    const d = await newDistribution(h.fx.offices.london, 2, { softDevelopmentLawyerPercent: 0.3 });
    await percentRow(d.body.id, 0.4);
    const list = await h.json<Page<'officeIncomeDistributions'>>(
      'admin',
      'GET',
      `/core/api/officeIncomeDistributions?office.id=${h.fx.offices.london}&trafficType.code=2`,
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.officeIncomeDistributions.map((r) => r.id)).toEqual([d.body.id]);
    const one = await h.json<Row>('admin', 'GET', `/core/api/officeIncomeDistributions/${d.body.id}`);
    expect(one.body).toMatchObject({
      softDevelopmentLawyerPercent: 0.3,
      officeIncomeDistributionPercentList: [{ percent: 0.4, transferable: true }],
    });
  });

  it('OFF-27 OFF-28 a distribution is updated with PUT and deleted with DELETE, its rows with it', async () => {
    const office = await freshOffice();
    const d = await newDistribution(office, 2);
    const row = await percentRow(d.body.id, 0.1);
    const put = await h.json<Row>('admin', 'PUT', `/core/api/officeIncomeDistributions/${d.body.id}`, {
      office: { id: office },
      trafficType: { id: h.fx.dict('TRAFFIC_TYPE', 2) },
      softDevelopmentLawyerPercent: 0.25,
      version: d.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ softDevelopmentLawyerPercent: 0.25 });
    // the read-only list is not written by the parent's PUT: the row is still there
    expect(
      (await h.request('admin', 'GET', `/core/api/officeIncomeDistributionPercents/${row.body.id}`)).statusCode,
    ).toBe(200);
    expect((await h.request('admin', 'DELETE', `/core/api/officeIncomeDistributions/${d.body.id}`)).statusCode).toBe(
      204,
    );
    expect(
      (await h.request('admin', 'GET', `/core/api/officeIncomeDistributionPercents/${row.body.id}`)).statusCode,
    ).toBe(404);
  });

  it('NAV-98 distributions need view PAYMENT_OFFICE', async () => {
    expect((await h.request('member', 'GET', '/core/api/officeIncomeDistributions')).statusCode).toBe(403);
    expect((await h.request('member', 'GET', '/core/api/officeIncomeDistributionPercents')).statusCode).toBe(403);
  });
});

describe('income distribution percents', () => {
  it('OFF-21 OFF-29 a percent row has every field of the spec, created with POST', async () => {
    const d = await newDistribution(await freshOffice(), 1);
    const res = await percentRow(d.body.id, 0.15, {
      fundTransferOffice: { id: h.fx.offices.london },
      softDevelopmentMember: true,
      fund: { id: h.fx.dict('FUND_TYPE', 2) },
      international: true,
      transferable: false,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      officeIncomeDistribution: { id: d.body.id },
      incomeDistributionType: { code: 2 },
      percent: 0.15,
      fundTransferOffice: { id: h.fx.offices.london, gfirmName: 'Bureau London' },
      softDevelopmentMember: true,
      fund: { code: 2 },
      international: true,
      transferable: false,
    });
  });

  it('OFF-22 transferable defaults to true', async () => {
    const d = await newDistribution(await freshOffice(), 1);
    const res = await percentRow(d.body.id, 0.05);
    expect(res.body).toMatchObject({ transferable: true, international: false, softDevelopmentMember: false });
  });

  it('OFF-23 percent is a fraction on the wire: 0.125 is kept, 12.5 is refused at the field', async () => {
    const d = await newDistribution(await freshOffice(), 2);
    expect((await percentRow(d.body.id, 0.125)).body).toMatchObject({ percent: 0.125 });
    const bad = await percentRow(d.body.id, 12.5);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.property)).toEqual(['percent']);
  });

  it('OFF-30 OFF-31 a percent row is updated with PUT and deleted with DELETE', async () => {
    const d = await newDistribution(await freshOffice(), 2);
    const row = await percentRow(d.body.id, 0.2);
    const put = await h.json<Row>('admin', 'PUT', `/core/api/officeIncomeDistributionPercents/${row.body.id}`, {
      officeIncomeDistribution: { id: d.body.id },
      incomeDistributionType: { id: h.fx.dict('INCOME_DISTRIBUTION_TYPE', 3) },
      percent: 0.35,
      transferable: false,
      version: row.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ percent: 0.35, transferable: false, incomeDistributionType: { code: 3 } });
    expect(
      (await h.request('admin', 'DELETE', `/core/api/officeIncomeDistributionPercents/${row.body.id}`)).statusCode,
    ).toBe(204);
  });
});
