import { createHash } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/database';
import { authRateLimits } from './tables';

/**
 * Sign-in attempt limits (rate-limiter-flexible's login-protection pattern) with growing delays:
 * per username + address (consecutive attempts, reset by a successful sign-in), per username
 * from any address, and per address across usernames. Each tier lets `free` attempts through in
 * its window; after them every attempt must wait for the previous one's delay, the delays growing
 * like Fibonacci numbers from `minDelayMs` to `maxDelayMs`. The counters live in the database
 * (`auth_rate_limits`), so every server instance on it enforces the same limits.
 */

/** One tier of the limits. */
export interface LimitTier {
  /** Attempts let through in the window without any delay. */
  free: number;
  /** How long the tier remembers attempts, in seconds, counted from the first one. */
  windowSeconds: number;
  /** Wait after the last free attempt, in milliseconds (the first of the growing waits). */
  minDelayMs: number;
  /** Longest delay, in milliseconds. */
  maxDelayMs: number;
}

/** The three tiers; defaults in {@link DEFAULT_SIGN_IN_LIMITS}. */
export interface SignInLimits {
  /** Consecutive attempts for one username from one address. */
  userAddress: LimitTier;
  /** Attempts for one username from every address together. */
  user: LimitTier;
  /** Attempts from one address for every username together. */
  address: LimitTier;
}

const DAY_S = 24 * 60 * 60;
const MINUTE_MS = 60_000;

/**
 * Per day: 5 consecutive tries for a username from one address, 10 for a username from anywhere,
 * 100 from one address; then waits of 1 s, 1 s, 2 s, 3 s, 5 s... up to 15 minutes (1 hour for an
 * address). A brute force of one account thus gets about 120 guesses a day, from any number of addresses.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  userAddress: { free: 5, windowSeconds: DAY_S, minDelayMs: 1000, maxDelayMs: 15 * MINUTE_MS },
  user: { free: 10, windowSeconds: DAY_S, minDelayMs: 1000, maxDelayMs: 15 * MINUTE_MS },
  address: { free: 100, windowSeconds: DAY_S, minDelayMs: 1000, maxDelayMs: 60 * MINUTE_MS },
};

/**
 * The wait in milliseconds after the `n`-th attempt counted from the last free one (n >= 1):
 * `minDelayMs` x 1, 1, 2, 3, 5, 8... capped at `maxDelayMs`.
 */
export function growingDelayMs(tier: Pick<LimitTier, 'minDelayMs' | 'maxDelayMs'>, n: number): number {
  let [a, b] = [1, 1];
  for (let i = 1; i < n && a * tier.minDelayMs < tier.maxDelayMs; i++) [a, b] = [b, a + b];
  return Math.min(a * tier.minDelayMs, tier.maxDelayMs);
}

/** What {@link SignInLimiter.admit} decided. */
export type Admission = { allowed: true; keys: AttemptKeys } | { allowed: false; retryAfterMs: number };

/** The limiter keys of one attempt (hashed: usernames are never stored in the clear). */
export interface AttemptKeys {
  userAddress: string;
  user: string;
  address: string;
}

/** The shared sign-in limiter of one database. */
export interface SignInLimiter {
  /**
   * Counts an attempt of `username` from `address` before its password is checked. Refused
   * (`allowed: false`, with the wait in milliseconds) while one of the tiers is waiting out a
   * delay; the same for existing and unknown usernames.
   */
  admit(username: string, address: string): Promise<Admission>;
  /** A successful sign-in: its consecutive count (username + address) starts again, and the attempt is not held against the username or the address. */
  succeeded(keys: AttemptKeys): Promise<void>;
}

const TIERS = ['userAddress', 'user', 'address'] as const;
const MAX_REMEMBERED = 10_000;
const digest = (...parts: string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('base64url');

/**
 * rate-limiter-flexible's PostgreSQL store speaks to a `pg` pool (`query({ text, values })` giving
 * `{ rows, rowCount }`); this hands its statements to our {@link Database}, PGlite or PostgreSQL.
 */
const storeClient = (db: Pick<Database, 'query'>) => ({
  query: async ({ text, values }: { text: string; values?: unknown[] }) => {
    const rows = await db.query(text, values);
    return { rows, rowCount: rows.length };
  },
});

/**
 * Creates the limiter on `db` (table `auth_rate_limits`, created by the migrations).
 * @param limits overrides of {@link DEFAULT_SIGN_IN_LIMITS}, per tier
 */
export function createSignInLimiter(db: Pick<Database, 'query'>, limits: Partial<SignInLimits> = {}): SignInLimiter {
  const settings: SignInLimits = { ...DEFAULT_SIGN_IN_LIMITS, ...limits };
  const client = storeClient(db);
  const common = {
    storeClient: client,
    storeType: 'pool',
    tableName: getTableName(authRateLimits),
    tableCreated: true,
  };
  const tiers = TIERS.map((name, i) => {
    const tier = settings[name];
    return {
      name,
      tier,
      // The count of attempts in the window; it never refuses by itself (points = MAX_SAFE_INTEGER).
      count: new RateLimiterPostgres({
        ...common,
        keyPrefix: `signin:${name}:count`,
        points: Number.MAX_SAFE_INTEGER,
        duration: tier.windowSeconds,
        clearExpiredByTimeout: i === 0,
      }),
      // The running delay: a row that exists until the next attempt may go.
      wait: new RateLimiterPostgres({
        ...common,
        keyPrefix: `signin:${name}:wait`,
        points: 1,
        duration: 1,
        clearExpiredByTimeout: false,
      }),
    };
  });

  // Waits this instance has seen, until when (epoch ms): a flood of refused attempts is answered
  // without a database round trip. Waits only run out (or end by a success, handled below), so a
  // remembered one is never wrong by more than the wait itself.
  const seen = new Map<string, number>();
  const remember = (key: string, ms: number) => {
    if (seen.size >= MAX_REMEMBERED) {
      const now = Date.now();
      for (const [k, until] of seen) if (until <= now) seen.delete(k);
      if (seen.size >= MAX_REMEMBERED) seen.clear();
    }
    if (ms > 0) seen.set(key, Date.now() + ms);
  };
  const seenKey = (name: (typeof TIERS)[number], keys: AttemptKeys) => `${name}:${keys[name]}`;
  const refuse = (ms: number): Admission => ({ allowed: false, retryAfterMs: Math.max(1, ms) });

  return {
    async admit(username, address) {
      const user = digest(username.trim().toLowerCase());
      const keys: AttemptKeys = { user, address: digest(address), userAddress: digest(user, address) };
      const now = Date.now();
      const known = Math.max(0, ...tiers.map((t) => (seen.get(seenKey(t.name, keys)) ?? 0) - now));
      if (known > 0) return refuse(known);

      const waiting = await Promise.all(tiers.map((t) => t.wait.get(keys[t.name])));
      waiting.forEach((res, i) => remember(seenKey(tiers[i]!.name, keys), res?.msBeforeNext ?? 0));
      const longest = Math.max(0, ...waiting.map((res) => res?.msBeforeNext ?? 0));
      if (longest > 0) return refuse(longest);

      const counts = await Promise.all(tiers.map((t) => t.count.penalty(keys[t.name], 1)));
      // From the last free attempt on, each attempt starts the tier's next wait; of attempts that
      // race for it, the one that creates the wait row goes, the others are refused until it ends.
      const claims = await Promise.all(
        tiers.map(async (t, i): Promise<RateLimiterRes | null> => {
          const beyond = (counts[i]?.consumedPoints ?? 0) - t.tier.free + 1;
          if (beyond <= 0) return null;
          const claim = await t.wait.penalty(keys[t.name], 1, {
            customDuration: growingDelayMs(t.tier, beyond) / 1000,
          });
          remember(seenKey(t.name, keys), claim.msBeforeNext);
          return claim;
        }),
      );
      const refused = claims.filter((c): c is RateLimiterRes => c !== null && c.consumedPoints > 1);
      if (refused.length) return refuse(Math.max(...refused.map((c) => c.msBeforeNext)));
      return { allowed: true, keys };
    },

    async succeeded(keys) {
      const [pair, ...others] = tiers;
      seen.delete(seenKey(pair!.name, keys));
      await Promise.all([
        pair!.count.delete(keys.userAddress),
        pair!.wait.delete(keys.userAddress),
        ...others.map((t) => t.count.reward(keys[t.name], 1)),
      ]);
    },
  };
}
