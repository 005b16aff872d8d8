/**
 * The global search's latency (`GET /core/api/search`, server/search/service.ts) on the demo
 * seed, through `app.inject` (no network): a fresh embedded PGlite in a temp directory (or
 * `DATABASE_URL`), migrated and seeded (`--invoices N` adds the invoice archive, `--times N` more
 * time entries and matters), then `--rounds` (default 30) sequential requests per query and user.
 * Prints p50, p95 and max in ms per query and user. `--smoke` (`npm run bench:smoke`): 5,000 time
 * entries and 1 round, to prove the script still runs (figures meaningless).
 *
 * @example
 * node --import tsx bench/api/search.ts
 * node --import tsx bench/api/search.ts --invoices 100000 --rounds 20
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app';
import { signAccessToken } from '../../server/auth/tokens';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed/index';

const { values: args } = parseArgs({
  options: {
    invoices: { type: 'string' },
    times: { type: 'string' },
    rounds: { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const rounds = Number(args.rounds ?? (args.smoke ? 1 : 30));
const times = args.times ?? (args.smoke ? '5000' : undefined);
const dir = mkdtempSync(join(tmpdir(), 'bureau-search-bench-'));
const env: Record<string, string> = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : { DATA_DIR: dir };
const db = await connect(loadConfig(env));
try {
  await migrate(db);
  const seeded = performance.now();
  await seed(db, {
    invoices: args.invoices ? Number(args.invoices) : undefined,
    times: times ? Number(times) : undefined,
  });
  await db.exec('VACUUM ANALYZE');
  const counts = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM clients) AS clients, (SELECT count(*)::int FROM contacts) AS contacts,
            (SELECT count(*)::int FROM matters) AS matters, (SELECT count(*)::int FROM projects) AS projects,
            (SELECT count(*)::int FROM invoices) AS invoices, (SELECT count(*)::int FROM employees) AS employees`,
  );
  console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s: ${JSON.stringify(counts[0])}`);
  const config = loadConfig({ ...env, SEED: 'none' });
  const app = await buildApp({ db, config });
  await app.ready();
  // a word found in many rows, a rare prefix, a number prefix, two words, a Russian word form
  const [matter] = await db.query<{ number: string }>('SELECT number FROM matters ORDER BY id LIMIT 1');
  const queries = ['a', 'share', 'matter pur', matter!.number, 'inv', 'договоры', 'zzzz'];
  for (const user of ['admin', 'member', 'billing']) {
    const token = await signAccessToken({ db, config }, user, { expiresIn: 3600 });
    for (const q of queries) {
      const url = `/core/api/search?q=${encodeURIComponent(q)}&size=5`;
      const first = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (first.statusCode !== 200) throw new Error(`${user} ${url}: ${first.statusCode} ${first.body}`);
      const hits = (first.json() as { groups: Array<{ items: unknown[] }> }).groups.reduce(
        (n, g) => n + g.items.length,
        0,
      );
      const ms: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const t = performance.now();
        await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(1);
      console.log(
        `${user.padEnd(8)} q=${JSON.stringify(q).padEnd(14)} hits ${String(hits).padStart(2)}  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${ms[ms.length - 1]!.toFixed(1)} ms`,
      );
    }
  }
  await app.close();
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
