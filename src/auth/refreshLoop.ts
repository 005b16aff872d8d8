import { clearTokens, getToken, saveTokens } from './tokenStorage';

/** The spec's refresh timings (AUTH-16): check every 5 s, refresh when under 10 s remain. */
export const REFRESH_CHECK_MS = 5000;
export const MIN_VALIDITY_S = 10;
const LOCK_NAME = 'bureau-token-refresh';

export interface RefreshDeps {
  /** Seconds until the current access token expires; `null` when there is none. */
  expiresIn: () => Promise<number | null>;
  /** Asks the provider for new tokens (refresh-token grant). Throws on failure. */
  refresh: () => Promise<{ accessToken: string; refreshToken?: string | null }>;
  /** Called after a 400 from the token endpoint cleared the stored token (sign out). */
  onInvalid: () => void;
  storage?: Storage;
}

/**
 * Whether `error` is the token endpoint refusing the grant: an OAuth error body (oidc-client-ts'
 * `ErrorResponse`, sent with 400 by RFC 6749 section 5.2) or a plain `(400)` status failure.
 */
export const isTokenRejected = (error: unknown): boolean => {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: string; error?: unknown; status?: number; message?: string };
  return (
    e.name === 'ErrorResponse' || typeof e.error === 'string' || e.status === 400 || /\(400\)/.test(e.message ?? '')
  );
};

/** Runs `fn` holding a cross-tab lock when the browser has Web Locks (docs/pitfalls.md: rotating refresh tokens). */
export const withRefreshLock = <T>(fn: () => Promise<T>): Promise<T> => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? (locks.request(LOCK_NAME, fn) as Promise<T>) : fn();
};

/**
 * Refreshes the tokens now (under the cross-tab lock) unless, once the lock is held, the token is
 * already valid for `minValidity` seconds (another tab refreshed it). Saves them under `token` /
 * `refresh_token` (AUTH-17, AUTH-08); a rejected grant clears the token and calls `onInvalid`
 * (AUTH-18). Other failures (network) are logged and leave the token as it is.
 * @returns the access token in force afterwards, or `null` when there is none.
 */
export const refreshTokens = async (
  deps: RefreshDeps,
  minValidity = MIN_VALIDITY_S,
  force = false,
): Promise<string | null> => {
  const storage = deps.storage ?? localStorage;
  return withRefreshLock(async () => {
    const left = await deps.expiresIn();
    if (left === null) return null; // no OpenID session to refresh (e.g. a start-up token)
    if (!force && left !== null && left > minValidity) return getToken(storage);
    try {
      const tokens = await deps.refresh();
      saveTokens(tokens, storage);
      return tokens.accessToken;
    } catch (error) {
      if (isTokenRejected(error)) {
        clearTokens(storage);
        deps.onInvalid();
      } else {
        console.error('failed to refresh', error);
      }
      return null;
    }
  });
};

/**
 * Starts the refresh loop (AUTH-16): every 5 s, when the token expires within 10 s, refresh it.
 * Ticks never overlap. @returns a function that stops the loop.
 */
export const startTokenRefreshLoop = (
  deps: RefreshDeps,
  intervalMs = REFRESH_CHECK_MS,
  minValidity = MIN_VALIDITY_S,
): (() => void) => {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const left = await deps.expiresIn();
      if (left !== null && left <= minValidity) await refreshTokens(deps, minValidity);
    } finally {
      running = false;
    }
  };
  const id = setInterval(() => void tick(), intervalMs);
  return () => clearInterval(id);
};
