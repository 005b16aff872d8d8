import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSchema } from '../../schemas/index';
import { joinTableName } from '../db/naming';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { registerAuth, signAccessToken } from './index';
import { createTestUser, insertRow, testConfig } from './testing';
import { openTestDatabase } from '../test/database';

const config = testConfig();
let app: FastifyInstance;
let db: Database;
let employeeId: number;
let officeId: number;
let departmentId: number;
let positionId: number;

const bearer = async (username: string, options?: { expiresIn?: number }) => ({
  authorization: `Bearer ${await signAccessToken({ db, config }, username, options)}`,
});

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  const typeId = await insertRow(db, 'baseDictionaryTypes', { code: 2, gname: 'Department type' });
  const topManagement = await insertRow(db, 'baseDictionaries', { type: typeId, code: 4, gname: 'Top management' });
  officeId = await insertRow(db, 'offices', { gfirmName: 'Almaty office' });
  departmentId = await insertRow(db, 'departments', { gname: 'Board of partners', type: topManagement });
  employeeId = await insertRow(db, 'employees', { gfirstName: 'Dana', glastName: 'Karimova', office: officeId });
  positionId = await insertRow(db, 'positions', {
    employee: employeeId,
    department: departmentId,
    office: officeId,
    dateGte: '2024-01-01',
  });
  await createTestUser(db, {
    username: 'dana@bureau.test',
    password: 'pw-dana',
    employeeId,
    roles: [
      {
        name: 'MEMBER',
        privileges: [
          { module: 'client', view: true },
          { module: 'project', view: true, create: true },
        ],
      },
      {
        name: 'BILL',
        privileges: [
          { module: 'client', update: true },
          { module: 'invoice', view: true, delete: true },
        ],
      },
    ],
  });
  await createTestUser(db, {
    username: 'blocked@bureau.test',
    password: 'pw',
    roles: [{ name: 'NO_ACCESS' }, { name: 'MEMBER' }],
  });
  await createTestUser(db, {
    username: 'gone@bureau.test',
    password: 'pw',
    enabled: false,
    roles: [{ name: 'MEMBER' }],
  });

  app = Fastify();
  await registerAuth(app, { db, config });
  // a stand-in data route: refuses anonymous callers as the generic routes do
  app.get('/core/api/whoami', async (request, reply) => {
    if (!request.user) return reply.code(401).send({ message: 'Sign-in required' });
    return {
      username: request.user.username,
      roles: request.user.roles,
      privileges: Object.fromEntries(request.user.privileges),
    };
  });
  app.get('/core/api/openapi.json', async () => ({ openapi: '3.1.0' }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('GET /core/api/auth2/info', () => {
  it('AUTH-14 AUTH-15 returns the current user with roles, privileges, employee and positions', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/core/api/auth2/info',
      headers: await bearer('dana@bureau.test'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: 'dana@bureau.test',
      employeeId,
      employeeOfficeId: officeId,
      employeeName: 'Dana Karimova',
      roleList: [
        {
          name: 'BILL',
          privilegeList: [
            { module: 'client', view: false, create: false, update: true, delete: false },
            { module: 'invoice', view: true, create: false, update: false, delete: true },
          ],
        },
        {
          name: 'MEMBER',
          privilegeList: [
            { module: 'client', view: true, create: false, update: false, delete: false },
            { module: 'project', view: true, create: true, update: false, delete: false },
          ],
        },
      ],
      positionList: [
        {
          id: positionId,
          dateGte: '2024-01-01',
          dateLte: null,
          department: { id: departmentId, gname: 'Board of partners', type: { code: 4 } },
        },
      ],
    });
  });

  it('AUTH-14 answers 401 without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/core/api/auth2/info' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json().message).toBeTruthy();
  });

  it('AUTH-13 still answers for a NO_ACCESS user so the SPA can sign them out', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/core/api/auth2/info',
      headers: await bearer('blocked@bureau.test'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roleList.map((r: { name: string }) => r.name)).toContain('NO_ACCESS');
  });

  it('answers 401 invalid_token for a disabled user', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/core/api/auth2/info',
      headers: await bearer('gone@bureau.test'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });
});

describe('bearer tokens on the API', () => {
  it('PERM-09 sets request.user with privileges merged flag-wise across roles', async () => {
    const res = await app.inject({ method: 'GET', url: '/core/api/whoami', headers: await bearer('dana@bureau.test') });
    expect(res.statusCode).toBe(200);
    expect(res.json().privileges).toEqual({
      client: { module: 'client', view: true, create: false, update: true, delete: false },
      project: { module: 'project', view: true, create: true, update: false, delete: false },
      invoice: { module: 'invoice', view: true, create: false, update: false, delete: true },
    });
  });

  it('leaves request.user null without a token (the route decides)', async () => {
    const res = await app.inject({ method: 'GET', url: '/core/api/whoami' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Sign-in required' });
  });

  it('answers 401 invalid_token for a malformed, forged or expired token', async () => {
    const forged = (await signAccessToken({ db, config }, 'dana@bureau.test')).replace(/\.[^.]+$/, '.AAAA');
    const wrongAudience = await signAccessToken(
      { db, config: { ...config, oidcAudience: 'https://elsewhere/api' } },
      'dana@bureau.test',
    );
    for (const header of [
      `Bearer not-a-jwt`,
      `Bearer ${forged}`,
      `Bearer ${wrongAudience}`,
      (await bearer('dana@bureau.test', { expiresIn: -60 })).authorization,
      'Basic abc',
    ]) {
      const res = await app.inject({ method: 'GET', url: '/core/api/whoami', headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
      expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
      expect(res.json().message).toBeTruthy();
    }
    const expired = await app.inject({
      method: 'GET',
      url: '/core/api/whoami',
      headers: await bearer('dana@bureau.test', { expiresIn: -60 }),
    });
    expect(expired.json().message).toBe('Token expired');
  });

  it('AUTH-13 keeps request.user null for NO_ACCESS and disabled users on data routes', async () => {
    for (const username of ['blocked@bureau.test', 'gone@bureau.test', 'stranger@bureau.test']) {
      const res = await app.inject({ method: 'GET', url: '/core/api/whoami', headers: await bearer(username) });
      expect(res.statusCode, username).toBe(401);
    }
  });

  it('lets the OpenAPI document through even with a bad token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/core/api/openapi.json',
      headers: { authorization: 'Bearer junk' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('applies role changes within seconds (the per-token user cache lives 5 s)', async () => {
    const headers = await bearer('dana@bureau.test');
    const roles = async () => (await app.inject({ method: 'GET', url: '/core/api/whoami', headers })).json().roles;
    expect(await roles()).toEqual(['BILL', 'MEMBER']);
    const users = getSchema('users');
    const [member] = await db.query<{ id: number }>(
      `SELECT id FROM "${getSchema('roles').table}" WHERE name = 'MEMBER'`,
    );
    const [dana] = await db.query<{ id: number }>(
      `SELECT id FROM "${users.table}" WHERE username = 'dana@bureau.test'`,
    );
    await db.query(`DELETE FROM "${joinTableName(users, 'roles')}" WHERE owner_id = $1 AND target_id = $2`, [
      dana!.id,
      member!.id,
    ]);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await roles()).toEqual(['BILL', 'MEMBER']); // cached
      vi.setSystemTime(Date.now() + 6_000);
      expect(await roles()).toEqual(['BILL']);
    } finally {
      vi.useRealTimers();
      await db.query(`INSERT INTO "${joinTableName(users, 'roles')}" (owner_id, target_id) VALUES ($1, $2)`, [
        dana!.id,
        member!.id,
      ]);
    }
  });
});
