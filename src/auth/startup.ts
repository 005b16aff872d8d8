import { saveTokens } from './tokenStorage';

/** What {@link runStartup} needs; `main.tsx` passes the real auth provider and `root.render`. */
export interface StartupDeps {
  /** The start-up token already taken from the URL or `m_token` (`takeStartupToken`), or `null`. */
  startupToken: string | null;
  /** Renders the app (once). */
  mount: () => void;
  /** The sign-in action: reads the user with `token` (authProvider.signIn). */
  signIn: (token: string) => Promise<void>;
  /** The OpenID client's start-up check (authProvider.initSession). */
  initSession: () => Promise<{ authenticated: boolean; accessToken?: string; refreshToken?: string | null }>;
  /** Signs the user out locally (authProvider.forget). */
  logout: () => Promise<void>;
  /** Forgets the OpenID user kept by the client (authProvider.forgetOidcUser). */
  forgetOidcUser?: () => Promise<void>;
  /** The current path: the OpenID callback page completes its own sign-in. */
  pathname?: string;
  storage?: Storage;
  log?: (...args: unknown[]) => void;
}

/** How the start-up ended, for tests and logs. */
export type StartupOutcome = 'startup-token' | 'authenticated' | 'not-authenticated' | 'callback' | 'init-failed';

export const SIGN_IN_ERROR = 'error getting user info';

/**
 * The start-up sequence of spec 000 section 4, in its order:
 *
 * 1. A start-up token (URL `token` or `m_token`, already saved under `token`): the app mounts,
 *    then the sign-in is dispatched with it; the OpenID client is not initialised (AUTH-03..05).
 *    Such a token cannot be refreshed through OpenID: when it expires the API answers 401 and the
 *    user goes to the sign-in page (the data provider's `onUnauthorized`).
 * 2. Otherwise the OpenID client initialises (login required, no login-status frame: AUTH-06/07,
 *    `userManagerSettings`). Authenticated: the tokens (refresh token included) are saved, the
 *    sign-in is dispatched with the access token and the app mounts after it (AUTH-08/09).
 *    The app mounts right after the sign-in is dispatched, without waiting for its user info.
 *    Not authenticated: the user is logged out and the app mounts, whose sign-in page starts the
 *    provider's login by itself (AUTH-11, "login required").
 * 3. A failed sign-in is only logged as "error getting user info"; the app still mounts (AUTH-10).
 *    A provider initialisation failure is only logged (AUTH-12); the app mounts anyway so the
 *    user sees the sign-in page rather than a blank screen.
 *
 * On `/auth-callback` the OpenID client is finishing a sign-in: the app mounts and its callback
 * route completes it (`authProvider.handleCallback`).
 */
export const runStartup = async (deps: StartupDeps): Promise<StartupOutcome> => {
  const log = deps.log ?? console.error;
  const signIn = (token: string) =>
    deps.signIn(token).then(
      () => true,
      (error: unknown) => {
        log(SIGN_IN_ERROR, error);
        return false;
      },
    );

  if (deps.startupToken) {
    await deps.forgetOidcUser?.().catch(() => undefined);
    deps.mount();
    await signIn(deps.startupToken);
    return 'startup-token';
  }
  if (deps.pathname === '/auth-callback') {
    deps.mount();
    return 'callback';
  }
  try {
    const session = await deps.initSession();
    if (session.authenticated && session.accessToken) {
      saveTokens({ accessToken: session.accessToken, refreshToken: session.refreshToken ?? null }, deps.storage);
      // AUTH-09: dispatched, then mounted; the app renders while the user info is on its way
      // (react-admin's permission check awaits the same request), not after it.
      const signedIn = signIn(session.accessToken);
      deps.mount();
      await signedIn;
      return 'authenticated';
    }
    await deps.logout().catch((error: unknown) => log('sign-out failed', error));
    deps.mount();
    return 'not-authenticated';
  } catch (error) {
    log('the identity provider could not be initialised', error);
    deps.mount();
    return 'init-failed';
  }
};
