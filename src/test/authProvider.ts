import type { AuthProvider, UserIdentity } from 'react-admin';

/**
 * An auth provider for unit tests: signed in as `identity`, an administrator (roles `ADMIN`, no
 * module privileges), every other call answering at once.
 * @example signedInAs({ id: 'ada', fullName: 'Ada Lovelace' })
 */
export const signedInAs = (identity: UserIdentity): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ roles: ['ADMIN'], privileges: new Map() }),
  getIdentity: async () => identity,
});
