import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { signAccessToken } from '../auth/tokens';
import { testConfig } from '../auth/testing';
import type { ServerConfig } from '../config';
import { loadFileConfig, storageOf } from '../files/config';
import { connect } from '../db/connect';
import type { Database } from '../db/database';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { freshPostgres, loadDump, postgresTemplateCopy, saveDump } from './database';
import { type Fixture, type FixtureIds, loadFixture, storeFixtureFiles, withLookups } from './fixture';

/**
 * API test harness: an app (uploads stored in a temporary directory) on a fresh in-memory PGlite started from a cached migrated template (or, when `DATABASE_URL` is set, on a
 * fresh PostgreSQL database copied from the run's template and dropped by `close()`), migrated and
 * loaded with the fixture (`fixture.ts`). Requests go through `app.inject`.
 *
 * @example
 * const h = await createHarness();
 * const res = await h.request('billing', 'GET', '/core/api/clients?size=5');
 * expect(res.statusCode).toBe(200);
 * await h.close();
 */
export interface Harness {
  app: FastifyInstance;
  db: Database;
  config: ServerConfig;
  fx: Fixture;
  /** A valid access token of `username` (cached). */
  token(username: string): Promise<string>;
  /** Sends a request as `username` (null = anonymous); `body` is sent as JSON. */
  request(
    username: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** `request` and parse the JSON body, asserting nothing. */
  json<T = Record<string, unknown>>(
    username: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: LightMyRequestResponse['headers'] }>;
  close(): Promise<void>;
}

/** Files whose content shapes the template database: a change rebuilds it. */
function templateKey(): string {
  const here = new URL('.', import.meta.url).pathname;
  const files = [
    ...readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => join(MIGRATIONS_DIR, f)),
    join(here, 'fixture.ts'),
    join(here, '../auth/testing.ts'),
    // the dictionary declarations of every area (schemas/<area>/dictionaries.ts)
    ...readdirSync(join(here, '../../schemas'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(here, '../../schemas', d.name, 'dictionaries.ts')))
      .map((d) => join(here, '../../schemas', d.name, 'dictionaries.ts'))
      .sort(),
  ];
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
}

const templateBase = () => join(tmpdir(), `bureau-api-template-${templateKey()}`);

/**
 * The template database's files as a PGlite tarball (for `connect({ dataDir, loadDataDir })`):
 * a migrated database with the fixture, made first when missing.
 */
export async function templateTarball(): Promise<Blob> {
  if (!existsSync(`${templateBase()}.tar`)) await (await templatePglite()).db.close();
  return new Blob([readFileSync(`${templateBase()}.tar`)]);
}

/**
 * A migrated in-memory PGlite with the fixture. Creating PGlite and migrating costs seconds per
 * test file, so the first harness dumps the result to the OS temp directory and later ones start
 * from that tarball (keyed by the migrations and fixture sources).
 */
async function templatePglite(): Promise<{ db: Database; ids: FixtureIds }> {
  const base = templateBase();
  if (existsSync(`${base}.tar`) && existsSync(`${base}.json`)) {
    const { db, meta } = await loadDump<FixtureIds>(base);
    return { db, ids: meta };
  }
  const db = await connect({ memory: true });
  await migrate(db);
  const ids = await loadFixture(db);
  // templates of older sources are 40 MB each: remove those unused for a day. A younger one may
  // belong to another checkout's run going on now (a worktree, a second clone) and stays.
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const f of readdirSync(tmpdir())) {
    const path = join(tmpdir(), f);
    if (
      f.startsWith('bureau-api-template-') &&
      !f.startsWith(`bureau-api-template-${templateKey()}`) &&
      (statSync(path, { throwIfNoEntry: false })?.atimeMs ?? Infinity) < dayAgo
    )
      rmSync(path, { force: true });
  }
  await saveDump(db, base, ids);
  return { db, ids };
}

/** PostgreSQL: a copy of the run's template database, migrated and loaded with the fixture. */
const fixtureTemplateCopy = (url: string) =>
  postgresTemplateCopy<FixtureIds>(url, 'fixture', async (db) => {
    await migrate(db);
    return loadFixture(db);
  });

/**
 * Builds the app on a fresh migrated database with the fixture. `migrationsDir` migrates from
 * another folder (a test that registers an extra schema and generates its migration there).
 */
export async function createHarness(
  overrides: Partial<ServerConfig> = {},
  { migrationsDir }: { migrationsDir?: string } = {},
): Promise<Harness> {
  const pgUrl = process.env.DATABASE_URL;
  // on PostgreSQL a copy of the run's migrated template with the fixture (made by the first
  // harness of the run: migrating and loading the fixture took 2-5 s a harness), or, with other
  // migrations, a new database migrated here
  const copied = pgUrl && !migrationsDir ? await fixtureTemplateCopy(pgUrl) : undefined;
  const fresh = copied ?? (pgUrl ? await freshPostgres(pgUrl) : undefined);
  // uploads go to a directory of this harness, removed by close()
  const filesDir = overrides.files ? undefined : mkdtempSync(join(tmpdir(), 'bureau-api-files-'));
  const files = overrides.files ?? loadFileConfig({ FILE_DIR: filesDir }, './.data/test');
  const config = testConfig({ spaDir: './.no-spa', files, ...overrides, databaseUrl: fresh?.url });
  let db: Database;
  let ids: FixtureIds;
  if (copied) {
    db = await connect({ databaseUrl: copied.url, dataDir: config.dataDir });
    ids = copied.meta;
  } else if (fresh || migrationsDir) {
    db = await connect(fresh ? { databaseUrl: fresh.url, dataDir: config.dataDir } : { memory: true });
    await migrate(db, migrationsDir);
    ids = await loadFixture(db);
  } else {
    ({ db, ids } = await templatePglite());
  }
  const fx = withLookups(ids);
  await storeFixtureFiles(db, ids, await storageOf(files));
  const app = await buildApp({ db, config });
  await app.ready();
  const tokens = new Map<string, string>();
  const token = async (username: string) => {
    let t = tokens.get(username);
    if (!t) {
      t = await signAccessToken({ db, config }, username, { expiresIn: 3600 });
      tokens.set(username, t);
    }
    return t;
  };
  const request: Harness['request'] = async (username, method, url, body, headers = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(username ? { authorization: `Bearer ${await token(username)}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  return {
    app,
    db,
    config,
    fx,
    token,
    request,
    json: async (username, method, url, body, headers) => {
      const res = await request(username, method, url, body, headers);
      return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : null) as never, headers: res.headers };
    },
    close: async () => {
      await app.close();
      await db.close();
      await fresh?.drop();
      if (filesDir) rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
