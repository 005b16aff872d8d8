import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, f } from '../../schemas/define';
import { findSchema, registerSchema } from '../../schemas/index';
import { generateMigrationFiles } from '../db/generate';
import { MIGRATIONS_DIR } from '../db/migrate';
import { createHarness, type Harness } from '../test/harness';

/**
 * Adding an entity takes the README's three steps, nothing else: (1) one schema file - declared
 * here; (2) one registry line - `registerSchema`, the run-time form of a line in
 * `schemas/entities.ts`; (3) `npm run db:generate` - the same generator, writing into a copy of the
 * migrations. The app built on that registry then serves, documents and guards the new entity.
 * It is named apart from the README's example (`gadgets`), so a developer walking through the
 * README runs this test beside the entity they added.
 */
const gizmos = defineEntity({
  name: 'gizmos',
  entityName: 'Gizmo',
  label: 'Gizmos',
  // the texts in the product's other language (the check lists any that are missing)
  translations: {
    ru: { name: ['Штуковина', 'Штуковины', 'Штуковин'], gender: 'f', phrases: { Gizmos: 'Штуковины', Price: 'Цена' } },
  },
  area: 'crm',
  icon: 'Widgets',
  module: 'client',
  fields: {
    gname: f.text({ required: true, label: 'Name' }),
    client: f.ref('clients', { required: true }),
    stage: f.dictionary('CONTACT_STAGE'),
    price: f.money(),
  },
  projections: { full: { embed: { client: ['gname'], stage: ['code', 'gname'] } } },
  search: ['gname'],
  recordRepresentation: 'gname',
  list: { columns: ['gname', 'client', 'stage', 'price'], filters: [{ source: 'client.id', field: 'client' }] },
});

describe('adding an entity: one schema file, one registry line, npm run db:generate', () => {
  let h: Harness;
  let dir: string;
  let migration: string | null;
  type Gizmo = { id: number; version: number; gname: string; client: { id: number; gname?: string } };

  beforeAll(async () => {
    registerSchema(gizmos);
    dir = mkdtempSync(join(tmpdir(), 'bureau-add-entity-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    migration = await generateMigrationFiles(dir, 'gizmos');
    h = await createHarness({}, { migrationsDir: dir });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the generator writes one migration creating its table with the reference keys', () => {
    expect(migration).toMatch(/^\d{4}_gizmos\.sql$/);
    const sql = readFileSync(join(dir, migration!), 'utf8');
    expect(sql).toContain('CREATE TABLE "gizmos"');
    expect(sql).toContain('"gizmos_client_id_fk"');
    expect(findSchema('gizmos')).toBe(gizmos);
  });

  it('list, create, show and edit through the API', async () => {
    const created = await h.json<Gizmo>('billing', 'POST', '/core/api/gizmos', {
      gname: 'Hydraulic press',
      client: { id: h.fx.clients.acme },
      stage: { id: h.fx.dict('CONTACT_STAGE', 1) },
      price: '1250.50',
    });
    expect(created.status).toBe(201);
    const shown = await h.json<Gizmo & { price: number }>('billing', 'GET', `/core/api/gizmos/${created.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ gname: 'Hydraulic press', client: { id: h.fx.clients.acme }, price: 1250.5 });
    const edited = await h.json<Gizmo>('billing', 'PATCH', `/core/api/gizmos/${created.body.id}`, {
      gname: 'Hydraulic press II',
    });
    expect(edited.status).toBe(200);
    const list = await h.json<{ _embedded: { gizmos: Gizmo[] }; page: { totalElements: number } }>(
      'billing',
      'GET',
      `/core/api/gizmos?client.id=${h.fx.clients.acme}`,
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.gizmos.map((g) => g.gname)).toEqual(['Hydraulic press II']);
    expect(list.body.page.totalElements).toBe(1);
  });

  it('a required field and an unknown reference are refused as for every entity', async () => {
    const missing = await h.json<{ message: string }>('billing', 'POST', '/core/api/gizmos', {
      client: { id: h.fx.clients.acme },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Validation failed');
  });

  it('permissions by module: a user without view on "client" is refused, anonymous is 401', async () => {
    expect((await h.request('member', 'GET', '/core/api/gizmos')).statusCode).toBe(403);
    expect(
      (await h.request('member', 'POST', '/core/api/gizmos', { gname: 'x', client: { id: h.fx.clients.acme } }))
        .statusCode,
    ).toBe(403);
    expect((await h.request(null, 'GET', '/core/api/gizmos')).statusCode).toBe(401);
  });

  it('the OpenAPI document lists its collection and item paths and its schema', async () => {
    const doc = await h.json<{ paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } }>(
      'billing',
      'GET',
      '/core/api/openapi.json',
    );
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/core/api/gizmos', '/core/api/gizmos/{id}']));
    expect(JSON.stringify(doc.body.components.schemas)).toContain('Gizmo');
  });
});
