import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/postgres';

/** The repository root (tests spawn `server/main.ts` from there). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A `server/main.ts` child process. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/**
 * Spawns the real server (`node --import tsx server/main.ts`) with `env` added to the test's
 * environment (`DATABASE_URL` removed unless given) on a free port. `preload` names modules
 * (paths from the repository root) loaded before `server/main.ts` with `--import`.
 */
export async function spawnServer(env: Record<string, string>, preload: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const base = { ...process.env };
  delete base.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...preload.flatMap((m) => ['--import', `./${m}`]), 'server/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...base,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SPA_DIR: './.no-spa',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, port, output: () => text, exited };
}

/**
 * Waits until the server prints that it is running, or exits.
 * @returns `'running'`, or the exit code when it stopped first
 * @throws Error after `timeoutMs` (milliseconds) with its output
 */
export async function untilRunning(server: ServerProcess, timeoutMs = 90_000): Promise<'running' | number | string> {
  const deadline = Date.now() + timeoutMs;
  let code: number | string | undefined;
  void server.exited.then((c) => (code = c));
  while (Date.now() < deadline) {
    if (server.output().includes('Bureau is running')) return 'running';
    if (code !== undefined) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server neither started nor stopped in ${timeoutMs} ms:\n${server.output()}`);
}
