import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshTokens, startTokenRefreshLoop, type RefreshDeps } from './refreshLoop';

const makeDeps = (expiresIn: number | null, refresh: RefreshDeps['refresh']) => {
  const deps = {
    expiresIn: vi.fn(async () => expiresIn),
    refresh: vi.fn(refresh),
    onInvalid: vi.fn(),
    storage: localStorage,
  };
  return deps;
};

const oauthError = () => Object.assign(new Error('invalid_grant'), { name: 'ErrorResponse', error: 'invalid_grant' });

describe('token refresh loop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    localStorage.setItem('token', 'old-access');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('AUTH-16 checks every 5 s and refreshes only when the token expires within 10 s', async () => {
    let left = 60;
    const deps = makeDeps(null, async () => ({ accessToken: 'new-access' }));
    deps.expiresIn.mockImplementation(async () => left);
    const stop = startTokenRefreshLoop(deps);

    await vi.advanceTimersByTimeAsync(4999);
    expect(deps.expiresIn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.expiresIn).toHaveBeenCalledTimes(1);
    expect(deps.refresh).not.toHaveBeenCalled();

    left = 11;
    await vi.advanceTimersByTimeAsync(5000);
    expect(deps.refresh).not.toHaveBeenCalled();

    left = 10;
    await vi.advanceTimersByTimeAsync(5000);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
  });

  it('AUTH-17 saves the refreshed access token under "token" and the refresh token beside it (AUTH-08)', async () => {
    const deps = makeDeps(3, async () => ({ accessToken: 'new-access', refreshToken: 'new-refresh' }));
    const stop = startTokenRefreshLoop(deps);
    await vi.advanceTimersByTimeAsync(5000);
    stop();
    expect(localStorage.getItem('token')).toBe('new-access');
    expect(localStorage.getItem('refresh_token')).toBe('new-refresh');
  });

  it('AUTH-18 a 400 from the token endpoint clears the stored token and signs out', async () => {
    localStorage.setItem('refresh_token', 'old-refresh');
    const deps = makeDeps(3, async () => {
      throw oauthError();
    });
    const stop = startTokenRefreshLoop(deps);
    await vi.advanceTimersByTimeAsync(5000);
    stop();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(deps.onInvalid).toHaveBeenCalledTimes(1);
  });

  it('a network failure keeps the token and does not sign out', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deps = makeDeps(3, async () => {
      throw new TypeError('Failed to fetch');
    });
    await refreshTokens(deps);
    expect(localStorage.getItem('token')).toBe('old-access');
    expect(deps.onInvalid).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('failed to refresh', expect.any(TypeError));
    error.mockRestore();
  });

  it('does not refresh when another tab already did (re-checked under the lock)', async () => {
    const deps = makeDeps(300, async () => ({ accessToken: 'new-access' }));
    localStorage.setItem('token', 'from-other-tab');
    await expect(refreshTokens(deps)).resolves.toBe('from-other-tab');
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('serialises refreshes with navigator.locks when the browser has them', async () => {
    const request = vi.fn((_name: string, fn: () => Promise<unknown>) => fn());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const deps = makeDeps(1, async () => ({ accessToken: 'new-access' }));
    await refreshTokens(deps);
    expect(request).toHaveBeenCalledWith('bureau-token-refresh', expect.any(Function));
    vi.unstubAllGlobals();
  });
});
