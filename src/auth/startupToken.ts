import { MOBILE_TOKEN_KEY, REFRESH_TOKEN_KEY, TOKEN_KEY } from './tokenStorage';

/** The URL query parameter of the mobile entry (AUTH-02/03). */
export const URL_TOKEN_PARAM = 'token';

/**
 * The start-up token (AUTH-03/04): the URL query parameter `token`, else localStorage `m_token`.
 * When found it is saved under `token` (docs/decisions.md, "start-up token key"), any refresh token of an
 * earlier OpenID session is dropped (this session cannot be refreshed through OpenID), and
 * `token` is removed from the visible address (`history.replaceState`) so it is neither shown,
 * bookmarked nor kept as the start location.
 * @returns the start-up token, or `null` when the normal OpenID sign-in applies (AUTH-06).
 */
export const takeStartupToken = (
  win: Pick<Window, 'location' | 'history'> = window,
  storage: Storage = localStorage,
): string | null => {
  const url = new URL(win.location.href);
  const fromUrl = url.searchParams.get(URL_TOKEN_PARAM);
  const token = fromUrl || storage.getItem(MOBILE_TOKEN_KEY);
  if (!token) return null;
  storage.setItem(TOKEN_KEY, token);
  storage.removeItem(REFRESH_TOKEN_KEY);
  if (url.searchParams.has(URL_TOKEN_PARAM)) {
    url.searchParams.delete(URL_TOKEN_PARAM);
    win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
  }
  return token;
};
