import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, f, type EntitySchema } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { buildOpenApi } from '../openapi/document';
import { registerErrorHandler } from '../plugins/errors';
import { judge } from '../test/accessMatrix';
import { createHarness, type Harness } from '../test/harness';
import { registerServer } from '../areas';
import { defineServer } from '../define';
import { registerCollection } from './routes';

/** An action's `path`: more than one segment, with `:field` segments read into the input. */
const pathed: EntitySchema = {
  ...getSchema('clients'),
  actions: {
    named: {
      level: 'collection',
      methods: ['GET'],
      path: 'check/name/:gname',
      input: { gname: f.text({ required: true, maxLength: 20 }), exact: f.boolean() },
      access: { privilege: 'view' },
    },
    tag: {
      level: 'item',
      methods: ['POST'],
      path: 'tags/:label',
      input: { label: f.text({ required: true, maxLength: 10 }), note: f.text() },
      access: { privilege: 'view' },
    },
  },
};

/** The bodies of the actions above: a server room of `clients`, registered for this file. */
const pathedServer = defineServer('clients', {
  actions: {
    named: async ({ tx, input }) => {
      const rows = await tx.query('SELECT id FROM clients WHERE gname = $1', [input.gname]);
      return { gname: input.gname, exact: input.exact ?? null, taken: rows.length > 0 };
    },
    tag: async ({ id, input }) => ({ id, label: input.label, note: input.note ?? null }),
  },
});

const admin: AuthUser = {
  userId: 1,
  username: 'admin',
  roles: ['ADMIN'],
  privileges: new Map(),
  employeeId: null,
  employeeOfficeId: null,
  employeeName: null,
  positions: [],
};

let h: Harness;
let app: FastifyInstance;
let removeServer: (() => void) | undefined;
beforeAll(async () => {
  h = await createHarness();
  removeServer = registerServer(pathedServer);
  app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = admin;
  });
  registerCollection(app, h.db, pathed);
  await app.ready();
});
afterAll(async () => {
  removeServer?.();
  await app?.close();
  await h?.close();
});

describe('action paths', () => {
  it('USR-14 a GET action with a path reads its :field segments into the input, with the query string', async () => {
    const taken = await app.inject({ method: 'GET', url: '/core/api/clients/check/name/Acme%20LLP?exact=true' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ gname: 'Acme LLP', exact: true, taken: true });
    const free = await app.inject({ method: 'GET', url: '/core/api/clients/check/name/Nobody' });
    expect(free.json()).toEqual({ gname: 'Nobody', exact: null, taken: false });
  });

  it('USR-14 a path segment is validated like the input field: 400 naming it', async () => {
    const r = await app.inject({ method: 'GET', url: `/core/api/clients/check/name/${'x'.repeat(21)}` });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.map((e: { property: string }) => e.property)).toEqual(['gname']);
  });

  it('an item action with a path takes its segment over the body', async () => {
    const r = await app.inject({
      method: 'POST',
      url: `/core/api/clients/${h.fx.clients.acme}/tags/urgent`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ label: 'ignored', note: 'call back' }),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ id: h.fx.clients.acme, label: 'urgent', note: 'call back' });
  });

  it('listed in the OpenAPI document at their path, the segments as path parameters', () => {
    const doc = buildOpenApi([pathed]) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; required: boolean }> }>>;
    };
    const get = doc.paths['/core/api/clients/check/name/{gname}']!.get!;
    expect(get.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'gname', in: 'path', required: true }),
        expect.objectContaining({ name: 'exact', in: 'query' }),
      ]),
    );
    const post = doc.paths['/core/api/clients/{id}/tags/{label}']!.post!;
    expect(post.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'path:label']);
  });

  it('judged by the authorization matrix at their path', () => {
    expect(judge({ method: 'GET', url: '/core/api/clients/check/name/:gname' }, [pathed], new Set())).toMatchObject({
      kind: 'action',
      name: 'named',
    });
    expect(judge({ method: 'POST', url: '/core/api/clients/:id/tags/:label' }, [pathed], new Set())).toMatchObject({
      kind: 'action',
      name: 'tag',
      item: true,
    });
  });

  it('a path that reads an undeclared input, or starts with a parameter, fails at load', () => {
    const base = { name: 'things', entityName: 'Thing', label: 'Things', area: 'x', fields: { gname: f.text() } };
    const access = { privilege: 'view' as const };
    expect(() => defineEntity({ ...base, actions: { a: { level: 'collection', path: 'by/:nope', access } } })).toThrow(
      'schema things: action "a" reads :nope but declares no such input',
    );
    expect(() =>
      defineEntity({
        ...base,
        actions: { a: { level: 'collection', path: ':gname', input: { gname: f.text() }, access } },
      }),
    ).toThrow('schema things: action "a" has an unusable path ":gname"');
  });
});
