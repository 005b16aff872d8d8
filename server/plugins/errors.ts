import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../rest/errors';

/** The body of every 500 (CONTRACT "Errors"); details go to the log only. */
export const UNEXPECTED = 'Unexpected failure during request processing!';

/**
 * Error handling for every route: our `HttpError`s become the contract's bodies; fastify's own
 * client errors (bad JSON 400, 413, 415) keep their status with a `{ message }` body; anything
 * else is logged and answered 500 with a fixed message (bad input never yields a 500).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'unexpected failure');
    return reply.code(500).send({ message: UNEXPECTED });
  });
}
