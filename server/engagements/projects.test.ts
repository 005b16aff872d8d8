import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { engagementsSetup } from './testing';

/**
 * Projects through the API: the list projection, CRUD, the generated number, project managers
 * per period with their shares, and the record-level access of non-admins (PROJ-01..10).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await engagementsSetup(h);
});
afterAll(async () => h?.close());

type Project = Record<string, unknown> & { id: number; number: string };
type Page<K extends string> = { _embedded: Record<K, Project[]>; page: { totalElements: number } };

const ids = (page: Page<'projects'>) => page._embedded.projects.map((p) => p.id).sort();

const newProject = (extra: Record<string, unknown> = {}) => ({
  description: 'Initech merger',
  payerClient: { id: h.fx.clients.initech },
  beneficiaryClient: { id: h.fx.clients.initech },
  vatEnabled: false,
  tenderFund: false,
  periods: [{ periodIndexNumber: 0, dateGte: '2026-01-01', dateLte: null }],
  ...extra,
});

describe('projects', () => {
  it('PROJ-01 a project carries every field of the ledger, PROJ-02 with its project managers', async () => {
    const res = await h.json<Project>('admin', 'GET', `/core/api/projects/${h.fx.projects.acmeProject}`);
    expect(res.status).toBe(200);
    for (const field of [
      'dealStage',
      'businessRelationshipManagerPosition',
      'contact',
      'description',
      'invoiceCurrency',
      'invoiceLanguage',
      'timeLanguage',
      'technicalExpensesPercent',
      'payerClient',
      'beneficiaryClient',
      'periods',
      'projectManagerList',
      'tenderFund',
      'vatEnabled',
      'vatPercent',
    ])
      expect(res.body, field).toHaveProperty(field);
    const managers = res.body.projectManagerList as Array<Record<string, unknown>>;
    expect(managers).toHaveLength(1);
    for (const field of ['managerPosition', 'percentage', 'periodIndexNumber', 'dateGte', 'dateLte'])
      expect(managers[0], field).toHaveProperty(field);
    expect(managers[0]).toMatchObject({ percentage: 1, periodIndexNumber: 0 });
  });

  it('PROJ-05 the list answers the projectList projection', async () => {
    const res = await h.json<Page<'projects'>>(
      'admin',
      'GET',
      '/core/api/projects?projection=projectList&sort=number,asc',
    );
    expect(res.status).toBe(200);
    const [first] = res.body._embedded.projects;
    expect(first).toMatchObject({
      number: 'P-0001',
      description: 'Acme restructuring',
      payerClient: { gname: 'Acme LLP' },
    });
    expect(first).toHaveProperty('dealStage.code', 7);
    // the list projection leaves the managers and the invoice fields out
    expect(first).not.toHaveProperty('projectManagerList');
    expect(first).not.toHaveProperty('invoiceLanguage');
  });

  it('PROJ-06 PROJ-07 PROJ-08 PROJ-09 a project is created with a generated number, read, replaced and deleted', async () => {
    const created = await h.json<Project>('lawyer', 'POST', '/core/api/projects', {
      ...newProject(),
      number: 'X-1',
      projectManagerList: [{ managerPosition: { id: h.fx.positions.carlFirm }, percentage: 0.6, periodIndexNumber: 0 }],
    });
    expect(created.status).toBe(201);
    expect(created.body.number).toMatch(/^P-\d{4}$/);
    expect(created.body.number).toBe('P-0003');
    const id = created.body.id;
    const read = await h.json<Project>('lawyer', 'GET', `/core/api/projects/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ description: 'Initech merger', number: 'P-0003' });
    const put = await h.json<Project>('lawyer', 'PUT', `/core/api/projects/${id}`, {
      ...newProject({ description: 'Initech merger, phase 2' }),
      version: read.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ description: 'Initech merger, phase 2', number: 'P-0003' });
    // PUT without the managers' key leaves them alone
    expect(put.body.projectManagerList).toHaveLength(1);
    const second = await h.json<Project>('admin', 'POST', '/core/api/projects', newProject());
    expect(second.body.number).toBe('P-0004');
    expect((await h.request('lawyer', 'DELETE', `/core/api/projects/${id}`)).statusCode).toBe(204);
    expect((await h.request('lawyer', 'GET', `/core/api/projects/${id}`)).statusCode).toBe(404);
    expect((await h.request('admin', 'DELETE', `/core/api/projects/${second.body.id}`)).statusCode).toBe(204);
  });

  it('PROJ-02 the managers of one period share at most 100%, with a clear field error', async () => {
    const over = await h.json<{ message: string; errors: Array<Record<string, unknown>> }>(
      'admin',
      'POST',
      '/core/api/projects',
      newProject({
        projectManagerList: [
          { managerPosition: { id: h.fx.positions.annaSector }, percentage: 0.7, periodIndexNumber: 0 },
          { managerPosition: { id: h.fx.positions.borisFirm }, percentage: 0.5, periodIndexNumber: 0 },
          { managerPosition: { id: h.fx.positions.carlFirm }, percentage: 1, periodIndexNumber: 1 },
        ],
      }),
    );
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Validation failed');
    expect(over.body.errors[0]).toMatchObject({ entity: 'Project', property: 'projectManagerList' });
    expect(over.body.errors[0]!.message).toContain('period 0 share 120%');
    // (the projects earlier tests deleted are in the trash, not live)
    const count = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM projects WHERE description = 'Initech merger' AND deleted_at IS NULL",
    );
    expect(count[0]!.n).toBe(0);
    // two periods of 100% each are fine
    const ok = await h.json<Project>(
      'admin',
      'POST',
      '/core/api/projects',
      newProject({
        projectManagerList: [
          { managerPosition: { id: h.fx.positions.annaSector }, percentage: 0.5, periodIndexNumber: 0 },
          { managerPosition: { id: h.fx.positions.borisFirm }, percentage: 0.5, periodIndexNumber: 0 },
          { managerPosition: { id: h.fx.positions.carlFirm }, percentage: 1, periodIndexNumber: 1 },
        ],
      }),
    );
    expect(ok.status).toBe(201);
    // a manager added on its own is judged the same way
    const single = await h.json('admin', 'POST', '/core/api/projectManagers', {
      project: { id: ok.body.id },
      managerPosition: { id: h.fx.positions.carlFirm },
      percentage: 0.01,
      periodIndexNumber: 1,
    });
    expect(single.status).toBe(400);
    expect((await h.request('admin', 'DELETE', `/core/api/projects/${ok.body.id}`)).statusCode).toBe(204);
  });

  it('PROJ-10 project managers are listed by projectId and a date range they overlap', async () => {
    const q = (range: string) =>
      h.json<{ _embedded: { projectManagers: Array<{ percentage: number; managerPosition: { id: number } }> } }>(
        'admin',
        'GET',
        `/core/api/projectManagers?projectId=${h.fx.projects.acmeProject}&${range}`,
      );
    // anna manages Acme from 2026-01-01 with no end
    const inside = await q('dateGte=2026-03-01&dateLte=2026-03-31');
    expect(inside.status).toBe(200);
    expect(inside.body._embedded.projectManagers).toHaveLength(1);
    expect(inside.body._embedded.projectManagers[0]).toMatchObject({
      percentage: 1,
      managerPosition: { id: h.fx.positions.annaSector },
    });
    const before = await q('dateGte=2025-01-01&dateLte=2025-12-31');
    expect(before.body._embedded.projectManagers).toHaveLength(0);
    expect((await h.request('admin', 'GET', '/core/api/projectManagers?dateGte=soon')).statusCode).toBe(400);
  });

  it('PROJ-03 a non-admin sees only the projects whose access list holds them, whatever availableForEmployeeId says', async () => {
    // lawyer (carl) is on acmeMatter's team, so Acme's project is his; Globex's is not
    const list = await h.json<Page<'projects'>>(
      'lawyer',
      'GET',
      `/core/api/projects?availableForEmployeeId=${h.fx.employees.boris}`,
    );
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual([h.fx.projects.acmeProject]);
    expect(list.body.page.totalElements).toBe(1);
    expect((await h.request('lawyer', 'GET', `/core/api/projects/${h.fx.projects.globexProject}`)).statusCode).toBe(
      404,
    );
    const put = await h.request('lawyer', 'PUT', `/core/api/projects/${h.fx.projects.globexProject}`, newProject());
    expect(put.statusCode).toBe(404);
    expect((await h.request('lawyer', 'DELETE', `/core/api/projects/${h.fx.projects.globexProject}`)).statusCode).toBe(
      404,
    );
    // its managers and the matters' embedded project follow
    const managers = await h.json<{ _embedded: { projectManagers: unknown[] } }>(
      'lawyer',
      'GET',
      `/core/api/projectManagers?projectId=${h.fx.projects.globexProject}`,
    );
    expect(managers.body._embedded.projectManagers).toHaveLength(0);
    const search = await h.json<Page<'projects'>>('lawyer', 'GET', '/core/api/projects?search=Globex');
    expect(search.body.page.totalElements).toBe(0);
  });

  it('PROJ-03 a project manager, the business relationship manager and the creator are on the access list', async () => {
    const created = await h.json<Project>('lawyer', 'POST', '/core/api/projects', newProject());
    expect(created.status).toBe(201);
    // boris is no one on it yet
    expect((await h.request('boris', 'GET', `/core/api/projects/${created.body.id}`)).statusCode).toBe(404);
    const asBrm = await h.json<Project>('admin', 'PATCH', `/core/api/projects/${created.body.id}`, {
      businessRelationshipManagerPosition: { id: h.fx.positions.borisFirm },
    });
    expect(asBrm.status).toBe(200);
    expect((await h.request('boris', 'GET', `/core/api/projects/${created.body.id}`)).statusCode).toBe(200);
    expect((await h.request('admin', 'DELETE', `/core/api/projects/${created.body.id}`)).statusCode).toBe(204);
    // globex's project: boris is its manager
    expect((await h.request('boris', 'GET', `/core/api/projects/${h.fx.projects.globexProject}`)).statusCode).toBe(200);
  });

  it('PROJ-04 admins and billing managers see every project', async () => {
    for (const user of ['admin', 'billproj']) {
      const list = await h.json<Page<'projects'>>(user, 'GET', '/core/api/projects');
      expect(list.status, user).toBe(200);
      expect(ids(list.body), user).toEqual([h.fx.projects.acmeProject, h.fx.projects.globexProject].sort());
    }
  });
});
