/**
 * A throwaway PostgreSQL server for tests and benchmarks: Debian's `postgresql` binaries, a fresh
 * cluster in a temporary directory, listening on a free loopback port only, stopped by its PID.
 *
 * As root (CI, these machines) the cluster runs as the `postgres` OS user, since PostgreSQL
 * refuses to run as root; as any other user it runs as that user.
 *
 * @example
 * const pg = await startPostgres();
 * try { process.env.DATABASE_URL = pg.url; ... } finally { await pg.stop(); }
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication, loopback only). */
  url: string;
  port: number;
  /** The postmaster's process id. */
  pid: number;
  /** Stops the server (fast shutdown, then SIGKILL after 15 s) and removes its directory if temporary. */
  stop(): Promise<void>;
}

/** The directory of Debian's PostgreSQL binaries (`/usr/lib/postgresql/<major>/bin`), newest first. */
export function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((d) => existsSync(join(root, d, 'bin', 'initdb'))) : [];
  majors.sort((a, b) => Number(b) - Number(a));
  if (!majors[0]) {
    throw new Error('PostgreSQL is not installed: run `apt-get install -y postgresql` (Debian) or set DATABASE_URL.');
  }
  return join(root, majors[0], 'bin');
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary, as the `postgres` OS user when we are root. */
function runAsOwner(bin: string, args: string[]): void {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Starts a cluster and waits until it accepts connections.
 *
 * @param options.dir the cluster's directory (default: a new temporary one, removed on stop);
 *   a given directory is kept, so a benchmark's seeded database survives for re-runs
 * @param options.reuse start the cluster already in `dir` instead of creating a new one
 * @param options.settings extra server settings (`shared_buffers=512MB`)
 * @throws Error when PostgreSQL is missing or does not start within 60 s
 */
export async function startPostgres(
  options: { dir?: string; reuse?: boolean; settings?: string[] } = {},
): Promise<RunningPostgres> {
  const bin = findPostgresBin();
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'bureau-pg-'));
  const data = join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  if (isRoot()) {
    chmodSync(dir, 0o777); // the postgres user writes its cluster and socket here
    execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  }
  if (!options.reuse || !existsSync(join(data, 'PG_VERSION'))) {
    runAsOwner(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      // a Unicode character type, as a production server has: lower(), ILIKE and the full-text
      // parser then know Cyrillic letters (the C locale knows ASCII only); C.UTF-8 sorts by code
      // point, as C does
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
  }
  const port = await freePort();
  const settings = [
    'listen_addresses=127.0.0.1',
    `port=${port}`,
    `unix_socket_directories=${dir}`,
    'fsync=off',
    'full_page_writes=off',
    'max_connections=50',
    ...(options.settings ?? []),
  ]
    .map((setting) => `-c ${setting}`)
    .join(' ');
  runAsOwner(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-o',
    settings,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
  const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(pid, 'SIGINT'); // fast shutdown
      for (let i = 0; i < 150 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, pid, stop };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
