import bcrypt from 'bcryptjs';
import type { Database } from '../db/database';
import { findAccount, type AccountRow } from './users';

/** Failed attempts per username, for the brute-force delay (best effort, per server instance). */
const failures = new Map<string, { count: number; last: number }>();
const MAX_TRACKED = 10_000;
const FORGET_AFTER_MS = 15 * 60 * 1000;
/** First failure waits 250 ms, doubling per further failure, capped at 4 s. */
export const failureDelayMs = (count: number): number => Math.min(250 * 2 ** Math.max(0, count - 1), 4000);

let dummyHash: string | undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks a username and password against `app_users` (bcrypt hash, enabled users only). Unknown
 * users cost a bcrypt comparison too and every failure the same delay, so answers do not reveal
 * which usernames exist. Returns the account, or null after the per-username delay.
 */
export async function verifyCredentials(db: Pick<Database, 'query'>, username: string, password: string): Promise<AccountRow | null> {
  const account = username ? await findAccount(db, username) : null;
  dummyHash ??= await bcrypt.hash('not-a-password', 10);
  const hash = account?.passwordHash?.startsWith('$2') ? account.passwordHash : dummyHash;
  const match = await bcrypt.compare(password, hash);
  const key = username.toLowerCase();
  if (account && account.enabled && hash !== dummyHash && match) {
    failures.delete(key);
    return account;
  }
  const now = Date.now();
  const previous = failures.get(key);
  const count = previous && now - previous.last < FORGET_AFTER_MS ? previous.count + 1 : 1;
  if (failures.size >= MAX_TRACKED) failures.clear();
  failures.set(key, { count, last: now });
  await sleep(failureDelayMs(count));
  return null;
}
