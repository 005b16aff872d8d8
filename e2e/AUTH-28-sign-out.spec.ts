import { expect, signIn, test, userMenu } from './fixtures';

test('AUTH-28 signing out goes through the provider and a protected page then asks to sign in again', async ({
  page,
}) => {
  await signIn(page, 'billing');

  const logout = page.waitForRequest(
    (request) =>
      request.isNavigationRequest() && /^\/oidc\/.*(session\/end|logout)/.test(new URL(request.url()).pathname),
  );
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: /log ?out|sign ?out/i }).click();
  await logout;

  // oidc-provider may ask to confirm the end of its session before redirecting back
  const confirm = page.getByRole('button', { name: /yes|sign (me )?out|log ?out/i });
  const signInPage = page.getByRole('button', { name: /^sign in$/i }).or(page.locator('input[name="username"]'));
  await expect(confirm.or(signInPage).first()).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(signInPage.first()).toBeVisible();

  await page.goto('/clients');
  await expect(signInPage.first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/clients$/);
  await expect(page.getByRole('row')).toHaveCount(0);
});
