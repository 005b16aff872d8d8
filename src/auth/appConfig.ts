/** The server's public SPA configuration, `GET /app-config.json`. */
export interface AppConfig {
  /** OpenID provider issuer URL (embedded: `<origin>/oidc`). */
  oidcIssuer: string;
  oidcClientId: string;
  /** Resource indicator of the API, sent as `resource` so access tokens are JWTs for it. */
  apiAudience?: string;
}

/**
 * The configuration the server wrote into the page (`<script id="app-config" type="application/json">`),
 * else `GET /app-config.json` (e.g. behind Vite's dev server, whose page has none).
 * @throws Error naming the status when the server does not answer 200.
 */
export const loadAppConfig = async (url = '/app-config.json', doc: Document = document): Promise<AppConfig> => {
  const inline = doc.getElementById('app-config')?.textContent;
  if (inline) return JSON.parse(inline) as AppConfig;
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: the server must serve the SPA configuration`);
  return (await res.json()) as AppConfig;
};
