import type { ServerConfig } from '../config';

/** Where the embedded provider is mounted; part of the issuer URL (docs/pitfalls.md). */
export const OIDC_MOUNT = '/oidc';

/** The embedded issuer: `<publicUrl>/oidc`. */
export const embeddedIssuer = (config: Pick<ServerConfig, 'publicUrl'>): string => `${config.publicUrl}${OIDC_MOUNT}`;

/** The SPA's start-up configuration (`GET /app-config.json`). */
export interface AppConfig {
  oidcIssuer: string;
  oidcClientId: string;
  apiAudience: string;
}

/**
 * The SPA's start-up configuration for a server configuration: the OpenID issuer (the embedded
 * provider's `<PUBLIC_URL>/oidc` unless `OIDC_ISSUER` is set), the SPA's client id and the API
 * audience. Served at `GET /app-config.json` and written into the SPA's page (`plugins/spa.ts`).
 */
export const appConfigFor = (config: ServerConfig): AppConfig => ({
  oidcIssuer: config.oidcIssuer ?? embeddedIssuer(config),
  oidcClientId: config.oidcClientId,
  apiAudience: config.oidcAudience,
});
