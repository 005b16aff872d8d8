/**
 * Where the tokens live (AUTH-08, AUTH-17): the access token under `token`, the refresh token
 * under `refresh_token`, both in localStorage so every tab and the data provider share them.
 */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
/** Where the native mobile app leaves its token for the web view (AUTH-04). */
export const MOBILE_TOKEN_KEY = 'm_token';

export const getToken = (storage: Storage = localStorage): string | null => storage.getItem(TOKEN_KEY);

/** Save a fresh access token and, when the provider rotated it, the refresh token. */
export const saveTokens = (
  tokens: { accessToken: string; refreshToken?: string | null },
  storage: Storage = localStorage,
): void => {
  storage.setItem(TOKEN_KEY, tokens.accessToken);
  if (tokens.refreshToken) storage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
};

/**
 * Forgets the session's tokens. The mobile entry's `m_token` goes too: once signed out or refused,
 * it would otherwise sign the next page load in again with the same spent token (AUTH-04).
 */
export const clearTokens = (storage: Storage = localStorage): void => {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(REFRESH_TOKEN_KEY);
  storage.removeItem(MOBILE_TOKEN_KEY);
};
