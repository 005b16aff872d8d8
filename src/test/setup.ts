import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';

// Every unit file sees the whole registry, as the server does: the SPA's own modules read the
// registry's store (`schemas/registry.ts`), which `schemas/index.ts` fills when it loads (in the
// browser, `src/resources/schemaLoader.ts` fills it entity by entity).
await import('../../schemas/index');

// The SPA's test files get the areas' field type renderers and card panels, as main.tsx registers
// them before the first render; the others (schemas/, dataProvider/, scripts/) need not load the
// SPA's views for it.
if (/[\\/]src[\\/]/.test(expect.getState().testPath ?? '')) {
  const { registerFeatures } = await import('../app/features');
  registerFeatures();
}

// vitest runs without globals, so Testing Library cannot register its own cleanup
afterEach(cleanup);

// `findBy*` and `waitFor` wait up to 5 s instead of 1 s: a full react-admin page renders in well
// under a second on an idle machine but takes seconds when the suite shares two busy cores, and a
// test waiting for something that does appear should not fail for the machine's load. A test
// whose awaited element never appears still fails, 4 s later.
configure({ asyncUtilTimeout: 5_000 });
