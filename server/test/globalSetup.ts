import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * The suffix of the files in the run's directory that name a PostgreSQL template database of the
 * run (`<runDir>/<name>-postgres.json`, holding `{ name, meta }`, written by `postgresTemplateCopy`
 * in `database.ts`): the set-up's teardown drops each one when the run ends.
 */
export const POSTGRES_TEMPLATE_SUFFIX = '-postgres.json';

/**
 * Global set-up of the API test projects: a directory for the run (`inject('runDir')`), where
 * tests keep what later files of the same run may reuse (the seeded demo firm of
 * `seededDemoDatabase` in `database.ts`); removed when the run ends, with the PostgreSQL template
 * databases the run made (`postgresTemplateCopy` in `database.ts`).
 */
export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bureau-api-run-'));
  project.provide('runDir', dir);
  return async () => {
    // the PostgreSQL templates the run made (database.ts `postgresTemplateCopy`)
    const templates = readdirSync(dir).filter((f) => f.endsWith(POSTGRES_TEMPLATE_SUFFIX));
    if (process.env.DATABASE_URL && templates.length > 0) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        for (const file of templates) {
          const { name } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { name: string };
          await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        }
      } finally {
        await admin.end();
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's directory (`globalSetup.ts`). */
    runDir: string;
  }
}
