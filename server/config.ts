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
  /** Seed demo data when the database is empty (`SEED_ON_START`, default true; `false`/`0` turn it off). */
  seedOnStart: boolean;
}

const trimSlash = (s: string): string => s.replace(/\/+$/, '');

/**
 * Builds the configuration from environment variables (defaults documented on {@link ServerConfig}).
 * @param env usually `process.env`
 * @throws Error when `PORT` is not a number
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
    seedOnStart: !['false', '0', 'no', 'off'].includes(seed),
  };
}
