import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, spawnServer, untilRunning } from '../test/serverProcess';
import { backupDatabase, restoreDatabase } from './backup';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bureau-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A lock file as another process on this host would have written it. */
const writeLock = (dir: string, pid: number) =>
  writeFileSync(
    join(dir, LOCK_FILE),
    JSON.stringify({ pid, host: hostname(), since: new Date().toISOString(), purpose: 'server' }),
  );

/** A live process that is not us (a sleeping child). */
function liveProcess(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/**
 * The PID of a zombie: a process that has exited but that its parent has not reaped. `bash` starts
 * it and execs into `sleep`, which never waits for children, so the exited child stays in the
 * process table until that `sleep` ends.
 */
async function zombiePid(): Promise<number> {
  const parent = spawn('bash', ['-c', 'sleep 0.2 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(parent);
  const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(Number(d))));
  for (let i = 0; i < 250 && !/\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8')); i++)
    await new Promise((r) => setTimeout(r, 20));
  return pid;
}

/** The PID of a process that has exited. */
const deadPid = (): number => spawnSync('true').pid;

describe('data directory lock', () => {
  it('PROBE-1 a second server on the same DATA_DIR is refused, naming the directory and the holder; after the first is SIGKILLed the next start succeeds', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, SEED: 'none' };
    const first = await spawnServer(env);
    children.push(first.child);
    expect(await untilRunning(first)).toBe('running');

    const second = await spawnServer(env);
    children.push(second.child);
    expect(await untilRunning(second)).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by process ${first.child.pid}`);
    expect(second.output()).not.toContain('Bureau is running');

    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true); // left behind by the killed server

    const third = await spawnServer(env);
    children.push(third.child);
    expect(await untilRunning(third)).toBe('running');
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(third.child.pid);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('PROBE-1 the lock refuses a live holder and takes over the lock of a process that is gone', () => {
    const dir = tempDir();
    const holder = liveProcess();
    writeLock(dir, holder);
    expect(() => lockDataDir(dir, 'seed')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, 'seed')).toThrow(`in use by process ${holder}`);

    writeLock(dir, deadPid());
    const lock = lockDataDir(dir, 'seed');
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, purpose: 'seed' });
    expect(() => lockDataDir(dir, 'backup')).toThrow(`in use by process ${process.pid}`);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('H2-09 PROBE-1 the lock of a killed holder its parent has not reaped yet (a zombie) is stale and taken over', async () => {
    const dir = tempDir();
    const zombie = await zombiePid();
    expect(readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);
    writeLock(dir, zombie);
    const lock = lockDataDir(dir, 'server');
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('PROBE-1 of six processes racing for a stale lock, exactly one gets it and the others name it', async () => {
    const dir = tempDir();
    writeLock(dir, deadPid());
    const program =
      "import { lockDataDir } from './server/db/lock.ts';" +
      "try { const l = lockDataDir(process.argv[1], 'race'); console.log('won'); setTimeout(() => l.release(), 60000); }" +
      'catch (e) { console.log(e.message); }';
    const racers = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program, dir], {
        cwd: ROOT,
      });
      children.push(child);
      let out = '';
      // a racer answers on its first line; the winner then holds the lock until the test ends
      return new Promise<{ pid: number; out: string }>((resolve) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve({ pid: child.pid!, out });
        });
        child.on('exit', () => resolve({ pid: child.pid!, out }));
      });
    });
    const results = await Promise.all(racers);
    const winners = results.filter((r) => r.out.trim() === 'won');
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x !== winners[0]))
      expect(r.out).toContain(`in use by process ${winners[0]!.pid}`);
  });

  it('PROBE-1 backup, restore and npm run seed refuse a directory a server holds', async () => {
    const dir = tempDir();
    const holder = liveProcess();
    writeLock(dir, holder);
    await expect(backupDatabase({ dataDir: dir }, join(dir, 'x.tar.gz'))).rejects.toThrow(
      `in use by process ${holder}`,
    );
    const tarball = join(tempDir(), 'b.tar.gz');
    writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 0, 0]));
    await expect(restoreDatabase(tarball, { dataDir: dir })).rejects.toThrow(`in use by process ${holder}`);
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/seed/cli.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir },
      encoding: 'utf8',
    });
    expect(seed.status).toBe(1);
    expect(seed.stderr).toContain(`in use by process ${holder}`);
  });
});
