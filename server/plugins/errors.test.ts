import { writeFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insufficientResources } from '../rest/errors';
import { registerErrorHandler, UNEXPECTED } from './errors';

/**
 * H2-08: a write the server cannot keep for want of room answers 503 (docs/api.md), never 500.
 * The errors are the real ones: the kernel's ENOSPC from writing to /dev/full, and PostgreSQL's
 * error shape for SQLSTATE 53100 as PGlite and node-postgres raise it ("could not extend file").
 */
let app: FastifyInstance;
const diskFull = async (): Promise<unknown> =>
  writeFile('/dev/full', 'x').then(
    () => undefined,
    (e: unknown) => e,
  );
const pgError = (code: string) =>
  Object.assign(new Error('could not extend file "base/5/16990_fsm": No space left on device'), {
    severity: 'ERROR',
    code,
    hint: 'Check free disk space.',
  });

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/enospc', async () => {
    throw new Error('the write failed', { cause: await diskFull() });
  });
  app.get('/pg/:code', async (request) => {
    throw pgError((request.params as { code: string }).code);
  });
  app.get('/other', async () => {
    throw new Error('something else');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('H2-08 out of room answers 503', () => {
  it('H2-08 the kernel ENOSPC, even wrapped as a cause, is a 503 saying nothing was saved, with Retry-After', async () => {
    expect(((await diskFull()) as { code?: string }).code).toBe('ENOSPC');
    const res = await app.inject({ method: 'GET', url: '/enospc' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({
      message: 'The server has no room to store this: nothing was saved. Try again later.',
    });
  });

  it('H2-08 PostgreSQL disk full (53100) is a 503; other insufficient resources (53xxx) a 503 of their own', async () => {
    const full = await app.inject({ method: 'GET', url: '/pg/53100' });
    expect(full.statusCode).toBe(503);
    expect(full.json().message).toMatch(/no room/);
    const connections = await app.inject({ method: 'GET', url: '/pg/53300' });
    expect(connections.statusCode).toBe(503);
    expect(connections.json()).toEqual({
      message: 'The server is short of resources: nothing was saved. Try again later.',
    });
  });

  it('H2-08 any other failure stays a 500 with the fixed message, and other SQLSTATEs are not taken for a full disk', async () => {
    const other = await app.inject({ method: 'GET', url: '/other' });
    expect(other.statusCode).toBe(500);
    expect(other.json()).toEqual({ message: UNEXPECTED });
    expect(insufficientResources(pgError('23505'))).toBeUndefined();
    expect(insufficientResources(pgError('42P01'))).toBeUndefined();
    expect(insufficientResources(new Error('x'))).toBeUndefined();
  });
});
