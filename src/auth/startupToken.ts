/**
 * HOOK POINT for the start-up token rules AUTH-03..05 (issue 3, not built yet): a token in the URL
 * query `token`, or in localStorage `m_token`, is saved under `token` (DECISIONS "start-up token
 * key"), the app mounts signed in with it, and the OpenID client is not initialised.
 * `main.tsx` already calls this before initialising the OpenID client; today it finds nothing.
 * @returns the start-up token, or `null` when the normal OpenID sign-in applies.
 */
export const takeStartupToken = (): string | null => null;
