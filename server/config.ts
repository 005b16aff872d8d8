import type { SignInLimits } from './auth/signInLimiter';

/**
 * Server configuration, read once from the environment at start (ARCHITECTURE.md, "Running").
 */
export interface ServerConfig {
  /** TCP port to listen on (`PORT`, default 8080). */
  port: number;
  /** Interface to bind (`HOST`, default `0.0.0.0`). */
  host: string;
  /** The URL browsers use to reach this server, no trailing slash (`PUBLIC_URL`, default `http://localhost:<port>`). */
  publicUrl: string;
  /** PostgreSQL connection string (`DATABASE_URL`); absent = embedded PGlite under `dataDir`. */
  databaseUrl?: string;
  /** Directory for local data: PGlite files in `<dataDir>/pg`, OIDC keys (`DATA_DIR`, default `./.data`). */
  dataDir: string;
  /** Directory of the built SPA served at `/` (`SPA_DIR`, default `./dist`). */
  spaDir: string;
  /** External OpenID Connect issuer URL (`OIDC_ISSUER`); absent = the embedded provider under `/oidc`. */
  oidcIssuer?: string;
  /** The SPA's OIDC client id (`OIDC_CLIENT_ID`, default `bureau-spa`). */
  oidcClientId: string;
  /** Audience the API requires in access tokens (`OIDC_AUDIENCE`, default `<publicUrl>/core/api`). */
  oidcAudience: string;
  /**
   * Proxies whose `X-Forwarded-For` / `-Proto` / `-Host` headers are believed (`TRUST_PROXY`:
   * comma-separated addresses or CIDRs such as `127.0.0.1,10.0.0.0/8`, or proxy-addr's names
   * `loopback`, `linklocal`, `uniquelocal`). Empty (default): no proxy is trusted and
   * `request.ip` is the peer's address. Given to Fastify's `trustProxy`.
   */
  trustProxy: string[];
  /**
   * An extra SPA origin (`DEV_SPA_ORIGIN`, e.g. Vite's `http://localhost:5173`) registered as a
   * redirect, post-logout and CORS origin next to `publicUrl`. Only `npm run dev` sets it; absent
   * (default) = PUBLIC_URL's URIs only.
   */
  devSpaOrigin?: string;
  /** Overrides of the sign-in attempt limits (not read from the environment; tests tighten them). */
  signInLimits?: Partial<SignInLimits>;
  /** Seed demo data when the database is empty (`SEED_ON_START`, default true; `false`/`0` turn it off). */
  seedOnStart: boolean;
}

const trimSlash = (s: string): string => s.replace(/\/+$/, '');

/** `TRUST_PROXY` as a list: comma- or space-separated entries, empty entries dropped. */
const proxyList = (value: string | undefined): string[] => (value ?? '').split(/[\s,]+/).filter(Boolean);

/** `DEV_SPA_ORIGIN` reduced to its origin, or undefined when unset. @throws Error when it is no http(s) URL */
function devOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = URL.parse(value);
  if (!url || !/^https?:$/.test(url.protocol))
    throw new Error(`DEV_SPA_ORIGIN must be an http(s) origin, got "${value}"`);
  return url.origin;
}

/**
 * Builds the configuration from environment variables (defaults documented on {@link ServerConfig}).
 * @param env usually `process.env`
 * @throws Error when `PORT` is not a number or `DEV_SPA_ORIGIN` is not an http(s) URL
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = trimSlash(env.PUBLIC_URL || `http://localhost:${port}`);
  const seed = (env.SEED_ON_START ?? 'true').toLowerCase();
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './.data',
    spaDir: env.SPA_DIR || './dist',
    oidcIssuer: env.OIDC_ISSUER ? trimSlash(env.OIDC_ISSUER) : undefined,
    oidcClientId: env.OIDC_CLIENT_ID || 'bureau-spa',
    oidcAudience: env.OIDC_AUDIENCE || `${publicUrl}/core/api`,
    trustProxy: proxyList(env.TRUST_PROXY),
    devSpaOrigin: devOrigin(env.DEV_SPA_ORIGIN),
    seedOnStart: !['false', '0', 'no', 'off'].includes(seed),
  };
}
