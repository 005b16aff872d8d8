import type { Database } from '../db/database';
import { hashPassword, verifyPassword } from './passwords';
import { findAccount, type AccountRow } from './users';

let dummyHash: Promise<string> | undefined;

/**
 * Checks a username and password against `app_users` (bcrypt hash, enabled users only), off the
 * event loop. Unknown users cost a bcrypt comparison too (against a dummy hash of the same cost),
 * so the answer time does not reveal which usernames exist. Attempt limits are the caller's
 * (`signInLimiter.ts`). Returns the account, or null.
 */
export async function verifyCredentials(
  db: Pick<Database, 'query'>,
  username: string,
  password: string,
): Promise<AccountRow | null> {
  const account = username ? await findAccount(db, username) : null;
  dummyHash ??= hashPassword('not-a-password');
  const usable = account?.passwordHash?.startsWith('$2') ? account.passwordHash : undefined;
  const match = await verifyPassword(password, usable ?? (await dummyHash));
  return account && usable && account.enabled && match ? account : null;
}
