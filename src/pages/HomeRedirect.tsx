import { lazy, Suspense, useState } from 'react';
import { useGetIdentity, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { entries } from '../resources/schemaLoader';
import { homeCardsOf } from '../../schemas/homeCards';
import type { Permissions } from '../access/canAccess';
import { buildMenu, inDisplayOrder } from '../app/menuModel';
import { listTitleKey } from '../i18n/keys';

// the home page and the analytics client load with `/`, not with the first load of every route
const HomePage = lazy(() => import('../home/HomePage'));

/** The mobile breakpoint (NAV-07): 600 px and narrower is mobile. */
export const MOBILE_MAX_WIDTH = 600;

/**
 * Where `/` leads for a window `width` px wide (NAV-06/07) when the user has no home page: `/mobile-app` at 600 px or less,
 * else `/clients`. A user who may not see clients (PERM-10 would send them on to /404) lands on
 * the first page of their menu instead; `viewable` are those page routes, in the order the menu
 * shows them.
 */
export const homePath = (width: number, viewable?: readonly string[]): string => {
  if (width <= MOBILE_MAX_WIDTH) return '/mobile-app';
  if (!viewable || viewable.includes('clients') || !viewable[0]) return '/clients';
  return `/${viewable[0]}`;
};

/**
 * The main layout entry `/`: on a desktop (wider than 600 px) a user whose role has home cards
 * (`homeCardsOf`, from their roles, privileges and employee) sees the home page there
 * (docs/areas/dashboards.md "Home page"); anyone else, and every phone, goes where
 * {@link homePath} says (NAV-06/07).
 */
export default function HomeRedirect() {
  const { permissions, isPending } = usePermissions<Permissions>();
  const { identity, isPending: identityPending } = useGetIdentity();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // the width when `/` was opened: narrowing the window later keeps the home page (one column)
  // instead of leaving it for /mobile-app
  const [width] = useState(() => window.innerWidth);
  if (isPending || identityPending) return null;
  // the employee's id as `/auth2/info` gives it (a number, or its digits as text)
  const raw: unknown = identity?.employeeId;
  const employeeId =
    raw === null || raw === undefined || raw === '' || !Number.isFinite(Number(raw)) ? null : Number(raw);
  const cards = permissions
    ? homeCardsOf({ roles: permissions.roles, privileges: permissions.privileges, employeeId })
    : [];
  if (width > MOBILE_MAX_WIDTH && cards.length > 0)
    return (
      <Suspense fallback={null}>
        <HomePage cards={cards} employeeId={employeeId} />
      </Suspense>
    );
  const viewable = permissions
    ? buildMenu(entries, permissions).flatMap((g) =>
        inDisplayOrder(g.items, (i) => translate(listTitleKey(i.route), { _: i.label }), locale).map((i) => i.route),
      )
    : undefined;
  return <Navigate to={homePath(width, viewable)} replace />;
}
