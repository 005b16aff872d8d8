import { beforeEach, describe, expect, it, vi } from 'vitest';
import { User, UserManager, type IdTokenClaims } from 'oidc-client-ts';
import type { AppConfig } from './appConfig';
import { createLazyUserManager, oidcUserKey, type UserManagerModule } from './lazyUserManager';
import { userManagerSettings } from './userManager';

const config: AppConfig = {
  oidcIssuer: 'http://localhost:8080/oidc',
  oidcClientId: 'bureau-spa',
  apiAudience: 'http://localhost:8080/core/api',
};
const origin = 'http://localhost:8080';
const now = () => Math.floor(Date.now() / 1000);

/** Stores a user the way the app's real client does (same settings, same storage). */
const storeWithOidcClient = async (expiresAt: number | undefined, storage: Storage = localStorage) => {
  const user = new User({
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    id_token: 'id-1',
    token_type: 'Bearer',
    scope: 'openid profile offline_access',
    profile: { sub: 'ada', iss: config.oidcIssuer, aud: 'bureau-spa', exp: 0, iat: 0 } as IdTokenClaims,
    expires_at: expiresAt,
  });
  await new UserManager(userManagerSettings(config, origin, storage)).storeUser(user);
  return user;
};

/** A loader that must not run: getUser alone never needs the library. */
const noLoad = () => vi.fn<() => Promise<UserManagerModule>>(() => Promise.reject(new Error('oidc-client-ts loaded')));

/** A fake `./userManager` module whose manager records the calls. */
const fakeModule = () => {
  const manager = {
    getUser: vi.fn(async () => 'real-user'),
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => 'callback-user'),
    signoutRedirect: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => undefined),
    signinSilent: vi.fn(async () => 'silent-user'),
  };
  const createUserManager = vi.fn(() => manager as unknown as UserManager);
  const load = vi.fn(async (): Promise<UserManagerModule> => ({ createUserManager }));
  return { manager, createUserManager, load };
};

describe('lazy OpenID client (oidc-client-ts out of the first load)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('AUTH-06 reads the stored OpenID user without loading oidc-client-ts', async () => {
    const stored = await storeWithOidcClient(now() + 300);
    const load = noLoad();
    const user = await createLazyUserManager(config, origin, localStorage, load).getUser();
    expect(user).not.toBeNull();
    expect(user?.access_token).toBe('access-1');
    expect(user?.refresh_token).toBe('refresh-1');
    expect(user?.id_token).toBe('id-1');
    expect(user?.token_type).toBe('Bearer');
    expect(user?.scope).toBe('openid profile offline_access');
    expect(user?.profile).toEqual(stored.profile);
    expect(user?.expires_at).toBe(stored.expires_at);
    expect(Math.abs((user?.expires_in ?? Infinity) - 300)).toBeLessThanOrEqual(1);
    expect(user?.expired).toBe(false);
    expect(user?.state).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('AUTH-08 reads a stored OpenID user past its expiry as expired (start-up then refreshes)', async () => {
    await storeWithOidcClient(now() - 60);
    const load = noLoad();
    const user = await createLazyUserManager(config, origin, localStorage, load).getUser();
    expect(user?.refresh_token).toBe('refresh-1');
    expect(Math.abs((user?.expires_in ?? Infinity) + 60)).toBeLessThanOrEqual(1);
    expect(user?.expired).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('gives expires_in and expired undefined without expires_at, like oidc-client-ts', async () => {
    await storeWithOidcClient(undefined);
    const user = await createLazyUserManager(config, origin, localStorage, noLoad()).getUser();
    const real = await new UserManager(userManagerSettings(config, origin, localStorage)).getUser();
    expect(user?.access_token).toBe('access-1');
    expect(user?.expires_in).toBeUndefined();
    expect(user?.expired).toBeUndefined();
    expect(real?.expires_in).toBeUndefined();
    expect(real?.expired).toBeUndefined();
  });

  it('uses the key of oidc-client-ts 3 (prefix "oidc.", user:<authority>:<client_id>)', async () => {
    await storeWithOidcClient(now() + 300);
    expect(localStorage.getItem(oidcUserKey(config))).toContain('"access_token":"access-1"');
  });

  it('AUTH-06 gives null when no OpenID user is stored', async () => {
    const load = noLoad();
    expect(await createLazyUserManager(config, origin, localStorage, load).getUser()).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it.each(['not json', '42', 'null', '"text"', '{}', '{"access_token":7}'])(
    'AUTH-06 gives null for an unreadable stored user %s',
    async (value) => {
      localStorage.setItem(oidcUserKey(config), value);
      const load = noLoad();
      expect(await createLazyUserManager(config, origin, localStorage, load).getUser()).toBeNull();
      expect(load).not.toHaveBeenCalled();
    },
  );

  it('does not load oidc-client-ts for getUser, then loads it once for several calls', async () => {
    const { manager, createUserManager, load } = fakeModule();
    const um = createLazyUserManager(config, origin, sessionStorage, load);
    await um.getUser();
    expect(load).not.toHaveBeenCalled();

    await Promise.all([um.signinRedirect({ state: { returnTo: '/x' } }), um.signinSilent()]);
    expect(await um.signinRedirectCallback('http://localhost:8080/auth-callback?code=c&state=s')).toBe('callback-user');
    await um.signoutRedirect({ id_token_hint: 'id-1' });
    await um.removeUser();

    expect(load).toHaveBeenCalledTimes(1);
    expect(createUserManager).toHaveBeenCalledTimes(1);
    expect(createUserManager).toHaveBeenCalledWith(config, origin, sessionStorage);
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/x' } });
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(manager.signinRedirectCallback).toHaveBeenCalledWith('http://localhost:8080/auth-callback?code=c&state=s');
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
    expect(manager.removeUser).toHaveBeenCalledTimes(1);
  });

  it('AUTH-16 preload loads oidc-client-ts so a later refresh does not load it again', async () => {
    const { manager, load } = fakeModule();
    const um = createLazyUserManager(config, origin, localStorage, load);
    await Promise.all([um.preload(), um.preload()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await um.signinSilent()).toBe('silent-user');
    expect(load).toHaveBeenCalledTimes(1);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('once loaded, getUser delegates to the real client', async () => {
    const { manager, load } = fakeModule();
    await storeWithOidcClient(now() + 300);
    const um = createLazyUserManager(config, origin, localStorage, load);
    await um.preload();
    expect(await um.getUser()).toBe('real-user');
    expect(manager.getUser).toHaveBeenCalledTimes(1);
  });

  it('once loaded, getUser gives the real oidc-client-ts User from the same storage', async () => {
    await storeWithOidcClient(now() + 300, sessionStorage);
    const load = vi.fn(() => import('./userManager'));
    const um = createLazyUserManager(config, origin, sessionStorage, load);
    await um.preload();
    const user = await um.getUser();
    expect(user).toBeInstanceOf(User);
    expect(user?.access_token).toBe('access-1');
    expect(user?.expired).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries to load again after a failed load', async () => {
    const { manager, createUserManager } = fakeModule();
    const load = vi
      .fn<() => Promise<UserManagerModule>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ createUserManager });
    const um = createLazyUserManager(config, origin, localStorage, load);
    await expect(um.preload()).rejects.toThrow('chunk failed');
    await um.removeUser();
    expect(load).toHaveBeenCalledTimes(2);
    expect(manager.removeUser).toHaveBeenCalledTimes(1);
  });
});
