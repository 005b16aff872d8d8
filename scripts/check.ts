/**
 * `npm run check`: the inner loop (docs/testing.md, "The inner loop"). The type check and the lint
 * over the whole tree, then the unit tests and the API suite on PGlite in one Vitest run (so both
 * cores stay busy), without the fuzzing and the slow server suites (`CHECK_SKIPS` in
 * vitest.config.ts, chosen by `BUREAU_CHECK=1`). Everything it leaves out runs in
 * `npm test`. Extra arguments go to Vitest (`npm run check -- src/crm`). Exits with the first
 * failing step's status.
 */
import { spawnSync } from 'node:child_process';

const steps: Array<[string, string[]]> = [
  ['type check', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', ['eslint', '.']],
  [
    'unit and API tests',
    [
      'vitest',
      'run',
      '--project',
      'unit',
      '--project',
      'unit-isolated',
      '--project',
      'api',
      '--project',
      'api-isolated',
      ...process.argv.slice(2),
    ],
  ],
];

const started = performance.now();
for (const [name, [bin, ...args]] of steps) {
  const step = performance.now();
  const { status } = spawnSync('npx', ['--no-install', bin!, ...args], {
    stdio: 'inherit',
    env: { ...process.env, BUREAU_CHECK: '1' },
  });
  console.log(
    `check: ${name} ${status === 0 ? 'passed' : 'FAILED'} in ${((performance.now() - step) / 1000).toFixed(0)} s`,
  );
  if (status !== 0) process.exit(status ?? 1);
}
console.log(`check: passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
