import { expect, signIn, test } from './fixtures';

test.describe('sign-in through the embedded OpenID provider', () => {
  test('AUTH-01 AUTH-21 AUTH-26 billing signs in through the real login page, lands on their home page and reads seeded clients', async ({
    page,
  }) => {
    // AUTH-26: the browser itself is sent to the provider's authorize endpoint; AUTH-21: code flow + PKCE S256
    const authorize = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return request.isNavigationRequest() && url.searchParams.get('response_type') === 'code';
    });
    await signIn(page, 'billing');

    const authorizeUrl = new URL((await authorize).url());
    expect(authorizeUrl.pathname).toMatch(/^\/oidc\//);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // a billing manager's desktop start is their home page (docs/areas/dashboards.md "Home page")
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    const firstList = page.waitForResponse((response) => new URL(response.url()).pathname === '/core/api/clients');
    await page.goto('/clients');
    const list = await firstList;
    expect(list.status()).toBe(200);
    const body = (await list.json()) as { _embedded: { clients: { gname: string }[] } };
    const first = body._embedded.clients[0];
    expect(first, 'the seed should give billing some clients').toBeDefined();
    await expect(page.getByRole('cell', { name: first!.gname, exact: true }).first()).toBeVisible();
  });
});
