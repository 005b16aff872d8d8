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
