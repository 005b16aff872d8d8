import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, insertRow } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { grantSeeded } from '../test/seededRoles';

/**
 * The rankings' API (docs/areas/rankings.md) over the fixture and a closed October 2026 of Almaty:
 * anna (annaSector, Energy, Almaty, Kazakhstan) manages Acme's project and invoiced 400.00 USD in
 * September (Approved) and 600.00 USD in October (Paid, collected on 15 October), plus 5,000.00 USD
 * in July (outside the window); she holds the fixture's October lead (prospecting) and a September
 * lead that was won. boris (borisFirm, Bureau, London) manages Globex's project and invoiced
 * 480,000.00 KZT on 12 October (Paid), of which 240,000.00 KZT were collected on 20 October; KZT is
 * worth 0.00208333 USD from 1 October.
 */

let h: Harness;
const R = '/rating/api/request';
let anna: number;
let boris: number;

const dict = (type: string, code: number): number => h.fx.entries[`${type}:${code}`]!;
const items = (body: Record<string, unknown>) => body.items as Array<Record<string, unknown>>;
const byEmployee = (body: Record<string, unknown>, id: number) => items(body).find((i) => i.employee_id === id);

async function invoice(brm: number, project: number, client: number, values: Record<string, unknown>) {
  return insertRow(h.db, 'invoices', {
    billType: dict('BILL_TYPE', 1),
    previewType: 'Project',
    signed: false,
    paid: false,
    project,
    payerClient: client,
    brmPosition: brm,
    ...values,
  });
}

beforeAll(async () => {
  h = await createHarness();
  ({ anna, boris } = h.fx.employees);
  const { annaSector, borisFirm } = h.fx.positions;
  const { acmeProject, globexProject } = h.fx.projects;
  const { acme, globex } = h.fx.clients;
  const { usd, kzt } = h.fx.currencies;
  await h.db.query('UPDATE projects SET business_relationship_manager_position_id = $1 WHERE id = $2', [
    annaSector,
    acmeProject,
  ]);
  await h.db.query('UPDATE projects SET business_relationship_manager_position_id = $1 WHERE id = $2', [
    borisFirm,
    globexProject,
  ]);
  await invoice(annaSector, acmeProject, acme, {
    number: 'R-1',
    date: '2026-09-15',
    currency: usd,
    totalAmount: '400.00',
    status: dict('INVOICE_STATUS', 4),
  });
  const annaPaid = await invoice(annaSector, acmeProject, acme, {
    number: 'R-2',
    date: '2026-10-10',
    currency: usd,
    totalAmount: '600.00',
    status: dict('INVOICE_STATUS', 5),
  });
  await invoice(annaSector, acmeProject, acme, {
    number: 'R-0',
    date: '2026-07-20',
    currency: usd,
    totalAmount: '5000.00',
    status: dict('INVOICE_STATUS', 5),
  });
  const borisPaid = await invoice(borisFirm, globexProject, globex, {
    number: 'R-3',
    date: '2026-10-12',
    currency: kzt,
    totalAmount: '480000.00',
    status: dict('INVOICE_STATUS', 5),
  });
  await insertRow(h.db, 'paymentHistories', { paymentDate: '2026-10-15', amount: '600.00', invoice: annaPaid });
  await insertRow(h.db, 'paymentHistories', { paymentDate: '2026-10-20', amount: '240000.00', invoice: borisPaid });
  await insertRow(h.db, 'leads', {
    date: '2026-09-05',
    dealStage: dict('DEAL_STAGE', 9),
    businessRelationshipManager: anna,
  });
  await createTestUser(h.db, { username: 'top', password: 'top', roles: [{ name: 'GLOBAL_TOP' }] });
  await grantSeeded(h.db, 'GLOBAL_TOP');
  await createTestUser(h.db, {
    username: 'ranker',
    password: 'ranker',
    employeeId: anna,
    roles: [{ name: 'RANKER', privileges: [{ module: 'RANKING', view: true }] }],
  });
});

afterAll(async () => {
  await h?.close();
});

describe('rankings', () => {
  it('RANK-13 NAV-122 nothing is ranked while no cashbox month is closed; an open month does not count', async () => {
    const almaty = h.fx.offices.almaty;
    const october = await insertRow(h.db, 'cashboxPeriods', {
      office: almaty,
      currency: h.fx.currencies.kzt,
      reportDateGte: '2026-10-01',
      reportDateLte: '2026-10-31',
      status: 'OPEN',
    });
    const open = await h.json('admin', 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER`);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ window: null, items: [] });
    const closed = await h.json('top', 'POST', `/core/api/cashboxPeriods/${october}/close`);
    expect(closed.status).toBe(200);
    // a later month still open does not move the window
    await insertRow(h.db, 'cashboxPeriods', {
      office: almaty,
      currency: h.fx.currencies.kzt,
      reportDateGte: '2026-11-01',
      reportDateLte: '2026-11-30',
      status: 'OPEN',
    });
    const { body } = await h.json('admin', 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER`);
    expect(body.window).toMatchObject({
      dateGte: '2026-08-01',
      dateLte: '2026-10-31',
      months: ['2026-08', '2026-09', '2026-10'],
      closedPeriods: [{ id: october, officeId: almaty, month: '2026-10' }],
    });
  });

  it('RANK-01 RANK-09 RANK-05 RANK-06 managers carry the item fields, rated by the stated formula in USD', async () => {
    const { status, body } = await h.json('admin', 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER`);
    expect(status).toBe(200);
    expect(body.formula).toMatchObject({ baseCurrency: 'USD', fewDataBelow: 10 });
    expect(String((body.formula as Record<string, unknown>).rateSource)).toContain('currencyRates');
    const a = byEmployee(body, anna)!;
    // 100 x (0.35 x 1000/1000 + 0.35 x 600/600 + 0.15 x 0 + 0.15 x 1/2) = 77.50; Wilson(1 of 2) = 9.45
    expect(a).toMatchObject({
      employee_id: anna,
      targetEmployee: { id: anna, name: 'Anna Abenova' },
      targetDepartment: { id: h.fx.departments.sector, name: 'Energy' },
      targetOfficeName: 'Bureau Almaty',
      rating: '77.50',
      qualityScore: '9.45',
      fewData: true,
      rank: 1,
    });
    expect(a.figures).toMatchObject({
      originationUsd: '1000.0000',
      collectionsUsd: '600.0000',
      leads: 2,
      won: 1,
      invoices: 2,
      paid: 1,
    });
    const b = byEmployee(body, boris)!;
    // KZT at 0.00208333: origination 999.9984, collections 499.9992 USD -> 100 x 0.35 x (0.9999984 + 0.833332)
    expect(b).toMatchObject({ targetOfficeName: 'Bureau London', rating: '64.17', qualityScore: '20.65', rank: 2 });
    expect(b.figures).toMatchObject({
      originationUsd: '999.9984',
      collectionsUsd: '499.9992',
      perCurrency: [{ currency: 'KZT', origination: '480000.0000', collections: '240000.0000', unconverted: 0 }],
    });
    expect(typeof a.countryName).toBe('string');
  });

  it('RANK-07 the manager ranking filters by office, country, employee and department, each by id', async () => {
    const ids = async (query: string) =>
      items((await h.json('admin', 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER&${query}`)).body)
        .map((i) => i.employee_id)
        .filter((id) => id === anna || id === boris);
    expect(await ids(`targetOfficeId=${h.fx.offices.london}`)).toEqual([boris]);
    expect(await ids(`countryId=${dict('COUNTRY', 398)}`)).toEqual([anna]);
    expect(await ids(`targetDepartmentId=${h.fx.departments.sector}`)).toEqual([anna]);
    expect(await ids(`targetEmployeeId=${boris}`)).toEqual([boris]);
    // a filter narrows the list, never the rating or the rank
    const only = byEmployee(
      (await h.json('admin', 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER&targetEmployeeId=${boris}`)).body,
      boris,
    );
    expect(only).toMatchObject({ rating: '64.17', rank: 2 });
    const bad = await h.json('admin', 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER&targetOfficeId=abc`);
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toContain('targetOfficeId');
    expect((await h.json('admin', 'GET', `${R}/getAllDepartmentsOrEmployee?type=BOSS`)).status).toBe(400);
  });

  it('RANK-10 the department ranking has one row per department of an office', async () => {
    const { body } = await h.json('admin', 'GET', `${R}/getAllDepartmentsOrEmployee?type=DEPARTMENT`);
    const energy = items(body).find((i) => (i.targetDepartment as { id: number }).id === h.fx.departments.sector);
    expect(energy).toMatchObject({
      employee_id: null,
      targetDepartment: { name: 'Energy' },
      targetOfficeId: h.fx.offices.almaty,
      rating: '77.50',
    });
    const filtered = await h.json(
      'admin',
      'GET',
      `${R}/getAllDepartmentsOrEmployee?type=DEPARTMENT&targetOfficeId=${h.fx.offices.london}`,
    );
    expect(items(filtered.body).every((i) => i.targetOfficeId === h.fx.offices.london)).toBe(true);
    expect(items(filtered.body).length).toBeGreaterThan(0);
  });

  it("RANK-11 a manager's last 3 months come month by month", async () => {
    const { status, body } = await h.json(
      'admin',
      'GET',
      `${R}/getLast3MonthData?type=MANAGER&targetEmployeeId=${anna}`,
    );
    expect(status).toBe(200);
    const months = body.months as Array<Record<string, unknown>>;
    expect(months.map((m) => m.month)).toEqual(['2026-08', '2026-09', '2026-10']);
    expect(months[0]).toMatchObject({ originationUsd: '0.0000', leads: 0 });
    expect(months[1]).toMatchObject({
      originationUsd: '400.0000',
      collectionsUsd: '0.0000',
      leads: 1,
      won: 1,
      conversion: '1',
    });
    expect(months[2]).toMatchObject({
      originationUsd: '600.0000',
      collectionsUsd: '600.0000',
      leads: 1,
      won: 0,
      paid: 1,
    });
    expect(body.item).toMatchObject({ rating: '77.50' });
    const missing = await h.json('admin', 'GET', `${R}/getLast3MonthData?type=MANAGER`);
    expect(missing.status).toBe(400);
    expect(String(missing.body.message)).toContain('targetEmployeeId');
  });

  it("RANK-12 a department's last 3 months take its office and department", async () => {
    const { sector } = h.fx.departments;
    const { almaty } = h.fx.offices;
    const { status, body } = await h.json(
      'admin',
      'GET',
      `${R}/getLast3MonthData?type=DEPARTMENT&targetOfficeId=${almaty}&targetDepartmentId=${sector}`,
    );
    expect(status).toBe(200);
    expect((body.months as Array<Record<string, unknown>>)[2]).toMatchObject({ originationUsd: '600.0000' });
    expect(body.item).toMatchObject({ targetDepartment: { id: sector }, rating: '77.50' });
    const missing = await h.json('admin', 'GET', `${R}/getLast3MonthData?type=DEPARTMENT&targetOfficeId=${almaty}`);
    expect(missing.status).toBe(400);
  });

  it('NAV-122 rankings need view on RANKING, and a reader sees only their scope', async () => {
    expect((await h.request(null, 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER`)).statusCode).toBe(401);
    const member = await h.json('member', 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER`);
    expect(member.status).toBe(403);
    // ranker holds RANKING and is anna, neither a partner nor a top manager: her own row only, with its firm rank
    const own = await h.json('ranker', 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER`);
    expect(own.status).toBe(200);
    expect(items(own.body).map((i) => i.employee_id)).toEqual([anna]);
    expect(items(own.body)[0]).toMatchObject({ rank: 1, rating: '77.50' });
    const departments = await h.json('ranker', 'GET', `${R}/getAllDepartmentsOrEmployee?type=DEPARTMENT`);
    expect(items(departments.body).map((i) => (i.targetDepartment as { id: number }).id)).toEqual([
      h.fx.departments.sector,
    ]);
    const other = await h.json('ranker', 'GET', `${R}/getLast3MonthData?type=MANAGER&targetEmployeeId=${boris}`);
    expect(other.status).toBe(403);
    // a partner (carl, made a Partner of London) sees London's managers and departments
    await h.db.query('UPDATE positions SET level_id = $1 WHERE id = $2', [
      dict('POSITION_LEVEL', 5),
      h.fx.positions.carlFirm,
    ]);
    await createTestUser(h.db, {
      username: 'londonpartner',
      password: 'londonpartner',
      employeeId: h.fx.employees.carl,
      roles: [{ name: 'RANKER' }],
    });
    const london = await h.json('londonpartner', 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER`);
    expect(items(london.body).map((i) => i.employee_id)).toContain(boris);
    expect(items(london.body).every((i) => i.targetOfficeId === h.fx.offices.london)).toBe(true);
    expect(byEmployee(london.body, boris)).toMatchObject({ rank: 2, rating: '64.17' });
    const londonDepartments = await h.json('londonpartner', 'GET', `${R}/getAllDepartmentsOrEmployee?type=DEPARTMENT`);
    expect(items(londonDepartments.body).every((i) => i.targetOfficeId === h.fx.offices.london)).toBe(true);
    expect(
      (await h.request('londonpartner', 'GET', `${R}/getLast3MonthData?type=MANAGER&targetEmployeeId=${anna}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await h.request('londonpartner', 'GET', `${R}/getLast3MonthData?type=MANAGER&targetEmployeeId=${boris}`))
        .statusCode,
    ).toBe(200);
    // top managers see the firm
    const top = await h.json('top', 'GET', `${R}/getAllDepartmentsOrEmployee?type=MANAGER`);
    expect(items(top.body).map((i) => i.employee_id)).toEqual(expect.arrayContaining([anna, boris]));
  });
});
