/**
 * The permission predicate the shell hands to `resourceFor` (`src/app/resources.tsx` builds it
 * from the signed-in user's permissions with `createCanAccess`). Actions are react-admin's:
 * `list`, `show`, `create`, `edit`, `delete`; `resource` is a route (`clients`). A card tab with a
 * `module` and no related list is asked as `canAccess('view', <module>)` (NAV-37..44).
 */
import { createContext, useContext } from 'react';

export type CanAccess = (action: string, resource: string) => boolean;

const allowAll: CanAccess = () => true;

export const CanAccessContext = createContext<CanAccess>(allowAll);

/** The predicate in scope (allow-all outside a provider, e.g. in isolated tests). */
export const useResourceAccess = (): CanAccess => useContext(CanAccessContext);

/**
 * Whether the user reads a field (H2-05): a personal field (`readModules`) only with `view` on one
 * of its modules, asked as `canAccess('view', <module>)`; the server leaves it out of its answers
 * otherwise, so the list, the card and the form neither show nor ask for it.
 * @example readsField(employees.fields.birthDate, canAccess) // false for a publisher (team only)
 */
export const readsField = (fd: { readModules?: readonly string[] }, canAccess: CanAccess): boolean =>
  !fd.readModules || fd.readModules.some((m) => canAccess('view', m));

/** The names of the fields of `schema` the user does not read ({@link readsField}); usually none. */
export const unreadFields = (
  schema: { fields: Record<string, { readModules?: readonly string[] }> },
  canAccess: CanAccess,
): string[] =>
  Object.entries(schema.fields)
    .filter(([, fd]) => !readsField(fd, canAccess))
    .map(([name]) => name);
