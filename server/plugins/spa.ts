import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PREFIXES } from './security';

const NOT_SPA = [...API_PREFIXES, '/oidc'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page's preload of `/app-config.json` (index.html), replaced by the configuration itself. */
const CONFIG_PRELOAD = /<link rel="preload" href="\/app-config\.json"[^>]*>/;

/**
 * The SPA's page with its start-up configuration written in, as `<script id="app-config"
 * type="application/json">`, in place of the preload of `/app-config.json`: the SPA reads it
 * without a request, so the first rows show sooner (`src/auth/appConfig.ts`). `<` is escaped so the
 * JSON cannot close the script element.
 */
export const pageWithConfig = (html: string, appConfig: object): string =>
  html.replace(
    CONFIG_PRELOAD,
    () =>
      `<script id="app-config" type="application/json">${JSON.stringify(appConfig).replace(/</g, '\\u003c')}</script>`,
  );

/**
 * Serves the built SPA from `spaDir` at `/` with a history fallback: a GET outside the APIs and
 * `/oidc` that is not a file answers the page (react-admin uses real paths), with
 * `appConfig` written in when given (`pageWithConfig`). When the SPA is not built, `/` says so.
 * Other misses answer 404 `{ message }`. Files go out brotli or gzip encoded from the build's
 * precompressed copies when the browser accepts it; `assets/` (hashed names) is cacheable for a
 * year, the page and everything else is revalidated on every load.
 */
export async function registerSpa(app: FastifyInstance, spaDir: string, appConfig?: object): Promise<void> {
  const root = resolve(spaDir);
  const built = existsSync(resolve(root, 'index.html'));
  // read per request (a small file in the OS cache): a rebuilt SPA is served without a restart
  const sendPage = (reply: FastifyReply) => {
    const html = readFileSync(resolve(root, 'index.html'), 'utf8');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(appConfig ? pageWithConfig(html, appConfig) : html);
  };
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // the build's .br / .gz copies (scripts/precompress.ts), chosen by Accept-Encoding
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite's hashed file names change with their content: cached for good.
        reply.header('cache-control', /[/\\]assets[/\\]/.test(path) ? IMMUTABLE : 'no-cache');
      },
    });
    app.get('/', async (_request, reply) => sendPage(reply));
  } else {
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
    if (built && request.method === 'GET' && !NOT_SPA.some((p) => path.startsWith(p))) return sendPage(reply);
    return reply.code(404).send({ message: `No route for ${request.method} ${path}` });
  });
}
