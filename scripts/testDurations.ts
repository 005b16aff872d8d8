/**
 * Writes `server/test/durations.json` - each test file's duration in milliseconds, keyed
 * `project:path` - from Vitest's cache of the runs made in this checkout
 * (`node_modules/.vite/vitest/<hash>/results.json`), for `server/test/sequencer.ts`, which starts
 * the longest files first on a clean clone (CI) too. Run it after a full `npm test` on a quiet
 * machine: `npm exec -- node --import tsx scripts/testDurations.ts`. Files no longer present are dropped.
 */
import { existsSync, globSync, readFileSync, writeFileSync } from 'node:fs';
import { DURATIONS_FILE } from '../server/test/sequencer';

const caches = globSync('node_modules/.vite/vitest/*/results.json');
if (caches.length === 0) {
  console.error('no Vitest cache (node_modules/.vite/vitest/*/results.json): run the suites first');
  process.exit(1);
}
const durations: Record<string, number> = {};
for (const file of caches) {
  const { results } = JSON.parse(readFileSync(file, 'utf8')) as {
    results: Array<[string, { duration?: number; failed?: boolean }]>;
  };
  for (const [key, state] of results) {
    const path = key.slice(key.indexOf(':') + 1);
    if (state.duration !== undefined && existsSync(path)) durations[key] = Math.round(state.duration);
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} durations written to ${DURATIONS_FILE.pathname}`);
