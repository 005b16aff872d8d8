import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/** The msw server of the data provider's tests; each test file starts and stops it. */
export const server = setupServer();

/** One request as the server saw it: query string decoded, so tests compare readable strings. */
export interface Seen {
  method: string;
  path: string;
  query: string;
  headers: Headers;
  body: unknown;
}

const see = async (request: Request): Promise<Seen> => {
  const url = new URL(request.url);
  const text = await request.text();
  let body: unknown = text === '' ? undefined : text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // a text body stays text
  }
  return {
    method: request.method,
    path: url.pathname,
    query: decodeURIComponent(url.search.slice(1)),
    headers: request.headers,
    body,
  };
};

/**
 * Answers every request under `path` (any method, any sub-path) with `reply` and records it.
 * `reply` may be a body (200 JSON), a function of the request and the call number, or a Response.
 */
export function route(
  path: string,
  reply: JsonBodyType | ((seen: Seen, call: number) => Response | JsonBodyType),
): Seen[] {
  const seen: Seen[] = [];
  const handler = async ({ request }: { request: Request }) => {
    const s = await see(request);
    seen.push(s);
    const out = typeof reply === 'function' ? reply(s, seen.length) : reply;
    return out instanceof Response ? out : HttpResponse.json(out);
  };
  server.use(http.all(path, handler), http.all(`${path}/*`, handler));
  return seen;
}

/** A Spring Data REST page of `items` under `_embedded[collection]`. */
export const halPage = (collection: string, items: unknown[], totalElements = items.length) => ({
  _embedded: { [collection]: items },
  _links: { self: { href: `/core/api/${collection}` } },
  page: { size: 20, totalElements, totalPages: 1, number: 0 },
});
