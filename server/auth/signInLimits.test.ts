import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openTestDatabase } from '../test/database';
import { registerAuth } from './index';
import { INVALID_CREDENTIALS } from './routes';
import type { LimitTier, SignInLimits } from './signInLimiter';
import { authorizeUrl, createTestUser, Jar, pathOf, pkce, testConfig, TEST_HOST } from './testing';

/** Tight limits so a test needs a handful of attempts: `free` per tier, then a 60 s wait. */
const tier = (free: number): LimitTier => ({ free, windowSeconds: 3600, minDelayMs: 60_000, maxDelayMs: 600_000 });
const OPEN = tier(1000);

let db: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  for (const username of [
    'anna@bureau.test',
    'boris@bureau.test',
    'carla@bureau.test',
    'dmitri@bureau.test',
    'erik@bureau.test',
  ])
    await createTestUser(db, { username, password: 'correct horse', roles: [{ name: 'MEMBER' }] });
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.close();
});

/** An app with the embedded provider and the given limits, on the shared database. */
async function server(limits: Partial<SignInLimits>, overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await registerAuth(app, { db, config: testConfig({ signInLimits: limits, ...overrides }) });
  await app.ready();
  apps.push(app);
  return app;
}

/** A started sign-in: the browser's cookies and the sign-in form's path. */
async function interaction(app: FastifyInstance): Promise<{ jar: Jar; path: string }> {
  const jar = new Jar();
  const start = await jar.get(app, authorizeUrl(pkce().challenge));
  return { jar, path: pathOf(start.headers.location) };
}

/** Posts the sign-in form from the client address `ip`. */
async function attempt(
  app: FastifyInstance,
  at: { jar: Jar; path: string },
  username: string,
  password: string,
  ip: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${at.path}/login`,
    remoteAddress: ip,
    headers: { host: TEST_HOST, cookie: at.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
}

const outcome = (res: LightMyRequestResponse): 'wrong' | 'limited' | 'signed-in' | number => {
  if (res.statusCode === 200 && res.body.includes(INVALID_CREDENTIALS)) return 'wrong';
  if (res.statusCode === 429) return 'limited';
  if (res.statusCode === 303) return 'signed-in';
  return res.statusCode;
};

describe('sign-in attempt limits', () => {
  it('PROBE-6 after N failures the account is limited (429 + Retry-After) even from many addresses, and the answer does not reveal whether it exists', async () => {
    const app = await server({ user: tier(3), userAddress: OPEN, address: OPEN });
    const at = await interaction(app);
    const results = [];
    for (let i = 1; i <= 3; i++)
      results.push(outcome(await attempt(app, at, 'anna@bureau.test', `guess ${i}`, `198.51.100.${i}`)));
    expect(results).toEqual(['wrong', 'wrong', 'wrong']);
    const limited = await attempt(app, at, 'anna@bureau.test', 'correct horse', '198.51.100.50');
    expect(outcome(limited)).toBe('limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(50);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['content-type']).toMatch(/text\/html/);
    expect(limited.body).toMatch(/Too many sign-in attempts\. Try again in \d+ seconds\./);
    // the same for a username that does not exist: same status, same page apart from the echoed name
    for (let i = 1; i <= 3; i++) await attempt(app, at, 'nobody@bureau.test', `guess ${i}`, `198.51.100.${i}`);
    const ghost = await attempt(app, at, 'nobody@bureau.test', 'correct horse', '198.51.100.50');
    expect(outcome(ghost)).toBe('limited');
    expect(ghost.body.replaceAll('nobody@bureau.test', 'X')).toBe(limited.body.replaceAll('anna@bureau.test', 'X'));
    // another account is not affected
    expect(outcome(await attempt(app, at, 'boris@bureau.test', 'guess', '198.51.100.50'))).toBe('wrong');
  });

  it('PROBE-6 an address is limited across usernames', async () => {
    const app = await server({ address: tier(4), user: OPEN, userAddress: OPEN });
    const at = await interaction(app);
    const results = [];
    for (const name of ['u1', 'u2', 'u3', 'u4', 'u5', 'carla@bureau.test'])
      results.push(outcome(await attempt(app, at, `${name}`, 'guess', '203.0.113.77')));
    expect(results).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'limited', 'limited']);
    expect(outcome(await attempt(app, at, 'carla@bureau.test', 'guess', '203.0.113.78'))).toBe('wrong');
  });

  it('PROBE-6 a successful sign-in resets the consecutive count of its username and address', async () => {
    const app = await server({ userAddress: tier(3), user: OPEN, address: OPEN });
    const ip = '192.0.2.10';
    const first = await interaction(app);
    expect(outcome(await attempt(app, first, 'dmitri@bureau.test', 'guess 1', ip))).toBe('wrong');
    expect(outcome(await attempt(app, first, 'dmitri@bureau.test', 'guess 2', ip))).toBe('wrong');
    expect(outcome(await attempt(app, first, 'dmitri@bureau.test', 'correct horse', ip))).toBe('signed-in');
    const second = await interaction(app);
    const after = [];
    for (let i = 1; i <= 4; i++)
      after.push(outcome(await attempt(app, second, 'dmitri@bureau.test', `again ${i}`, ip)));
    expect(after).toEqual(['wrong', 'wrong', 'wrong', 'limited']);
  });

  it("PROBE-6 the limiter's state is shared by two app instances on one database", async () => {
    const limits = { userAddress: tier(4), user: OPEN, address: OPEN };
    const [one, two] = [await server(limits), await server(limits)];
    const at = await interaction(one);
    const ip = '192.0.2.20';
    const results = [];
    for (const app of [one, two, one, two, one, two])
      results.push(outcome(await attempt(app, at, 'erik@bureau.test', 'guess', ip)));
    expect(results).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'limited', 'limited']);
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth_rate_limits');
    expect(row?.n).toBeGreaterThan(0);
  });

  it('PROBE-6 of 40 parallel guesses for one account from one address, only the free ones get a password check', async () => {
    const app = await server({ userAddress: tier(5), user: OPEN, address: OPEN });
    const at = await interaction(app);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt(app, at, 'boris@bureau.test', `parallel ${i}`, '192.0.2.30').then(outcome),
      ),
    );
    expect(results.filter((r) => r === 'wrong')).toHaveLength(5);
    expect(results.filter((r) => r === 'limited')).toHaveLength(35);
  });
});
