/**
 * Takes the mobile screenshots of docs/screenshots by hand (not a test):
 *
 *   npx vite build
 *   PORT=8093 DATA_DIR=$(mktemp -d) PUBLIC_URL=http://localhost:8093 node --import tsx server/main.ts &
 *   BASE_URL=http://localhost:8093 node --import tsx e2e/shell/screenshots.ts
 *
 * Signs in as `billing` in a 375 x 812 Chromium window, then saves `/mobile-app` and the open
 * burger menu.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';

const base = process.env.BASE_URL ?? 'http://localhost:8093';
const out = join(import.meta.dirname, '../../docs/screenshots');

const browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'bureau-shots-')), {
  executablePath: chromiumPath(),
  args: CHROMIUM_ARGS,
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  baseURL: base,
});
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto('/');
  const username = page.locator('input[name="username"]');
  const signInButton = page.getByRole('button', { name: /^sign in$/i });
  await username.or(signInButton).first().waitFor();
  if (!(await username.isVisible())) await signInButton.click();
  await username.fill('billing');
  await page.locator('input[name="password"]').fill('billing');
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL('**/mobile-app');
  await page.getByRole('region', { name: 'Recent clients' }).getByRole('link').first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(out, 'mobile-app.png') });

  await page.getByRole('button', { name: /open menu/i }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem').first().waitFor();
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(out, 'burger-menu.png') });
  console.log(`saved ${out}/mobile-app.png and burger-menu.png`);
} finally {
  await browser.close();
}
