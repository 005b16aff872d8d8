import { useEffect, useRef, useState } from 'react';
import type { HttpClient } from '../../dataProvider/httpClient';

/** Wait after the last keystroke before asking the server (ms). */
export const USERNAME_CHECK_DELAY = 400;

/** Where a typed username stands: not asked, being asked, free, already someone's, or unknown (error). */
export type UsernameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'error';

/** The auth service's availability check of one username (USR-14). */
export const usernameCheckUrl = (username: string): string =>
  `/auth/api/v2/users/check/username/${encodeURIComponent(username)}`;

/**
 * Asks the auth service whether `username` is free.
 * @returns true when free, false when taken
 * @throws the HTTP client's error when the server does not answer 200
 */
export async function isUsernameFree(http: HttpClient, username: string, signal?: AbortSignal): Promise<boolean> {
  const { json } = await http(usernameCheckUrl(username), signal ? { signal } : {});
  return (json as { available?: boolean }).available === true;
}

/**
 * The availability of the username being typed, asked {@link USERNAME_CHECK_DELAY} ms after the
 * last change (one request per pause, the previous one aborted). `unchanged` (the account's own
 * stored name) and blank values are never asked. Answers the status and the (trimmed) name it is about.
 */
export function useUsernameStatus(
  http: HttpClient,
  value: unknown,
  unchanged?: unknown,
): { status: UsernameStatus; name: string } {
  const [status, setStatus] = useState<UsernameStatus>('idle');
  // react-admin hands out a new function for the client on every render: kept out of the deps
  const client = useRef(http);
  client.current = http;
  const name = typeof value === 'string' ? value.trim() : '';
  useEffect(() => {
    if (!name || name === unchanged) {
      setStatus('idle');
      return;
    }
    setStatus('checking');
    const abort = new AbortController();
    const timer = setTimeout(() => {
      isUsernameFree(client.current, name, abort.signal)
        .then((free) => !abort.signal.aborted && setStatus(free ? 'available' : 'taken'))
        .catch(() => !abort.signal.aborted && setStatus('error'));
    }, USERNAME_CHECK_DELAY);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [name, unchanged]);
  return { status, name };
}
