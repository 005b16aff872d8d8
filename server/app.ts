import Fastify, { LogController, type FastifyInstance, type HTTPMethods } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { buildOpenApi } from './openapi/document';
import { DEFAULT_SLOW_REQUEST_MS, registerRequestLog } from './plugins/requestLog';
import { registerErrorHandler } from './plugins/errors';
import { registerJsonReplies } from './plugins/json';
import { registerCompression } from './plugins/compression';
import { registerSecurity } from './plugins/security';
import { appConfigFor } from './auth/appConfig';
import { registerSpa } from './plugins/spa';
import { registerRestRoutes } from './rest/routes';
import { startRetentionPurge, trashPurgeJobKind } from './trash/retention';
import { registerSearchRoutes } from './search/routes';
import { registerExportRoutes } from './exports/routes';
import { STORED_FILES } from '../schemas/define';
import { schemas, storedSchemas } from '../schemas/index';
import { fileConfigOf, purgedBytesRemover, registerFileRoutes } from './files/routes';
import { storageOf } from './files/config';
import { registerDocumentRoutes } from './documents/routes';
import { registerMoneyCheckRoutes } from './billing/moneyCheck/routes';
import { registerCashboxRoutes } from './cashbox/routes';
import { cashboxJobKind } from './cashbox/job';
import { calculateCashbox } from './cashbox/calculation/calculate';
import type { FileStorage } from './files/storage';
import { mailJobKind } from './mail/outbox';
import { JobRunner } from './jobs/queue';
import { registerJobRoutes } from './jobs/routes';
import { analyticsJobKind, registerAnalyticsRoutes } from './dashboards/routes';
import { registerRankingRoutes } from './rankings/routes';
import { exportJobKind } from './exports/jobs';
import { checkServerDeclarations } from './areas';
import { configureUnpackLimits } from './transfer/limits';
import { closeSheetReaders } from './transfer/sheet';

/**
 * Largest request body, in bytes (1 MiB): a generous margin over the largest form (a client with
 * 1,000 contacts is about 300 KB); a larger body is answered 413 `{ "message" }` unread, so one
 * request cannot hand the server megabytes of JSON to parse and validate.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Registers authentication (sets `request.user`); C's `registerAuth` by default. */
export type RegisterAuth = (app: FastifyInstance, deps: { db: Database; config: ServerConfig }) => Promise<void>;

/** One route the app registered: its method and URL pattern (`/core/api/clients/:id`, `/oidc/*`). */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  /**
   * Whether the route's scope parses `multipart/form-data` bodies (file uploads): the hostile-upload
   * suite (H2-01, server/transfer/hostile.test.ts) sends its files to every such route. Set for
   * every route the app registers; absent (false) in entries written by hand.
   */
  multipart?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route x method registered on the app, in registration order, including Fastify's
     * implicit HEAD routes of GET routes. Filled while plugins register; complete once
     * `app.ready()` resolved. The authorization tests judge each entry, so no route goes unchecked.
     */
    routeTable: readonly RouteEntry[];
  }
}

export interface BuildAppOptions {
  db: Database;
  config: ServerConfig;
  /** Fastify logger setting (default off, as in tests; `main.ts` turns it on). */
  logger?: boolean | { level: string };
  /** Replaces the authentication plugin (tests of parts that do not need real tokens). */
  registerAuth?: RegisterAuth;
  /** Replaces the configured file storage (tests of storage failures). */
  fileStorage?: FileStorage;
}

/**
 * Builds the whole server as a Fastify instance (fastify/demo shape): error handler, security
 * headers and XSRF, authentication (`server/auth`), the generated REST collections, the public
 * OpenAPI document, the file routes and the SPA. Tests drive it with `app.inject`; `main.ts` calls `listen`.
 */
export async function buildApp({
  db,
  config,
  logger = false,
  registerAuth,
  fileStorage,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // one line per request, at a level by outcome (plugins/requestLog.ts), instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 500 },
    trustProxy: config.trustProxy?.length ? config.trustProxy : false,
  });
  registerErrorHandler(app);
  registerRequestLog(app, config.slowRequestMs ?? DEFAULT_SLOW_REQUEST_MS);
  registerJsonReplies(app);
  // JSON and text replies compressed for browsers that accept it, before any route is added
  await registerCompression(app);
  // react-admin sends `Content-Type: application/json` on DELETE without a body: an empty JSON body is no body
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') done(null, undefined);
    else json(request, text, done);
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  // registered before any route, so it sees the routes of every plugin registered after it
  // `this` is the scope the route is registered in: its content-type parsers are the route's
  app.addHook('onRoute', function (route) {
    const multipart = this.hasContentTypeParser('multipart/form-data');
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, multipart });
  });
  await registerSecurity(app, config);
  const auth = registerAuth ?? (await import('./auth/index')).registerAuth;
  await auth(app, { db, config });
  // every declared action, computed field, approval and document set has its server body
  checkServerDeclarations(schemas);
  const openapi = buildOpenApi(undefined, config.publicUrl);
  app.get('/core/api/openapi.json', async () => openapi);
  // stored files have routes of their own (multipart upload, download, who may read)
  registerRestRoutes(
    app,
    db,
    storedSchemas().filter((s) => s.name !== STORED_FILES),
  );
  // Excel downloads of the lists that declare one (schemas' `excel`)
  registerExportRoutes(app, db, undefined, { jobRows: config.exportJobRows });
  // the global search over the schemas declaring `globalSearch`
  registerSearchRoutes(app, db);
  // what an imported xlsx or a DOCX template may unpack to (server/transfer/limits.ts)
  configureUnpackLimits(config.unpack);
  app.addHook('onClose', closeSheetReaders);
  // one file storage for the uploads and the documents rendered from office templates
  const storage = fileStorage ?? (await storageOf(fileConfigOf(config)));
  registerDocumentRoutes(app, db, storage);
  // the signed-in user's background jobs, and their result files
  registerJobRoutes(app, db, storage);
  // the money check over this database, administrators only (MC-8)
  registerMoneyCheckRoutes(app, db);
  // the dashboards' analytics queries, run as background jobs (docs/areas/dashboards.md)
  registerAnalyticsRoutes(app, db);
  // the cashbox calculation as a job (CASH-40)
  registerCashboxRoutes(app, db);
  // the rankings of managers and departments, under the rating catalogue (docs/areas/rankings.md)
  registerRankingRoutes(app, db);
  await registerFileRoutes(app, { db, config, storage });
  await registerSpa(app, config.spaDir, appConfigFor(config));
  // background jobs (server/jobs/queue.ts); the outbox is one kind: e-mails queued by writes are
  // delivered after commit when SMTP is configured
  const jobs = new JobRunner(db, config.jobs);
  const mail = mailJobKind(config.mail ?? { from: 'bureau@localhost' });
  if (mail) jobs.register(mail.kind);
  jobs.register(exportJobKind(storage));
  jobs.register(analyticsJobKind());
  jobs.register(cashboxJobKind(calculateCashbox));
  jobs.register(trashPurgeJobKind(app.log, purgedBytesRemover(storage, app.log)));
  jobs.start();
  app.addHook('onClose', async () => {
    await jobs.stop();
    mail?.close();
  });
  // records in a trash longer than their entity's retention are purged by a job (server/trash/retention.ts)
  const stopPurge = startRetentionPurge(db, app.log);
  app.addHook('onClose', async () => stopPurge());
  return app;
}
