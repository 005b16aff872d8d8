import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIXES } from './security';

const NOT_SPA = [...API_PREFIXES, '/oidc'];

/**
 * Serves the built SPA from `spaDir` at `/` with a history fallback: a GET outside the APIs and
 * `/oidc` that is not a file answers `index.html` (react-admin uses real paths, PITFALLS). When the
 * SPA is not built, `/` says so. Other misses answer 404 `{ message }`.
 */
export async function registerSpa(app: FastifyInstance, spaDir: string): Promise<void> {
  const root = resolve(spaDir);
  const built = existsSync(resolve(root, 'index.html'));
  if (built) await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  else {
    app.get('/', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          `Bureau: the web client is not built (no ${root}/index.html). Run "npm run build", then restart the server.`,
        ),
    );
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (built && request.method === 'GET' && !NOT_SPA.some((p) => path.startsWith(p)))
      return reply.sendFile('index.html');
    return reply.code(404).send({ message: `No route for ${request.method} ${path}` });
  });
}
