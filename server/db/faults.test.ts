import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../auth/tokens';
import { loadConfig, type ServerConfig } from '../config';
import { freshPostgres } from '../test/database';
import { spawnServer, untilRunning, type ServerProcess } from '../test/serverProcess';
import { startDatabase } from './start';

const dirs: string[] = [];
const drops: Array<() => Promise<void>> = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

/** Published URL of the server under test: fixed, so a token signed before the start stays valid across restarts. */
const PUBLIC_URL = 'http://bureau.test';
/** Requests in flight during the burst. */
const CONCURRENCY = 16;
/** The server is killed once this many creates were acknowledged... */
const KILL_AFTER_ACKS = 150;
/** ...or this many milliseconds after the first acknowledgement, whichever comes first. */
const KILL_AFTER_MS = 3000;

describe('faults', () => {
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

  it(`faults: SIGKILL during a burst of creates on ${engine}, restart, every acknowledged write is there`, async () => {
    // prepare: a migrated database with the reference data, an administrator and a long-lived token
    const target: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> = process.env.DATABASE_URL
      ? await freshPostgres(process.env.DATABASE_URL).then(
          (f) => (drops.push(f.drop), { databaseUrl: f.url, dataDir: '' }),
        )
      : { dataDir: mkdtempSync(join(tmpdir(), 'bureau-faults-')) };
    if (!target.databaseUrl) dirs.push(target.dataDir);
    const config = loadConfig({ PUBLIC_URL, SEED: 'none' });
    const prepared = await startDatabase({
      ...target,
      seed: 'none',
      admin: { username: 'admin', password: 'faults-admin' },
    });
    const token = await signAccessToken({ db: prepared.db, config }, 'admin', { expiresIn: 3600 });
    await prepared.close();

    const env = {
      PUBLIC_URL,
      SEED: 'none',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir }),
    };
    const first = await spawnServer(env);
    servers.push(first);
    expect(await untilRunning(first)).toBe('running');

    const acked = new Map<number, string>();
    let sent = 0;
    let killed = false;
    let firstAck = 0;
    const kill = () => {
      if (killed) return;
      killed = true;
      first.child.kill('SIGKILL');
    };
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const gname = `fault ${w}-${i}`;
        sent++;
        try {
          const res = await fetch(`http://127.0.0.1:${first.port}/core/api/clients`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ gname }),
          });
          const body = (await res.json()) as { id?: number };
          if (res.status === 201 && body.id) {
            acked.set(body.id, gname);
            firstAck ||= Date.now();
          } else if (!killed) throw new Error(`create answered ${res.status}: ${JSON.stringify(body)}`);
        } catch (e) {
          if (!killed) throw e;
        }
        if (acked.size >= KILL_AFTER_ACKS || (firstAck && Date.now() - firstAck > KILL_AFTER_MS)) kill();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
    expect(await first.exited).toBe('SIGKILL');

    const restartStarted = performance.now();
    const second = await spawnServer(env);
    servers.push(second);
    expect(await untilRunning(second)).toBe('running');
    const restartMs = Math.round(performance.now() - restartStarted);

    let found = 0;
    const ids = [...acked.keys()];
    const get = async () => {
      for (let id = ids.pop(); id !== undefined; id = ids.pop()) {
        const res = await fetch(`http://127.0.0.1:${second.port}/core/api/clients/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.status === 200 && ((await res.json()) as { gname: string }).gname === acked.get(id)) found++;
      }
    };
    await Promise.all(Array.from({ length: 8 }, get));
    // the restarted server keeps allocating fresh ids: no duplicate key after the crash
    const after = await fetch(`http://127.0.0.1:${second.port}/core/api/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ gname: 'after the restart' }),
    });
    expect(after.status).toBe(201);

    console.log(
      `faults (${engine}): writes sent ${sent}, acknowledged ${acked.size}, found after restart ${found}, restart ${restartMs} ms`,
    );
    expect(acked.size).toBeGreaterThan(0);
    expect(found).toBe(acked.size);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
