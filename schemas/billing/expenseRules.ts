import { isAdminOrBillingManager } from '../access';
import { rule, type AccessCondition, type AccessRule } from '../accessRule';
import type { AccessSubject } from '../define';
import { matterAccess } from '../engagements/access';

/**
 * The write and read rules of expenses (EXP-01..15), run by the expenses' hooks inside the write's
 * transaction and compiled into the SQL of every read. Isomorphic (SQL through the hook's
 * transaction only).
 */

/** BILLING_STATUS code of a new expense: unbilled (its row is shown as danger, EXP-06). */
export const NEW_EXPENSE_BILLING_STATUS = 2;
/** BILLING_STATUS code hidden from the expense list unless asked for (EXP-09). */
export const HIDDEN_BILLING_STATUS = 5;
/** APPROVER_TYPE code of the expense approvers of an office (`officeApprovers.type`). */
export const EXPENSE_APPROVER_TYPE = 2;

/**
 * Who is on the access list of an expense (EXP-13), as a condition over expenses: whoever is on
 * its matter's access list (`matterAccess`, read `through` the payer matter), holds one of its
 * payer positions, or created it. No role exemption: {@link expenseAccess} adds that.
 *
 * @param user the signed-in user (its positions and user name are read)
 * @example
 * // the payers of an expense follow it
 * accessRule: (user) => (isAdminOrBillingManager(user.roles) ? null : rule.through('expense', expenseCondition(user)))
 */
export function expenseCondition(user: AccessSubject): AccessCondition {
  const ids = user.positions.map((p) => p.id);
  return rule.or(
    matterAccess(user, 'payerMatter.id'),
    rule.exists('expensePayerList', rule.in('payerPosition.id', ids)),
    rule.eq('createdBy', user.username ?? null),
  );
}

/**
 * The expenses' record-level rule (EXP-13): administrators and billing managers see every expense,
 * anyone else those whose access list holds them ({@link expenseCondition}) - on lists, items,
 * totals, the Excel export and the invoice preview alike.
 */
export const expenseAccess: AccessRule = (user) =>
  isAdminOrBillingManager(user.roles) ? null : expenseCondition(user);
