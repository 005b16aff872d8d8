import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/**
 * Departments through the API (DICT-19..33): fields, the list's filters, CRUD, and the trees
 * served as `GET` collection actions of the schema (`schemas/organisation/departmentTrees.ts`).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Rec = Record<string, unknown>;
interface Node {
  id: number;
  gname: string;
  type: { code: number };
  children: Node[];
  positions?: Array<{ id: number; main: boolean; employee: { id: number; fullName: string } }>;
  employees?: Array<{ id: number; fullName: string }>;
}
type Page = { _embedded: { departments: Rec[] }; page: { totalElements: number } };

const create = (body: Rec) => h.json<Rec>('admin', 'POST', '/core/api/departments', body);
const dept = (gname: string, typeCode: number, parent?: number, statusCode = 1): Rec => ({
  gname,
  type: { id: h.fx.dict('DEPARTMENT_TYPE', typeCode) },
  status: { id: h.fx.dict('DEPARTMENT_STATUS', statusCode) },
  ...(parent ? { parent: { id: parent } } : {}),
});
const find = (nodes: Node[], id: number): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const c = find(n.children, id);
    if (c) return c;
  }
  return undefined;
};

describe('departments', () => {
  it('DICT-19 a department carries id, gname, lname, top, businessTeam, parent, type, status, lastModifiedDate, uuid, officeId, levelCode', async () => {
    const r = await h.json<Rec>('member', 'GET', `/core/api/departments/${h.fx.departments.sector}?projection=full`);
    expect(r.status).toBe(200);
    for (const k of ['id', 'gname', 'lname', 'top', 'businessTeam', 'parent', 'type', 'status', 'lastModifiedDate'])
      expect(r.body).toHaveProperty(k);
    for (const k of ['uuid', 'officeId', 'levelCode']) expect(Object.keys(r.body)).toContain(k);
    expect(r.body.parent).toMatchObject({ id: h.fx.departments.firm });
    expect(r.body.type).toMatchObject({ code: 7 });
    expect(r.body.officeId).toBe(h.fx.offices.almaty);
  });

  it('DICT-20 department types 2, 4, 5, 6, 7, 9, 10, 14 and service/product types exist', async () => {
    const r = await h.json<{ _embedded: { baseDictionaries: Array<{ code: number }> } }>(
      'member',
      'GET',
      '/core/api/baseDictionaries?type.code=2&size=100',
    );
    const codes = r.body._embedded.baseDictionaries.map((d) => d.code);
    for (const c of [2, 4, 5, 6, 7, 9, 10, 14, 15, 16]) expect(codes).toContain(c);
  });

  it('DICT-21 DICT-25 status code 1 filters the active departments; a type code list and parent id narrow further', async () => {
    const active = await h.json<Page>('member', 'GET', '/core/api/departments?status.code=1&size=100&projection=full');
    const ids = active.body._embedded.departments.map((d) => d.id);
    expect(ids).toContain(h.fx.departments.sector);
    expect(ids).not.toContain(h.fx.departments.sector2);
    for (const d of active.body._embedded.departments) expect(d.status).toMatchObject({ code: 1 });
    const sectors = await h.json<Page>(
      'member',
      'GET',
      `/core/api/departments?status.code=1&type.code.in=7,15&parent.id=${h.fx.departments.firm}&page=0&size=20&projection=full`,
    );
    expect(sectors.status).toBe(200);
    expect(sectors.body._embedded.departments.map((d) => d.id)).toEqual([h.fx.departments.sector]);
  });

  it('DICT-25 the departments list asks for status.code=1 unless the user clears it', async () => {
    const { departments } = await import('../../schemas/index');
    expect(departments.list?.defaultFilter).toEqual({ 'status.code': 1 });
    const all = await h.json<Page>('member', 'GET', '/core/api/departments?size=100');
    expect(all.body._embedded.departments.map((d) => d.id)).toContain(h.fx.departments.sector2);
  });

  it('DICT-22 the departments table columns are name, top, business team, status', async () => {
    const { departments } = await import('../../schemas/index');
    expect(departments.list?.columns).toEqual(['gname', 'top', 'businessTeam', 'status']);
  });

  it('DICT-26 DICT-27 DICT-29 a department is created, loaded and deleted; a member may only read', async () => {
    const made = await create(dept('Compliance', 9, h.fx.departments.firm));
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect((await h.json<Rec>('member', 'GET', `/core/api/departments/${id}`)).body.gname).toBe('Compliance');
    expect((await h.request('member', 'POST', '/core/api/departments', dept('X', 9))).statusCode).toBe(403);
    expect((await h.request('member', 'DELETE', `/core/api/departments/${id}`)).statusCode).toBe(403);
    expect((await h.request('admin', 'DELETE', `/core/api/departments/${id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/departments/${id}`)).statusCode).toBe(404);
  });

  it('DICT-23 DICT-30 DICT-31 /departments/all answers trees of sectors and services; sectors are not expanded', async () => {
    const service = await create(dept('Tax', 15, h.fx.departments.firm));
    const product = await create(dept('VAT advice', 16, service.body.id as number));
    const subSector = await create(dept('Renewables', 7, h.fx.departments.sector));
    const r = await h.json<Node[]>('member', 'GET', '/core/api/departments/all?type.code.in=7,15');
    expect(r.status).toBe(200);
    const sector = r.body.find((n) => n.id === h.fx.departments.sector)!;
    expect(sector).toEqual({ id: h.fx.departments.sector, gname: 'Energy', type: { code: 7 }, children: [] });
    const tax = r.body.find((n) => n.id === service.body.id)!;
    expect(tax.type.code).toBe(15);
    expect(tax.children.map((c) => c.id)).toEqual([product.body.id]);
    expect(Object.keys(tax.children[0]!).sort()).toEqual(['children', 'gname', 'id', 'type']);
    // a sub-sector is itself a sector the filter selects: listed at the top, not under its parent
    expect(r.body.map((n) => n.id)).toContain(subSector.body.id);
    expect(r.body.every((n) => [7, 15].includes(n.type.code))).toBe(true);
    const active = await h.json<Node[]>('member', 'GET', '/core/api/departments/all?type.code.in=7&status.code=1');
    expect(active.body.map((n) => n.id)).not.toContain(h.fx.departments.sector2);
    expect((await h.request(null, 'GET', '/core/api/departments/all')).statusCode).toBe(401);
  });

  it('DICT-32 /departments/all/with-positions?officeId gives the tree cut to the office, with its current positions', async () => {
    const london = await h.json<Node[]>(
      'member',
      'GET',
      `/core/api/departments/all/with-positions?officeId=${h.fx.offices.london}`,
    );
    expect(london.status).toBe(200);
    expect(london.body.map((n) => n.id)).toEqual([h.fx.departments.firm]);
    const firm = london.body[0]!;
    expect(firm.positions!.map((p) => p.id).sort()).toEqual([h.fx.positions.borisFirm, h.fx.positions.carlFirm].sort());
    expect(firm.positions![0]!.employee.fullName).toMatch(/Baker|Chen/);
    // Anna's sector position is Almaty's: not in London's tree
    expect(find(london.body, h.fx.departments.sector)).toBeUndefined();
    const almaty = await h.json<Node[]>(
      'member',
      'GET',
      `/core/api/departments/all/with-positions?officeId=${h.fx.offices.almaty}`,
    );
    const sector = find(almaty.body, h.fx.departments.sector)!;
    expect(sector.positions!.map((p) => p.id)).toEqual([h.fx.positions.annaSector]);
    expect(almaty.body[0]!.positions).toEqual([]);
    const missing = await h.json<Rec>('member', 'GET', '/core/api/departments/all/with-positions');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBeTruthy();
  });

  it('DICT-32 an ended position leaves the structure', async () => {
    const ended = await h.json<Rec>('admin', 'POST', '/core/api/positions', {
      employee: { id: h.fx.employees.anna },
      department: { id: h.fx.departments.sector2 },
      office: { id: h.fx.offices.almaty },
      dateGte: '2020-01-01',
      dateLte: '2020-06-30',
    });
    expect(ended.status).toBe(201);
    const r = await h.json<Node[]>(
      'member',
      'GET',
      `/core/api/departments/all/with-positions?officeId=${h.fx.offices.almaty}`,
    );
    expect(find(r.body, h.fx.departments.sector2)).toBeUndefined();
    await h.request('admin', 'DELETE', `/core/api/positions/${ended.body.id as number}`);
  });

  it('DICT-33 /departments/all/by-employee?officeId lists each department with the employees holding a position there', async () => {
    const r = await h.json<Node[]>(
      'member',
      'GET',
      `/core/api/departments/all/by-employee?officeId=${h.fx.offices.london}`,
    );
    expect(r.status).toBe(200);
    expect(r.body[0]!.employees!.map((e) => e.id).sort()).toEqual([h.fx.employees.boris, h.fx.employees.carl].sort());
    expect(r.body[0]).not.toHaveProperty('positions');
    expect((await h.request('member', 'GET', '/core/api/departments/all/by-employee?officeId=x')).statusCode).toBe(400);
  });

  it('DICT-17 DICT-18 the departments list searches by name and sorts by lastModifiedDate desc by default', async () => {
    const r = await h.json<Page>('member', 'GET', '/core/api/departments?search=ener');
    expect(r.body._embedded.departments.map((d) => d.gname)).toEqual(['Energy']);
    const touched = await create(dept('Newest', 9));
    const list = await h.json<Page>('member', 'GET', '/core/api/departments?size=1');
    expect(list.body._embedded.departments[0]!.id).toBe(touched.body.id);
    await h.request('admin', 'DELETE', `/core/api/departments/${touched.body.id as number}`);
  });
});
