import { createDataProvider } from '../../dataProvider/index';
import { activeLocale } from '../i18n/activeLocale';
import { schemas } from '../../schemas/registry';
import { entries, loadSchema } from '../resources/schemaLoader';
import type { AppConfig } from '../auth/appConfig';
import { createAuthProvider } from '../auth/authProvider';
import { createLazyUserManager } from '../auth/lazyUserManager';
import { startTokenRefreshLoop } from '../auth/refreshLoop';
import { getToken } from '../auth/tokenStorage';
import { fetchUserInfo } from '../auth/userInfo';
import { handleForbidden } from '../shell/forbidden';
import { clearRouteLoading } from './routeLoading';

/**
 * How long after start-up oidc-client-ts starts loading: well after the first page and the user's
 * first actions (its ~70 KB of code would compete with them), long before the first refresh (the
 * access token lives 5 minutes; a sign-out before then loads it on the spot).
 */
const PRELOAD_DELAY_MS = 10_000;

/** Runs `task` once start-up is over: after `PRELOAD_DELAY_MS`, then when the browser is idle. */
const afterStartup = (task: () => void) => {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback !== 'function') return task();
    window.requestIdleCallback(task, { timeout: PRELOAD_DELAY_MS });
  };
  setTimeout(whenIdle, PRELOAD_DELAY_MS);
};

/**
 * Wires the providers for one page load: the OpenID client, the auth provider, the token refresh
 * loop (AUTH-16) and the data provider with the shell's callbacks (AUTH-19, PERM-12, SHELL-09).
 * The OpenID client loads oidc-client-ts on first need (not in the first load), at the latest once
 * start-up is over, so later refreshes and sign-out do not wait for it.
 */
export const createProviders = (config: AppConfig) => {
  const userManager = createLazyUserManager(config);
  // A failed preload is retried by the first call that needs the library.
  afterStartup(() => void userManager.preload().catch(() => undefined));
  const authProvider = createAuthProvider({
    userManager,
    schemas: entries,
    fetchUserInfo: (token) => fetchUserInfo(token),
  });
  const stopRefreshLoop = startTokenRefreshLoop(authProvider.refreshDeps);
  const session = { authApiUrl: '/auth/api/v2', schemas, loadSchema, getToken: () => getToken() };
  const dataProvider = createDataProvider({
    ...session,
    refreshToken: authProvider.refreshToken,
    onUnauthorized: () => void authProvider.forget(),
    onForbidden: handleForbidden,
    onSuccess: clearRouteLoading,
    getLanguage: activeLocale,
  });
  return { authProvider, dataProvider, stopRefreshLoop };
};
