import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../../schemas/index';
import type { Role } from '../../schemas/modules';
import { createTestUser } from '../auth/testing';
import { privilegeRows } from '../db/seed/roles';
import { createHarness, type Harness } from '../test/harness';
import { collectionPath } from './values';

/**
 * Personal fields (H2-05): an employee's gender, birth date, phones and second e-mail are read only
 * by holders of `view` on `employee` and by administrators. Users: `publisher` (the seeded PUBLISHER
 * grants: the website and `team`, no `employee`), `hr` (the seeded HR grants), `admin` (fixture).
 * Anna's birth date is 1990-05-17 (fixture); each test fails where every reader gets every field.
 */
let h: Harness;
const employees = getSchema('employees');
const path = collectionPath(employees);
const PERSONAL = ['gender', 'birthDate', 'firstPhoneNumber', 'secondPhoneNumber', 'secondEmail'];
const PUBLIC = ['gfirstName', 'glastName', 'firstEmail', 'office', 'status', 'fullName', 'title'];

type Page = { _embedded: Record<string, Array<Record<string, unknown>>> };
const itemsOf = (body: Page) => Object.values(body._embedded)[0] ?? [];

/** A user holding exactly the seeded grants of `role`, under a role name of its own. */
const seededUser = (username: string, role: Role) =>
  createTestUser(h.db, {
    username,
    roles: [{ name: `H205_${role}`, privileges: privilegeRows(role) }],
  });

beforeAll(async () => {
  h = await createHarness();
  await seededUser('publisher', 'PUBLISHER');
  await seededUser('hr', 'HR');
  // edits the team (module `team`) without reading personal data (no `employee`)
  await createTestUser(h.db, {
    username: 'teameditor',
    roles: [{ name: 'H205_TEAM_EDITOR', privileges: [{ module: 'team', view: true, create: true, update: true }] }],
  });
  // Anna's personal data, written by HR
  const anna = await h.json<{ version: number }>('hr', 'GET', `${path}/${h.fx.employees.anna}`);
  const res = await h.request(
    'hr',
    'PATCH',
    `${path}/${h.fx.employees.anna}`,
    { firstPhoneNumber: '+77011234567', secondEmail: 'anna.home@mail.test' },
    { 'If-Match': `"${anna.body.version}"` },
  );
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(async () => {
  await h.close();
});

describe('H2-05 personal fields of employees', () => {
  it('H2-05 the publisher lists employees with the public profile only: no birth date, gender, phones or second e-mail', async () => {
    const res = await h.json<Page>('publisher', 'GET', `${path}?size=100`);
    expect(res.status).toBe(200);
    const items = itemsOf(res.body);
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) {
      for (const field of PERSONAL) expect(item, `${field} of employee ${item.id}`).not.toHaveProperty(field);
      for (const field of PUBLIC) expect(item).toHaveProperty(field);
    }
    expect(JSON.stringify(res.body)).not.toContain('1990-05-17');
    expect(JSON.stringify(res.body)).not.toContain('+77011234567');
  });

  it('H2-05 the publisher reads one employee as the public profile, in every projection', async () => {
    for (const projection of Object.keys(employees.projections)) {
      const res = await h.json('publisher', 'GET', `${path}/${h.fx.employees.anna}?projection=${projection}`);
      expect(res.status).toBe(200);
      expect(res.body.gfirstName).toBe('Anna');
      expect(res.body.firstEmail).toBe('anna@bureau.test');
      for (const field of PERSONAL) expect(res.body, `${projection}: ${field}`).not.toHaveProperty(field);
    }
  });

  it('H2-05 the publisher exports employees (CSV and XLSX) without the personal columns or values', async () => {
    const csv = await h.request('publisher', 'GET', `${path}/export?format=csv&size=100`);
    expect(csv.statusCode, csv.body).toBe(200);
    const header = csv.body.replace(/^\ufeff/, '').split('\r\n')[0]!;
    expect(header).toContain('Full name');
    for (const label of ['Birthday', 'Mobile phone']) expect(header).not.toContain(label);
    expect(csv.body).not.toContain('1990-05-17');
    expect(csv.body).not.toContain('+77011234567');
    expect(csv.body).toContain('anna@bureau.test');
    const xlsx = await h.request('publisher', 'GET', `${path}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text))));
    expect(cells).not.toContain('Birthday');
    expect(cells.join('|')).not.toContain('+77011234567');
    expect(cells).toContain('anna@bureau.test');
  });

  it('H2-05 HR and the administrator still read and export every field', async () => {
    for (const user of ['hr', 'admin']) {
      const one = await h.json(user, 'GET', `${path}/${h.fx.employees.anna}`);
      expect(one.status).toBe(200);
      for (const field of PERSONAL) expect(one.body, `${user}: ${field}`).toHaveProperty(field);
      expect(one.body.birthDate).toBe('1990-05-17');
      expect(one.body.firstPhoneNumber).toBe('+77011234567');
      const csv = await h.request(user, 'GET', `${path}/export?format=csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body.split('\r\n')[0]).toContain('Birthday');
      expect(csv.body).toContain('1990-05-17');
      const filtered = await h.json<Page>(user, 'GET', `${path}?birthDate=1990-05-17`);
      expect(itemsOf(filtered.body).map((e) => e.id)).toEqual([h.fx.employees.anna]);
    }
  });

  it('H2-05 a filter or a sort on the birth date by the publisher is refused alike whatever the value: nothing leaks by probing', async () => {
    const probes = [
      'birthDate=1990-05-17',
      'birthDate=1991-01-01',
      'birthDate.gte=1990-01-01',
      'birthDate.isNull=true',
      'birthDateLte=2000-01-01',
      'secondEmail.like=home',
      'firstPhoneNumber.like=770',
      'gender.id=1',
      'gender.code.in=1,2',
      'sort=birthDate,asc',
    ];
    const answers = new Set<string>();
    for (const probe of probes) {
      const res = await h.json<{ message: string }>('publisher', 'GET', `${path}?${probe}`);
      expect(res.status, probe).toBe(400);
      expect(res.body.message).toMatch(/not readable/);
      answers.add(res.body.message.replace(/"[^"]*"/g, '""'));
    }
    // a filter through a reference to an employee reads the same personal field: refused too
    const positions = collectionPath(getSchema('positions'));
    const through = await h.json('publisher', 'GET', `${positions}?employee.birthDate=1990-05-17`);
    expect(through.status).toBe(400);
    // the export takes the list's filters: refused the same way
    const exported = await h.request('publisher', 'GET', `${path}/export?format=csv&birthDate=1990-05-17`);
    expect(exported.statusCode).toBe(400);
    expect(answers.size).toBe(1);
  });

  it('H2-05 the history of an employee leaves out the changes of personal fields for the publisher', async () => {
    const url = `${path}/${h.fx.employees.anna}/history?size=100`;
    type History = { _embedded: { history: Array<{ changes: Array<{ field: string; after?: unknown }> }> } };
    const hr = await h.json<History>('hr', 'GET', url);
    expect(hr.status).toBe(200);
    expect(hr.body._embedded.history.flatMap((e) => e.changes.map((c) => c.field))).toContain('firstPhoneNumber');
    const publisher = await h.json<History>('publisher', 'GET', url);
    expect(publisher.status).toBe(200);
    const fields = publisher.body._embedded.history.flatMap((e) => e.changes.map((c) => c.field));
    for (const field of PERSONAL) expect(fields).not.toContain(field);
    expect(JSON.stringify(publisher.body)).not.toContain('+77011234567');
  });

  it('H2-05 a PUT by a writer who does not read the personal fields keeps them: it replaces only what the writer sees', async () => {
    const url = `${path}/${h.fx.employees.anna}`;
    const seen = await h.json<Record<string, unknown> & { version: number }>('teameditor', 'GET', url);
    expect(seen.status).toBe(200);
    expect(seen.body).not.toHaveProperty('birthDate');
    const { _links, id, version, ...body } = seen.body;
    void _links;
    void id;
    const put = await h.json(
      'teameditor',
      'PUT',
      url,
      { ...body, glastName: 'Abenova-Smith' },
      { 'If-Match': `"${version}"` },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).not.toHaveProperty('birthDate');
    const after = await h.json('hr', 'GET', url);
    expect(after.body.glastName).toBe('Abenova-Smith');
    expect(after.body.birthDate).toBe('1990-05-17');
    expect(after.body.firstPhoneNumber).toBe('+77011234567');
    expect(after.body.secondEmail).toBe('anna.home@mail.test');
  });
});
