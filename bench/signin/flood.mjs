/**
 * Sign-in flood benchmark: `node bench/signin/flood.mjs <server origin> [seconds] [connections]`
 * against a running server (loopback only), e.g. one started with
 * `PORT=8099 DATA_DIR=/tmp/flood node --import tsx server/main.ts` (demo seed: admin / admin).
 *
 * Signs `admin` in through the real pages for a bearer token, opens one more sign-in form, then
 * for `seconds` (default 30) posts wrong passwords for `admin` from `connections` (default 100)
 * parallel connections while 2 more connections read `GET /core/api/clients?size=20` as the
 * signed-in user (`connections` 0: the reads alone, a baseline). Prints how many guesses got a password check (answered 200 with the form
 * again) and how many were limited (429), and the reads' p50/p90/p99 latency in milliseconds.
 * `--smoke` (`npm run bench:smoke`, e.g. `<origin> 1 2 --smoke`): 4 guesses and 4 reads instead of `seconds`; exits 1 unless
 * every read answered 2xx and every guess 200 or 429.
 */
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

const smoke = process.argv.includes('--smoke');
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const origin = positional[0] ?? 'http://localhost:8099';
const seconds = Number(positional[1] ?? 30);
const connections = Number(positional[2] ?? 100);
if (!/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin)) throw new Error('loopback origins only');

/** A browser-ish cookie jar over fetch (redirects followed by hand). */
const jar = new Map();
const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
async function send(url, init = {}) {
  const res = await fetch(new URL(url, origin), {
    ...init,
    redirect: 'manual',
    headers: { ...init.headers, cookie: cookieHeader() },
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return res;
}

const redirectUri = `${origin}/auth-callback`;
async function startSignIn() {
  const verifier = randomBytes(32).toString('base64url');
  const q = new URLSearchParams({
    client_id: 'bureau-spa',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile offline_access',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 's',
    nonce: 'n',
  });
  const start = await send(`/oidc/auth?${q}`);
  return { verifier, form: `${new URL(start.headers.get('location'), origin).pathname}/login` };
}
const formBody = (username, password) => new URLSearchParams({ username, password }).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const signIn = await startSignIn();
const login = await send(signIn.form, { method: 'POST', headers: FORM, body: formBody('admin', 'admin') });
if (login.status !== 303) throw new Error(`sign-in answered ${login.status}`);
const done = await send(login.headers.get('location'));
const code = new URL(done.headers.get('location')).searchParams.get('code');
const tokenRes = await fetch(`${origin}/oidc/token`, {
  method: 'POST',
  headers: FORM,
  body: new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    client_id: 'bureau-spa',
    redirect_uri: redirectUri,
    code_verifier: signIn.verifier,
  }),
});
const { access_token: token } = await tokenRes.json();
if (!token) throw new Error('no access token');

// a fresh browser: with the session cookie the provider would not ask for a password again
jar.clear();
const flood = await startSignIn();
const cookie = cookieHeader();
// 0 connections: no flood, the reads alone (a baseline)
const idle = {
  requests: { total: 0 },
  '1xx': 0,
  '2xx': 0,
  '3xx': 0,
  '4xx': 0,
  '5xx': 0,
  errors: 0,
  timeouts: 0,
  statusCodeStats: {},
};
// the smoke sends a few requests of each kind whatever the machine's load, not a duration
const runFor = smoke ? { amount: 4 } : { duration: seconds };
const guessing =
  connections > 0
    ? autocannon({
        url: `${origin}${flood.form}`,
        connections,
        ...runFor,
        timeout: 60,
        requests: [{ method: 'POST', headers: { ...FORM, cookie }, body: formBody('admin', 'wrong password') }],
      })
    : Promise.resolve(idle);
const reading = autocannon({
  url: `${origin}/core/api/clients?size=20`,
  connections: 2,
  ...runFor,
  timeout: 60,
  headers: { authorization: `Bearer ${token}` },
});
const [g, r] = await Promise.all([guessing, reading]);
console.log(
  JSON.stringify(
    {
      seconds,
      connections,
      guesses: g.requests.total,
      passwordChecks: g['2xx'],
      limited429: g.statusCodeStats['429']?.count ?? 0,
      other4xx: g['4xx'] - (g.statusCodeStats['429']?.count ?? 0),
      otherOrErrors: g['1xx'] + g['3xx'] + g['5xx'] + g.errors,
      timeouts: g.timeouts,
      checksPerMinute: Math.round((g['2xx'] * 60) / seconds),
      reads: {
        total: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        p50: r.latency.p50,
        p90: r.latency.p90,
        p99: r.latency.p99,
      },
    },
    null,
    2,
  ),
);
if (smoke) {
  const otherGuesses =
    g['1xx'] + g['3xx'] + g['5xx'] + g.errors + g.timeouts + g['4xx'] - (g.statusCodeStats['429']?.count ?? 0);
  if (r.requests.total === 0 || r.non2xx || r.errors || r.timeouts || otherGuesses) {
    console.error('smoke: a read failed or a guess got neither 200 nor 429');
    process.exit(1);
  }
}
