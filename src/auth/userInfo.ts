import type { UserInfo } from '../../schemas/access';

/**
 * `GET /core/api/auth2/info` with the bearer token (AUTH-14): the signed-in user (AUTH-15).
 * @throws Error with `status` when the server does not answer 200.
 */
export const fetchUserInfo = async (token: string, apiUrl = '/core/api'): Promise<UserInfo> => {
  const res = await fetch(`${apiUrl}/auth2/info`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  if (!res.ok)
    throw Object.assign(new Error(`GET ${apiUrl}/auth2/info answered ${res.status}`), { status: res.status });
  return (await res.json()) as UserInfo;
};
