import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { LogController } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { registerRequestLog } from './requestLog';

/** The JSON log lines written so far. */
const lines: Array<Record<string, unknown>> = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString().split('\n')) if (text.trim()) lines.push(JSON.parse(text));
    done();
  },
});

/** An app logging at `info` like `npm start`, with a 50 ms slow-request threshold. */
const app = Fastify({
  logger: { level: 'info', stream },
  logController: new LogController({ disableRequestLogging: true }),
});
registerRequestLog(app, 50);
app.get('/fast', async () => ({ ok: true }));
app.get('/slow', async () => {
  await sleep(80);
  return { ok: true };
});
app.get('/refused', async (_request, reply) => reply.code(404).send({ message: 'Client not found' }));
app.get('/broken', async () => {
  throw new Error('boom');
});

const logged = (url: string) => lines.filter((l) => l.url === url && typeof l.statusCode === 'number');

describe('request logs', () => {
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('at info, a quick successful request writes nothing; errors and slow requests one line each', async () => {
    for (let i = 0; i < 5; i++) await app.inject({ url: '/fast?search=Aral' });
    await app.inject({ url: '/slow' });
    await app.inject({ url: '/refused?q=secret' });
    await app.inject({ url: '/broken' });
    expect(logged('/fast')).toEqual([]);
    expect(logged('/slow')).toEqual([
      expect.objectContaining({ level: 40, msg: 'slow request', method: 'GET', route: '/slow', statusCode: 200 }),
    ]);
    expect(logged('/slow')[0]!.responseTime).toBeGreaterThanOrEqual(50);
    expect(logged('/refused')).toEqual([
      expect.objectContaining({ level: 30, msg: 'request refused', statusCode: 404 }),
    ]);
    expect(logged('/broken')).toEqual([expect.objectContaining({ level: 50, msg: 'request failed', statusCode: 500 })]);
    // the query string (what a user searched for) is never written
    expect(JSON.stringify(lines)).not.toMatch(/secret|Aral/);
    // no line of Fastify's own per-request logging ("incoming request", "request completed")
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('SLOW_REQUEST_MS sets the threshold: 1000 ms by default, a whole number of milliseconds', () => {
    expect(loadConfig({}).slowRequestMs).toBe(1000);
    expect(loadConfig({ SLOW_REQUEST_MS: '250' }).slowRequestMs).toBe(250);
    expect(() => loadConfig({ SLOW_REQUEST_MS: 'fast' })).toThrow(
      'SLOW_REQUEST_MS must be a whole number of milliseconds, got "fast"',
    );
  });
});
