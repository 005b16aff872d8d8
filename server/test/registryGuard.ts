import { afterAll, expect } from 'vitest';
import { schemas } from '../../schemas/index';

/**
 * Set-up file of the `api` test project, whose files share their worker's modules (no isolation,
 * vitest.config.ts): fails the file that leaves the schema registry other than it found it, since
 * the next file in the worker would see its schemas. A file that calls `registerSchema` in its own
 * text runs in project `api-isolated` (`API_FILES_REGISTERING_SCHEMAS`); this catches one that
 * registers through a helper.
 */
const before = schemas.map((s) => s.name);

afterAll(() => {
  expect(
    schemas.map((s) => s.name),
    'this file changed the schema registry: call registerSchema in the test file itself, so it runs isolated (API_FILES_REGISTERING_SCHEMAS, vitest.config.ts)',
  ).toEqual(before);
});
