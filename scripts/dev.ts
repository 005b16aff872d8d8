/**
 * `npm run dev`: the API server (`tsx watch server/main.ts`, port 8080) and Vite (port 5173, which
 * proxies the API to 8080) side by side, output prefixed per process. PUBLIC_URL is Vite's origin
 * so the OIDC redirect comes back to the dev SPA. Ctrl+C, or either process ending, stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

const VITE_ORIGIN = 'http://localhost:5173';
const VITE_URL = process.env.PUBLIC_URL ?? VITE_ORIGIN;
const colour = (code: number, text: string) => (process.stdout.isTTY ? `\x1b[${code}m${text}\x1b[0m` : text);

interface Task {
  name: string;
  colour: number;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

const tasks: Task[] = [
  {
    name: 'server',
    colour: 36,
    args: ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'],
    // DEV_SPA_ORIGIN: the only way the server registers Vite's origin as a redirect/CORS origin.
    env: { PORT: process.env.PORT ?? '8080', PUBLIC_URL: VITE_URL, DEV_SPA_ORIGIN: VITE_ORIGIN },
  },
  { name: 'vite', colour: 35, args: ['node_modules/vite/bin/vite.js'] },
];

const children: ChildProcess[] = [];
let stopping = false;

/** Pipes `stream` to ours, each line prefixed with the task's name. */
function prefix(stream: NodeJS.ReadableStream | null, task: Task, out: NodeJS.WriteStream): void {
  if (!stream) return;
  const label = colour(task.colour, `[${task.name}]`.padEnd(8));
  createInterface({ input: stream }).on('line', (line) => out.write(`${label} ${line}\n`));
}

/** Stops every child's whole process group (tsx watch and Vite start children of their own). */
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}

for (const task of tasks) {
  const child = spawn(process.execPath, task.args, {
    env: { ...process.env, ...task.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so stopAll reaches grandchildren and Ctrl+C goes through us
  });
  children.push(child);
  prefix(child.stdout, task, process.stdout);
  prefix(child.stderr, task, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.log(colour(31, `[dev] ${task.name} exited (${signal ?? code}); stopping the others`));
    stopAll(code ?? 1);
  });
}

console.log(`[dev] API on http://localhost:${tasks[0]!.env!.PORT}, SPA on ${VITE_URL} (open this one)`);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stopAll(0));
