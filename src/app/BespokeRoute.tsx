import { lazy, Suspense, useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { LinearProgress, usePermissions } from 'react-admin';
import type { Permissions } from '../access/canAccess';
import { canViewBespokePage, type BespokePage } from './bespokePages';

/**
 * The route element of a bespoke page: nothing while the user's permissions load, `/404` for a
 * user without view on the page's module (PERM-10: the page, and so its requests, never start),
 * else the page's component from its own chunk.
 */
export const BespokeRoute = ({ page }: { page: BespokePage }) => {
  const { permissions, isPending } = usePermissions<Permissions>();
  const Page = useMemo(() => lazy(page.load), [page]);
  if (isPending) return <LinearProgress />;
  if (!permissions || !canViewBespokePage(page, permissions)) return <Navigate to="/404" replace />;
  return (
    <Suspense fallback={<LinearProgress />}>
      <Page />
    </Suspense>
  );
};
