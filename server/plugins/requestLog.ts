import type { FastifyInstance } from 'fastify';

/** Default of {@link ServerConfig.slowRequestMs}: a request answered after this many milliseconds is logged. */
export const DEFAULT_SLOW_REQUEST_MS = 1000;

/**
 * One log line per answered request, at a level chosen by how it went, replacing Fastify's two
 * info lines per request (the app's `logController` disables those):
 *
 * | answer                                  | level   | message            |
 * | --------------------------------------- | ------- | ------------------ |
 * | 5xx                                     | `error` | `request failed`   |
 * | answered in `slowMs` milliseconds or more | `warn`  | `slow request`     |
 * | 4xx                                     | `info`  | `request refused`  |
 * | anything else                           | `debug` | `request answered` |
 *
 * So at the default level (`info`) the log shows errors and slow requests only; `LOG_LEVEL=debug`
 * shows every request. The line carries the method, the URL without its query string (a query
 * may hold what a user searched for), the route pattern, the status and `responseTime` in
 * milliseconds.
 *
 * @param slowMs the slow-request threshold in milliseconds (`SLOW_REQUEST_MS`)
 * @example
 * registerRequestLog(app, 1000);
 * // {"level":40,"method":"GET","url":"/core/api/invoices","route":"/core/api/invoices","statusCode":200,"responseTime":1342,"msg":"slow request"}
 */
export function registerRequestLog(app: FastifyInstance, slowMs: number): void {
  app.addHook('onResponse', async (request, reply) => {
    const responseTime = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const line = {
      method: request.method,
      url: request.url.split('?')[0],
      route: request.routeOptions.url,
      statusCode: status,
      responseTime,
    };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (responseTime >= slowMs) request.log.warn(line, 'slow request');
    else if (status >= 400) request.log.info(line, 'request refused');
    else request.log.debug(line, 'request answered');
  });
}
