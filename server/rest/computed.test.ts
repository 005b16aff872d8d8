import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputedField } from '../../schemas/accessRule';
import { clients } from '../../schemas/index';
import { registerServer } from '../areas';
import { insertRow } from '../auth/testing';
import { defineServer } from '../define';
import { createHarness, type Harness } from '../test/harness';

/**
 * Computed fields (`EntityConfig.computed`) through the HTTP API. The declarations are test-only:
 * set on the registry's `clients` schema object (the one the routes and the OpenAPI document
 * read), their SQL in a server room of `clients`, both before the tests and removed after, so the
 * rest of the suite sees the schema unchanged.
 */
let h: Harness;
const computed: Record<string, ComputedField> = {
  contactCount: { type: 'number', integer: true, label: 'Contacts' },
  taggedForMe: { type: 'boolean' },
};
const computedServer = defineServer('clients', {
  computed: {
    // a count over related rows
    contactCount: '(SELECT count(*)::int FROM contacts c WHERE c.client_id = {row}.id)',
    // a per-user expression (the user's values bound as parameters): a contact of the client has
    // one of the signed-in user's role names as its job title
    taggedForMe: (row, user, params) =>
      `EXISTS (SELECT 1 FROM contacts c WHERE c.client_id = ${row}.id AND c.gjob_title = ANY(${params.add(user.roles)}::text[]))`,
  },
});
let removeServer: (() => void) | undefined;

beforeAll(async () => {
  // before the app is built: the OpenAPI document is made, and the rooms checked, at start
  clients.computed = computed;
  removeServer = registerServer(computedServer);
  h = await createHarness();
  // Initech gets three contacts, one titled BILL (billing's role); Globex keeps Hank, Acme keeps Wile
  for (const [i, title] of ['BILL', 'Engineer', 'Engineer'].entries())
    await insertRow(h.db, 'contacts', {
      client: h.fx.clients.initech,
      gname: `Initech ${i}`,
      gjobTitle: title,
      emailSubscribed: false,
    });
});
afterAll(async () => {
  removeServer?.();
  delete clients.computed;
  await h?.close();
});

type Page = { _embedded: { clients: Array<Record<string, unknown>> }; page: Record<string, number> };
const list = async (url: string, user = 'billing') => {
  const r = await h.json<Page>(user, 'GET', url);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('computed fields', () => {
  it('computed fields: returned read-only by projections, per user', async () => {
    const one = await h.json<Record<string, unknown>>('billing', 'GET', `/core/api/clients/${h.fx.clients.initech}`);
    expect(one.body).toMatchObject({ contactCount: 3, taggedForMe: true });
    const admin = await h.json<Record<string, unknown>>('admin', 'GET', `/core/api/clients/${h.fx.clients.initech}`);
    expect(admin.body).toMatchObject({ contactCount: 3, taggedForMe: false });
    // a projection with a field list returns only what it names
    const page = await list('/core/api/clients?projection=clientList');
    expect(page._embedded.clients[0]).not.toHaveProperty('contactCount');
    // a record sent back as read is accepted: the computed values are ignored, never written
    const put = await h.json('billing', 'PUT', `/core/api/clients/${h.fx.clients.acme}`, {
      ...(await h.json<Record<string, unknown>>('billing', 'GET', `/core/api/clients/${h.fx.clients.acme}`)).body,
      contactCount: 99,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(
      (await h.json<Record<string, unknown>>('billing', 'GET', `/core/api/clients/${h.fx.clients.acme}`)).body
        .contactCount,
    ).toBe(1);
  });

  it('computed fields: sorted and filtered with the type operators, totals included', async () => {
    const sorted = await list('/core/api/clients?sort=contactCount,desc&projection=full');
    expect(sorted._embedded.clients.map((c) => [c.gname, c.contactCount])).toEqual([
      ['Initech', 3],
      ['Globex Corporation', 1],
      ['Acme LLP', 1],
    ]);
    const many = await list('/core/api/clients?contactCount.gte=2');
    expect(many._embedded.clients.map((c) => c.gname)).toEqual(['Initech']);
    expect(many.page.totalElements).toBe(1);
    expect((await list('/core/api/clients?taggedForMe=true')).page.totalElements).toBe(1);
    expect((await list('/core/api/clients?taggedForMe=true', 'admin')).page.totalElements).toBe(0);
    const bad = await h.json<{ message: string }>('billing', 'GET', '/core/api/clients?contactCount=many');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('contactCount');
  });

  it('computed fields: listed read-only in OpenAPI', async () => {
    const doc = await h.json<{ components: { schemas: Record<string, { properties: Record<string, unknown> }> } }>(
      null,
      'GET',
      '/core/api/openapi.json',
    );
    const props = Object.values(doc.body.components.schemas).find((s) => s.properties?.underSanctions)!.properties;
    expect(props.contactCount).toMatchObject({ readOnly: true });
    expect(JSON.stringify(props.contactCount)).toContain('"type":"integer"');
    expect(props.taggedForMe).toMatchObject({ readOnly: true });
    expect(JSON.stringify(props.taggedForMe)).toContain('"type":"boolean"');
  });
});
