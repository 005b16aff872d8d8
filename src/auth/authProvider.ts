import type { AuthProvider } from 'react-admin';
import type { User, UserManager } from 'oidc-client-ts';
import { isNoAccess, isTopManager, roleNames, type UserInfo } from '../../schemas/access';
import { createCanAccess, toPermissions, type AccessFacts, type Permissions } from '../access/canAccess';
import { getStartLocation } from '../app/startLocation';
import { clearTokens, getToken, saveTokens, TOKEN_KEY } from './tokenStorage';
import { isTokenRejected, refreshTokens, type RefreshDeps } from './refreshLoop';

export const LOGIN_PATH = '/authorization/login';
/**
 * Why a user is sent back to sign in, passed as `?reason=` to the sign-in page and on to the
 * provider's sign-in form (which words it, `server/auth/pages.ts`): `noaccess` = the account holds
 * NO_ACCESS (AUTH-13).
 */
export const NO_ACCESS_REASON = 'noaccess';
/** The sign-in page told that the account has no access (AUTH-13). */
export const NO_ACCESS_LOGIN_PATH = `${LOGIN_PATH}?reason=${NO_ACCESS_REASON}`;

/** The parts of oidc-client-ts' `UserManager` the auth provider uses (tests pass a fake). */
export type OidcClient = Pick<
  UserManager,
  'signinRedirect' | 'signinRedirectCallback' | 'signoutRedirect' | 'getUser' | 'removeUser' | 'signinSilent'
>;

export interface AuthProviderOptions {
  userManager: OidcClient;
  /** The entities' access facts: the schemas, or the SPA's manifest entries. */
  schemas: readonly AccessFacts[];
  /** `GET /auth2/info` (AUTH-14); injected for tests. */
  fetchUserInfo: (token: string) => Promise<UserInfo>;
  storage?: Storage;
}

/** The auth provider plus what the data provider and the refresh loop need. */
export interface BureauAuthProvider extends AuthProvider {
  handleCallback: NonNullable<AuthProvider['handleCallback']>;
  getPermissions: NonNullable<AuthProvider['getPermissions']>;
  getIdentity: NonNullable<AuthProvider['getIdentity']>;
  canAccess: NonNullable<AuthProvider['canAccess']>;
  /** Refresh now, at least `minValidity` s left (docs/decisions.md, AUTH-19); the token in force or `null`. */
  refreshToken: () => Promise<string | null>;
  /** Dependencies of `startTokenRefreshLoop`. */
  refreshDeps: RefreshDeps;
  /** Forget the stored tokens and the cached user (the data provider's `onUnauthorized`). */
  forget: () => Promise<void>;
  /**
   * The start-up sign-in (AUTH-03/04/09): saves `token`, reads `/auth2/info` with it and signs out a
   * NO_ACCESS user (AUTH-13). @throws when the user cannot be read (the caller logs it, AUTH-10).
   */
  signIn: (token: string) => Promise<void>;
  /**
   * The OpenID client's start-up check (AUTH-06..08): the stored OpenID user when its access token
   * is still valid, else one silent refresh with its refresh token; `authenticated: false` when
   * neither gives tokens. @throws on a provider failure other than a refused refresh (AUTH-12).
   */
  initSession: () => Promise<{ authenticated: boolean; accessToken?: string; refreshToken?: string | null }>;
  /** Forgets the OpenID user kept by the client (a start-up token replaces that session). */
  forgetOidcUser: () => Promise<void>;
}

const tokensOf = (user: User) => ({ accessToken: user.access_token, refreshToken: user.refresh_token ?? null });

/**
 * react-admin's auth provider on oidc-client-ts (AUTH-01, AUTH-21..31, PERM, NAV-01).
 *
 * - `login` starts the code + PKCE redirect (AUTH-26), remembering where to come back to;
 * - `handleCallback` (react-admin's `/auth-callback` route) completes it once, saves the access and
 *   refresh tokens (AUTH-08/17), drops `code`/`state` from the address bar and returns to the page
 *   the sign-in started from or the start location (NAV-08);
 * - `checkAuth` needs the stored `token`, else `/authorization/login` (PERM-11);
 * - `checkError` signs out on a 401 that survived the data provider's refresh-and-retry
 *   (docs/decisions.md, AUTH-19), never on a 403 (docs/decisions.md, PERM-12);
 * - `getPermissions` / `getIdentity` read `/auth2/info` once per session; NO_ACCESS signs out (AUTH-13);
 * - `canAccess` applies the shared predicates (`schemas/access.ts`);
 * - `logout` redirects to the provider's end-session endpoint (AUTH-28) when signed in there.
 */
export const createAuthProvider = ({
  userManager,
  schemas,
  fetchUserInfo,
  storage = localStorage,
}: AuthProviderOptions): BureauAuthProvider => {
  let info: Promise<UserInfo> | null = null;
  let callback: Promise<{ redirectTo: string | false }> | null = null;

  const forget = async () => {
    clearTokens(storage);
    info = null;
    await userManager.removeUser().catch(() => undefined);
  };

  /**
   * Ends the session. With `atProvider` and an OpenID user, the browser leaves for the provider's
   * end-session page (AUTH-28); otherwise (e.g. react-admin logging out a visitor who never
   * signed in) it only forgets locally and goes to the sign-in page.
   */
  const signOut = async (atProvider: boolean, reason?: typeof NO_ACCESS_REASON): Promise<false | string> => {
    const user = atProvider ? await userManager.getUser().catch(() => null) : null;
    clearTokens(storage);
    info = null;
    const back = reason ? NO_ACCESS_LOGIN_PATH : LOGIN_PATH;
    if (user) {
      // with a reason, the provider returns to the sign-in page that passes it on (registered there too)
      await userManager.signoutRedirect(
        reason
          ? { id_token_hint: user.id_token, post_logout_redirect_uri: `${window.location.origin}${back}` }
          : { id_token_hint: user.id_token },
      );
      return false; // the browser is leaving for the provider's logout page
    }
    await userManager.removeUser().catch(() => undefined);
    return back;
  };

  const loadInfo = (): Promise<UserInfo> => {
    const token = getToken(storage);
    if (!token) return Promise.reject(new Error('not signed in'));
    info ??= fetchUserInfo(token).catch((e: unknown) => {
      info = null;
      throw e;
    });
    return info;
  };

  const permissions = async (): Promise<Permissions | null> => {
    if (!getToken(storage)) return null;
    const user = await loadInfo();
    if (isNoAccess(roleNames(user))) {
      await signOut(true, NO_ACCESS_REASON); // AUTH-13: the sign-in page then says why
      throw new Error('NO_ACCESS');
    }
    return toPermissions(user);
  };

  const refreshDeps: RefreshDeps = {
    storage,
    expiresIn: async () => {
      const user = await userManager.getUser();
      return user && getToken(storage) ? (user.expires_in ?? null) : null;
    },
    refresh: async () => {
      const user = await userManager.signinSilent();
      if (!user) throw new Error('the provider returned no user on refresh');
      return tokensOf(user);
    },
    onInvalid: () => void signOut(true),
  };

  return {
    refreshDeps,
    forget,
    forgetOidcUser: async () => {
      await userManager.removeUser().catch(() => undefined);
    },

    signIn: async (token: string) => {
      storage.setItem(TOKEN_KEY, token);
      info = null;
      await permissions();
    },

    initSession: async () => {
      const user = await userManager.getUser();
      if (user && !user.expired) return { authenticated: true, ...tokensOf(user) };
      if (!user?.refresh_token) return { authenticated: false };
      try {
        const renewed = await userManager.signinSilent();
        return renewed ? { authenticated: true, ...tokensOf(renewed) } : { authenticated: false };
      } catch (error) {
        if (isTokenRejected(error)) return { authenticated: false };
        throw error;
      }
    },

    refreshToken: () => refreshTokens(refreshDeps, 10, true),

    login: async (params?: { returnTo?: string; reason?: string }) => {
      await userManager.signinRedirect({
        state: { returnTo: params?.returnTo ?? null },
        ...(params?.reason ? { extraQueryParams: { reason: params.reason } } : {}),
      });
    },

    // Guarded: StrictMode and reloads must not process the callback twice (docs/pitfalls.md).
    handleCallback: () => {
      callback ??= (async () => {
        const user = await userManager.signinRedirectCallback();
        saveTokens(tokensOf(user), storage);
        info = null;
        window.history.replaceState(window.history.state, '', '/auth-callback');
        const returnTo = (user.state as { returnTo?: string | null } | undefined)?.returnTo;
        return { redirectTo: returnTo || getStartLocation() || '/' };
      })();
      return callback;
    },

    checkAuth: async () => {
      if (!getToken(storage)) throw { redirectTo: LOGIN_PATH, message: false };
    },

    checkError: async (error: { status?: number }) => {
      if (error?.status === 401) {
        await forget();
        throw { redirectTo: LOGIN_PATH, message: false };
      }
    },

    logout: () => signOut(getToken(storage) !== null),

    getPermissions: () => permissions(),

    // `topManager` (PERM-07, a current position in a top department) shows the cashbox's
    // "Close month"; the server decides again on the request
    getIdentity: async () => {
      const user = await loadInfo();
      const today = new Date().toISOString().slice(0, 10);
      return {
        id: user.username,
        fullName: user.employeeName || user.username,
        employeeId: user.employeeId,
        topManager: isTopManager(user.positionList ?? [], today),
      };
    },

    canAccess: async ({ action, resource, record }) => {
      const perms = await permissions().catch(() => null);
      if (!perms) return false;
      return createCanAccess(schemas, perms)({ action, resource, record });
    },
  };
};
