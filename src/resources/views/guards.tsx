/**
 * Route guards: id parameters are digits only (NAV-03), `from` is `list` or `card` (NAV-16), and
 * a card's rest path is one of its tabs (NAV-04: `/clients/5/card/clone` is no operation of the
 * card); anything else goes to /404.
 */
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { FORM_ORIGINS, isDigitId, NOT_FOUND_PATH } from '../paths';

export const RouteGuard = ({ ids = [], tabs, children }: { ids?: string[]; tabs?: string[]; children: ReactNode }) => {
  const params = useParams();
  const badId = ids.some((name) => !isDigitId(params[name]));
  const badFrom = params.from !== undefined && !FORM_ORIGINS.includes(params.from);
  const rest = params['*'] ?? '';
  const badTab = tabs !== undefined && rest !== '' && !tabs.includes(rest.split('/')[0]!);
  return badId || badFrom || badTab ? <Navigate to={NOT_FOUND_PATH} replace /> : <>{children}</>;
};
