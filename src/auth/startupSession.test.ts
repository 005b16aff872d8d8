import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from 'oidc-client-ts';
import { schemas } from '../../schemas/index';
import type { UserInfo } from '../../schemas/access';
import { createAuthProvider, type OidcClient } from './authProvider';
import { clearTokens } from './tokenStorage';

const user = (expired: boolean, refresh: string | null = 'refresh-1') =>
  ({
    access_token: 'access-1',
    refresh_token: refresh,
    id_token: 'id-1',
    expires_in: expired ? -5 : 300,
    expired,
  }) as unknown as User;

const info = (roles: string[]): UserInfo => ({
  username: 'ada',
  employeeId: 7,
  employeeOfficeId: 1,
  employeeName: 'Ada',
  roleList: roles.map((name) => ({ name, privilegeList: [] })),
  positionList: [],
});

const setup = (
  stored: User | null,
  silent: () => Promise<User | null> = async () => ({ ...user(false), access_token: 'access-2' }) as User,
  roles = ['ADMIN'],
) => {
  const um = {
    signinRedirect: vi.fn(),
    signinRedirectCallback: vi.fn(),
    signoutRedirect: vi.fn(async () => undefined),
    getUser: vi.fn(async () => stored),
    removeUser: vi.fn(async () => undefined),
    signinSilent: vi.fn(silent),
  };
  const fetchUserInfo = vi.fn(async () => info(roles));
  return {
    um,
    fetchUserInfo,
    provider: createAuthProvider({ userManager: um as unknown as OidcClient, schemas, fetchUserInfo }),
  };
};

describe('start-up session (auth provider)', () => {
  beforeEach(() => localStorage.clear());

  it('AUTH-09 signIn saves the token and reads the user with it', async () => {
    const { provider, fetchUserInfo } = setup(null);
    await provider.signIn('abc');
    expect(localStorage.getItem('token')).toBe('abc');
    expect(fetchUserInfo).toHaveBeenCalledWith('abc');
  });

  it('AUTH-13 signIn of a NO_ACCESS user signs out and fails', async () => {
    const { provider, um } = setup(user(false), undefined, ['NO_ACCESS']);
    await expect(provider.signIn('abc')).rejects.toThrow('NO_ACCESS');
    expect(um.signoutRedirect).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('AUTH-06 initSession is authenticated by a stored, valid OpenID user without a network call', async () => {
    const { provider, um } = setup(user(false));
    await expect(provider.initSession()).resolves.toEqual({
      authenticated: true,
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    });
    expect(um.signinSilent).not.toHaveBeenCalled();
  });

  it('AUTH-08 initSession renews an expired OpenID user with its refresh token', async () => {
    const { provider } = setup(user(true));
    await expect(provider.initSession()).resolves.toMatchObject({ authenticated: true, accessToken: 'access-2' });
  });

  it('AUTH-11 initSession is not authenticated without a user, or when the refresh is refused', async () => {
    await expect(setup(null).provider.initSession()).resolves.toEqual({ authenticated: false });
    await expect(setup(user(true, null)).provider.initSession()).resolves.toEqual({ authenticated: false });
    const refused = Object.assign(new Error('invalid_grant'), { error: 'invalid_grant' });
    await expect(setup(user(true), async () => Promise.reject(refused)).provider.initSession()).resolves.toEqual({
      authenticated: false,
    });
  });

  it('AUTH-12 initSession rethrows a provider failure for the start-up to log', async () => {
    const down = new TypeError('Failed to fetch');
    await expect(setup(user(true), async () => Promise.reject(down)).provider.initSession()).rejects.toBe(down);
  });

  it('AUTH-04 signing out forgets the mobile entry token m_token too', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('m_token', 't');
    clearTokens();
    expect(localStorage.getItem('m_token')).toBeNull();
  });
});
