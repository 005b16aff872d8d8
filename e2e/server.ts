/**
 * The journeys' server: `server/main.ts` on a fresh embedded database in a new temp dir (created
 * and seeded on first start, removed on exit), so every run starts from the same demo data, and
 * serving a copy of the built SPA (`dist/`, or SPA_DIR) taken at start.
 * PORT and PUBLIC_URL come from playwright.config.ts. DATABASE_URL is ignored on purpose.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const spaSource = process.env.SPA_DIR ?? 'dist';
if (!existsSync(join(spaSource, 'index.html'))) {
  console.error(`[e2e] ${spaSource}/index.html is missing: build the SPA first (npm run build, or npm run test:e2e)`);
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'bureau-e2e-'));
process.env.DATA_DIR = join(dataDir, 'data');
// a private copy, so a `vite build` started elsewhere during the run cannot empty the served SPA
process.env.SPA_DIR = join(dataDir, 'spa');
cpSync(spaSource, process.env.SPA_DIR, { recursive: true, filter: (path) => !path.endsWith('.map') });
delete process.env.DATABASE_URL;
console.log(
  `[e2e] DATA_DIR=${process.env.DATA_DIR} SPA_DIR=${process.env.SPA_DIR} PUBLIC_URL=${process.env.PUBLIC_URL}`,
);

function cleanUp(): void {
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.exit(0));
}

await import('../server/main');
