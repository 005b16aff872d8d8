import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { peopleSetup } from './testing';

/**
 * Positions, the executors tree, position funds and position rates through the API
 * (EMP-14..33, NAV-70/71): defaults, the end-of-month date, the scheme's transfer targets as the
 * server keeps them, and the read-only rates.
 */
let h: Harness;
let productDept: number;
beforeAll(async () => {
  h = await createHarness();
  await peopleSetup(h);
  productDept = await insertRow(h.db, 'departments', {
    gname: 'Litigation product',
    type: h.fx.dict('DEPARTMENT_TYPE', 16),
    status: h.fx.dict('DEPARTMENT_STATUS', 1),
    parent: h.fx.departments.firm,
    officeId: h.fx.offices.almaty,
    top: false,
    businessTeam: false,
  });
});
afterAll(async () => h?.close());

type Rec = Record<string, unknown> & { id: number; version: number };
type Page<K extends string> = { _embedded: Record<K, Rec[]>; page: { totalElements: number; size?: number } };

const newPosition = (extra: Record<string, unknown> = {}) => ({
  employee: { id: h.fx.employees.carl },
  department: { id: h.fx.departments.sector },
  office: { id: h.fx.offices.almaty },
  dateGte: '2026-01-01',
  ...extra,
});

const scheme = (code: number) => ({ id: h.fx.dict('FUND_SCHEME', code) });
const fund = (extra: Record<string, unknown> = {}) => ({
  position: { id: h.fx.positions.borisFirm },
  type: { id: h.fx.dict('POSITION_FUND_TYPE', 1) },
  dateGte: '2026-01-01',
  put: 0.2,
  get: 0.125,
  transferOffice: { id: h.fx.offices.london },
  transferDepartment: { id: h.fx.departments.firm },
  transferPosition: { id: h.fx.positions.annaSector },
  ...extra,
});
const targets = (r: Rec) => ({
  office: (r.transferOffice as Rec | null)?.id ?? null,
  department: (r.transferDepartment as Rec | null)?.id ?? null,
  position: (r.transferPosition as Rec | null)?.id ?? null,
});

describe('positions (EMP-14..21)', () => {
  it('EMP-14 a position has dateGte, dateLte, office, department{id}, level, main, virtual, employee{id} and parent', async () => {
    const res = await h.json<Rec>('admin', 'GET', `/core/api/positions/${h.fx.positions.annaSector}`);
    for (const field of [
      'dateGte',
      'dateLte',
      'office',
      'department',
      'level',
      'main',
      'virtual',
      'employee',
      'parent',
    ])
      expect(res.body, field).toHaveProperty(field);
    expect(res.body.employee).toMatchObject({ id: h.fx.employees.anna, gfirstName: 'Anna' });
  });

  it('EMP-15 a new position gets level id 22 "Subordinates"; EMP-18 POST /positions', async () => {
    const res = await h.json<Rec>('hr', 'POST', '/core/api/positions', newPosition());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.level).toMatchObject({ id: 22, gname: 'Subordinates' });
    await h.request('admin', 'DELETE', `/core/api/positions/${res.body.id}`);
  });

  it('a new position without a status starts active, so a fund can be added to it at once', async () => {
    const res = await h.json<Rec>('hr', 'POST', '/core/api/positions', newPosition());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toMatchObject({ code: 1, gname: 'Active' });
    const funded = await h.json<Rec>(
      'admin',
      'POST',
      '/core/api/positionFunds',
      fund({ position: { id: res.body.id }, scheme: scheme(2) }),
    );
    expect(funded.status, JSON.stringify(funded.body)).toBe(201);
    // a status the client chose is kept
    const closed = await h.json<Rec>(
      'hr',
      'POST',
      '/core/api/positions',
      newPosition({ status: { id: h.fx.dict('POSITION_STATUS', 2) } }),
    );
    expect(closed.body.status).toMatchObject({ code: 2 });
    await h.request('admin', 'DELETE', `/core/api/positionFunds/${funded.body.id}`);
    for (const id of [res.body.id, closed.body.id]) await h.request('admin', 'DELETE', `/core/api/positions/${id}`);
  });

  it('EMP-16 dateLte is saved as the last day of its month, on create and on update', async () => {
    const res = await h.json<Rec>('hr', 'POST', '/core/api/positions', newPosition({ dateLte: '2026-02-03' }));
    expect(res.body.dateLte).toBe('2026-02-28');
    const put = await h.json<Rec>('hr', 'PUT', `/core/api/positions/${res.body.id}`, {
      ...newPosition({ dateLte: '2028-02-10' }),
      version: res.body.version,
    });
    expect(put.body.dateLte).toBe('2028-02-29');
    await h.request('admin', 'DELETE', `/core/api/positions/${res.body.id}`);
  });

  it('EMP-17 GET /positions; EMP-19 PUT; EMP-20 DELETE', async () => {
    const list = await h.json<Page<'positions'>>('hr', 'GET', `/core/api/positions?employee.id=${h.fx.employees.anna}`);
    expect(list.body._embedded.positions.map((p) => p.id)).toEqual([h.fx.positions.annaSector]);
    const created = await h.json<Rec>('hr', 'POST', '/core/api/positions', newPosition());
    const put = await h.json<Rec>('hr', 'PUT', `/core/api/positions/${created.body.id}`, {
      ...newPosition({ main: false, virtual: true, parent: { id: h.fx.positions.carlFirm } }),
      version: created.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      main: false,
      virtual: true,
      parent: expect.objectContaining({ id: h.fx.positions.carlFirm }),
    });
    expect((await h.request('hr', 'DELETE', `/core/api/positions/${created.body.id}`)).statusCode).toBe(204);
  });

  it('EMP-21 GET /positions/products: the positions of product departments, 100 a page', async () => {
    const product = await h.json<Rec>(
      'admin',
      'POST',
      '/core/api/positions',
      newPosition({ department: { id: productDept }, parent: { id: h.fx.positions.carlFirm } }),
    );
    const res = await h.json<Page<'positions'>>('member', 'GET', '/core/api/positions/products');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body._embedded.positions.map((p) => p.id)).toEqual([product.body.id]);
    expect(res.body.page).toMatchObject({ size: 100, totalElements: 1 });
    const small = await h.json<Page<'positions'>>('member', 'GET', '/core/api/positions/products?size=5');
    expect(small.body.page.size).toBe(5);
    expect((await h.request(null, 'GET', '/core/api/positions/products')).statusCode).toBe(401);
    await h.request('admin', 'DELETE', `/core/api/positions/${product.body.id}`);
  });
});

describe('position funds (EMP-22..31)', () => {
  it('EMP-22 a position fund has dateGte, dateLte, type, put, get, scheme, transfer targets and position{id}', async () => {
    const res = await h.json<Rec>('hr', 'GET', `/core/api/positionFunds/${h.fx.positionFunds.annaFund}`);
    expect(res.status).toBe(200);
    for (const field of [
      'dateGte',
      'dateLte',
      'type',
      'put',
      'get',
      'scheme',
      'transferOffice',
      'transferDepartment',
      'transferPosition',
      'position',
    ])
      expect(res.body, field).toHaveProperty(field);
    expect(res.body.position).toMatchObject({ id: h.fx.positions.annaSector });
  });

  it('EMP-23 put and get travel as fractions', async () => {
    const res = await h.json<Rec>('hr', 'GET', `/core/api/positionFunds/${h.fx.positionFunds.annaFund}`);
    expect(res.body).toMatchObject({ put: 0.1, get: 0.05 });
    expect(
      (await h.json<Rec>('hr', 'POST', '/core/api/positionFunds', fund({ scheme: scheme(4), put: 10 }))).status,
    ).toBe(400);
  });

  it('EMP-24 EMP-25 scheme 2 keeps transferOffice and transferDepartment, drops transferPosition', async () => {
    const res = await h.json<Rec>('hr', 'POST', '/core/api/positionFunds', fund({ scheme: scheme(2) }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(targets(res.body)).toEqual({
      office: h.fx.offices.london,
      department: h.fx.departments.firm,
      position: null,
    });
  });

  it('EMP-24 scheme 1 keeps transferOffice only; scheme 6 office and department', async () => {
    const one = await h.json<Rec>('hr', 'POST', '/core/api/positionFunds', fund({ scheme: scheme(1) }));
    expect(targets(one.body)).toEqual({ office: h.fx.offices.london, department: null, position: null });
    const six = await h.json<Rec>('hr', 'POST', '/core/api/positionFunds', fund({ scheme: scheme(6) }));
    expect(targets(six.body)).toEqual({
      office: h.fx.offices.london,
      department: h.fx.departments.firm,
      position: null,
    });
  });

  it('EMP-26 scheme 3 keeps transferPosition only', async () => {
    const res = await h.json<Rec>('hr', 'POST', '/core/api/positionFunds', fund({ scheme: scheme(3) }));
    expect(targets(res.body)).toEqual({ office: null, department: null, position: h.fx.positions.annaSector });
  });

  it('EMP-27 schemes 4 and 5 keep no transfer target', async () => {
    for (const code of [4, 5]) {
      const res = await h.json<Rec>('hr', 'POST', '/core/api/positionFunds', fund({ scheme: scheme(code) }));
      expect(targets(res.body), `scheme ${code}`).toEqual({ office: null, department: null, position: null });
    }
  });

  it('EMP-24 EMP-26 a PATCH that changes only the scheme clears the targets the new scheme does not use', async () => {
    const created = await h.json<Rec>('hr', 'POST', '/core/api/positionFunds', fund({ scheme: scheme(2) }));
    const patched = await h.json<Rec>('hr', 'PATCH', `/core/api/positionFunds/${created.body.id}`, {
      scheme: scheme(3),
      version: created.body.version,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(targets(patched.body)).toEqual({ office: null, department: null, position: null });
  });

  it('EMP-28 GET /positionFunds by position', async () => {
    const res = await h.json<Page<'positionFunds'>>(
      'hr',
      'GET',
      `/core/api/positionFunds?position.id=${h.fx.positions.annaSector}`,
    );
    expect(res.body._embedded.positionFunds.map((f) => f.id)).toEqual([h.fx.positionFunds.annaFund]);
  });

  it('EMP-29 POST, EMP-30 PUT and EMP-31 DELETE /positionFunds', async () => {
    const created = await h.json<Rec>('hr', 'POST', '/core/api/positionFunds', fund({ scheme: scheme(1) }));
    expect(created.status).toBe(201);
    const put = await h.json<Rec>('hr', 'PUT', `/core/api/positionFunds/${created.body.id}`, {
      ...fund({ scheme: scheme(1), put: 0.3, dateLte: '2026-12-31' }),
      version: created.body.version,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ put: 0.3, dateLte: '2026-12-31' });
    expect((await h.request('hr', 'DELETE', `/core/api/positionFunds/${created.body.id}`)).statusCode).toBe(204);
  });

  it('NAV-70 position funds need POSITION_PARTNER_FUND', async () => {
    expect((await h.request('member', 'GET', '/core/api/positionFunds')).statusCode).toBe(403);
    expect((await h.request('hr', 'GET', '/core/api/positionFunds')).statusCode).toBe(200);
  });
});

describe('position rates (EMP-32/33)', () => {
  it('EMP-33 GET /positionRates lists the rates', async () => {
    const res = await h.json<Page<'positionRates'>>(
      'hr',
      'GET',
      `/core/api/positionRates?position.id=${h.fx.positions.annaSector}`,
    );
    expect(res.status).toBe(200);
    expect(res.body._embedded.positionRates).toEqual([
      expect.objectContaining({
        id: h.fx.positionRates.annaRate,
        rate: 150,
        office: expect.objectContaining({ id: h.fx.offices.almaty }),
      }),
    ]);
  });

  it('EMP-32 position rates are read-only: no create, update or delete, even for an admin', async () => {
    const body = { position: { id: h.fx.positions.annaSector }, office: { id: h.fx.offices.almaty }, rate: 1 };
    expect((await h.request('admin', 'POST', '/core/api/positionRates', body)).statusCode).toBeGreaterThanOrEqual(404);
    const id = h.fx.positionRates.annaRate;
    expect((await h.request('admin', 'PUT', `/core/api/positionRates/${id}`, body)).statusCode).toBeGreaterThanOrEqual(
      404,
    );
    expect((await h.request('admin', 'DELETE', `/core/api/positionRates/${id}`)).statusCode).toBeGreaterThanOrEqual(
      404,
    );
    expect((await h.json<Rec>('admin', 'GET', `/core/api/positionRates/${id}`)).body.rate).toBe(150);
  });

  it('NAV-71 position rates need POSITION_OFFICE_RATE', async () => {
    expect((await h.request('member', 'GET', '/core/api/positionRates')).statusCode).toBe(403);
    expect((await h.request('hr', 'GET', '/core/api/positionRates')).statusCode).toBe(200);
  });
});
