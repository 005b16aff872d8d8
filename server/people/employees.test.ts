import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { peopleSetup } from './testing';

/**
 * Employees, their titles history and job titles through the API (EMP-01..13, MISC-03..09): the
 * fields, the current title as a column and a filter, the `position` projection, CRUD, and the
 * derived `member` count of a job title.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await peopleSetup(h);
});
afterAll(async () => h?.close());

type Rec = Record<string, unknown> & { id: number; version: number };
type Page<K extends string> = { _embedded: Record<K, Rec[]>; page: { totalElements: number } };

const ids = (rows: Rec[]) => rows.map((r) => r.id);

const newEmployee = (extra: Record<string, unknown> = {}) => ({
  gfirstName: 'Dana',
  glastName: 'Dossova',
  status: { id: h.fx.dict('EMPLOYEE_STATUS', 1) },
  firstEmail: 'dana@bureau.test',
  office: { id: h.fx.offices.almaty },
  birthDate: '1992-03-04',
  ...extra,
});

describe('employees (EMP-01..08)', () => {
  it('EMP-01 an employee has status, names, e-mails, gender, birthDate, phones and office', async () => {
    const res = await h.json<Rec>('admin', 'GET', `/core/api/employees/${h.fx.employees.anna}`);
    expect(res.status).toBe(200);
    for (const field of [
      'status',
      'gfirstName',
      'glastName',
      'lfirstName',
      'llastName',
      'firstEmail',
      'secondEmail',
      'gender',
      'birthDate',
      'firstPhoneNumber',
      'secondPhoneNumber',
      'office',
    ])
      expect(res.body, field).toHaveProperty(field);
    expect(res.body.status).toMatchObject({ id: h.fx.dict('EMPLOYEE_STATUS', 1) });
  });

  it('EMP-02 an empty secondPhoneNumber is stored and answered as null', async () => {
    const res = await h.json<Rec>('admin', 'POST', '/core/api/employees', newEmployee({ secondPhoneNumber: '' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.secondPhoneNumber).toBeNull();
    await h.request('admin', 'DELETE', `/core/api/employees/${res.body.id}`);
  });

  it('EMP-03 the list answers photo, status, full name, e-mail, mobile, title, office and birthday', async () => {
    const res = await h.json<Page<'employees'>>('admin', 'GET', '/core/api/employees?size=50');
    const anna = res.body._embedded.employees.find((e) => e.id === h.fx.employees.anna)!;
    expect(anna).toMatchObject({
      fullName: 'Anna Abenova',
      firstEmail: 'anna@bureau.test',
      title: 'Partner',
      titleId: h.fx.titles.partner,
      office: expect.objectContaining({ id: h.fx.offices.almaty }),
      birthDate: '1990-05-17',
    });
    expect(anna).toHaveProperty('photo');
    expect(anna).toHaveProperty('firstPhoneNumber');
    expect(anna).toHaveProperty('status');
  });

  it('EMP-04 the list filters by office{id}, gfirstName, status and title{id}, with sort, page and size', async () => {
    const list = async (q: string) =>
      (await h.json<Page<'employees'>>('admin', 'GET', `/core/api/employees?sort=gfirstName,asc&page=0&size=20&${q}`))
        .body;
    const byOffice = await list(`office.id=${h.fx.offices.london}`);
    expect(ids(byOffice._embedded.employees)).toEqual([h.fx.employees.boris, h.fx.employees.carl]);
    expect(byOffice.page.totalElements).toBe(2);
    expect(ids((await list('gfirstName.like=bor'))._embedded.employees)).toEqual([h.fx.employees.boris]);
    expect(ids((await list(`status.id=${h.fx.dict('EMPLOYEE_STATUS', 3)}`))._embedded.employees)).toEqual([
      h.fx.employees.carl,
    ]);
    // anna held Associate until 2023: only her current title counts
    const associates = await list(`title.id=${h.fx.titles.associate}`);
    expect(ids(associates._embedded.employees)).toEqual([h.fx.employees.boris]);
    expect(associates.page.totalElements).toBe(1);
    expect(ids((await list(`titleId=${h.fx.titles.partner}`))._embedded.employees)).toEqual([h.fx.employees.anna]);
    expect((await h.request('admin', 'GET', '/core/api/employees?title.id=abc')).statusCode).toBe(400);
  });

  it('EMP-05 GET /employees/{id}?projection=position embeds the positions', async () => {
    const res = await h.json<Rec>('admin', 'GET', `/core/api/employees/${h.fx.employees.anna}?projection=position`);
    expect(res.status).toBe(200);
    expect(ids(res.body.positionList as Rec[])).toEqual([h.fx.positions.annaSector]);
  });

  it('EMP-06 POST, EMP-07 PUT and EMP-08 DELETE /employees', async () => {
    const created = await h.json<Rec>('admin', 'POST', '/core/api/employees', newEmployee());
    expect(created.status).toBe(201);
    const put = await h.json<Rec>('admin', 'PUT', `/core/api/employees/${created.body.id}`, {
      ...newEmployee({ glastName: 'Dossova-Lee', secondPhoneNumber: '+77010000000' }),
      version: created.body.version,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ glastName: 'Dossova-Lee', secondPhoneNumber: '+77010000000' });
    expect((await h.request('admin', 'DELETE', `/core/api/employees/${created.body.id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/employees/${created.body.id}`)).statusCode).toBe(404);
  });

  it('EMP-03 a photo is a stored file reference', async () => {
    const res = await h.json<Rec>('admin', 'POST', '/core/api/employees', newEmployee({ photo: { id: 999999 } }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('photo');
  });
});

describe('employee titles (EMP-09..13)', () => {
  it('EMP-09 an employee title has dateGte, dateLte, title{id,name} and employee{id}', async () => {
    const res = await h.json<Rec>('admin', 'GET', `/core/api/employeeTitles/${h.fx.employeeTitles.annaAssociate}`);
    expect(res.body).toMatchObject({
      dateGte: '2020-01-01',
      dateLte: '2023-12-31',
      title: { id: h.fx.titles.associate, name: 'Associate' },
      employee: expect.objectContaining({ id: h.fx.employees.anna }),
    });
  });

  it('EMP-10 GET /employeeTitles by employee id, sorted dateGte desc, paged', async () => {
    const res = await h.json<Page<'employeeTitles'>>(
      'admin',
      'GET',
      `/core/api/employeeTitles?employee.id=${h.fx.employees.anna}&sort=dateGte,desc&page=0&size=1`,
    );
    expect(ids(res.body._embedded.employeeTitles)).toEqual([h.fx.employeeTitles.annaPartner]);
    expect(res.body.page.totalElements).toBe(2);
    const unsorted = await h.json<Page<'employeeTitles'>>(
      'admin',
      'GET',
      `/core/api/employeeTitles?employee.id=${h.fx.employees.anna}`,
    );
    expect(ids(unsorted.body._embedded.employeeTitles)).toEqual([
      h.fx.employeeTitles.annaPartner,
      h.fx.employeeTitles.annaAssociate,
    ]);
  });

  it('EMP-11 POST, EMP-12 PUT and EMP-13 DELETE /employeeTitles', async () => {
    const body = { employee: { id: h.fx.employees.carl }, title: { id: h.fx.titles.partner }, dateGte: '2025-01-01' };
    const created = await h.json<Rec>('admin', 'POST', '/core/api/employeeTitles', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const put = await h.json<Rec>('admin', 'PUT', `/core/api/employeeTitles/${created.body.id}`, {
      ...body,
      dateLte: '2025-12-31',
      version: created.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ dateGte: '2025-01-01', dateLte: '2025-12-31' });
    expect((await h.request('admin', 'DELETE', `/core/api/employeeTitles/${created.body.id}`)).statusCode).toBe(204);
  });

  it('NAV-66 employee titles need EMPLOYEE_TITLE: member (without it) is refused', async () => {
    expect((await h.request('member', 'GET', '/core/api/employeeTitles')).statusCode).toBe(403);
    expect((await h.request('hr', 'GET', '/core/api/employeeTitles')).statusCode).toBe(200);
  });
});

describe('job titles (MISC-03..09)', () => {
  it('MISC-03 a job title has id, name, order, exist and member', async () => {
    const res = await h.json<Rec>('admin', 'GET', `/core/api/titles/${h.fx.titles.associate}`);
    expect(res.body).toMatchObject({ id: h.fx.titles.associate, name: 'Associate', order: 1, exist: true });
    expect(res.body).toHaveProperty('member');
  });

  it('MISC-03 member is the number of employees holding the title today', async () => {
    const get = async (id: number) => (await h.json<Rec>('admin', 'GET', `/core/api/titles/${id}`)).body.member;
    // anna's associate row ended in 2023: only boris holds it; anna holds partner
    expect(await get(h.fx.titles.associate)).toBe(1);
    expect(await get(h.fx.titles.partner)).toBe(1);
    const row = await h.json<Rec>('admin', 'POST', '/core/api/employeeTitles', {
      employee: { id: h.fx.employees.carl },
      title: { id: h.fx.titles.associate },
      dateGte: '2024-01-01',
    });
    expect(await get(h.fx.titles.associate)).toBe(2);
    await h.request('admin', 'DELETE', `/core/api/employeeTitles/${row.body.id}`);
  });

  it('MISC-04 GET /titles pages with projection full and sort order,asc, reading titles and totalElements; MISC-05 sorted by order ascending', async () => {
    const extra = await h.json<Rec>('admin', 'POST', '/core/api/titles', { name: 'Counsel', order: 0, exist: true });
    const res = await h.json<Page<'titles'>>(
      'admin',
      'GET',
      '/core/api/titles?page=0&size=20&projection=full&sort=order,asc',
    );
    expect(res.status).toBe(200);
    const orders = res.body._embedded.titles.map((t) => t.order as number);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(res.body._embedded.titles[0]!.id).toBe(extra.body.id);
    expect(res.body.page.totalElements).toBe(res.body._embedded.titles.length);
    // MISC-05: the default order is the same without a sort parameter
    const plain = await h.json<Page<'titles'>>('admin', 'GET', '/core/api/titles');
    expect(ids(plain.body._embedded.titles)).toEqual(ids(res.body._embedded.titles));
    await h.request('admin', 'DELETE', `/core/api/titles/${extra.body.id}`);
  });

  it('MISC-06 GET /titles/{id} with a projection; MISC-07 POST; MISC-08 PUT', async () => {
    const created = await h.json<Rec>('admin', 'POST', '/core/api/titles', { name: 'Paralegal', order: 7 });
    expect(created.status).toBe(201);
    const one = await h.json<Rec>('admin', 'GET', `/core/api/titles/${created.body.id}?projection=full`);
    expect(one.body).toMatchObject({ name: 'Paralegal', order: 7, member: 0 });
    const put = await h.json<Rec>('admin', 'PUT', `/core/api/titles/${created.body.id}`, {
      name: 'Senior paralegal',
      order: 8,
      exist: false,
      rate: false,
      version: created.body.version,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ name: 'Senior paralegal', order: 8, exist: false });
    await h.request('admin', 'DELETE', `/core/api/titles/${created.body.id}`);
  });

  it('MISC-09 member is never written: a PUT carrying it leaves the count derived', async () => {
    const t = (await h.json<Rec>('admin', 'GET', `/core/api/titles/${h.fx.titles.partner}`)).body;
    const put = await h.json<Rec>('admin', 'PUT', `/core/api/titles/${t.id}`, {
      name: t.name,
      order: t.order,
      exist: t.exist,
      rate: t.rate,
      member: 40,
      version: t.version,
    });
    expect(put.status).toBeLessThan(500);
    expect((await h.json<Rec>('admin', 'GET', `/core/api/titles/${t.id}`)).body.member).toBe(1);
  });
});
