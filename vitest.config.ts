import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { schemaIcons } from './scripts/schemaIcons';

/**
 * Two projects: `unit` (schemas, data provider, SPA components in jsdom) and `api` (the server
 * through `app.inject`, on PGlite by default or on PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  plugins: [react(), schemaIcons(() => import('./schemas/index').then((m) => m.schemas))],
  test: {
    // one worker per core: Vitest's default keeps a core for itself (one worker on a 2-core
    // machine, so the suites ran one file at a time), but while tests run its process mostly waits
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'schemas/**/*.test.ts',
            'dataProvider/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // full react-admin forms in jsdom take seconds on 2 busy cores; 5 s (the default) flakes
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
