/**
 * Route guards: id parameters are digits only (NAV-03) and `from` is `list` or `card` (NAV-16);
 * anything else goes to /404.
 */
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { FORM_ORIGINS, isDigitId, NOT_FOUND_PATH } from '../paths';

export const RouteGuard = ({ ids = [], children }: { ids?: string[]; children: ReactNode }) => {
  const params = useParams();
  const badId = ids.some((name) => !isDigitId(params[name]));
  const badFrom = params.from !== undefined && !FORM_ORIGINS.includes(params.from);
  return badId || badFrom ? <Navigate to={NOT_FOUND_PATH} replace /> : <>{children}</>;
};
