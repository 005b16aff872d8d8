import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, insertRow } from '../auth/testing';
import { privilegeRows } from '../db/seed/roles';
import { createHarness, type Harness } from '../test/harness';

/**
 * Tasks and time entries (`schemas/work/times.ts`) through the HTTP API: defaults, filters,
 * the privilege module chosen by the work type (`time` for code 1, `TIME` for tasks), the row
 * filter (own time, or time on a matter whose team holds the user), and the total duration.
 * Fixture: annaTime (Acme matter, 1 h), borisTime (Globex matter, 1 h), annaTask (work type 5 on
 * the Acme lead); `lawyer` is carl, on the Acme matter's team only.
 */
let h: Harness;
type Rec = Record<string, unknown>;
type Page = { _embedded: { times: Rec[] }; page: { totalElements: number } };

const full = { view: true, create: true, update: true, delete: true };
/** An active position of anna's (executor pick lists offer active positions only). */
let annaActive: number;

beforeAll(async () => {
  h = await createHarness();
  // anna with tasks only, with time entries only, and with both (all on her own rows)
  const user = (username: string, modules: string[]) =>
    createTestUser(h.db, {
      username,
      password: username,
      employeeId: h.fx.employees.anna,
      roles: [{ name: username.toUpperCase(), privileges: modules.map((module) => ({ module, ...full })) }],
    });
  await user('tasker', ['TIME']);
  await user('timer', ['time']);
  await user('both', ['time', 'TIME']);
  // carl with the seeded lawyer's grants (MEMBER: time VCUD, TIME VCU), on the Acme matter's team
  await createTestUser(h.db, {
    username: 'seeded-member',
    password: 'seeded-member',
    employeeId: h.fx.employees.carl,
    roles: [{ name: 'SEEDED_MEMBER', privileges: privilegeRows('MEMBER') }],
  });
  annaActive = await insertRow(h.db, 'positions', {
    employee: h.fx.employees.anna,
    department: h.fx.departments.firm,
    office: h.fx.offices.london,
    level: 22,
    status: h.fx.dict('POSITION_STATUS', 1),
    dateGte: '2025-01-01',
    main: false,
    virtual: false,
  });
});
afterAll(async () => h?.close());

const list = async (user: string, query: string) => {
  const r = await h.json<Page>(user, 'GET', `/core/api/times?size=100&${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const ids = (p: Page) => p._embedded.times.map((t) => t.id).sort();
const total = async (user: string | null, query = '') =>
  h.json<Rec>(user, 'GET', `/core/api/times/totalDuration?${query}`);

const entry = (over: Rec = {}): Rec => ({
  dateTime: '2026-11-05T09:00:00Z',
  workType: { id: h.fx.dict('WORK_TYPE', 1) },
  matter: { id: h.fx.matters.acmeMatter },
  workDescription: 'Review',
  ...over,
});

describe('times: fields and defaults', () => {
  it('TIME-01 TIME-02 TIME-15 a time carries both field sets and is read with GET /times/{id}', async () => {
    const r = await h.json<Rec>('admin', 'GET', `/core/api/times/${h.fx.times.annaTime}`);
    expect(r.status).toBe(200);
    for (const k of ['dateTime', 'executorPosition', 'employee', 'workType', 'workDescription', 'duration', 'billable'])
      expect(r.body, k).toHaveProperty(k);
    for (const k of ['billingStatus', 'client', 'lead', 'project', 'matter', 'flowId'])
      expect(r.body, k).toHaveProperty(k);
    expect(r.body.duration).toBe(3600000);
    expect(r.body.workType).toMatchObject({ code: 1 });
  });

  it('TIME-03 TIME-04 TIME-16 a new time is 15 minutes (900000 ms) and billable unless the body says otherwise', async () => {
    const r = await h.json<Rec>('lawyer', 'POST', '/core/api/times', entry());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.duration).toBe(900000);
    expect(r.body.billable).toBe(true);
    const given = await h.json<Rec>('lawyer', 'POST', '/core/api/times', entry({ duration: 1800000, billable: false }));
    expect(given.body).toMatchObject({ duration: 1800000, billable: false });
  });

  it('TIME-10 H2-04 a new time entry without a billing status is unbilled (code 2); a task gets none; a sent one other than Unbilled is 400', async () => {
    const time = await h.json<Rec>('lawyer', 'POST', '/core/api/times', entry());
    expect(time.body.billingStatus).toMatchObject({ code: 2 });
    const task = await h.json<Rec>(
      'lawyer',
      'POST',
      '/core/api/times',
      entry({ workType: { id: h.fx.dict('WORK_TYPE', 3) } }),
    );
    expect(task.status).toBe(201);
    expect(task.body.billingStatus).toBeNull();
    // H2-04: the billing status is the server's (invoices move it); Unbilled, as the calendar sends, passes
    const refused = await h.json<Rec>(
      'lawyer',
      'POST',
      '/core/api/times',
      entry({ billingStatus: { id: h.fx.dict('BILLING_STATUS', 4) } }),
    );
    expect(refused.status).toBe(400);
    const unbilled = await h.json<Rec>(
      'lawyer',
      'POST',
      '/core/api/times',
      entry({ billingStatus: { id: h.fx.dict('BILLING_STATUS', 2) } }),
    );
    expect(unbilled.body.billingStatus).toMatchObject({ code: 2 });
  });

  it("TIME-02 the employee is the executor position's employee; a create naming neither is the user's own", async () => {
    const r = await h.json<Rec>(
      'lawyer',
      'POST',
      '/core/api/times',
      entry({ executorPosition: { id: annaActive }, employee: { id: h.fx.employees.boris } }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((r.body.employee as Rec).id).toBe(h.fx.employees.anna);
    const own = await h.json<Rec>('lawyer', 'POST', '/core/api/times', entry());
    expect((own.body.employee as Rec).id).toBe(h.fx.employees.carl);
    // an employee named without a position is kept; giving a position later moves the employee with it
    const named = await h.json<Rec>(
      'lawyer',
      'POST',
      '/core/api/times',
      entry({ employee: { id: h.fx.employees.boris } }),
    );
    expect((named.body.employee as Rec).id).toBe(h.fx.employees.boris);
    const moved = await h.json<Rec>('admin', 'PATCH', `/core/api/times/${named.body.id}`, {
      executorPosition: { id: annaActive },
    });
    expect(moved.status).toBe(200);
    expect((moved.body.employee as Rec).id).toBe(h.fx.employees.anna);
  });

  it('a time of any year 0001..9999 is written, read back and recorded in its history as sent', async () => {
    const url = `/core/api/times/${h.fx.times.annaTime}`;
    for (const dateTime of ['0026-11-20T22:20:42.735Z', '0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.000Z']) {
      const r = await h.json<{ dateTime: string }>('admin', 'PATCH', url, { dateTime });
      expect(r.status, dateTime).toBe(200);
      expect(r.body.dateTime).toBe(dateTime);
      expect((await h.json<{ dateTime: string }>('admin', 'GET', url)).body.dateTime).toBe(dateTime);
    }
  });

  it('TIME-17 TIME-18 a time is updated with PUT and deleted with DELETE', async () => {
    const created = await h.json<Rec>('lawyer', 'POST', '/core/api/times', entry());
    const url = `/core/api/times/${created.body.id}`;
    const put = await h.json<Rec>('lawyer', 'PUT', url, {
      ...entry(),
      // a PUT carries the whole record: the employee too (a lawyer deletes only their own, TIME-18)
      employee: created.body.employee,
      duration: 2700000,
      version: created.body.version,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.duration).toBe(2700000);
    expect((await h.json('lawyer', 'DELETE', url)).status).toBe(204);
    expect((await h.json('admin', 'GET', url)).status).toBe(404);
  });
});

describe('times: lists and filters', () => {
  it('TIME-14 the time list is GET /times with projection timeList and workType.code=1: time entries only', async () => {
    const body = await list('admin', 'projection=timeList&workType.code=1&sort=dateTime,desc');
    expect(body._embedded.times.length).toBeGreaterThanOrEqual(2);
    expect(body._embedded.times.every((t) => (t.workType as Rec).code === 1)).toBe(true);
    const anna = body._embedded.times.find((t) => t.id === h.fx.times.annaTime)!;
    expect(anna.matter).toMatchObject({ number: 'M-0001' });
    expect(anna.billingStatus).toMatchObject({ code: 2 });
    expect(anna.executorPosition).toMatchObject({ id: h.fx.positions.annaSector });
  });

  it('TIME-05 TIME-06 TIME-13 task lists: projection taskList, workType.code.ne=1 and the scope by lead, client or project', async () => {
    const scope = [`lead.id=${h.fx.leads.acmeDeal}`, `client.id=${h.fx.clients.acme}`, `leadId=${h.fx.leads.acmeDeal}`];
    for (const s of scope) {
      const body = await list('admin', `projection=taskList&sort=dateTime,desc&page=0&size=20&workType.code.ne=1&${s}`);
      expect(ids(body), s).toEqual([h.fx.times.annaTask]);
      expect(body._embedded.times[0]!.workType).toMatchObject({ code: 5 });
      expect(body._embedded.times[0]!.lead).toMatchObject({ id: h.fx.leads.acmeDeal });
    }
    const project = await list('admin', `workType.code.ne=1&project.id=${h.fx.projects.globexProject}`);
    expect(ids(project)).toEqual([]);
  });

  it('NAV-106 the calendar reads a date range: dateTime.gte and dateTime.lt', async () => {
    const body = await list('admin', 'dateTime.gte=2026-11-03T00:00:00Z&dateTime.lt=2026-11-04T00:00:00Z');
    expect(ids(body)).toEqual([h.fx.times.annaTask]);
  });
});

describe('times: the privilege module by row (time for entries, TIME for tasks)', () => {
  it('PERM a user with only TIME lists tasks and never time entries; a time entry is 404 to them', async () => {
    const body = await list('tasker', '');
    expect(body._embedded.times.length).toBeGreaterThan(0);
    expect(body._embedded.times.every((t) => (t.workType as Rec).code !== 1)).toBe(true);
    expect(ids(body)).toContain(h.fx.times.annaTask);
    expect((await list('tasker', 'workType.code=1')).page.totalElements).toBe(0);
    expect((await h.json('tasker', 'GET', `/core/api/times/${h.fx.times.annaTime}`)).status).toBe(404);
    expect((await h.json('tasker', 'GET', `/core/api/times/${h.fx.times.annaTask}`)).status).toBe(200);
    // and the other way round
    expect(ids(await list('timer', ''))).not.toContain(h.fx.times.annaTask);
    expect((await h.json('timer', 'GET', `/core/api/times/${h.fx.times.annaTask}`)).status).toBe(404);
    expect((await h.json('member', 'GET', '/core/api/times')).status).toBe(403);
  });

  it('PERM creating a time entry needs time create; a task needs TIME create', async () => {
    const before = (await list('admin', '')).page.totalElements;
    const refused = await h.json<Rec>('tasker', 'POST', '/core/api/times', entry({ matter: null }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toEqual(expect.any(String));
    expect((await list('admin', '')).page.totalElements).toBe(before);
    const task = await h.json<Rec>(
      'tasker',
      'POST',
      '/core/api/times',
      entry({ matter: null, workType: { id: h.fx.dict('WORK_TYPE', 2) } }),
    );
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    expect(
      (
        await h.json(
          'timer',
          'POST',
          '/core/api/times',
          entry({ matter: null, workType: { id: h.fx.dict('WORK_TYPE', 2) } }),
        )
      ).status,
    ).toBe(403);
    expect((await h.json('timer', 'POST', '/core/api/times', entry({ matter: null }))).status).toBe(201);
  });

  it('PERM changing a task into a time entry needs both modules', async () => {
    const task = await h.json<Rec>(
      'both',
      'POST',
      '/core/api/times',
      entry({ matter: null, workType: { id: h.fx.dict('WORK_TYPE', 4) } }),
    );
    const url = `/core/api/times/${task.body.id}`;
    const toTime = { workType: { id: h.fx.dict('WORK_TYPE', 1) } };
    expect((await h.json('tasker', 'PATCH', url, toTime)).status).toBe(403);
    expect((await h.json<Rec>('admin', 'GET', url)).body.workType).toMatchObject({ code: 4 });
    const done = await h.json<Rec>('both', 'PATCH', url, toTime);
    expect(done.status).toBe(200);
    expect(done.body.workType).toMatchObject({ code: 1 });
    // and now the task-only user has lost it
    expect((await h.json('tasker', 'GET', url)).status).toBe(404);
  });
});

describe('times: the row filter (own time and time on accessible matters)', () => {
  it('TIME-12 the lawyer sees time on the matters of their team and their own, not the rest: 404, lists, totals', async () => {
    const seen = ids(await list('lawyer', 'workType.code=1'));
    expect(seen).toContain(h.fx.times.annaTime);
    expect(seen).not.toContain(h.fx.times.borisTime);
    expect((await h.json('lawyer', 'GET', `/core/api/times/${h.fx.times.borisTime}`)).status).toBe(404);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const)
      expect((await h.json('lawyer', method, `/core/api/times/${h.fx.times.borisTime}`, { duration: 1 })).status).toBe(
        404,
      );
    expect(ids(await list('lawyer', `matter.id=${h.fx.matters.globexMatter}`))).toEqual([]);
    const t = await total('lawyer', `matter.id=${h.fx.matters.globexMatter}`);
    expect(t.body).toEqual({ durationTotal: 0 });
    // anna's task on the lead is hers, with no matter: not the lawyer's
    expect((await h.json('lawyer', 'GET', `/core/api/times/${h.fx.times.annaTask}`)).status).toBe(404);
    // the admin sees all
    expect((await h.json('admin', 'GET', `/core/api/times/${h.fx.times.borisTime}`)).status).toBe(200);
  });

  it("TIME-12 a time created outside the user's rows is refused and nothing is written", async () => {
    const before = (await list('admin', '')).page.totalElements;
    const r = await h.json(
      'lawyer',
      'POST',
      '/core/api/times',
      entry({
        matter: { id: h.fx.matters.globexMatter },
        executorPosition: { id: annaActive },
      }),
    );
    // a matter the lawyer may not read is a missing one to them (H2-04)
    expect(r.status).toBe(400);
    expect((await list('admin', '')).page.totalElements).toBe(before);
  });
});

describe('times: total duration', () => {
  it('TIME-19 GET /times/totalDuration answers durationTotal (ms) over the list filters and the row filter', async () => {
    const query = `workType.code=1&matter.id=${h.fx.matters.globexMatter}`;
    const admin = await total('admin', query);
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ durationTotal: 3600000 });
    // the same as summing the list itself
    const rows = await list('admin', query);
    expect(admin.body.durationTotal).toBe(rows._embedded.times.reduce((s, t) => s + (t.duration as number), 0));
    const tasks = await total('tasker', '');
    const taskRows = await list('tasker', '');
    expect(tasks.body.durationTotal).toBe(taskRows._embedded.times.reduce((s, t) => s + (t.duration as number), 0));
    expect((await total('member')).status).toBe(403);
    expect((await total(null)).status).toBe(401);
    const bad = await total('admin', 'nothing.here=1');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.any(String));
  });

  it('MC-7 TIME-14 TIME-19 the time list total (workType.code=1) is the sum of the listed rows and counts no task', async () => {
    const sum = (p: Page) => p._embedded.times.reduce((s, t) => s + (t.duration as number), 0);
    const query = 'workType.code=1';
    const rows = await list('admin', `projection=timeList&${query}`);
    expect(rows.page.totalElements).toBe(rows._embedded.times.length);
    expect(rows._embedded.times.every((t) => (t.workType as Rec).code === 1)).toBe(true);
    const timeTotal = await total('admin', query);
    expect(timeTotal.body).toEqual({ durationTotal: sum(rows) });
    // the task (annaTask) is in the unfiltered total, not in the time list's
    const everything = await list('admin', '');
    const tasks = everything._embedded.times.filter((t) => (t.workType as Rec).code !== 1);
    expect(tasks.map((t) => t.id)).toContain(h.fx.times.annaTask);
    expect((await total('admin', '')).body).toEqual({
      durationTotal: sum(rows) + tasks.reduce((s, t) => s + (t.duration as number), 0),
    });
  });
});

describe('times: a lawyer deletes their own unbilled time entry (TIME-18)', () => {
  type Err = { message: string };
  const own = async (over: Rec = {}) => {
    const r = await h.json<Rec>('seeded-member', 'POST', '/core/api/times', entry(over));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as number;
  };
  const setStatus = (id: number, code: number) =>
    h.db.query('UPDATE times SET billing_status_id = $2 WHERE id = $1', [id, h.fx.dict('BILLING_STATUS', code)]);

  it('TIME-18 a member deletes their own unbilled time entry: 204, gone from reads, listed in the trash', async () => {
    const id = await own();
    const del = await h.request('seeded-member', 'DELETE', `/core/api/times/${id}`);
    expect(del.statusCode, del.body).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/times/${id}`)).statusCode).toBe(404);
    const trash = await h.json<Page>('admin', 'GET', '/core/api/times/trash?size=1000');
    expect(trash.status).toBe(200);
    expect(ids(trash.body)).toContain(id);
    // and brings it back from the trash
    const restored = await h.request('seeded-member', 'POST', `/core/api/times/${id}/restore`);
    expect(restored.statusCode, restored.body).toBeLessThan(300);
    expect((await h.request('seeded-member', 'GET', `/core/api/times/${id}`)).statusCode).toBe(200);
  });

  it("TIME-18 a member may not delete a colleague's time entry they can read (403), and it stays", async () => {
    expect((await h.request('seeded-member', 'GET', `/core/api/times/${h.fx.times.annaTime}`)).statusCode).toBe(200);
    const del = await h.json<Err>('seeded-member', 'DELETE', `/core/api/times/${h.fx.times.annaTime}`);
    expect(del.status).toBe(403);
    expect(del.body.message).toMatch(/may not delete/);
    expect((await h.request('admin', 'GET', `/core/api/times/${h.fx.times.annaTime}`)).statusCode).toBe(200);
  });

  it('TIME-18 a member may not delete their own billed time entry: 409 naming the billing status', async () => {
    for (const [code, reason] of [
      [4, /Invoiced/],
      [3, /In pre-invoice/],
      [5, /Written off/],
    ] as const) {
      const id = await own();
      await setStatus(id, code);
      const del = await h.json<Err>('seeded-member', 'DELETE', `/core/api/times/${id}`);
      expect(del.status, String(code)).toBe(409);
      expect(del.body.message).toMatch(/cannot be deleted/);
      expect(del.body.message).toMatch(reason);
      expect((await h.request('admin', 'GET', `/core/api/times/${id}`)).statusCode).toBe(200);
    }
    // not billable (code 1) is no billing: deleted
    const free = await own();
    await setStatus(free, 1);
    expect((await h.request('seeded-member', 'DELETE', `/core/api/times/${free}`)).statusCode).toBe(204);
  });

  it('TIME-18 a member may not delete their own time entry an invoice holds: 409 naming the invoice', async () => {
    const id = await own();
    const [inv] = await h.db.query<{ id: number; number: string | null }>('SELECT id, number FROM invoices LIMIT 1');
    expect(inv, 'the fixture has an invoice').toBeDefined();
    await h.db.query('UPDATE times SET invoice_id = $2 WHERE id = $1', [id, inv!.id]);
    const del = await h.json<Err>('seeded-member', 'DELETE', `/core/api/times/${id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toContain(`on invoice ${inv!.number ?? inv!.id}`);
  });

  it('TIME-18 the member keeps no delete on tasks (TIME has no D); an admin still deletes any time entry', async () => {
    const task = await own({ workType: { id: h.fx.dict('WORK_TYPE', 5) } });
    expect((await h.request('seeded-member', 'DELETE', `/core/api/times/${task}`)).statusCode).toBe(403);
    const id = await own();
    expect((await h.request('admin', 'DELETE', `/core/api/times/${id}`)).statusCode).toBe(204);
  });
});
