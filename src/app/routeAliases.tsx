import type { ReactElement } from 'react';
import { Navigate, Route, useLocation, useParams } from 'react-router-dom';
import type { EntitySchema } from '../../schemas/define';

/** Sends `/<alias>/<rest>?<query>` to `/<route>/<rest>?<query>`, replacing the history entry. */
const AliasRedirect = ({ route }: { route: string }) => {
  const rest = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  return <Navigate to={`/${route}${rest ? `/${rest}` : ''}${search}${hash}`} replace />;
};

/**
 * One route per declared `routeAliases` entry of the schemas (`EntityConfig.routeAliases`):
 * `/profile/5` opens `/teams/5`. Mounted in the layout's custom routes; the target route keeps
 * its own guards.
 * @example <CustomRoutes>{aliasRoutes(schemas)}</CustomRoutes>
 */
export const aliasRoutes = (schemas: readonly Pick<EntitySchema, 'route' | 'routeAliases'>[]): ReactElement[] =>
  schemas.flatMap((s) =>
    (s.routeAliases ?? []).map((alias) => (
      <Route key={`alias-${alias}`} path={`/${alias}/*`} element={<AliasRedirect route={s.route} />} />
    )),
  );
