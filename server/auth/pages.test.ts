import { describe, expect, it } from 'vitest';
import { escapeHtml, loginPage, logoutPage, withInlineHashes } from './pages';

describe('provider pages', () => {
  it('escapes what the user typed back into the form', () => {
    const page = loginPage({
      action: '/oidc/interaction/x/login',
      forgotHref: '/oidc/forgot-password',
      username: '"><script>alert(1)</script>',
      error: 'Invalid username or password',
    });
    expect(page.html).not.toContain('<script>alert(1)</script>');
    expect(page.html).toContain(escapeHtml('"><script>alert(1)</script>'));
    expect(page.html).toContain('role="alert"');
    expect(page.html).toMatch(/<label for="username">/);
    expect(page.html).toMatch(/<label for="password">/);
  });

  it('adds the inline style and script hashes to a strict CSP and leaves no CSP alone', () => {
    const page = logoutPage(
      '<form id="op.logoutForm" method="post" action="/oidc/session/end/confirm"><input type="hidden" name="xsrf" value="x"/></form>',
    );
    const csp = withInlineHashes("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'", page);
    expect(csp).toContain(`script-src 'self' ${page.scriptHash}`);
    expect(csp).toContain(`style-src 'self' ${page.styleHash}`);
    expect(withInlineHashes("default-src 'none'", page)).toContain(`style-src ${page.styleHash}`);
    expect(withInlineHashes(undefined, page)).toBeUndefined();
  });
});
