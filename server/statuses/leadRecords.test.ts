import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../schemas/crm/leads';
import { createHarness, type Harness } from '../test/harness';
import { createLeadUsers, lead, LEADS, type LeadWire } from './testing';

/**
 * Leads as records (schemas/crm/leads.ts): their fields, the routes of LEAD-12..16, the project
 * a lead became, and the tasks tab that lists the lead's times that are not time entries.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await createLeadUsers(h);
});
afterAll(async () => h?.close());

type Page = { _embedded: { leads: LeadWire[] }; page: { totalElements: number } };

const full = () => ({
  date: '2026-11-05',
  businessRelationshipManager: { id: h.fx.employees.anna },
  contact: { id: h.fx.contacts.wile },
  description: 'Merger advice for Acme',
  leadSource: { id: h.fx.dict('LEAD_SOURCE', 1) },
  notifyTimeInterval: 30,
});

describe('leads: records', () => {
  it('LEAD-02 a lead has date, dealStage, businessRelationshipManager, contact, description, leadSource and notifyTimeInterval', async () => {
    for (const name of [
      'date',
      'dealStage',
      'businessRelationshipManager',
      'contact',
      'description',
      'leadSource',
      'notifyTimeInterval',
    ])
      expect(leads.fields).toHaveProperty(name);
    const r = await h.json<LeadWire>('seller', 'POST', LEADS, full());
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      date: '2026-11-05',
      dealStage: { code: 1 },
      businessRelationshipManager: { id: h.fx.employees.anna },
      contact: { id: h.fx.contacts.wile },
      description: 'Merger advice for Acme',
      leadSource: { id: h.fx.dict('LEAD_SOURCE', 1) },
      notifyTimeInterval: 30,
    });
  });

  it('LEAD-03 notifyTimeInterval is 0 on create when the body leaves it out', async () => {
    const { notifyTimeInterval: _left, ...body } = full();
    const r = await h.json<LeadWire>('seller', 'POST', LEADS, body);
    expect(r.status).toBe(201);
    expect(r.body.notifyTimeInterval).toBe(0);
  });

  it('LEAD-12 leads are listed with GET /leads (view project needed, NAV-107)', async () => {
    const r = await h.json<Page>('reader', 'GET', `${LEADS}?size=100&sort=lastModifiedDate,desc`);
    expect(r.status).toBe(200);
    expect(r.body._embedded.leads.map((l) => l.id)).toContain(h.fx.leads.acmeDeal);
    expect((await h.request('billing', 'GET', LEADS)).statusCode).toBe(403);
    const byStage = await h.json<Page>('reader', 'GET', `${LEADS}?dealStage.code=1&size=100`);
    expect(byStage.body._embedded.leads.every((l) => l.dealStage?.code === 1)).toBe(true);
  });

  it('LEAD-13 a lead is created with POST /leads; a reader may not', async () => {
    expect((await h.json('seller', 'POST', LEADS, full())).status).toBe(201);
    expect((await h.json('reader', 'POST', LEADS, full())).status).toBe(403);
    const bad = await h.json<{ errors: Array<{ property: string }> }>('seller', 'POST', LEADS, { description: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.property)).toContain('date');
  });

  it('LEAD-14 a single lead is loaded with GET /leads/{id}', async () => {
    const r = await h.json<LeadWire>('reader', 'GET', `${LEADS}/${h.fx.leads.acmeDeal}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: h.fx.leads.acmeDeal, dealStage: { code: 1, gname: 'Prospecting' } });
    expect((await h.request('reader', 'GET', `${LEADS}/987654`)).statusCode).toBe(404);
  });

  it('LEAD-15 a lead is updated with PUT /leads/{id}, its stage kept when the body repeats it', async () => {
    const created = (await h.json<LeadWire>('seller', 'POST', LEADS, full())).body;
    const r = await h.json<LeadWire>('seller', 'PUT', `${LEADS}/${created.id}`, {
      ...full(),
      dealStage: { id: created.dealStage!.id },
      description: 'Merger advice, phase two',
      version: created.version,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ description: 'Merger advice, phase two', dealStage: { code: 1 } });
    // a project the seller cannot read is not linked (H2-04): 400 as for a missing one
    const hidden = await h.json('seller', 'PUT', `${LEADS}/${created.id}`, {
      ...full(),
      dealStage: { id: created.dealStage!.id },
      project: { id: h.fx.projects.acmeProject },
      version: r.body.version,
    });
    expect(hidden.status).toBe(400);
    expect((await h.json('reader', 'PUT', `${LEADS}/${created.id}`, full())).status).toBe(403);
  });

  it('LEAD-16 a lead is deleted with DELETE (to the trash); its tasks stay, no longer on a lead once it is purged', async () => {
    const created = (await h.json<LeadWire>('seller', 'POST', LEADS, full())).body;
    const [task] = await h.db.query<{ id: number }>(
      `INSERT INTO times (date_time, work_type_id, work_description, duration, billable, lead_id)
       VALUES (now(), $1, 'Call back', 900000, false, $2) RETURNING id`,
      [h.fx.dict('WORK_TYPE', 2), created.id],
    );
    expect((await h.request('reader', 'DELETE', `${LEADS}/${created.id}`)).statusCode).toBe(403);
    const admin = await h.request('admin', 'DELETE', `${LEADS}/${created.id}`);
    expect(admin.statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `${LEADS}/${created.id}`)).statusCode).toBe(404);
    // leads have a trash: the task keeps its lead (it comes back with a restore) until the lead is purged
    const [inTrash] = await h.db.query<{ lead_id: number | null }>('SELECT lead_id FROM times WHERE id = $1', [
      task!.id,
    ]);
    expect(inTrash).toEqual({ lead_id: created.id });
    expect((await h.request('admin', 'DELETE', `${LEADS}/${created.id}/purge`)).statusCode).toBe(204);
    const [kept] = await h.db.query<{ lead_id: number | null }>('SELECT lead_id FROM times WHERE id = $1', [task!.id]);
    expect(kept).toEqual({ lead_id: null });
  });

  it('NAV-109 the lead card tasks tab lists the lead times that are not time entries and needs view TIME', async () => {
    const tab = leads.show?.tabs?.find((t) => t.name === 'tasks');
    expect(tab).toMatchObject({ module: 'TIME', related: { collection: 'times', via: 'lead' } });
    const filter = Object.entries(tab!.related!.filter!)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join('&');
    const acme = h.fx.leads.acmeDeal;
    await h.db.query(
      `INSERT INTO times (date_time, work_type_id, work_description, duration, billable, lead_id)
       VALUES (now(), $1, 'Billed hour on the lead', 3600000, true, $2)`,
      [h.fx.dict('WORK_TYPE', 1), acme],
    );
    const r = await h.json<{ _embedded: { times: Array<{ id: number; workType: { code: number } }> } }>(
      'admin',
      'GET',
      `/core/api/times?lead.id=${acme}&${filter}&size=100`,
    );
    expect(r.status).toBe(200);
    const rows = r.body._embedded.times;
    expect(rows.map((t) => t.id)).toContain(h.fx.times.annaTask);
    expect(rows.every((t) => t.workType.code !== 1)).toBe(true);
    expect((await lead(h, acme)).id).toBe(acme);
  });
});
