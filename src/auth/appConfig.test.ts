import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAppConfig } from './appConfig';

const config = {
  oidcIssuer: 'http://localhost:8080/oidc',
  oidcClientId: 'bureau-spa',
  apiAudience: 'http://localhost:8080/core/api',
};

afterEach(() => {
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('start-up configuration', () => {
  it('is read from the page when the server wrote it there, without a request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    document.head.innerHTML = `<script id="app-config" type="application/json">${JSON.stringify(config)}</script>`;
    expect(await loadAppConfig()).toEqual(config);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is fetched from /app-config.json otherwise, and a failure names the status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(config), { status: 200 })),
    );
    expect(await loadAppConfig()).toEqual(config);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    await expect(loadAppConfig()).rejects.toThrow(/answered 503/);
  });
});
