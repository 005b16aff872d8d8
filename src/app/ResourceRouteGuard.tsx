import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCanAccess } from 'react-admin';
import { findSchemaByRoute } from '../../schemas/index';

/** The action a resource sub-path needs at least; the views check edit/delete themselves. */
const actionOf = (rest: string[]): string => (rest[0] === 'create' ? 'create' : rest.length === 0 ? 'list' : 'show');

const Guarded = ({ action, resource, children }: { action: string; resource: string; children: ReactNode }) => {
  const { canAccess, isPending } = useCanAccess({ action, resource });
  if (isPending) return null;
  return canAccess ? <>{children}</> : <Navigate to="/404" replace />;
};

/**
 * Wraps the layout's routes: a path under a schema's route (`/base-types/...`) that the user may
 * not open redirects to `/404` (PERM-10, NAV-51/52), whatever view the resource renders.
 * Other paths pass through.
 */
export const ResourceRouteGuard = ({ children }: { children: ReactNode }) => {
  const [first = '', ...rest] = useLocation().pathname.split('/').filter(Boolean);
  if (!findSchemaByRoute(first)) return <>{children}</>;
  return (
    <Guarded action={actionOf(rest)} resource={first}>
      {children}
    </Guarded>
  );
};
