/**
 * The journeys' server: `server/main.ts` on a fresh embedded database in a new temp dir (created
 * and seeded on first start, removed on exit), so every run starts from the same demo data.
 * PORT and PUBLIC_URL come from playwright.config.ts. DATABASE_URL is ignored on purpose.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'bureau-e2e-'));
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
console.log(`[e2e] DATA_DIR=${dataDir} PUBLIC_URL=${process.env.PUBLIC_URL}`);

function cleanUp(): void {
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.exit(0));
}

await import('../server/main');
