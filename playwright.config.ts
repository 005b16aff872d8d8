import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium';
import { execFileSync } from 'node:child_process';

/**
 * Journeys in e2e/: the real server (embedded PGlite in a fresh temp dir, seeded on first start,
 * embedded OIDC provider), the built SPA it serves, Debian's Chromium. `npm run test:e2e` builds
 * the SPA first. Retries stay 0 everywhere: a flaky journey is a bug to fix, not to hide.
 */

/**
 * A free TCP port, 8181 when free. Chosen once in the runner and kept in E2E_PORT, because the
 * config is evaluated again in every worker and they must agree on the base URL.
 */
function e2ePort(): number {
  if (!process.env.E2E_PORT) {
    const probe = `const s=require('net').createServer();s.once('error',()=>{const t=require('net').createServer();t.listen(0,'127.0.0.1',()=>{process.stdout.write(String(t.address().port));t.close()})});s.listen(8181,'127.0.0.1',()=>{process.stdout.write('8181');s.close()})`;
    process.env.E2E_PORT = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
  }
  return Number(process.env.E2E_PORT);
}

const port = e2ePort();
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    viewport: { width: 1366, height: 900 },
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  // The axe sweep's two tests (light, about 5 minutes; dark, about 2) were one file's, so one
  // worker ran both, about 7 minutes, while the other ran every other journey and then idled: its
  // project runs them on both workers. Every other file keeps its tests in order on one worker.
  projects: [
    { name: 'axe', testMatch: 'A11Y-axe.spec.ts', fullyParallel: true },
    { name: 'journeys', testIgnore: 'A11Y-axe.spec.ts' },
  ],
  webServer: {
    command: 'node --import tsx e2e/server.ts',
    url: `${baseURL}/oidc/.well-known/openid-configuration`,
    env: { PORT: String(port), PUBLIC_URL: baseURL, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
