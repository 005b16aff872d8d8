import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Exclusive use of a data directory by one process (PGlite allows one process per directory: a
 * second one opening the same files silently loses writes and duplicates keys).
 *
 * The lock is a file `<dir>/bureau.lock` created with `O_EXCL`, holding the owner's PID, host,
 * start time and purpose, as PostgreSQL's own `postmaster.pid`. A lock whose process is gone
 * (a SIGKILLed server) is stale and taken over at once. This is preferred over a lock refreshed on
 * a timer (`proper-lockfile`'s mtime updates): a PGlite query blocks the event loop for as long as
 * it runs (a bulk seed, an index build at a million rows), so a timer-kept lock would be declared
 * stale and taken while its holder is alive, and a crashed holder would still block the next start
 * for the whole stale period. A PID check has neither problem; its limit is a lock written on
 * another host (a shared network volume), which it cannot probe and therefore never takes over.
 */
export const LOCK_FILE = 'bureau.lock';

/** What a lock file records about its holder. */
export interface LockHolder {
  pid: number;
  host: string;
  /** ISO 8601 time the lock was taken. */
  since: string;
  /** What the holder is doing: `server`, `seed`, `backup`, `restore`. */
  purpose: string;
}

/** A held lock; `release()` removes the file (idempotent, also run on process exit). */
export interface DataDirLock {
  dir: string;
  release(): void;
}

/** Thrown when another live process holds the directory; `holder` says which. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      holder
        ? `The data directory ${dir} is in use by process ${holder.pid} on ${holder.host} (${holder.purpose}, since ${holder.since}). ` +
            'The embedded database allows one process per directory: stop that process first, or use PostgreSQL (DATABASE_URL) to run several instances.' +
            (holder.host === hostname() ? '' : ` If that process is certainly gone, delete ${join(dir, LOCK_FILE)}.`)
        : `The data directory ${dir} is being locked by another process right now; try again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to another user
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !exited(pid);
}

/**
 * Whether `pid` has exited but still has its process-table entry: a zombie (`Z`) its parent has
 * not reaped, or one being torn down (`X`). `kill(pid, 0)` succeeds on such a process (H2-09: a
 * killed server whose parent had not reaped it kept its lock). Read from `/proc/<pid>/stat`, whose
 * third field is the state; where there is no `/proc` (macOS), false.
 */
function exited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name in parentheses may hold spaces and parentheses: the state follows the last ')'
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a recorded holder is certainly gone: same host and no such process, or our own PID or
 * our parent's (after a container restart PIDs start over, as PostgreSQL's postmaster.pid check
 * considers). An unreadable lock file (a holder killed between create and write) is stale too.
 */
function isStale(holder: LockHolder | undefined, file: string): boolean {
  if (!holder) {
    // a file created this instant by a live holder is not written yet: give it a second
    return ageMs(file) > 1000;
  }
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid || holder.pid === process.ppid) return true;
  return !alive(holder.pid);
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Infinity; // gone
  }
}

function tryCreate(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the exclusive lock of `dir` (created when missing), taking over a stale one.
 *
 * @param purpose recorded for the message a second process prints (`server`, `seed`, ...)
 * @throws DataDirLockedError when a live process holds it
 */
export function lockDataDir(dir: string, purpose: string): DataDirLock {
  const abs = resolve(dir);
  mkdirSync(abs, { recursive: true });
  const file = join(abs, LOCK_FILE);
  if (heldHere.has(file)) throw new DataDirLockedError(abs, readHolder(file));
  const me: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), purpose };
  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(file, me)) return held(abs, file);
    const holder = readHolder(file);
    // a lock created this instant and not written yet: read it again once its holder wrote it
    if (!holder && ageMs(file) <= 1000) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      continue;
    }
    if (!isStale(holder, file)) throw new DataDirLockedError(abs, holder);
    // Two processes may find the same stale lock: only the one that creates the takeover
    // directory (mkdir is atomic) removes it, so neither deletes the other's fresh lock.
    const takeover = `${file}.takeover`;
    try {
      mkdirSync(takeover);
    } catch {
      // another process is taking over: wait for it, then look at the lock it wrote. A takeover
      // directory left by a process killed mid-takeover (a few microseconds) expires.
      if (ageMs(takeover) > 10_000) rmSync(takeover, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    try {
      if (isStale(readHolder(file), file)) renameSync(file, `${file}.stale-${process.pid}`);
      unlinkSync(`${file}.stale-${process.pid}`);
    } catch {
      // already removed by the previous holder's exit
    } finally {
      rmdirSync(takeover);
    }
  }
  throw new DataDirLockedError(abs, readHolder(file));
}

/** Lock files this process holds: its own PID in a lock file means stale only when not among them. */
const heldHere = new Set<string>();

function held(dir: string, file: string): DataDirLock {
  heldHere.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    process.off('exit', release);
    // remove only our own lock (never one a later process took over)
    if (readHolder(file)?.pid === process.pid) unlinkSync(file);
  };
  process.on('exit', release);
  return { dir, release };
}
