import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, insufficientResources } from '../rest/errors';

/** The body of every 500 (docs/api.md); details go to the log only. */
export const UNEXPECTED = 'Unexpected failure during request processing!';

/** Messages for PostgreSQL data exceptions (SQLSTATE class 22) by code; others get the class's. */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22001': 'A text is longer than its field allows',
  '22003': 'A number is out of range',
  '22007': 'A date or time is malformed',
  '22008': 'A date or time is out of range',
  '22021': 'A text holds a character that cannot be stored',
  '22P02': 'A value is malformed',
  '22P05': 'A text holds a character that cannot be stored',
};

/**
 * The 400 for a PostgreSQL data exception (SQLSTATE class 22: a value the database cannot hold)
 * that reached the handler although validation should have refused the input first; undefined
 * for any other error. The database's own message is not echoed: it quotes the value.
 */
export function dataException(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return undefined;
  return new HttpError(400, DATA_EXCEPTIONS[code] ?? 'A value cannot be stored');
}

/**
 * Error handling for every route: our `HttpError`s become the contract's bodies; fastify's own
 * client errors (bad JSON 400, 413, 415) keep their status with a `{ message }` body; PostgreSQL
 * data exceptions are a 400 (`dataException`), logged as warnings so the missing validation is
 * seen; a full disk or exhausted database resources a 503 (`insufficientResources`); anything else is logged and answered 500 with a fixed message (bad input never yields a 500).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    const data = dataException(thrown);
    if (data) request.log.warn({ err: thrown }, 'a database data exception passed validation');
    const resources = data ? undefined : insufficientResources(thrown);
    if (resources) request.log.error({ err: thrown }, 'out of room or resources');
    const error = data ?? resources ?? thrown;
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // a hook's or action's 400 may carry field errors in the contract's shape (schemas/define.ts, EntityHooks)
      const errors = (error as { errors?: unknown }).errors;
      return reply
        .code(status)
        .send(
          status === 400 && Array.isArray(errors) ? { message: error.message, errors } : { message: error.message },
        );
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.code(500).send({ message: UNEXPECTED });
  });
}
