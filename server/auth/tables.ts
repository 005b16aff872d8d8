import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Storage of the embedded OpenID Connect provider, so every server instance is stateless
 * (ARCHITECTURE "Scale out"): sessions, interactions, grants, codes and refresh tokens live in
 * `oidc_payloads`; the signing keys and the cookie secret in `oidc_keys`.
 */

/** One oidc-provider model instance (`kind` = model name such as `Session`, `id` = its id). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Private key material created once: RS256 signing keys (`jwk` is a private JWK with `kid`) and
 * the cookie secret (id `cookie-secret`, `jwk` = `{ "k": "<base64url>" }`).
 */
export const oidcKeys = pgTable('oidc_keys', {
  id: text('id').primaryKey(),
  jwk: jsonb('jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sign-in limiter state shared by every instance (`rate-limiter-flexible`'s PostgreSQL store
 * layout, see `signInLimiter.ts`): `key` = limiter prefix + hashed subject, `points` = attempts
 * counted, `expire` = when the row stops counting (Unix epoch milliseconds; null = never).
 */
export const authRateLimits = pgTable(
  'auth_rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('auth_rate_limits_expire_idx').on(t.expire)],
);
