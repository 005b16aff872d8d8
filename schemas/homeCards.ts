import { hasPrivilege, isAdmin, isAdminOrBillingManager, type Privilege } from './access';

/**
 * The cards of the home page per role (docs/areas/dashboards.md, "Home page"), and who may see
 * each: one rule, read by the SPA to decide which cards to show and by the server to refuse the
 * home queries to anyone else (403). Isomorphic: no server or browser imports.
 */

/** The home page's cards. */
export const HOME_CARDS = [
  'my-hours',
  'my-tasks',
  'log-time',
  'waiting-documents',
  'overdue-receivables',
  'office-month',
] as const;

/** One card of the home page. */
export type HomeCardId = (typeof HOME_CARDS)[number];

/** What the rules read of a signed-in user: roles, merged privileges, employee. */
export interface HomeReader {
  roles: readonly string[];
  privileges: ReadonlyMap<string, Privilege>;
  employeeId: number | null;
}

const can = (r: HomeReader, module: string, action: 'view' | 'create' = 'view') =>
  hasPrivilege([...r.roles], r.privileges, module, action);

/** A fee earner: an employee who logs time (time create) and is not of the billing group. */
const logsTime = (r: HomeReader) =>
  r.employeeId !== null && !isAdminOrBillingManager([...r.roles]) && can(r, 'time', 'create');

/** Billing managers and administrators (PERM-05). */
const billing = (r: HomeReader) => isAdminOrBillingManager([...r.roles]);

/**
 * Who sees each card:
 * - `my-hours`, `my-tasks`: a fee earner (an employee with the time create privilege, not a
 *   billing manager); `log-time` also needs to read matters;
 * - `waiting-documents`: a billing manager or administrator with an employee (approvers are
 *   employees); `overdue-receivables`: a billing manager or administrator who reads invoices;
 * - `office-month`: administrators, and readers of invoices, payments and time outside the billing
 *   group (partners and top managers; the server also asks for the office or firm scope).
 */
export const HOME_CARD_RULES: Readonly<Record<HomeCardId, (reader: HomeReader) => boolean>> = {
  'my-hours': logsTime,
  'my-tasks': logsTime,
  'log-time': (r) => logsTime(r) && can(r, 'matter'),
  'waiting-documents': (r) => billing(r) && r.employeeId !== null,
  'overdue-receivables': (r) => billing(r) && can(r, 'invoice'),
  'office-month': (r) =>
    isAdmin([...r.roles]) || (!billing(r) && can(r, 'invoice') && can(r, 'PAYMENT_HISTORY') && can(r, 'time')),
};

/** The cards `reader` sees, in the page's order. */
export const homeCardsOf = (reader: HomeReader): HomeCardId[] => HOME_CARDS.filter((id) => HOME_CARD_RULES[id](reader));
