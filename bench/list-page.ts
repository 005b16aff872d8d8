/**
 * `npm run bench:list [-- --scale 10000 --requests 50 --warmup 10 --keep]`: server latency of the
 * two list calls behind the client list and the client card's contacts tab, on a seeded embedded
 * database (PGlite), the app in process (`buildApp` + `app.inject`, no network). Prints median,
 * p95, min and max in ms per request kind. Data lives in `bench/.work/list-<scale>`: new each run,
 * or reused with `--keep` (seeding 10,000 clients takes minutes). `--smoke` (`npm run bench:smoke`):
 * scale 300, 1 warm-up and 5 requests each, to prove the script still runs (figures meaningless).
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { signAccessToken } from '../server/auth/tokens';
import { loadConfig } from '../server/config';
import { connect } from '../server/db/connect';
import { migrate } from '../server/db/migrate';
import { isEmpty, seed } from '../server/db/seed/index';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string' },
    requests: { type: 'string' },
    warmup: { type: 'string' },
    keep: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
  },
});
const scale = Number(args.scale ?? (args.smoke ? 300 : 10_000));
const requests = Number(args.requests ?? (args.smoke ? 5 : 50));
const warmup = Number(args.warmup ?? (args.smoke ? 1 : 10));

interface Stats {
  median: number;
  p95: number;
  min: number;
  max: number;
}

/** Order statistics of `samples` (ms), nearest-rank percentiles. */
function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? at(0.5) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
  return { median, p95: at(0.95), min: sorted[0] ?? NaN, max: sorted[sorted.length - 1] ?? NaN };
}

async function main(): Promise<void> {
  const dataDir = join('bench', '.work', `list-${scale}`);
  if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '8080', SEED: 'none' });
  const db = await connect(config);
  try {
    await migrate(db);
    if (await isEmpty(db)) {
      console.log(`seeding scale ${scale} into ${dataDir} ...`);
      const result = await seed(db, { scale, log: (m) => console.log(`  ${m}`) });
      console.log(`seeded in ${result.seconds}s: ${JSON.stringify(result.counts)}`);
    } else {
      console.log(`reusing the seeded database in ${dataDir} (--keep)`);
    }

    const app = await buildApp({ db, config });
    try {
      const token = await signAccessToken({ db, config }, 'admin', { expiresIn: 3600 });
      const headers = { authorization: `Bearer ${token}` };
      const get = async (url: string): Promise<{ ms: number; body: string }> => {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        return { ms, body: res.body };
      };

      const firstPage = JSON.parse((await get(listUrl(0))).body) as {
        _embedded: { clients: { id: number }[] };
        page: { totalPages: number; totalElements: number };
      };
      const pages = Math.max(1, firstPage.page.totalPages);
      const clientIds = firstPage._embedded.clients.map((c) => c.id);
      if (clientIds.length === 0) throw new Error('no clients: the seed did not run');
      console.log(`clients: ${firstPage.page.totalElements}; timing ${warmup} warm-ups + ${requests} requests each`);

      const kinds: [string, (i: number) => string][] = [
        [
          'GET /core/api/clients?page=N&size=20&sort=lastModifiedDate,desc&projection=clientList',
          (i) => listUrl((i * 7919) % pages),
        ],
        [
          'GET /core/api/contacts?client.id=<id>&projection=full',
          (i) => `/core/api/contacts?client.id=${clientIds[i % clientIds.length]}&projection=full`,
        ],
      ];
      const rows: string[] = [];
      for (const [label, url] of kinds) {
        for (let i = 0; i < warmup; i++) await get(url(i));
        const samples: number[] = [];
        for (let i = 0; i < requests; i++) samples.push((await get(url(warmup + i))).ms);
        const s = stats(samples);
        rows.push(
          `| ${label} | ${requests} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.min.toFixed(1)} | ${s.max.toFixed(1)} |`,
        );
      }
      console.log(`\nList latency, scale ${scale}, ${db.kind}, in process (ms)`);
      console.log('| request | n | median | p95 | min | max |');
      console.log('|---|---:|---:|---:|---:|---:|');
      rows.forEach((r) => console.log(r));
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    if (!args.keep && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
}

function listUrl(page: number): string {
  return `/core/api/clients?page=${page}&size=20&sort=lastModifiedDate,desc&projection=clientList`;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
