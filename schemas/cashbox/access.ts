import { isAdminOrBillingManager } from '../access';
import { rule, type AccessCondition } from '../accessRule';
import type { AccessSubject } from '../define';

/**
 * Roles that see every cashbox row (CASH-12): administrators and billing managers
 * (`isAdminOrBillingManager`), the firm's top managers (GLOBAL_TOP, TOP_AND_SECTOR) and the
 * cashbox operator (CASHBOX). Everyone else sees only their own rows. docs/decisions.md
 * "Cashbox access".
 */
export const CASHBOX_ALL_ROWS_ROLES: readonly string[] = ['GLOBAL_TOP', 'TOP_AND_SECTOR', 'CASHBOX'];

/** True when `roles` see every cashbox row (CASH-12); see {@link CASHBOX_ALL_ROWS_ROLES}. */
export const seesAllCashbox = (roles: string[]): boolean =>
  isAdminOrBillingManager(roles) || roles.some((r) => CASHBOX_ALL_ROWS_ROLES.includes(r));

/** Top managers (and admins): who closes a cashbox version. */
export const closesCashbox = (roles: string[]): boolean =>
  roles.includes('ADMIN') ||
  roles.includes('SUPER_ADMIN') ||
  roles.includes('GLOBAL_TOP') ||
  roles.includes('TOP_AND_SECTOR');

/** Who starts a calculation (CASH-40): everyone who sees every row. */
export const calculatesCashbox = seesAllCashbox;

/**
 * The row rule of every cashbox record that belongs to a person (CASH-12): all rows for the roles
 * of {@link seesAllCashbox}, else only the rows whose `recipientEmployeeId` is the user's
 * employee (none without an employee). The "by me" choice (CASH-13) is the same condition, asked
 * by the actions' `byMe` parameter.
 */
export const ownCashboxRows = (user: AccessSubject): AccessCondition | null =>
  seesAllCashbox(user.roles) ? null : rule.eq('recipientEmployeeId', user.employeeId);

/**
 * The row rule of inter-office debts, their creditors and details (CASH-12 applied to office-level
 * figures): every row for the roles of {@link seesAllCashbox} (administrators, billing managers,
 * top managers, the cashbox operator), no row for anyone else - a debt belongs to no person, so
 * "only their own" is nothing. A reader without the `cashbox` module is refused first (403).
 */
export const officeDebtRows = (user: AccessSubject): AccessCondition | null =>
  seesAllCashbox(user.roles) ? null : false;
