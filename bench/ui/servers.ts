/**
 * The two servers of `npm run bench:ui`: a static server for the stock react-admin build, and
 * Bureau's real server (`server/main.ts`, embedded database in a fresh temp dir, seeded on start).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** A free TCP port on 127.0.0.1. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * Serves `root` (unknown paths get index.html), sending a file's brotli copy (`<file>.br`, written
 * by the build like Bureau's) when the browser accepts `br`, as Bureau's server does, with
 * `headers` on every response; resolves with its base URL.
 */
export async function serveStatic(
  root: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(root, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    const brotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) && existsSync(`${file}.br`);
    res.writeHead(200, {
      ...headers,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      ...(brotli ? { 'content-encoding': 'br', vary: 'Accept-Encoding' } : {}),
    });
    createReadStream(brotli ? `${file}.br` : file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://localhost:${port}`, server };
}

/** Response headers of Bureau's server that govern how a browser hosts the page (helmet's set). */
const HOSTING_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-frame-options',
];

/** The hosting headers Bureau's server sends with its page at `url` (for the stock app's server). */
export async function hostingHeaders(url: string): Promise<Record<string, string>> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return Object.fromEntries(
    HOSTING_HEADERS.flatMap((name) => (res.headers.has(name) ? [[name, res.headers.get(name)!]] : [])),
  );
}

export interface BureauServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts `node --import tsx server/main.ts` on a free port and a fresh DATA_DIR (seeded on start);
 * waits until it answers (at most `timeoutMs`, default 10 min: the demo seed runs first and takes minutes on a loaded machine). `spaDir`
 * (SPA_DIR) serves another build than `./dist`.
 * @throws Error when the server exits or does not answer in time (it is stopped then).
 */
export async function startBureau(spaDir?: string, timeoutMs = 600_000): Promise<BureauServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bureau-bench-ui-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  if (spaDir) env.SPA_DIR = spaDir;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/oidc/.well-known/openid-configuration`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('Bureau server did not start');
}
