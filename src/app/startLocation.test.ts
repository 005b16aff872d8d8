import { beforeEach, describe, expect, it } from 'vitest';
import { getStartLocation, rememberStartLocation, START_LOCATION_KEY } from './startLocation';

describe('start location', () => {
  beforeEach(() => sessionStorage.clear());

  it('NAV-08 keeps the first visited location in session storage', () => {
    rememberStartLocation('/clients/5?tab=contacts');
    rememberStartLocation('/teams');
    expect(sessionStorage.getItem(START_LOCATION_KEY)).toBe('/clients/5?tab=contacts');
    expect(getStartLocation()).toBe('/clients/5?tab=contacts');
  });

  it('NAV-08 skips authorization, login, forgot-password, reset-password and the OIDC callback', () => {
    for (const path of [
      '/authorization',
      '/authorization/login',
      '/authorization/forgot-password',
      '/authorization/reset-password',
      '/login',
      '/forgot-password',
      '/reset-password',
      '/auth-callback?code=x&state=y',
    ]) {
      rememberStartLocation(path);
    }
    expect(getStartLocation()).toBeNull();
    rememberStartLocation('/matters');
    expect(getStartLocation()).toBe('/matters');
  });

  it('NAV-08 counts paths that merely start with the same letters', () => {
    rememberStartLocation('/logins-report');
    expect(getStartLocation()).toBe('/logins-report');
  });
});
