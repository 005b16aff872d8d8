import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** Office approvers (OFF-32..36): the people who approve each kind of document in an office, in order. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Approver = { id: number; version: number; orderliness: number; active: boolean; employee: { id: number } };
type Page = { _embedded: { officeApprovers: Approver[] } };

describe('office approvers', () => {
  it('OFF-32 OFF-34 an office approver has type, office, employee, orderliness and active, created with POST', async () => {
    const created = await h.json<Approver & { type: { code: number }; office: { id: number } }>(
      'admin',
      'POST',
      '/core/api/officeApprovers',
      {
        type: { id: h.fx.dict('APPROVER_TYPE', 2) },
        office: { id: h.fx.offices.almaty },
        employee: { id: h.fx.employees.anna },
        orderliness: 1,
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: { code: 2 },
      office: { id: h.fx.offices.almaty },
      employee: { id: h.fx.employees.anna },
      orderliness: 1,
      active: true,
    });
  });

  it('OFF-33 office approvers are listed by officeId', async () => {
    await h.request('admin', 'POST', '/core/api/officeApprovers', {
      type: { id: h.fx.dict('APPROVER_TYPE', 2) },
      office: { id: h.fx.offices.london },
      employee: { id: h.fx.employees.boris },
      orderliness: 1,
    });
    const london = await h.json<Page>('admin', 'GET', `/core/api/officeApprovers?officeId=${h.fx.offices.london}`);
    expect(london.status).toBe(200);
    expect(london.body._embedded.officeApprovers.map((a) => a.employee.id)).toEqual([h.fx.employees.boris]);
  });

  it('OFF-35 OFF-36 an office approver is updated with PUT and deleted with DELETE', async () => {
    const created = await h.json<Approver>('admin', 'POST', '/core/api/officeApprovers', {
      type: { id: h.fx.dict('APPROVER_TYPE', 3) },
      office: { id: h.fx.offices.almaty },
      employee: { id: h.fx.employees.carl },
      orderliness: 4,
    });
    const put = await h.json<Approver>('admin', 'PUT', `/core/api/officeApprovers/${created.body.id}`, {
      type: { id: h.fx.dict('APPROVER_TYPE', 3) },
      office: { id: h.fx.offices.almaty },
      employee: { id: h.fx.employees.carl },
      orderliness: 2,
      active: false,
      version: created.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ orderliness: 2, active: false });
    expect((await h.request('admin', 'DELETE', `/core/api/officeApprovers/${created.body.id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/officeApprovers/${created.body.id}`)).statusCode).toBe(404);
  });

  it('NAV-95 office approvers need the office module: member reads them, billing does not', async () => {
    expect((await h.request('member', 'GET', '/core/api/officeApprovers')).statusCode).toBe(200);
    expect((await h.request('billing', 'GET', '/core/api/officeApprovers')).statusCode).toBe(403);
  });
});
