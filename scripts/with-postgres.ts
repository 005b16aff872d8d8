/**
 * Runs a command against a throwaway PostgreSQL server (the PostgreSQL leg of `npm test`):
 *
 *   node --import tsx scripts/with-postgres.ts -- vitest run --project api
 *
 * Starts the server (scripts/postgres.ts), runs the command with `DATABASE_URL` set, stops the
 * server by its PID whatever happens, and exits with the command's status. With `DATABASE_URL`
 * already set, the command runs against that server instead.
 */
import { spawn } from 'node:child_process';
import { startPostgres } from './postgres';

const args = process.argv.slice(2);
const command = args[0] === '--' ? args.slice(1) : args;
if (!command.length) {
  console.error('usage: with-postgres.ts -- <command> [args...]');
  process.exit(2);
}

const run = (env: NodeJS.ProcessEnv) =>
  new Promise<number>((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env, shell: process.platform === 'win32' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

if (process.env.DATABASE_URL) {
  process.exit(await run(process.env));
}

const pg = await startPostgres();
console.log(`[with-postgres] PostgreSQL on 127.0.0.1:${pg.port} (pid ${pg.pid})`);
const stopAndExit = async (code: number) => {
  await pg.stop();
  console.log('[with-postgres] PostgreSQL stopped');
  process.exit(code);
};
process.once('SIGINT', () => void stopAndExit(130));
process.once('SIGTERM', () => void stopAndExit(143));
const env = { ...process.env, DATABASE_URL: pg.url, PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}` };
await stopAndExit(await run(env));
