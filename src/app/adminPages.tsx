/**
 * react-admin's full-page error screens, in a chunk of their own: a render error (`error`) and a
 * failed authentication check (`authenticationError`) are rare, so their code is not in the first
 * load.
 */
export { AuthenticationError, Error } from 'react-admin';
