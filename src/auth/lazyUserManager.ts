import type { User, UserManager } from 'oidc-client-ts';
import type { AppConfig } from './appConfig';
import type { OidcClient } from './authProvider';
import type { createUserManager } from './userManager';

/** What the loader gives: the `./userManager` module (which pulls in oidc-client-ts) or a fake. */
export interface UserManagerModule {
  createUserManager: typeof createUserManager;
}

/** The OpenID client of `createLazyUserManager`: the auth provider's client plus `preload`. */
export type LazyUserManager = OidcClient & {
  /**
   * Starts loading oidc-client-ts now (after the first render, so a later refresh or sign-out
   * does not wait for the download). Resolves once loaded. @throws when the chunk fails to load
   * (the next call tries again).
   */
  preload(): Promise<void>;
};

/**
 * The storage key of oidc-client-ts 3.x's user: `WebStorageStateStore`'s default prefix `oidc.`
 * plus `UserManager._userStoreKey`, `user:<authority>:<client_id>` (authority and client id as in
 * `userManagerSettings`).
 */
export const oidcUserKey = (config: AppConfig): string => `oidc.user:${config.oidcIssuer}:${config.oidcClientId}`;

/** Seconds since the epoch, as oidc-client-ts' `Timer.getEpochTime`. */
const epochSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Reads the user oidc-client-ts stored under `oidcUserKey(config)` without loading the library.
 *
 * The stored value is `User.toStorageString()`: JSON `{ id_token, session_state, access_token,
 * refresh_token, token_type, scope, profile, expires_at }`, `expires_at` in seconds since the
 * epoch. The result carries those fields plus `state` / `url_state` (never stored, so
 * `undefined`, as after oidc-client-ts' own `User.fromStorageString`) and the getters the auth
 * provider reads: `expires_in` (seconds left, `expires_at - now`, negative once past) and
 * `expired` (`expires_in <= 0`), both `undefined` without `expires_at`; `scopes` as in `User`.
 * It is not a `User` instance (no `toStorageString`), hence the cast.
 *
 * @returns `null` when nothing is stored or the value is not JSON of an object with an access
 * token (oidc-client-ts would throw or return a user without tokens).
 */
export const readStoredUser = (config: AppConfig, storage: Storage): User | null => {
  let raw: unknown;
  try {
    const text = storage.getItem(oidcUserKey(config));
    if (!text) return null;
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const stored = raw as Record<string, unknown>;
  if (typeof stored.access_token !== 'string') return null;
  const expiresAt = typeof stored.expires_at === 'number' ? stored.expires_at : undefined;
  const user = {
    id_token: stored.id_token,
    session_state: stored.session_state ?? null,
    access_token: stored.access_token,
    refresh_token: stored.refresh_token,
    token_type: stored.token_type,
    scope: stored.scope,
    profile: stored.profile,
    expires_at: expiresAt,
    state: undefined,
    url_state: undefined,
    get expires_in(): number | undefined {
      return expiresAt === undefined ? undefined : expiresAt - epochSeconds();
    },
    get expired(): boolean | undefined {
      const left = this.expires_in;
      return left === undefined ? undefined : left <= 0;
    },
    get scopes(): string[] {
      return typeof stored.scope === 'string' ? stored.scope.split(' ') : [];
    },
  };
  return user as unknown as User;
};

/**
 * The OpenID client without oidc-client-ts (~17 KB gzip) in the first load.
 *
 * A returning, signed-in user's start-up check (AUTH-06..08) only reads the stored OpenID user:
 * `getUser()` reads it from `storage` (see `readStoredUser`) until the library is loaded, then
 * delegates to the real `UserManager`. Every other method (sign-in redirect and callback, sign-out,
 * `removeUser`, the refresh `signinSilent` of AUTH-08/16) loads `./userManager` on first need,
 * builds `createUserManager(config, origin, storage)` once, and delegates with the same arguments.
 * A failed load is not memoised, so the next call tries again.
 *
 * @param load imports `./userManager` (tests inject a spy or a fake).
 */
export const createLazyUserManager = (
  config: AppConfig,
  origin: string = window.location.origin,
  storage: Storage = localStorage,
  load: () => Promise<UserManagerModule> = () => import('./userManager'),
): LazyUserManager => {
  let manager: UserManager | null = null;
  let loading: Promise<UserManager> | null = null;

  const loaded = (): Promise<UserManager> => {
    loading ??= load().then(
      (mod) => (manager = mod.createUserManager(config, origin, storage)),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  return {
    getUser: async (...args) => (manager ? manager.getUser(...args) : readStoredUser(config, storage)),
    signinRedirect: async (...args) => (await loaded()).signinRedirect(...args),
    signinRedirectCallback: async (...args) => (await loaded()).signinRedirectCallback(...args),
    signoutRedirect: async (...args) => (await loaded()).signoutRedirect(...args),
    removeUser: async (...args) => (await loaded()).removeUser(...args),
    signinSilent: async (...args) => (await loaded()).signinSilent(...args),
    preload: async () => {
      await loaded();
    },
  };
};
