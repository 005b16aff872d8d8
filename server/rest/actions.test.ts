import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionUrl, defineEntity, f, type EntitySchema, type WireRecord } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { buildOpenApi } from '../openapi/document';
import { registerErrorHandler } from '../plugins/errors';
import { expectedOutcome, judge, SUBJECTS } from '../test/accessMatrix';
import { createHarness, type Harness } from '../test/harness';
import { registerServer } from '../areas';
import { defineServer } from '../define';
import { registerCollection } from './routes';

/**
 * Actions declared in a schema: routed under the collection, access checked, input validated
 * like a body, the body (the server room's) run in a transaction, listed in OpenAPI and judged by the matrix.
 */

const acted: EntitySchema = {
  ...getSchema('clients'),
  actions: {
    rename: {
      level: 'item',
      summary: 'Rename a client',
      input: { gname: f.text({ required: true, maxLength: 40 }), times: f.number({ integer: true, min: 1 }) },
      access: { privilege: 'update', allow: (_user, row) => row?.underSanctions !== true },
    },
    marks: { level: 'item', methods: ['POST', 'DELETE'], access: { privilege: 'view' } },
    tally: { level: 'collection', status: 202, access: { allow: (user) => user.roles.includes('BILL') } },
  },
};

/** The bodies of the actions above: a server room of `clients`, registered for this file. */
const actedServer = defineServer('clients', {
  actions: {
    rename: async ({ tx, id, input, row, user, method }) => {
      await tx.query('UPDATE clients SET gname = $1 WHERE id = $2', [input.gname, id]);
      if (input.gname === 'boom') throw Object.assign(new Error('refused after writing'), { statusCode: 409 });
      return { id, was: row!.gname, now: input.gname, times: input.times ?? null, by: user.username, method };
    },
    marks: async ({ method }) => (method === 'DELETE' ? undefined : { marked: true }),
    tally: async ({ tx }) => {
      const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM clients');
      return { clients: Number(row!.n) };
    },
  },
});

const subject = (username: string, roles: string[], flags: string): AuthUser => ({
  userId: 1,
  username,
  roles,
  privileges: new Map([
    [
      'client',
      {
        module: 'client',
        view: flags.includes('V'),
        create: flags.includes('C'),
        update: flags.includes('U'),
        delete: flags.includes('D'),
      },
    ],
  ]),
  employeeId: null,
  employeeOfficeId: null,
  employeeName: null,
  positions: [],
});
const USERS: Record<string, AuthUser> = {
  biller: subject('biller', ['BILL'], 'VCUD'),
  reader: subject('reader', ['LEGAL_ASSISTANT'], 'V'),
};

let h: Harness;
let app: FastifyInstance;
let removeServer: (() => void) | undefined;
beforeAll(async () => {
  h = await createHarness();
  removeServer = registerServer(actedServer);
  // the generic routes of the schema above, with the signed-in user named by a test header
  app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = USERS[String(request.headers['x-user'])] ?? null;
  });
  registerCollection(app, h.db, acted);
  await app.ready();
});
afterAll(async () => {
  removeServer?.();
  await app?.close();
  await h?.close();
});

const call = async (user: string | null, method: 'POST' | 'DELETE', url: string, body?: unknown) => {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(user ? { 'x-user': user } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as WireRecord) : null };
};
const newClient = async (name: string) =>
  Number((await h.db.query<{ id: number }>('INSERT INTO clients (gname) VALUES ($1) RETURNING id', [name]))[0]!.id);
const gname = async (id: number) =>
  (await h.db.query<{ gname: string }>('SELECT gname FROM clients WHERE id = $1', [id]))[0]?.gname;

describe('actions', () => {
  it('actions: an item action answers POST <collection>/{id}/<name> with the handler result, given the row, input and user', async () => {
    const id = await newClient('Action target');
    const before = await gname(id);
    const res = await call('biller', 'POST', `/core/api/clients/${id}/rename`, {
      gname: 'Renamed by action',
      times: 2,
    });
    expect(res).toEqual({
      status: 200,
      body: { id, was: before, now: 'Renamed by action', times: 2, by: 'biller', method: 'POST' },
    });
    expect(await gname(id)).toBe('Renamed by action');
    // several methods, a handler answering nothing is a 204; a collection action with its own status
    expect(await call('reader', 'POST', `/core/api/clients/${id}/marks`)).toEqual({
      status: 200,
      body: { marked: true },
    });
    expect((await call('reader', 'DELETE', `/core/api/clients/${id}/marks`)).status).toBe(204);
    const tally = await call('biller', 'POST', '/core/api/clients/tally');
    expect(tally.status).toBe(202);
    expect(tally.body!.clients).toBeGreaterThan(0);
  });

  it('actions: the input is validated like a body: 400 Validation failed with field errors', async () => {
    const url = `/core/api/clients/${h.fx.clients.acme}/rename`;
    const res = await call('biller', 'POST', url, { times: 0, extra: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Validation failed' });
    expect(res.body!.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'Client.rename', property: 'gname', message: 'must not be blank' }),
        expect.objectContaining({ entity: 'Client.rename', property: 'times', invalidValue: 0 }),
        expect.objectContaining({ entity: 'Client.rename', property: 'extra', message: 'unknown property' }),
      ]),
    );
    expect((await call('biller', 'POST', url)).status).toBe(400);
    expect((await call('biller', 'POST', url, { gname: 'x'.repeat(41) })).status).toBe(400);
  });

  it('actions: access is the declared privilege, the record read access and the predicate on user and row', async () => {
    const acme = h.fx.clients.acme;
    const globex = await newClient('Sanctioned');
    // privilege update: a reader of clients may not rename
    expect((await call('reader', 'POST', `/core/api/clients/${acme}/rename`, { gname: 'No' })).status).toBe(403);
    // predicate on the user: tally is for BILL only
    expect((await call('reader', 'POST', '/core/api/clients/tally')).status).toBe(403);
    // predicate on the row: a client under sanctions is not renamed
    await h.db.query('UPDATE clients SET under_sanctions = true WHERE id = $1', [globex]);
    const refused = await call('biller', 'POST', `/core/api/clients/${globex}/rename`, { gname: 'No' });
    expect(refused).toEqual({ status: 403, body: { message: 'Access denied: rename on clients' } });
    expect((await call(null, 'POST', `/core/api/clients/${acme}/rename`, { gname: 'No' })).status).toBe(401);
    expect((await call('biller', 'POST', '/core/api/clients/987654321/rename', { gname: 'No' })).status).toBe(404);
    expect((await call('biller', 'POST', '/core/api/clients/abc/rename', { gname: 'No' })).status).toBe(404);
    expect(await gname(acme)).not.toBe('No');
  });

  it('actions: the handler runs in a transaction: an error rolls back what it wrote and is answered with its status', async () => {
    const id = h.fx.clients.initech;
    const before = await gname(id);
    const res = await call('biller', 'POST', `/core/api/clients/${id}/rename`, { gname: 'boom' });
    expect(res).toEqual({ status: 409, body: { message: 'refused after writing' } });
    expect(await gname(id)).toBe(before);
  });

  it('actions: listed in the OpenAPI document with their input schema and methods', () => {
    const doc = buildOpenApi([acted]) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const rename = doc.paths['/core/api/clients/{id}/rename']!.post!;
    expect(rename.summary).toBe('Rename a client');
    expect(rename.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['gname'],
            properties: { gname: expect.objectContaining({}), times: expect.objectContaining({}) },
          },
        },
      },
    });
    expect(Object.keys(doc.paths['/core/api/clients/{id}/marks']!).sort()).toEqual(['delete', 'post']);
    expect(Object.keys(doc.paths['/core/api/clients/tally']!)).toEqual(['post']);
    expect(doc.paths['/core/api/clients/{id}/history']!.get).toBeDefined();
  });

  it('actions: the authorization matrix judges each action route from its declared access', () => {
    const ruleOf = (method: 'POST' | 'DELETE', url: string) => judge({ method, url }, [acted], new Set())!;
    const rename = ruleOf('POST', '/core/api/clients/:id/rename');
    expect(rename).toMatchObject({ kind: 'action', name: 'rename', item: true });
    expect(ruleOf('DELETE', '/core/api/clients/:id/marks')).toMatchObject({ kind: 'action', name: 'marks' });
    expect(judge({ method: 'PUT', url: '/core/api/clients/:id/marks' }, [acted], new Set())).toBeUndefined();
    expect(ruleOf('POST', '/core/api/clients/tally')).toMatchObject({ kind: 'action', item: false });
    const who = (name: string) => SUBJECTS.find((s) => s.name === name)!;
    const free = { underSanctions: false };
    expect(expectedOutcome(rename, who('anonymous'), free)).toBe(401);
    expect(expectedOutcome(rename, who('ADMIN'), free)).toBe('allow');
    expect(expectedOutcome(rename, who('ADMIN'), { underSanctions: true })).toBe(403);
    expect(expectedOutcome(rename, who('BILL'), free)).toBe('allow');
    expect(expectedOutcome(rename, who('LEGAL_ASSISTANT'), free)).toBe(403);
    const tally = ruleOf('POST', '/core/api/clients/tally');
    expect(expectedOutcome(tally, who('BILL'))).toBe('allow');
    expect(expectedOutcome(tally, who('MEMBER'))).toBe(403);
    expect(judge({ method: 'GET', url: '/core/api/clients/:id/history' }, [acted], new Set())).toMatchObject({
      kind: 'entity',
      action: 'view',
      item: true,
    });
  });

  it('actions: a name is one path segment; several segments are declared in path', () => {
    const base = { name: 'things', entityName: 'Thing', label: 'Things', area: 'x', fields: { gname: f.text() } };
    const access = { privilege: 'view' as const };
    const ok = defineEntity({
      ...base,
      actions: { allWithPositions: { level: 'collection', path: 'all/with-positions', access } },
    });
    expect(actionUrl('/core/api/things', 'allWithPositions', ok.actions!.allWithPositions!)).toBe(
      '/core/api/things/all/with-positions',
    );
    for (const bad of ['a/b', 'all/with-positions'])
      expect(() => defineEntity({ ...base, actions: { [bad]: { level: 'collection', access } } })).toThrow(
        `schema things: action "${bad}" is not a usable path segment`,
      );
    for (const bad of ['all/', '/all', 'all//x', 'history/x', 'all/9x'])
      expect(() => defineEntity({ ...base, actions: { x: { level: 'collection', path: bad, access } } })).toThrow(
        `schema things: action "x" has an unusable path "${bad}"`,
      );
  });

  it('actions: a declaration without an access rule, or named like a generic route, fails at load', () => {
    const base = { name: 'things', entityName: 'Thing', label: 'Things', area: 'x', fields: { gname: f.text() } };
    expect(() =>
      defineEntity({ ...base, actions: { history: { level: 'item', access: { privilege: 'view' } } } }),
    ).toThrow('schema things: action "history" is not a usable path segment');
    expect(() => defineEntity({ ...base, actions: { open: { level: 'item', access: {} } } })).toThrow(
      'schema things: action "open" declares no access rule',
    );
  });
});
