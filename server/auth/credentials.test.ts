import { describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { verifyCredentials } from './credentials';
import { hashPassword, verifyPassword } from './passwords';
import { growingDelayMs } from './signInLimiter';

describe('passwords', () => {
  it('PROBE-6 hashes with native bcrypt ($2b$) and reads $2a$/$2b$ hashes', async () => {
    const stored = await hashPassword('correct horse', 4);
    expect(stored).toMatch(/^\$2b\$04\$[./A-Za-z0-9]{53}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
    // the same hash in the older $2a$ prefix (bcryptjs and Spring wrote those)
    expect(await verifyPassword('correct horse', stored.replace('$2b$', '$2a$'))).toBe(true);
    for (const bad of [null, undefined, '', 'plain', '$2b$04$short'])
      expect(await verifyPassword('x', bad)).toBe(false);
  });

  it('PROBE-6 a given salt gives the reproducible hash the demo seed relies on', async () => {
    const salt = '$2b$04$abcdefghijklmnopqrstuu';
    const a = await hashPassword('admin', 10, salt);
    expect(a.startsWith(salt)).toBe(true);
    expect(await hashPassword('admin', 10, salt)).toBe(a);
    await expect(hashPassword('admin', 10, '$2b$04$tooshort')).rejects.toThrow(/salt/);
  });

  it('PROBE-6 verifies off the event loop: it stays idle and timers keep firing during 8 parallel cost-10 checks', async () => {
    const stored = await hashPassword('pw', 10);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const before = performance.eventLoopUtilization();
    const start = performance.now();
    await Promise.all(Array.from({ length: 8 }, () => verifyPassword('guess', stored)));
    const elapsed = performance.now() - start;
    const busy = performance.eventLoopUtilization(before).utilization;
    clearInterval(timer);
    // bcrypt computed on the event loop keeps it ~100 % busy and starves the timer
    expect(busy).toBeLessThan(0.5);
    expect(ticks).toBeGreaterThan(Math.min(10, elapsed / 5 / 4));
  });
});

describe('verifyCredentials', () => {
  const account = (passwordHash: string | null, enabled = true) => ({
    query: async <T>(): Promise<T[]> => [
      {
        id: 1,
        username: 'u',
        password_hash: passwordHash,
        enabled,
        email: null,
        employee_id: null,
        first_name: null,
        last_name: null,
        office_id: null,
      } as T,
    ],
  });
  it('accepts the right password of an enabled user only', async () => {
    const stored = await hashPassword('pw', 4);
    expect(await verifyCredentials(account(stored), 'u', 'pw')).toMatchObject({ username: 'u' });
    expect(await verifyCredentials(account(stored), 'u', 'nope')).toBeNull();
    expect(await verifyCredentials(account(stored, false), 'u', 'pw')).toBeNull();
    expect(await verifyCredentials(account(null), 'u', '')).toBeNull();
    expect(await verifyCredentials({ query: async <T>(): Promise<T[]> => [] }, 'nobody', 'pw')).toBeNull();
  });
});

describe('growing delays', () => {
  it('PROBE-6 grow like Fibonacci numbers from the first delay up to the cap', () => {
    const tier = { minDelayMs: 1000, maxDelayMs: 15_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => growingDelayMs(tier, n))).toEqual([
      1000, 1000, 2000, 3000, 5000, 8000, 13_000, 15_000, 15_000,
    ]);
  });
});
