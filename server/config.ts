import type { SignInLimits } from './auth/signInLimiter';
import { type FileConfig, loadFileConfig } from './files/config';
import { loadMailConfig, type MailConfig } from './mail/config';
import { loadJobsConfig } from './jobs/config';
import type { RunnerOptions } from './jobs/queue';
import { DEFAULT_SLOW_REQUEST_MS } from './plugins/requestLog';
import { loadUnpackLimits, type UnpackLimits } from './transfer/limits';

/**
 * Server configuration, read once from the environment at start (README, "Configuration").
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
  /**
   * What a start puts into an empty database (`SEED`): `demo` = the demo data set with its demo
   * accounts (password = user name); `none` (or `false`) = only the reference data (dictionaries,
   * countries, currencies, roles). Default `demo`, but `none` when `NODE_ENV=production`.
   */
  seed: SeedMode;
  /** First administrator created at start on a database without users (`ADMIN_USERNAME` and `ADMIN_PASSWORD`). */
  admin?: { username: string; password: string };
  /** Uploaded files: storage and limits (`FILE_*`, `S3_*`); absent = local disk under `dataDir`, default limits. */
  files?: FileConfig;
  /** Mail delivery (`SMTP_URL`, `MAIL_FROM`, `server/mail/config.ts`); absent or without `smtpUrl` = nothing is sent. */
  mail?: MailConfig;
  /** The background job runner (`JOBS_*`, `server/jobs/config.ts`); absent = its defaults. */
  jobs?: RunnerOptions;
  /** Exports of more rows than this run as jobs (not read from the environment; default `EXPORT_JOB_ROWS`, tests lower it). */
  exportJobRows?: number;
  /**
   * Milliseconds after which an answered request is logged as slow, at `warn` (`SLOW_REQUEST_MS`,
   * default 1000); see `server/plugins/requestLog.ts` for what else is logged.
   */
  slowRequestMs?: number;
  /**
   * What an imported xlsx or CSV and a DOCX template may unpack to (`IMPORT_MAX_*`,
   * `IMPORT_READ_TIMEOUT_MS`, `IMPORT_READER_HEAP_MB`, `TEMPLATE_MAX_UNPACKED_MB`,
   * server/transfer/limits.ts); absent ones keep their defaults.
   */
  unpack?: Partial<UnpackLimits>;
}

/** See {@link ServerConfig.seed}. */
export type SeedMode = 'demo' | 'none';

/**
 * Reads `SEED` (see {@link ServerConfig.seed}).
 * @throws Error for a value other than `demo`, `none` or `false`
 */
export function seedMode(env: Record<string, string | undefined>): SeedMode {
  const value = (env.SEED ?? '').trim().toLowerCase();
  if (value === '') return env.NODE_ENV === 'production' ? 'none' : 'demo';
  if (value === 'demo') return 'demo';
  if (value === 'none' || value === 'false') return 'none';
  throw new Error(`SEED must be "demo" or "none", got "${env.SEED}"`);
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
 * @throws Error when `PORT` is not a number, `DEV_SPA_ORIGIN` is not an http(s) URL, `SEED` is unknown, or only one of
 *   `ADMIN_USERNAME`/`ADMIN_PASSWORD` is set, a file setting is wrong ({@link loadFileConfig}) or `SMTP_URL`
 *   is not an SMTP URL ({@link loadMailConfig}), `SLOW_REQUEST_MS` is not a whole number of milliseconds, or an
 *   unpack limit is not a positive whole number ({@link loadUnpackLimits})
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = trimSlash(env.PUBLIC_URL || `http://localhost:${port}`);
  const seed = seedMode(env);
  const dataDir = env.DATA_DIR || './.data';
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD))
    throw new Error('ADMIN_USERNAME and ADMIN_PASSWORD go together: set both or neither');
  const slowRequestMs = env.SLOW_REQUEST_MS ? Number(env.SLOW_REQUEST_MS) : DEFAULT_SLOW_REQUEST_MS;
  if (!Number.isInteger(slowRequestMs) || slowRequestMs < 0)
    throw new Error(`SLOW_REQUEST_MS must be a whole number of milliseconds, got "${env.SLOW_REQUEST_MS}"`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    spaDir: env.SPA_DIR || './dist',
    oidcIssuer: env.OIDC_ISSUER ? trimSlash(env.OIDC_ISSUER) : undefined,
    oidcClientId: env.OIDC_CLIENT_ID || 'bureau-spa',
    oidcAudience: env.OIDC_AUDIENCE || `${publicUrl}/core/api`,
    trustProxy: proxyList(env.TRUST_PROXY),
    devSpaOrigin: devOrigin(env.DEV_SPA_ORIGIN),
    seed,
    admin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    files: loadFileConfig(env, dataDir),
    mail: loadMailConfig(env),
    jobs: loadJobsConfig(env),
    slowRequestMs,
    unpack: loadUnpackLimits(env),
  };
}
