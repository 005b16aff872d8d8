import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { getSchema } from '../../schemas/index';
import type { Privilege } from '../../schemas/access';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { columnName, joinTableName } from '../db/naming';
import { hashPassword } from './passwords';

/** Test helpers for the auth area (fixtures written through `naming.ts`, like the server's SQL). */

/** A configuration for tests: embedded provider at `http://localhost:8080/oidc`. */
export const testConfig = (overrides: Partial<ServerConfig> = {}): ServerConfig => ({
  port: 8080,
  host: '127.0.0.1',
  publicUrl: 'http://localhost:8080',
  dataDir: './.data/test',
  spaDir: './dist',
  oidcClientId: 'bureau-spa',
  oidcAudience: 'http://localhost:8080/core/api',
  seed: 'none',
  trustProxy: [],
  ...overrides,
});

/** Inserts one row of a schema's table from field-named values (refs as ids); returns its id. */
export async function insertRow(
  db: Pick<Database, 'query'>,
  schemaName: string,
  values: Record<string, unknown>,
): Promise<number> {
  const schema = getSchema(schemaName);
  const entries = Object.entries(values);
  const columns = entries.map(([field]) => {
    const fd = schema.fields[field];
    if (!fd) throw new Error(`${schemaName} has no field ${field}`);
    return `"${columnName(field, fd)}"`;
  });
  const placeholders = entries.map((_, i) => `$${i + 1}`);
  const sql = columns.length
    ? `INSERT INTO "${schema.table}" (${columns.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING id`
    : `INSERT INTO "${schema.table}" DEFAULT VALUES RETURNING id`;
  const [row] = await db.query<{ id: number }>(
    sql,
    entries.map(([, v]) => v),
  );
  if (!row) throw new Error(`insert into ${schema.table} returned nothing`);
  return Number(row.id);
}

export interface TestUser {
  username: string;
  password?: string;
  enabled?: boolean;
  email?: string;
  employeeId?: number;
  roles?: Array<{ name: string; privileges?: Array<Partial<Privilege> & { module: string }> }>;
}

/** Creates a user with a bcrypt-hashed password and its roles (created when missing). */
export async function createTestUser(db: Pick<Database, 'query'>, user: TestUser): Promise<number> {
  const userId = await insertRow(db, 'users', {
    username: user.username,
    password: user.password ? await hashPassword(user.password, 4) : null,
    enabled: user.enabled ?? true,
    email: user.email ?? null,
    employee: user.employeeId ?? null,
  });
  const users = getSchema('users');
  const roles = getSchema('roles');
  for (const role of user.roles ?? []) {
    const nameCol = columnName('name', roles.fields.name!);
    const [existing] = await db.query<{ id: number }>(`SELECT id FROM "${roles.table}" WHERE "${nameCol}" = $1`, [
      role.name,
    ]);
    const roleId = existing ? Number(existing.id) : await insertRow(db, 'roles', { name: role.name });
    if (!existing) {
      for (const p of role.privileges ?? []) {
        await insertRow(db, 'privileges', {
          role: roleId,
          module: p.module,
          view: p.view ?? false,
          create: p.create ?? false,
          update: p.update ?? false,
          delete: p.delete ?? false,
        });
      }
    }
    await db.query(`INSERT INTO "${joinTableName(users, 'roles')}" (owner_id, target_id) VALUES ($1, $2)`, [
      userId,
      roleId,
    ]);
  }
  return userId;
}

/** The Host header tests send, matching `testConfig().publicUrl`. */
export const TEST_HOST = 'localhost:8080';
export const REDIRECT = 'http://localhost:8080/auth-callback';

/** A browser-like cookie jar over `app.inject` (paths ignored: one host, one test). */
export class Jar {
  private cookies = new Map<string, string>();
  take(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const gone = !c.value || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async get(app: FastifyInstance, url: string): Promise<LightMyRequestResponse> {
    const res = await app.inject({ method: 'GET', url, headers: { host: TEST_HOST, cookie: this.header() } });
    this.take(res);
    return res;
  }
  async postForm(app: FastifyInstance, url: string, form: Record<string, string>): Promise<LightMyRequestResponse> {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { host: TEST_HOST, cookie: this.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    this.take(res);
    return res;
  }
}

/** Path and query of a Location header. */
export const pathOf = (location: string | string[] | number | undefined): string => {
  const u = new URL(String(location), `http://${TEST_HOST}`);
  return `${u.pathname}${u.search}`;
};

/** A PKCE S256 pair. */
export const pkce = (): { verifier: string; challenge: string } => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The SPA's authorization request (code + PKCE S256, AUTH-21). */
export function authorizeUrl(challenge: string, state = 'st-1'): string {
  const q = new URLSearchParams({
    client_id: 'bureau-spa',
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid profile offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: 'n-1',
  });
  return `/oidc/auth?${q}`;
}

/**
 * Signs in through the real pages and returns the token response (`access_token`,
 * `refresh_token`, `id_token`...). For tests of other areas that want a provider-issued token;
 * `jar` keeps the provider's session cookie.
 */
export async function signInThroughPages(
  app: FastifyInstance,
  username: string,
  password: string,
  jar = new Jar(),
): Promise<Record<string, string>> {
  const { verifier, challenge } = pkce();
  const start = await jar.get(app, authorizeUrl(challenge));
  const interaction = pathOf(start.headers.location);
  const login = await jar.postForm(app, `${interaction}/login`, { username, password });
  if (login.statusCode !== 303) throw new Error(`sign-in refused (${login.statusCode})`);
  const done = await jar.get(app, pathOf(login.headers.location));
  const code = new URL(String(done.headers.location)).searchParams.get('code');
  if (!code) throw new Error(`no code in ${done.headers.location}`);
  const token = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { host: TEST_HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: 'bureau-spa',
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token endpoint answered ${token.statusCode}: ${token.body}`);
  return token.json();
}
