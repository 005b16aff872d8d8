import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Global set-up of the API test projects: a directory for the run (`inject('runDir')`), where
 * tests keep what later files of the same run may reuse (the seeded demo firm of
 * `seededDemoDatabase`); removed when the run ends.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'bureau-api-run-'));
  project.provide('runDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's directory (`globalSetup.ts`). */
    runDir: string;
  }
}
