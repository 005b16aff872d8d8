import type { Database } from '../db/database';
import { HttpError } from '../rest/errors';

/**
 * User names (H2-09): one account per name whatever its case or surrounding spaces. A name is
 * stored trimmed, as typed otherwise (`Natalya.Volkova` keeps its capitals); `ADMIN` and `admin `
 * are the account `admin`: sign-in, the availability check and the token's principal compare
 * this key, the trimmed name in lower case.
 *
 * @example normalizeUsername('  Natalya.Volkova ') // 'natalya.volkova'
 */
export const normalizeUsername = (name: string): string => name.trim().toLowerCase();

/**
 * The `users` hook that trims a sent `username` in the body and refuses a name another account
 * already holds in any case (409 at the field, as the unique constraint's
 * conflict reads). Rows stored before names were normalised are compared by `lower(trim(...))`.
 * @param id the user updated; undefined for a create
 * @throws HttpError 409 naming the field `username`
 */
export async function normalizeUsernameOf(
  tx: Pick<Database, 'query'>,
  body: Record<string, unknown>,
  id?: number,
): Promise<void> {
  if (typeof body.username !== 'string') return;
  const trimmed = body.username.trim();
  body.username = trimmed;
  const username = normalizeUsername(trimmed);
  if (!username) return; // the required check answers 400
  const [taken] = await tx.query<{ id: number }>(
    'SELECT id FROM app_users WHERE lower(trim(username)) = $1 AND id IS DISTINCT FROM $2 LIMIT 1',
    [username, id ?? null],
  );
  if (taken) {
    const message = 'A User with this username already exists';
    throw new HttpError(409, message, [{ entity: 'User', property: 'username', invalidValue: null, message }]);
  }
}
