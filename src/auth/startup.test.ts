import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runStartup, SIGN_IN_ERROR, type StartupDeps } from './startup';
import { takeStartupToken } from './startupToken';
import { userManagerSettings } from './userManager';

/** Records the order of the start-up steps. */
const harness = (overrides: Partial<StartupDeps> = {}) => {
  const steps: string[] = [];
  const deps: StartupDeps = {
    startupToken: null,
    mount: vi.fn(() => void steps.push('mount')),
    signIn: vi.fn(async (token: string) => void steps.push(`signIn:${token}`)),
    initSession: vi.fn(async () => {
      steps.push('init');
      return { authenticated: true, accessToken: 'access', refreshToken: 'refresh' };
    }),
    logout: vi.fn(async () => void steps.push('logout')),
    forgetOidcUser: vi.fn(async () => undefined),
    pathname: '/',
    log: vi.fn(),
    ...overrides,
  };
  return { deps, steps };
};

/** A window whose address is `url`, with a recording `history.replaceState`. */
const fakeWindow = (url: string) => {
  const replaced: string[] = [];
  return {
    win: {
      location: { href: url },
      history: { state: null, replaceState: (_s: unknown, _t: string, to: string) => void replaced.push(to) },
    } as unknown as Window,
    replaced,
  };
};

describe('start-up (spec 000 section 4)', () => {
  beforeEach(() => localStorage.clear());

  it('AUTH-03 saves a URL token under token and removes it from the visible address', () => {
    localStorage.setItem('refresh_token', 'old');
    const { win, replaced } = fakeWindow('http://app/mobile-app?token=abc&tab=1#x');
    expect(takeStartupToken(win, localStorage)).toBe('abc');
    expect(localStorage.getItem('token')).toBe('abc');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(replaced).toEqual(['/mobile-app?tab=1#x']);
  });

  it('AUTH-03 mounts the app, then dispatches the sign-in with the start-up token', async () => {
    const { deps, steps } = harness({ startupToken: 'abc' });
    expect(await runStartup(deps)).toBe('startup-token');
    expect(steps).toEqual(['mount', 'signIn:abc']);
  });

  it('AUTH-04 without a URL token, takes m_token from local storage and saves it under token', () => {
    localStorage.setItem('m_token', 'mobile');
    const { win, replaced } = fakeWindow('http://app/');
    expect(takeStartupToken(win, localStorage)).toBe('mobile');
    expect(localStorage.getItem('token')).toBe('mobile');
    expect(replaced).toEqual([]);
  });

  it('AUTH-04 prefers the URL token to m_token, and finds none when neither is there', () => {
    localStorage.setItem('m_token', 'mobile');
    expect(takeStartupToken(fakeWindow('http://app/?token=url').win, localStorage)).toBe('url');
    localStorage.clear();
    expect(takeStartupToken(fakeWindow('http://app/clients').win, localStorage)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('AUTH-05 with a start-up token the identity provider client is not initialised', async () => {
    const { deps } = harness({ startupToken: 'abc' });
    await runStartup(deps);
    expect(deps.initSession).not.toHaveBeenCalled();
  });

  it('AUTH-06 without a start-up token the identity provider client initialises (login required)', async () => {
    const { deps, steps } = harness();
    await runStartup(deps);
    expect(deps.initSession).toHaveBeenCalledTimes(1);
    expect(steps[0]).toBe('init');
  });

  it('AUTH-07 the identity provider client has the login-status frame check off', () => {
    const settings = userManagerSettings({ oidcIssuer: 'http://idp', oidcClientId: 'spa' }, 'http://app', localStorage);
    expect(settings.monitorSession).toBe(false);
  });

  it('AUTH-08 when authenticated saves the refresh token (and the access token) to local storage', async () => {
    const { deps } = harness();
    await runStartup(deps);
    expect(localStorage.getItem('refresh_token')).toBe('refresh');
    expect(localStorage.getItem('token')).toBe('access');
  });

  it('AUTH-09 when authenticated dispatches the sign-in with the access token, then mounts', async () => {
    const { deps, steps } = harness();
    expect(await runStartup(deps)).toBe('authenticated');
    expect(steps).toEqual(['init', 'signIn:access', 'mount']);
  });

  it('AUTH-09 mounts once the sign-in is dispatched, while its user info is still on its way', async () => {
    let finish = () => undefined as void;
    const signIn = vi.fn((token: string) => {
      steps.push(`signIn:${token}`);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const { deps, steps } = harness({ signIn });
    const outcome = runStartup(deps);
    await vi.waitFor(() => expect(deps.mount).toHaveBeenCalledTimes(1));
    expect(steps).toEqual(['init', 'signIn:access', 'mount']);
    finish();
    expect(await outcome).toBe('authenticated');
  });

  it('AUTH-10 a failed sign-in is only logged as an error getting user info; the app still mounts', async () => {
    for (const startupToken of [null, 'abc']) {
      const signIn = vi.fn(async () => Promise.reject(new Error('401')));
      const { deps } = harness({ startupToken, signIn });
      await expect(runStartup(deps)).resolves.toBeDefined();
      expect(deps.log).toHaveBeenCalledWith(SIGN_IN_ERROR, expect.any(Error));
      expect(deps.mount).toHaveBeenCalledTimes(1);
    }
  });

  it('AUTH-11 when not authenticated the user is logged out (and the app mounts on its sign-in page)', async () => {
    const { deps, steps } = harness({ initSession: vi.fn(async () => ({ authenticated: false })) });
    expect(await runStartup(deps)).toBe('not-authenticated');
    expect(steps).toEqual(['logout', 'mount']);
    expect(deps.signIn).not.toHaveBeenCalled();
  });

  it('AUTH-12 an identity provider initialisation failure is only logged', async () => {
    const failure = new Error('provider down');
    const { deps } = harness({ initSession: vi.fn(async () => Promise.reject(failure)) });
    await expect(runStartup(deps)).resolves.toBe('init-failed');
    expect(deps.log).toHaveBeenCalledWith(expect.any(String), failure);
    expect(deps.logout).not.toHaveBeenCalled();
    expect(deps.mount).toHaveBeenCalledTimes(1);
  });

  it('lets the OpenID callback page complete its own sign-in without initialising the client', async () => {
    const { deps } = harness({ pathname: '/auth-callback' });
    expect(await runStartup(deps)).toBe('callback');
    expect(deps.initSession).not.toHaveBeenCalled();
    expect(deps.logout).not.toHaveBeenCalled();
    expect(deps.mount).toHaveBeenCalledTimes(1);
  });
});
