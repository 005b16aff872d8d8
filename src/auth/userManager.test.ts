import { describe, expect, it } from 'vitest';
import { userManagerSettings } from './userManager';

const config = {
  oidcIssuer: 'http://localhost:8080/oidc',
  oidcClientId: 'bureau-spa',
  apiAudience: 'http://localhost:8080/core/api',
};

describe('OpenID client settings', () => {
  const settings = userManagerSettings(config, 'http://localhost:8080', window.localStorage);

  it('AUTH-21 uses the code flow (PKCE S256 is oidc-client-ts code flow) with the issuer and client', () => {
    expect(settings.response_type).toBe('code');
    expect(settings.authority).toBe(config.oidcIssuer);
    expect(settings.client_id).toBe('bureau-spa');
    expect(settings.redirect_uri).toBe('http://localhost:8080/auth-callback');
  });

  it('AUTH-07 does not run the login-status frame check', () => {
    expect(settings.monitorSession).toBe(false);
  });

  it('AUTH-29 checks the login status every 5 s', () => {
    expect(settings.checkSessionIntervalInSeconds).toBe(5);
  });

  it('AUTH-30 times identity messages out after 10 s', () => {
    expect(settings.silentRequestTimeoutInSeconds).toBe(10);
  });

  it('AUTH-31 keeps the stored callback state for 60 minutes', () => {
    expect(settings.staleStateAgeInSeconds).toBe(60 * 60);
  });
});
