import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EntitySchema } from '../schemas/define';
import { clients } from '../schemas/index';
import { createDataProvider } from './index';
import { halPage, route, server } from './testing';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A registry that starts empty and gets `clients` when the test lets the load finish. */
const lazyRegistry = () => {
  const registry: EntitySchema[] = [];
  const asked: string[] = [];
  let finish!: () => void;
  const loaded = new Promise<void>((resolve) => (finish = resolve));
  const loadSchema = async (resource: string) => {
    asked.push(resource);
    await loaded;
    if (!registry.includes(clients)) registry.push(clients);
  };
  return { registry, asked, loadSchema, finish };
};

const acme = { id: 12, gname: 'Acme LLP', version: 3, _links: { self: { href: '/core/api/clients/12' } } };

describe('the data provider with schemas loaded on demand (the SPA first load holds no schema)', () => {
  it('sends no list request before the resource schema is loaded, then shapes it from the schema (projection, sort)', async () => {
    const { registry, asked, loadSchema, finish } = lazyRegistry();
    const dp = createDataProvider({ schemas: registry, loadSchema, getToken: () => 'tok' });
    const seen = route('/core/api/clients', halPage('clients', [acme], 1));
    const list = dp.getList('clients', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: '', order: 'ASC' },
      filter: {},
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toEqual(['clients']);
    expect(seen).toHaveLength(0);
    finish();
    await expect(list).resolves.toMatchObject({ total: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.query).toContain('projection=clientList');
  });

  it('awaits the schema before a write, so the payload follows its rules (wire references as links)', async () => {
    const { registry, loadSchema, finish } = lazyRegistry();
    const dp = createDataProvider({ schemas: registry, loadSchema, getToken: () => 'tok' });
    const seen = route('/core/api/clients', { ...acme });
    const created = dp.create('clients', { data: { gname: 'Acme LLP' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(0);
    finish();
    await created;
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.body).toMatchObject({ gname: 'Acme LLP' });
  });

  it('without loadSchema answers from the registry it was given, as before', async () => {
    const dp = createDataProvider({ schemas: [clients], getToken: () => 'tok' });
    const seen = route('/core/api/clients', halPage('clients', [acme], 1));
    await dp.getOne('clients', { id: 12 });
    expect(seen).toHaveLength(1);
  });
});
