import type { IncomingMessage } from 'node:http';
import Provider, { type ClientModel, type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { dbAdapterFactory } from './adapter';
import { embeddedIssuer, OIDC_MOUNT } from './appConfig';
import { loadProviderKeys } from './keys';
import { logoutPage, messagePage, withInlineHashes, type Page } from './pages';
import { findAccount } from './users';

// Their home is the light `appConfig.ts` (the SPA page needs the issuer without this module).
export { embeddedIssuer, OIDC_MOUNT };

/** Access tokens live 5 minutes; the SPA refreshes them (AUTH-16). */
export const ACCESS_TOKEN_TTL = 300;
const FOURTEEN_DAYS = 14 * 24 * 60 * 60;
/** Scopes in the first-party grant; the access token carries the resource scope. */
export const OIDC_SCOPES = 'openid profile email offline_access';
export const RESOURCE_SCOPE = 'openid profile';

/** The interaction (sign-in) page of one interaction uid, mount prefix included. */
export const interactionPath = (uid: string): string => `${OIDC_MOUNT}/interaction/${encodeURIComponent(uid)}`;

/**
 * The SPA client's redirect and post-logout URIs, and their origins (CSP `form-action`):
 * PUBLIC_URL's, plus `devSpaOrigin`'s when set (only `npm run dev` sets `DEV_SPA_ORIGIN`).
 */
export function spaUris(config: Pick<ServerConfig, 'publicUrl' | 'devSpaOrigin'>): {
  redirectUris: string[];
  logoutUris: string[];
  origins: string[];
} {
  const bases = new Set([config.publicUrl]);
  if (config.devSpaOrigin) bases.add(config.devSpaOrigin);
  return {
    redirectUris: [...bases].flatMap((b) => [`${b}/auth-callback`, `${b}/auth-silent`]),
    // the plain sign-in page, and the same page told why the user was signed out (AUTH-13)
    logoutUris: [...bases].flatMap((b) => [`${b}/authorization/login`, `${b}/authorization/login?reason=noaccess`]),
    origins: [...bases].map((b) => new URL(b).origin),
  };
}

/**
 * Pins a request bound for the provider to PUBLIC_URL: the provider builds every URL it
 * publishes (discovery, redirects, form actions) and decides on secure cookies from the request's
 * `Host` / `X-Forwarded-Host` / `X-Forwarded-Proto`, which any client can forge. They are
 * replaced with PUBLIC_URL's host and scheme, and `X-Forwarded-For` with `clientIp` (Fastify's
 * `request.ip`, which believes forwarded addresses only from `TRUST_PROXY`).
 */
export function pinToPublicUrl(raw: IncomingMessage, publicUrl: string, clientIp: string): void {
  const url = new URL(publicUrl);
  raw.headers.host = url.host;
  raw.headers['x-forwarded-host'] = url.host;
  raw.headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
  raw.headers['x-forwarded-for'] = clientIp;
}

function sendPage(ctx: KoaContextWithOIDC, page: Page, status = 200, formAction: string[] = []): void {
  const csp = withInlineHashes(ctx.response.get('content-security-policy') || undefined, page, formAction);
  if (csp) ctx.set('content-security-policy', csp);
  ctx.type = 'html';
  ctx.status = status;
  ctx.body = page.html;
}

/** Gives the first-party client everything it asks for, without a consent screen (docs/pitfalls.md). */
export function fillFirstPartyGrant(grant: Grant, audience: string): void {
  grant.addOIDCScope(OIDC_SCOPES);
  grant.addResourceScope(audience, RESOURCE_SCOPE);
}

/**
 * Builds the embedded OpenID Connect provider (ARCHITECTURE "Identity"): one public client (the
 * SPA, code + PKCE S256, AUTH-21), JWT access tokens for the API audience also on refresh,
 * rotating refresh tokens for the SPA, state in the database (`oidc_payloads`), keys in `oidc_keys`.
 * Mount it with `mountProvider` (routes.ts); the sign-in page lives at `interactionPath(uid)`.
 */
export async function createProvider({ db, config }: { db: Database; config: ServerConfig }): Promise<Provider> {
  const keys = await loadProviderKeys(db);
  const audience = config.oidcAudience;
  const clientId = config.oidcClientId;
  const { redirectUris, logoutUris } = spaUris(config);
  const isSpa = (client: ClientModel | undefined) => client?.clientId === clientId;

  const provider = new Provider(embeddedIssuer(config), {
    adapter: dbAdapterFactory(db),
    jwks: { keys: keys.signing },
    clients: [
      {
        client_id: clientId,
        client_name: 'Bureau',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: logoutUris,
      },
    ],
    responseTypes: ['code'],
    // `reason` (a key of SIGN_IN_REASONS in pages.ts) travels with the authorization request to the sign-in page
    extraParams: ['reason'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    cookies: {
      keys: [keys.cookieSecret],
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: FOURTEEN_DAYS,
      RefreshToken: FOURTEEN_DAYS,
      Session: FOURTEEN_DAYS,
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => interactionPath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async () => ({
          scope: RESOURCE_SCOPE,
          audience,
          accessTokenFormat: 'jwt',
          accessTokenTTL: ACCESS_TOKEN_TTL,
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) =>
          sendPage(ctx, logoutPage(form), 200, spaUris(config).origins),
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) =>
          sendPage(ctx, messagePage('Signed out', 'You have signed out of Bureau.')),
      },
    },
    clientBasedCORS: (_ctx: KoaContextWithOIDC, origin: string, client: ClientModel) =>
      origin !== 'null' && client.redirectUris.some((uri) => URL.parse(uri)?.origin === origin),
    issueRefreshToken: async (_ctx: KoaContextWithOIDC, client: ClientModel) =>
      isSpa(client) && client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result } = ctx.oidc;
      if (!client) return undefined;
      const grantId = result?.consent?.grantId ?? session?.grantIdFor(client.clientId);
      let grant = grantId ? await provider.Grant.find(grantId) : undefined;
      if (!isSpa(client)) return grant;
      if (!grant) {
        if (!session?.accountId) return undefined;
        grant = new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      }
      fillFirstPartyGrant(grant, audience);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = await findAccount(db, sub);
      if (!account?.enabled) return undefined;
      return {
        accountId: account.username,
        claims: async () => ({
          sub: account.username,
          preferred_username: account.username,
          name: account.employeeName ?? account.username,
          ...(account.email ? { email: account.email } : {}),
        }),
      };
    },
    renderError: async (ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) =>
      sendPage(
        ctx,
        messagePage('Sign-in problem', out.error_description ?? out.error ?? 'Something went wrong.'),
        ctx.status || 400,
      ),
  });
  // Koa reads the host and scheme from X-Forwarded-Host/-Proto, which `pinToPublicUrl` sets to
  // PUBLIC_URL's on every request before it reaches the provider (TLS may end at a proxy).
  provider.proxy = true;
  return provider;
}
