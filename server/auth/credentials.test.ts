import { describe, expect, it } from 'vitest';
import { failureDelayMs, verifyCredentials } from './credentials';

/** A database with no users: every attempt fails like an unknown username. */
const empty = { query: async <T>(): Promise<T[]> => [] };

const timed = async (username: string) => {
  const start = performance.now();
  expect(await verifyCredentials(empty, username, 'guess')).toBeNull();
  return performance.now() - start;
};

describe('brute-force damping', () => {
  it('waits longer after each failure for the same username, up to 4 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(failureDelayMs)).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('delays per username: a second failure waits longer, another username does not', async () => {
    expect(await timed('target@bureau.test')).toBeGreaterThanOrEqual(240);
    const second = await timed('TARGET@bureau.test');
    expect(second).toBeGreaterThanOrEqual(490);
    const other = await timed('someone-else@bureau.test');
    expect(other).toBeGreaterThanOrEqual(240);
    expect(other).toBeLessThan(second);
  });
});
