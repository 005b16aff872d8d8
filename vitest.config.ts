import { fileURLToPath } from 'node:url';
import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { schemaIcons } from './scripts/schemaIcons';
import { schemaManifest } from './scripts/schemaManifest';
import LongestFirstSequencer from './server/test/sequencer';

/** Server tests of pure code (no database, no app): they run with the unit tests. */
const PURE_SERVER_FILES = 'server/cashbox/calculation/**/*.test.ts';

const UNIT_FILES = [
  'schemas/**/*.test.ts',
  'dataProvider/**/*.test.ts',
  'src/**/*.test.{ts,tsx}',
  'scripts/**/*.test.ts',
  // pure server code that needs no database (the cashbox calculation)
  PURE_SERVER_FILES,
];

/** The files of `globs` whose text matches `pattern`. */
const filesMatching = (globs: string[], pattern: RegExp): string[] =>
  globs.flatMap((glob) => globSync(glob)).filter((file) => pattern.test(readFileSync(file, 'utf8')));

/**
 * Unit test files that replace modules, globals or the clock (`vi.mock`, `vi.doMock`,
 * `vi.stubGlobal`, `vi.stubEnv`, `vi.useFakeTimers`), found by reading them: they run in a fresh
 * module graph each (project `unit-isolated`), since a replaced module or timer would otherwise
 * reach the files after them. Every other unit file shares its worker's modules (project `unit`,
 * no isolation): loading react-admin and MUI again per file cost about 150 s of the suite's 330.
 */
const UNIT_FILES_REPLACING_MODULES = filesMatching(
  UNIT_FILES,
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/,
);

/**
 * API test files that register a schema of their own (`registerSchema`), found by reading them:
 * the registry is module state, so they run in a fresh module graph each (project
 * `api-isolated`). Every other API file shares its worker's modules with the files before it
 * (project `api`, no isolation), and `server/test/registryGuard.ts` fails a file of that project
 * that leaves the registry changed (through a helper that registers, say).
 */
const API_FILES_REGISTERING_SCHEMAS = filesMatching(['server/**/*.test.ts'], /\bregisterSchema\(/);

const unit = {
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // full react-admin forms in jsdom take seconds on 2 busy cores; 5 s (the default) flakes
  testTimeout: 30_000,
};

/**
 * API test files that `npm run check` (the inner loop, `scripts/check.ts`, which sets
 * `BUREAU_CHECK=1`) leaves to `npm test`: the fuzzing, and the files that start real server
 * processes (start, lock, kill -9, backup and restore) or seed the whole demo firm.
 */
const CHECK_SKIPS = process.env.BUREAU_CHECK
  ? [
      'server/test/fuzz/**',
      'server/db/start.test.ts',
      'server/db/lock.test.ts',
      'server/db/faults.test.ts',
      'server/jobs/restart.test.ts',
      'server/db/backup.test.ts',
      'server/db/seed/seed.test.ts',
      'server/db/seed/work.test.ts',
      'server/db/seed/budgets.test.ts',
      'server/db/seed/website.test.ts',
      'server/documents/seed.test.ts',
      'server/billing/moneyCheck.test.ts',
      // 10,000 model steps take tens of minutes (docs/testing.md)
      'server/billing/billingModel.test.ts',
    ]
  : [];

/**
 * API test files that do not depend on the leg's engine, left out of the PostgreSQL leg (where
 * `DATABASE_URL` is set) because that leg would run exactly what the PGlite leg ran: the data
 * directory's lock (its servers and programs always open PGlite: `server/test/serverProcess.ts`
 * removes `DATABASE_URL`), and the jobs across a kill -9 (it runs every case on both engines
 * itself, starting its own PostgreSQL on the PGlite leg). About 60 s each on a loaded machine.
 */
const ENGINE_INDEPENDENT = process.env.DATABASE_URL ? ['server/db/lock.test.ts', 'server/jobs/restart.test.ts'] : [];

const api = {
  environment: 'node',
  globalSetup: ['./server/test/globalSetup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

/**
 * Four projects: the unit tests (schemas, data provider, SPA components in jsdom) in `unit` and
 * `unit-isolated` (`npm run test:unit` runs both), and the API tests (the server through
 * `app.inject`, on PGlite by default or on PostgreSQL when DATABASE_URL is set) in `api` and
 * `api-isolated` (`npm run test:api` runs both). docs/testing.md has the suites.
 */
export default defineConfig({
  plugins: [
    react(),
    schemaIcons(() => import('./schemas/index').then((m) => m.schemas)),
    schemaManifest(() => import('./schemas/index'), fileURLToPath(new URL('./schemas/entities.ts', import.meta.url))),
  ],
  test: {
    // one worker per core: Vitest's default keeps a core for itself (one worker on a 2-core
    // machine, so the suites ran one file at a time), but while tests run its process mostly waits
    maxWorkers: availableParallelism(),
    // the longest files first, from the last run's durations or the committed ones on a clean
    // clone (server/test/sequencer.ts): a slow file started last leaves the other worker idle
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: UNIT_FILES, exclude: UNIT_FILES_REPLACING_MODULES, ...unit, isolate: false },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: UNIT_FILES_REPLACING_MODULES, ...unit },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: [...API_FILES_REGISTERING_SCHEMAS, ...CHECK_SKIPS, ...ENGINE_INDEPENDENT, PURE_SERVER_FILES],
          ...api,
          // each worker keeps its modules across test files: every file builds its own app and
          // database, and loading the server's module graph again cost about 2 s a file
          isolate: false,
          setupFiles: ['./server/test/registryGuard.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'api-isolated', include: API_FILES_REGISTERING_SCHEMAS, ...api },
      },
    ],
  },
});
