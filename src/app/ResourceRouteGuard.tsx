import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { entries, manifestEntry } from '../resources/schemaLoader';
import { createCanAccess, type Permissions } from '../access/canAccess';

/** The action a resource sub-path needs at least; the views check edit/delete themselves. */
const actionOf = (rest: string[]): string => (rest[0] === 'create' ? 'create' : rest.length === 0 ? 'list' : 'show');

/**
 * Decides with the signed-in user's permissions (react-admin's `usePermissions`, already loaded
 * by the admin before the layout renders) and the same predicate as the auth provider's
 * `canAccess` (`createCanAccess`), in the same render: no second asynchronous check before the
 * page may start its requests (the first row shows sooner).
 */
const Guarded = ({ action, resource, children }: { action: string; resource: string; children: ReactNode }) => {
  const { permissions, isPending } = usePermissions<Permissions>();
  const allowed = useMemo(
    () => (permissions ? createCanAccess(entries, permissions)({ action, resource }) : false),
    [permissions, action, resource],
  );
  if (isPending) return null;
  return allowed ? <>{children}</> : <Navigate to="/404" replace />;
};

/**
 * Wraps the layout's routes: a path under a schema's route (`/base-types/...`) that the user may
 * not open redirects to `/404` (PERM-10, NAV-51/52), whatever view the resource renders.
 * Other paths pass through.
 */
export const ResourceRouteGuard = ({ children }: { children: ReactNode }) => {
  const [first = '', ...rest] = useLocation().pathname.split('/').filter(Boolean);
  if (!manifestEntry(first) || manifestEntry(first)!.route !== first) return <>{children}</>;
  return (
    <Guarded action={actionOf(rest)} resource={first}>
      {children}
    </Guarded>
  );
};
