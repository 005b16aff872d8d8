import { HttpError } from 'ra-core';

/** What the HTTP client needs to know about the session (AUTH-19/20, PERM-12, SHELL-09). */
export interface HttpClientOptions {
  /** The auth service base; calls under it get no bearer token (AUTH-20). Default `/auth/api/v2`. */
  authApiUrl?: string;
  /**
   * Also send the bearer token under `authApiUrl`. Default false, as AUTH-20 says; turn it on if
   * the server authenticates the auth service by bearer token only.
   */
  sendTokenToAuthApi?: boolean;
  /** The stored access token, or null when signed out. */
  getToken: () => string | null;
  /** Refreshes the token; resolves the new token or null. Called once per 401 (AUTH-19). */
  refreshToken?: () => Promise<string | null>;
  /** A 401 that a refresh did not cure: the SPA signs the user out (docs/decisions.md, AUTH-19). */
  onUnauthorized?: () => void;
  /** A 403, with the server's message: the SPA shows the toast and sets the flag (PERM-12). */
  onForbidden?: (message: string) => void;
  /** Any 2xx answer: the SPA clears the route-loading flag (SHELL-09). */
  onSuccess?: () => void;
  /**
   * The user's language (`en`, `ru`), sent as `Accept-Language` on every call so the server filters
   * and sorts translated fields in it (docs/api.md "Languages"); looked up at call time.
   */
  getLanguage?: () => string;
  /** The fetch to use; default the global one, looked up at call time. */
  fetch?: typeof fetch;
  /**
   * The XMLHttpRequest class for requests with `onUploadProgress` (fetch reports no upload
   * progress); default the global one, looked up at call time.
   */
  XMLHttpRequest?: typeof XMLHttpRequest;
}

/** How much of a request's body has been sent: `loaded` bytes of `total` (undefined when unknown). */
export interface UploadProgress {
  loaded: number;
  total: number | undefined;
}

/** A request: `fetch`'s init, where a plain object or array body is sent as JSON. */
export interface HttpRequest extends Omit<RequestInit, 'body'> {
  body?: BodyInit | Record<string, unknown> | unknown[] | null;
  /**
   * `blob` for file downloads; `stream` for an answer read while it arrives (a download's
   * progress, a streamed import); default `json` (JSON parsed, or the text when not JSON: SHELL-29).
   * An error answer is thrown as for `json` whatever the type.
   */
  responseType?: 'json' | 'blob' | 'stream';
  /**
   * Called as the body is sent (an upload's progress). Such a request goes through
   * XMLHttpRequest rather than fetch; everything else (token, refresh, errors, `signal`) is the
   * same, and an aborted request rejects with a `DOMException` named `AbortError`, as fetch does.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** A successful answer (status 200-299, SHELL-32). */
export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** The raw text (empty for `blob` responses). */
  body: string;
  /** The parsed JSON, the text when it is not JSON, or undefined when empty. */
  json: T;
  /** Set for `responseType: 'blob'`. */
  blob?: Blob;
  /** Set for `responseType: 'stream'`: the body's bytes as they arrive (null for an empty answer). */
  stream?: ReadableStream<Uint8Array> | null;
}

export type HttpClient = <T = unknown>(url: string, request?: HttpRequest) => Promise<HttpResponse<T>>;

/** The message of a 412 (stale `If-Match`), shown as is by react-admin's notification. */
export const STALE_VERSION_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';

/** The headers of `getAllResponseHeaders()` (`name: value` lines) as a `Headers`. */
const parseHeaders = (raw: string): Headers => {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
};

/**
 * A fetch over XMLHttpRequest that reports the body's upload progress: resolves the answer as a
 * `Response` (any status), rejects a network failure with a `TypeError` and an abort through
 * `init.signal` with a `DOMException` named `AbortError`, as fetch does.
 *
 * @example
 * const response = await xhrFetch(XMLHttpRequest, '/core/api/storedFiles', { method: 'POST', body: form },
 *   ({ loaded, total }) => console.log(loaded, total));
 */
export function xhrFetch(
  Xhr: typeof XMLHttpRequest,
  url: string,
  init: RequestInit,
  onUploadProgress: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The request was cancelled', 'AbortError');
    if (init.signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new Xhr();
    xhr.open(init.method ?? 'GET', url);
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    if (init.credentials === 'include') xhr.withCredentials = true;
    xhr.responseType = 'arraybuffer';
    xhr.upload.onprogress = (e) =>
      onUploadProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    const onAbort = () => xhr.abort();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => init.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const empty = [101, 204, 205, 304].includes(xhr.status);
      resolve(
        new Response(empty ? null : (xhr.response as ArrayBuffer | null), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

const pathOf = (url: string): string => new URL(url, 'http://relative.invalid').pathname;

/** The value of cookie `name` in the browser, or null (no `document` on the server). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined' || !document.cookie) return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

const isJsonBody = (body: HttpRequest['body']): body is Record<string, unknown> | unknown[] =>
  Array.isArray(body) ||
  (typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype);

const parseText = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

interface ServerFieldError {
  property?: string;
  message?: string;
}

/**
 * Turns a failed answer into react-admin's `HttpError(message, status, body)`. A 400 or 409 with
 * the contract's `errors[]` (a validation failure; a duplicate unique value) becomes
 * `{ errors: { <property>: <message> } }`, which react-admin shows at the fields (errors without
 * a property go to `root.serverError`); a 412 gets a message telling the user to reload.
 */
export function toHttpError(status: number, statusText: string, json: unknown): HttpError {
  const body = json as { message?: unknown; errors?: unknown } | undefined;
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
  const fallback = typeof json === 'string' && json ? json : statusText || `HTTP error ${status}`;
  if (status === 412) return new HttpError(STALE_VERSION_MESSAGE, status, json);
  if ((status === 400 || status === 409) && Array.isArray(body?.errors)) {
    const errors: Record<string, unknown> = {};
    for (const e of body.errors as ServerFieldError[]) {
      const message = e.message ?? 'is invalid';
      if (e.property) {
        const previous = errors[e.property];
        errors[e.property] = typeof previous === 'string' ? `${previous}; ${message}` : message;
      } else {
        errors.root = { serverError: message };
      }
    }
    return new HttpError(serverMessage ?? fallback, status, { errors });
  }
  return new HttpError(serverMessage ?? fallback, status, json);
}

/**
 * Builds the HTTP client of the SPA (SHELL-29..33, AUTH-19/20, PERM-12): JSON in and out (text
 * answers accepted), `Authorization: Bearer <token>` on every call except under `authApiUrl`
 * (which goes with `credentials: 'include'`), `X-XSRF-TOKEN` from the `XSRF-TOKEN` cookie, no
 * timeout, 200-299 as success; a request with `onUploadProgress` goes through XMLHttpRequest. A 401 refreshes the token once (concurrent 401s share one refresh)
 * and retries; a second 401 or a failed refresh calls `onUnauthorized`. A 403 calls `onForbidden`.
 * Every failure is rejected to the caller (SHELL-33) as an `HttpError`.
 *
 * @example
 * const http = createHttpClient({ getToken: () => localStorage.getItem('token') });
 * const { json } = await http('/core/api/verificationChains/solve', { method: 'POST', body: { verificationChainId: 3, decisionCode: 1 } });
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const authPath = pathOf(options.authApiUrl ?? '/auth/api/v2').replace(/\/$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let pendingRefresh: Promise<string | null> | null = null;

  const refreshOnce = (): Promise<string | null> => {
    if (!options.refreshToken) return Promise.resolve(null);
    pendingRefresh ??= options
      .refreshToken()
      .catch(() => null)
      .finally(() => {
        pendingRefresh = null;
      });
    return pendingRefresh;
  };

  const send = (url: string, request: HttpRequest, token: string | null, authBase: boolean, bearer: boolean) => {
    const { body, responseType: _responseType, onUploadProgress, headers: given, ...init } = request;
    const headers = new Headers(given);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    let payload: BodyInit | null | undefined;
    if (isJsonBody(body)) {
      payload = JSON.stringify(body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    } else {
      payload = body;
      if (typeof body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    if (token && bearer && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    const language = options.getLanguage?.();
    if (language && !headers.has('Accept-Language')) headers.set('Accept-Language', language);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf && !headers.has('X-XSRF-TOKEN')) headers.set('X-XSRF-TOKEN', xsrf);
    const fetchInit: RequestInit = {
      ...init,
      headers,
      body: payload,
      ...(authBase && !init.credentials ? { credentials: 'include' as const } : {}),
    };
    if (onUploadProgress) {
      const Xhr = options.XMLHttpRequest ?? globalThis.XMLHttpRequest;
      return xhrFetch(Xhr, url, fetchInit, onUploadProgress);
    }
    return doFetch(url, fetchInit);
  };

  return async <T>(url: string, request: HttpRequest = {}): Promise<HttpResponse<T>> => {
    const authBase = pathOf(url).startsWith(authPath);
    const bearer = !authBase || options.sendTokenToAuthApi === true;
    let response = await send(url, request, options.getToken(), authBase, bearer);
    if (response.status === 401 && bearer && options.refreshToken) {
      const token = await refreshOnce();
      if (token) response = await send(url, request, token, authBase, bearer);
    }
    if ((request.responseType === 'stream' || request.responseType === 'blob') && response.ok) {
      options.onSuccess?.();
      const answer = { status: response.status, headers: response.headers, body: '', json: undefined as T };
      return request.responseType === 'stream'
        ? { ...answer, stream: response.body }
        : { ...answer, blob: await response.blob() };
    }
    const text = await response.text();
    const json = parseText(text);
    if (response.status >= 200 && response.status < 300) {
      options.onSuccess?.();
      return { status: response.status, headers: response.headers, body: text, json: json as T };
    }
    const error = toHttpError(response.status, response.statusText, json);
    if (response.status === 401) options.onUnauthorized?.();
    if (response.status === 403) options.onForbidden?.(error.message);
    throw error;
  };
}
