import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { AppConfig } from './appConfig';

/**
 * The OpenID client settings (AUTH-21..31): code flow with PKCE S256 (oidc-client-ts' default),
 * our own refresh loop instead of automatic renewal (AUTH-16), no session-monitor frame (AUTH-07),
 * the spec's timings (AUTH-29/30/31), and the user kept in localStorage so tabs share it.
 */
export const userManagerSettings = (
  config: AppConfig,
  origin: string,
  storage: Storage = localStorage,
): UserManagerSettings => ({
  authority: config.oidcIssuer,
  client_id: config.oidcClientId,
  redirect_uri: `${origin}/auth-callback`,
  post_logout_redirect_uri: `${origin}/authorization/login`,
  response_type: 'code',
  scope: 'openid profile offline_access',
  ...(config.apiAudience ? { resource: config.apiAudience } : {}),
  automaticSilentRenew: false,
  monitorSession: false,
  checkSessionIntervalInSeconds: 5,
  silentRequestTimeoutInSeconds: 10,
  staleStateAgeInSeconds: 3600,
  userStore: new WebStorageStateStore({ store: storage }),
});

/** A `UserManager` for the configured provider, keeping its user in `storage` (default localStorage). */
export const createUserManager = (
  config: AppConfig,
  origin = window.location.origin,
  storage: Storage = localStorage,
): UserManager => new UserManager(userManagerSettings(config, origin, storage));
