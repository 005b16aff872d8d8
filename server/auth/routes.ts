import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { verifyCredentials } from './credentials';
import { forgotPasswordPage, loginPage, messagePage, signInReason, withInlineHashes, type Page } from './pages';
import { fillFirstPartyGrant, interactionPath, OIDC_MOUNT, spaUris } from './provider';
import { createSignInLimiter } from './signInLimiter';
import { issueXsrfCookie } from './xsrf';

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const FORGOT_PATH = `${OIDC_MOUNT}/forgot-password`;
/** The failed sign-in message: the same for unknown users and wrong passwords (no enumeration). */
export const INVALID_CREDENTIALS = 'Invalid username or password';

/** The limited sign-in message (HTTP 429): the same whether the username exists or not. */
export const tooManyAttempts = (retryAfterS: number): string => {
  const wait =
    retryAfterS < 120
      ? `${retryAfterS} second${retryAfterS === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterS / 60)} minutes`;
  return `Too many sign-in attempts. Try again in ${wait}.`;
};

function sendPage(reply: FastifyReply, page: Page, status = 200, formAction: string[] = []): FastifyReply {
  const current = reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy');
  const csp = withInlineHashes(typeof current === 'string' ? current : undefined, page, formAction);
  if (csp) reply.header('content-security-policy', csp);
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
}

/**
 * Mounts the provider (a Koa app) under `/oidc`: the reply is hijacked and the raw request is
 * handed over with the prefix stripped (`originalUrl` keeps it, so the provider builds its URLs
 * with the mount path). Bodies are left unread for the provider's own parser.
 */
export async function mountProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  const callback = provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? OIDC_MOUNT;
      raw.originalUrl = url;
      const rest = url.slice(OIDC_MOUNT.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      await callback(raw, reply.raw);
    };
    scope.route({ method: METHODS, url: OIDC_MOUNT, handler: forward });
    scope.route({ method: METHODS, url: `${OIDC_MOUNT}/*`, handler: forward });
  });
}

interface Deps {
  provider: Provider;
  db: Database;
  config: ServerConfig;
}

const expired = () =>
  messagePage(
    'Sign-in expired',
    'This sign-in request has expired or was already used. Go back to Bureau and sign in again.',
  );

/**
 * Our sign-in (interaction) pages: `GET /oidc/interaction/:uid` renders the form,
 * `POST /oidc/interaction/:uid/login` checks `username` + `password` and finishes the
 * interaction with a first-party grant (no consent screen) and sets a fresh `XSRF-TOKEN` cookie
 * (H2-07); `/oidc/forgot-password` answers neutrally.
 * Sign-in attempts go through the shared limiter (`signInLimiter.ts`, keyed by username and
 * `request.ip`): a limited attempt gets the form again with 429 and `Retry-After` (seconds),
 * before any password check.
 */
export async function registerInteractionRoutes(app: FastifyInstance, { provider, db, config }: Deps): Promise<void> {
  const limiter = createSignInLimiter(db, config.signInLimits);
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
    }

    const details = async (
      request: FastifyRequest<{ Params: { uid: string } }>,
      reply: FastifyReply,
    ): Promise<Interaction | null> => {
      try {
        const interaction = await provider.interactionDetails(request.raw, reply.raw);
        return interaction.uid === request.params.uid ? interaction : null;
      } catch {
        return null;
      }
    };
    const form = (uid: string, { reason, ...extra }: { username?: string; error?: string; reason?: unknown } = {}) =>
      loginPage({
        action: `${interactionPath(uid)}/login`,
        forgotHref: `${FORGOT_PATH}?return=${encodeURIComponent(interactionPath(uid))}`,
        ...extra,
        reason: signInReason(reason),
      });
    const finish = async (
      request: FastifyRequest,
      reply: FastifyReply,
      interaction: Interaction,
      accountId: string,
      withLogin: boolean,
    ) => {
      const grant =
        (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
        new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
      fillFirstPartyGrant(grant, config.oidcAudience);
      const grantId = await grant.save();
      const result = withLogin ? { login: { accountId }, consent: { grantId } } : { consent: { grantId } };
      const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: !withLogin,
      });
      // a new sign-in gets a new XSRF-TOKEN for the SPA's writes to /auth/api/v2 (H2-07, xsrf.ts)
      if (withLogin) issueXsrfCookie(reply, new URL(config.publicUrl).protocol === 'https:');
      return reply.code(303).header('cache-control', 'no-store').redirect(returnTo);
    };

    scope.get<{ Params: { uid: string } }>(`${OIDC_MOUNT}/interaction/:uid`, async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return sendPage(reply, expired(), 400);
      const accountId = interaction.session?.accountId;
      // Only the SPA exists and it is first-party: a consent prompt is answered by granting.
      if (interaction.prompt.name === 'consent' && accountId && interaction.params.client_id === config.oidcClientId) {
        return finish(request, reply, interaction, accountId, false);
      }
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
      // the SPA's reason for sending the user here (`reason=noaccess`, AUTH-13) is shown above the form
      return sendPage(
        reply,
        form(interaction.uid, { username: hint, reason: interaction.params.reason }),
        200,
        spaUris(config).origins,
      );
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>(
      `${OIDC_MOUNT}/interaction/:uid/login`,
      async (request, reply) => {
        const username = typeof request.body?.username === 'string' ? request.body.username.trim() : '';
        const password = typeof request.body?.password === 'string' ? request.body.password : '';
        // The limiter answers first: a refused attempt costs no interaction lookup either.
        const admission = await limiter.admit(username, request.ip);
        if (!admission.allowed) {
          const retryAfterS = Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
          reply.header('retry-after', String(retryAfterS));
          return sendPage(
            reply,
            form(request.params.uid, { username, error: tooManyAttempts(retryAfterS) }),
            429,
            spaUris(config).origins,
          );
        }
        const interaction = await details(request, reply);
        if (!interaction || interaction.prompt.name !== 'login') return sendPage(reply, expired(), 400);
        const account = await verifyCredentials(db, username, password);
        if (!account)
          return sendPage(
            reply,
            form(interaction.uid, { username, error: INVALID_CREDENTIALS, reason: interaction.params.reason }),
            200,
            spaUris(config).origins,
          );
        await limiter.succeeded(admission.keys);
        return finish(request, reply, interaction, account.username, true);
      },
    );

    const back = (value: unknown) =>
      typeof value === 'string' && /^\/oidc\/interaction\/[\w-]+$/.test(value) ? value : undefined;
    scope.get<{ Querystring: { return?: string } }>(FORGOT_PATH, async (request, reply) => {
      const backHref = back(request.query.return);
      const action = backHref ? `${FORGOT_PATH}?return=${encodeURIComponent(backHref)}` : FORGOT_PATH;
      return sendPage(reply, forgotPasswordPage({ action, sent: false, backHref }));
    });
    scope.post<{ Querystring: { return?: string }; Body: Record<string, unknown> | undefined }>(
      FORGOT_PATH,
      async (request, reply) => {
        // The answer never says whether the username exists. Writing the reset e-mail to the outbox
        // (docs/decisions.md, "forgot / reset password", "e-mail sending") belongs to the outbox area, not built yet.
        return sendPage(
          reply,
          forgotPasswordPage({ action: FORGOT_PATH, sent: true, backHref: back(request.query.return) }),
        );
      },
    );
  });
}
