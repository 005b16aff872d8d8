import { createDataProvider } from '../../dataProvider/index';
import { schemas } from '../../schemas/index';
import type { AppConfig } from '../auth/appConfig';
import { createAuthProvider } from '../auth/authProvider';
import { startTokenRefreshLoop } from '../auth/refreshLoop';
import { getToken } from '../auth/tokenStorage';
import { fetchUserInfo } from '../auth/userInfo';
import { createUserManager } from '../auth/userManager';
import { handleForbidden } from '../shell/forbidden';
import { clearRouteLoading } from './routeLoading';

/**
 * Wires the providers for one page load: the OpenID client, the auth provider, the token refresh
 * loop (AUTH-16) and the data provider with the shell's callbacks (AUTH-19, PERM-12, SHELL-09).
 */
export const createProviders = (config: AppConfig) => {
  const userManager = createUserManager(config);
  const authProvider = createAuthProvider({ userManager, schemas, fetchUserInfo: (token) => fetchUserInfo(token) });
  const stopRefreshLoop = startTokenRefreshLoop(authProvider.refreshDeps);
  const dataProvider = createDataProvider({
    apiUrl: '/core/api',
    authApiUrl: '/auth/api/v2',
    schemas,
    getToken: () => getToken(),
    refreshToken: authProvider.refreshToken,
    onUnauthorized: () => void authProvider.forget(),
    onForbidden: handleForbidden,
    onSuccess: clearRouteLoading,
  });
  return { authProvider, dataProvider, stopRefreshLoop };
};
