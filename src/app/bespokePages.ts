import type { ComponentType } from 'react';
import type { Module } from '../../schemas/modules';
import { hasPrivilege } from '../../schemas/access';
import type { Permissions } from '../access/canAccess';

/**
 * A page of the SPA that is no entity's list or card (the firm's structure): its own route, a
 * menu entry in an area, and the privilege module that opens it. The component is loaded on
 * first visit, in a chunk of its own. The app mounts one route per page (`App.tsx`), guarded like
 * a resource: a user without view on `module` lands on `/404` before the page asks the API for
 * anything (PERM-10); admins open every page (PERM-03).
 *
 * @example
 * export const BESPOKE_PAGES: BespokePage[] = [
 *   { route: 'structure', label: 'Structure', area: 'organisation', icon: 'AccountTree',
 *     module: 'structure', load: () => import('../structure/StructurePage') },
 * ];
 */
export interface BespokePage {
  /** The URL path segment (`/structure`), unique among schemas' routes and pages. */
  route: string;
  /** The menu entry's text. */
  label: string;
  /** The menu area the entry joins (a schema `area`: `organisation`). */
  area: string;
  /** An `@mui/icons-material` export name that a schema also uses (the icon chunk holds the registry's). */
  icon: string;
  /**
   * The privilege module whose `view` opens the page; none: every signed-in user opens it (the
   * dashboards, whose analytics API scopes every figure to its reader, docs/areas/dashboards.md).
   */
  module?: Module;
  /** Loads the page's component (a default export). */
  load: () => Promise<{ default: ComponentType }>;
  /**
   * The page has routes of its own under its path (`/cashbox/main`, `/cashbox/funds`, NAV-59):
   * the app mounts it at `/<route>/*` and the page reads the rest of the path.
   */
  nested?: boolean;
}

/**
 * The route path a page is mounted at: `/<route>`, or `/<route>/*` for a page with routes of its own.
 * @example bespokePath({ route: 'cashbox', nested: true }) // '/cashbox/*'
 */
export const bespokePath = (page: Pick<BespokePage, 'route' | 'nested'>): string =>
  page.nested ? `/${page.route}/*` : `/${page.route}`;

/** The SPA's bespoke pages, in menu order within their areas. */
export const BESPOKE_PAGES: readonly BespokePage[] = [
  {
    route: 'structure',
    label: 'Structure',
    area: 'organisation',
    icon: 'AccountTree',
    module: 'structure',
    load: () => import('../structure/StructurePage'),
  },
  {
    route: 'catalogs',
    label: 'Catalogs',
    area: 'engagements',
    icon: 'FolderShared',
    module: 'SHARED_MATERIAL',
    load: () => import('../catalogs/CatalogsPage'),
  },
  // the cashbox report with its tabs (NAV-58/59) and the employee balance report (NAV-28)
  {
    route: 'cashbox',
    label: 'Cashbox',
    area: 'cashbox',
    icon: 'Savings',
    module: 'cashbox',
    nested: true,
    load: () => import('../cashbox/CashboxPage'),
  },
  {
    route: 'balance',
    label: 'Employee balances',
    area: 'cashbox',
    icon: 'AccountBalance',
    module: 'cashbox',
    load: () => import('../cashbox/BalancePage'),
  },
  // the rankings of relationship managers and departments, from closed cashbox months (NAV-122..126)
  {
    route: 'ranking-by',
    label: 'Rankings',
    area: 'cashbox',
    icon: 'TrendingUp',
    module: 'RANKING',
    nested: true,
    load: () => import('../rankings/RankingPage'),
  },
  // the dashboards with their tabs (NAV-60/61, DASH-01..17): any signed-in user, figures scoped by the server
  {
    route: 'dashboards',
    label: 'Dashboards',
    area: 'cashbox',
    icon: 'ShowChart',
    nested: true,
    load: () => import('../dashboards/DashboardsPage'),
  },
];

/** Whether the user may open `page`: no module (any signed-in user), view on its module, or an admin (PERM-03). */
export const canViewBespokePage = (page: Pick<BespokePage, 'module'>, perms: Permissions): boolean =>
  page.module === undefined || hasPrivilege(perms.roles, perms.privileges, page.module, 'view');
