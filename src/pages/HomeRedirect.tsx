import { useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { entries } from '../resources/schemaLoader';
import type { Permissions } from '../access/canAccess';
import { buildMenu, inDisplayOrder } from '../app/menuModel';
import { listTitleKey } from '../i18n/keys';

/** The mobile breakpoint (NAV-07): 600 px and narrower is mobile. */
export const MOBILE_MAX_WIDTH = 600;

/**
 * Where `/` leads for a window `width` px wide (NAV-06/07): `/mobile-app` at 600 px or less,
 * else `/clients`. A user who may not see clients (PERM-10 would send them on to /404) lands on
 * the first page of their menu instead; `viewable` are those page routes, in the order the menu
 * shows them.
 */
export const homePath = (width: number, viewable?: readonly string[]): string => {
  if (width <= MOBILE_MAX_WIDTH) return '/mobile-app';
  if (!viewable || viewable.includes('clients') || !viewable[0]) return '/clients';
  return `/${viewable[0]}`;
};

/** The main layout entry `/` (NAV-06/07). */
export default function HomeRedirect() {
  const { permissions, isPending } = usePermissions<Permissions>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (isPending) return null;
  const viewable = permissions
    ? buildMenu(entries, permissions).flatMap((g) =>
        inDisplayOrder(g.items, (i) => translate(listTitleKey(i.route), { _: i.label }), locale).map((i) => i.route),
      )
    : undefined;
  return <Navigate to={homePath(window.innerWidth, viewable)} replace />;
}
