import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCanAccess } from 'react-admin';

/**
 * A route guard for bespoke pages: renders `children` when `canAccess({ action, resource })`
 * holds, else redirects to `/404` (PERM-10).
 * @example <RequireAccess resource="cashbox"><Cashbox /></RequireAccess>
 */
export const RequireAccess = ({
  action = 'list',
  resource,
  children,
}: {
  action?: string;
  resource: string;
  children: ReactNode;
}) => {
  const { canAccess, isPending } = useCanAccess({ action, resource });
  if (isPending) return null;
  return canAccess ? <>{children}</> : <Navigate to="/404" replace />;
};
