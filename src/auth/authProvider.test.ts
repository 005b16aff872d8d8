import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from 'oidc-client-ts';
import { schemas } from '../../schemas/index';
import type { UserInfo } from '../../schemas/access';
import { createAuthProvider, type OidcClient } from './authProvider';

const oidcUser = (state?: unknown) =>
  ({
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    id_token: 'id-1',
    expires_in: 300,
    state,
  }) as unknown as User;

const info = (roles: string[], employeeName: string | null = 'Ada Lovelace'): UserInfo => ({
  username: 'ada',
  employeeId: 7,
  employeeOfficeId: 1,
  employeeName,
  roleList: roles.map((name) => ({ name, privilegeList: [] })),
  positionList: [],
});

const setup = (user: UserInfo = info(['ADMIN']), signedInUser: User | null = oidcUser()) => {
  const um = {
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => oidcUser({ returnTo: '/clients/5' })),
    signoutRedirect: vi.fn(async () => undefined),
    getUser: vi.fn(async () => signedInUser),
    removeUser: vi.fn(async () => undefined),
    signinSilent: vi.fn(async () => oidcUser()),
  };
  const fetchUserInfo = vi.fn(async () => user);
  const provider = createAuthProvider({ userManager: um as unknown as OidcClient, schemas, fetchUserInfo });
  return { um, fetchUserInfo, provider };
};

describe('auth provider', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('PERM-11 checkAuth without a stored token sends the user to /authorization/login', async () => {
    const { provider } = setup();
    await expect(provider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/authorization/login' });
    localStorage.setItem('token', 't');
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
  });

  it('AUTH-26 login starts the OpenID redirect, remembering the page to return to', async () => {
    const { provider, um } = setup();
    await provider.login({ returnTo: '/clients/5' });
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/clients/5' } });
  });

  it('AUTH-08/17 the callback is processed once, saves both tokens and returns to the page', async () => {
    const { provider, um } = setup();
    window.history.pushState({}, '', '/auth-callback?code=abc&state=xyz');
    const [a, b] = await Promise.all([provider.handleCallback(), provider.handleCallback()]);
    expect(um.signinRedirectCallback).toHaveBeenCalledTimes(1);
    expect(a).toEqual({ redirectTo: '/clients/5' });
    expect(b).toBe(a);
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(window.location.search).toBe('');
  });

  it('NAV-08 without a page to return to, the callback goes to the start location', async () => {
    const { provider, um } = setup();
    um.signinRedirectCallback.mockResolvedValueOnce(oidcUser());
    sessionStorage.setItem('startLocation', '/matters');
    await expect(provider.handleCallback()).resolves.toEqual({ redirectTo: '/matters' });
  });

  it('AUTH-14 reads /auth2/info once per session for permissions and identity', async () => {
    localStorage.setItem('token', 't');
    const { provider, fetchUserInfo } = setup(info(['MEMBER']));
    await provider.getPermissions({});
    await expect(provider.getIdentity()).resolves.toMatchObject({ id: 'ada', fullName: 'Ada Lovelace' });
    await provider.canAccess({ action: 'list', resource: 'clients' });
    expect(fetchUserInfo).toHaveBeenCalledTimes(1);
    expect(fetchUserInfo).toHaveBeenCalledWith('t');
  });

  it('PERM-07 the identity says whether the user is a top manager (a current position in a department of type 4, 5 or 6)', async () => {
    localStorage.setItem('token', 't');
    const department = { id: 3, type: { code: 5 } };
    const top = { ...info(['MEMBER']), positionList: [{ id: 1, dateGte: '2020-01-01', dateLte: null, department }] };
    await expect(setup(top).provider.getIdentity()).resolves.toMatchObject({ employeeId: 7, topManager: true });
    localStorage.setItem('token', 't');
    const ended = { ...top, positionList: [{ id: 1, dateGte: '2020-01-01', dateLte: '2021-01-31', department }] };
    await expect(setup(ended).provider.getIdentity()).resolves.toMatchObject({ topManager: false });
  });

  it('shows the username when the user has no employee name', async () => {
    localStorage.setItem('token', 't');
    const { provider } = setup(info(['MEMBER'], null));
    await expect(provider.getIdentity()).resolves.toMatchObject({ fullName: 'ada' });
  });

  it('AUTH-13 a user holding NO_ACCESS is signed out', async () => {
    localStorage.setItem('token', 't');
    const { provider, um } = setup(info(['MEMBER', 'NO_ACCESS']));
    await expect(provider.getPermissions({})).rejects.toThrow('NO_ACCESS');
    expect(um.signoutRedirect).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('AUTH-13 the NO_ACCESS sign-out returns to the sign-in page with reason=noaccess', async () => {
    localStorage.setItem('token', 't');
    const { provider, um } = setup(info(['NO_ACCESS']));
    await expect(provider.getPermissions({})).rejects.toThrow('NO_ACCESS');
    expect(um.signoutRedirect).toHaveBeenCalledWith({
      id_token_hint: 'id-1',
      post_logout_redirect_uri: `${window.location.origin}/authorization/login?reason=noaccess`,
    });
  });

  it('AUTH-13 a sign-in started with a reason passes it to the provider on the authorization request', async () => {
    const { provider, um } = setup();
    await provider.login({ returnTo: '/clients', reason: 'noaccess' });
    expect(um.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/clients' },
      extraQueryParams: { reason: 'noaccess' },
    });
    await provider.login({});
    expect(um.signinRedirect).toHaveBeenLastCalledWith({ state: { returnTo: null } });
  });

  it('AUTH-28 logout clears the token and redirects to the provider logout', async () => {
    localStorage.setItem('token', 't');
    const { provider, um } = setup();
    await expect(provider.logout({})).resolves.toBe(false);
    expect(um.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logout without a provider session just goes to the sign-in page', async () => {
    const { provider, um } = setup(info(['ADMIN']), null);
    await expect(provider.logout({})).resolves.toBe('/authorization/login');
    expect(um.signoutRedirect).not.toHaveBeenCalled();
  });

  it('PERM-12 (docs/decisions.md) a 403 does not sign out; a 401 left after the retry does (AUTH-19)', async () => {
    localStorage.setItem('token', 't');
    const { provider } = setup();
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe('t');
    await expect(provider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/authorization/login' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('PERM-10 canAccess applies the shared predicates: a member may not list base types', async () => {
    localStorage.setItem('token', 't');
    const member = setup(info(['MEMBER'])).provider;
    await expect(member.canAccess({ action: 'list', resource: 'base-types' })).resolves.toBe(false);
    const admin = setup(info(['ADMIN'])).provider;
    await expect(admin.canAccess({ action: 'list', resource: 'base-types' })).resolves.toBe(true);
  });

  it('AUTH-16 the refresh dependencies report the OpenID user expiry and refresh silently', async () => {
    localStorage.setItem('token', 't');
    const { provider, um } = setup();
    await expect(provider.refreshDeps.expiresIn()).resolves.toBe(300);
    await expect(provider.refreshToken()).resolves.toBe('access-1');
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBe('access-1');
  });
});
