import { createHash } from 'node:crypto';

/**
 * The embedded provider's own HTML pages (sign-in, forgot password, sign-out, errors): server
 * rendered, no external assets, one inline style block whose hash is added to the CSP. The
 * colours follow the system's `prefers-color-scheme` (light or dark), as the SPA's themes do.
 */

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1d2433;background:#f3f5f9}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}
main{width:100%;max-width:380px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(16,24,40,.12),0 8px 24px rgba(16,24,40,.08);padding:32px}
.brand{margin:0 0 4px;font-size:1.5rem;font-weight:700;letter-spacing:.02em;color:#1e3a8a}
h1{margin:0 0 24px;font-size:1.05rem;font-weight:500;color:#475467}
label{display:block;margin:16px 0 6px;font-size:.9rem;font-weight:600}
input{width:100%;padding:10px 12px;font:inherit;border:1px solid #98a2b3;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:3px solid #93c5fd;outline-offset:1px;border-color:#1e40af}
button{width:100%;margin-top:24px;padding:11px 12px;font:inherit;font-weight:600;color:#fff;background:#1e40af;border:0;border-radius:8px;cursor:pointer}
button:hover{background:#1e3a8a}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.error{margin:0 0 8px;padding:10px 12px;border-radius:8px;background:#fef3f2;color:#b42318;border:1px solid #fecdca}
.note{margin:0 0 8px;padding:10px 12px;border-radius:8px;background:#ecfdf3;color:#067647;border:1px solid #abefc6}
.links{margin:20px 0 0;font-size:.9rem;text-align:center}
a{color:#1e40af}
p{line-height:1.5}
@media (prefers-color-scheme:dark){
html{color-scheme:dark;color:#e6e9ef;background:#121417}
main{background:#1b1e23;box-shadow:0 1px 3px rgba(0,0,0,.5),0 8px 24px rgba(0,0,0,.4)}
.brand{color:#8fb8e0}
h1{color:#aab2bf}
input{background:#121417;border-color:#5b6472}
button{background:#2f5f94}
button:hover{background:#3a6fa8}
.error{background:#3a1a17;color:#f9b4ab;border-color:#7a2e26}
.note{background:#12301f;color:#8fe0b0;border-color:#2b6a47}
a{color:#8fb8e0}
}
`;

const hash = (s: string): string => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** The page's inline style and script hashes, for {@link withInlineHashes}. */
export interface Page {
  html: string;
  styleHash: string;
  scriptHash?: string;
}

function layout(title: string, body: string, script?: string): Page {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - Bureau</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Bureau</p>
${body}
</main>${script ? `\n<script>${script}</script>` : ''}
</body>
</html>`;
  return { html, styleHash: hash(STYLE), scriptHash: script ? hash(script) : undefined };
}

/**
 * Adds the page's inline style/script hashes to a Content-Security-Policy value (as oidc-provider
 * does for its form_post page), so a strict CSP still lets them run; `formAction` origins join an
 * existing `form-action`. No CSP: stays undefined.
 */
export function withInlineHashes(csp: string | undefined, page: Page, formAction: string[] = []): string | undefined {
  if (!csp) return undefined;
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name.toLowerCase(), values] as const;
      }),
  );
  const add = (name: string, h: string) => {
    const values = directives.get(name) ?? directives.get('default-src');
    if (values) directives.set(name, [...values.filter((v) => v !== "'unsafe-inline'" && v !== "'none'"), h]);
  };
  add('style-src', page.styleHash);
  // A form's redirects must match form-action too: the sign-in POST ends at the SPA's callback.
  const actions = directives.get('form-action');
  if (actions) directives.set('form-action', [...actions, ...formAction.filter((o) => !actions.includes(o))]);
  if (page.scriptHash) add('script-src', page.scriptHash);
  return [...directives].map(([name, values]) => [name, ...values].join(' ')).join('; ');
}

/**
 * Why the SPA sent the user back to sign in, as its `reason` parameter says; only these words are
 * ever shown (the parameter is never echoed).
 */
export const SIGN_IN_REASONS = {
  /** The account holds NO_ACCESS and was signed out (AUTH-13). */
  noaccess: 'This account has no access to Bureau. Sign in with another account, or ask an administrator for access.',
} as const;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

/** The known reason named by a request parameter, or undefined. */
export const signInReason = (value: unknown): SignInReason | undefined =>
  typeof value === 'string' && Object.hasOwn(SIGN_IN_REASONS, value) ? (value as SignInReason) : undefined;

/**
 * The sign-in form (fields `username`, `password`), AUTH-01/AUTH-21; `reason` puts its message
 * above the form (an account without access, AUTH-13).
 */
export function loginPage({
  action,
  username = '',
  error,
  forgotHref,
  reason,
}: {
  action: string;
  username?: string;
  error?: string;
  forgotHref: string;
  reason?: SignInReason;
}): Page {
  const why = reason
    ? `<p class="error" role="alert" id="login-reason" data-reason="${reason}">${escapeHtml(SIGN_IN_REASONS[reason])}</p>\n`
    : '';
  const err = error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : '';
  const described = error ? ' aria-describedby="login-error"' : '';
  return layout(
    'Sign in',
    `<h1>Sign in to your account</h1>
${why}${err}<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(username)}"${described}${username ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}${username ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="links"><a href="${escapeHtml(forgotHref)}">Forgot password?</a></p>`,
  );
}

/** Forgot-password form and its neutral answer (docs/decisions.md, forgot / reset password). */
export function forgotPasswordPage({
  action,
  sent,
  backHref,
}: {
  action: string;
  sent: boolean;
  backHref?: string;
}): Page {
  const back = backHref ? `<p class="links"><a href="${escapeHtml(backHref)}">Back to sign in</a></p>` : '';
  if (sent) {
    return layout(
      'Forgot password',
      `<h1>Check your e-mail</h1>
<p class="note" role="status">If an account exists for that username, we have sent instructions to reset its password.</p>${back}`,
    );
  }
  return layout(
    'Forgot password',
    `<h1>Reset your password</h1>
<p>Enter your username. If an account exists for it, we will send you instructions by e-mail.</p>
<form method="post" action="${escapeHtml(action)}">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus>
<button type="submit">Send instructions</button>
</form>${back}`,
  );
}

/**
 * Sign-out without a confirm step: oidc-provider's logout form (with its xsrf field) plus
 * `logout=yes`, submitted by a tiny script; a button remains for browsers without scripts.
 */
export function logoutPage(form: string): Page {
  const withLogout = form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>',
  );
  return layout('Signing out', `<h1>Signing you out…</h1>\n${withLogout}`, `document.forms[0].submit();`);
}

/** A plain message page (signed out, errors). */
export function messagePage(title: string, text: string): Page {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
